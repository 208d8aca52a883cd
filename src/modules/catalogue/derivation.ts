/**
 * Derivation rules that turn X-Wines facts into the catalogue vocabulary of `catalogue.types.ts`:
 * colour/type/sub-type, producer title, body, acidity and country code. Residual sugar and the flavour
 * profile live in `residual-sugar.ts` and `flavor-profile.ts` and are re-exported here.
 */
import type { Acidity, Body, Color, SubType, WineType } from "../../domain/vocabulary.ts";
import { grapeColor } from "./grapes-data.ts";
import {
  FORTIFIED_WORDS,
  MAX_WINE_ABV,
  MIN_FORTIFIED_ABV,
  NATURAL_SWEET_WORDS,
  RED_SPARKLING_GRAPES,
  RED_WORDS,
  ROSE_WORDS,
  SPARKLING_WORDS,
  SPIRIT_WORDS,
  WHITE_WORDS,
} from "./wine-words.ts";

export type { FlavorFacts } from "./flavor-profile.ts";
export { alcoholScore, deriveFlavorProfile, tanninScore } from "./flavor-profile.ts";
export type { ResidualSugarFacts } from "./residual-sugar-derivation.ts";
export { deriveResidualSugar } from "./residual-sugar-derivation.ts";

/** Colour, type and sub-type of a wine. */
export interface WineStyle {
  color: Color;
  type: WineType;
  subType: SubType;
}

/** True when the grapes are known and every one is a red variety. */
function allRed(grapes: readonly string[]): boolean {
  return grapes.length > 0 && grapes.every((g) => grapeColor(g) === "red");
}

/** True when the grapes are known and every one is a white variety. */
function allWhite(grapes: readonly string[]): boolean {
  return grapes.length > 0 && grapes.every((g) => grapeColor(g) === "white");
}

/** Colour from the words of the name, or null: rosé words win, then white words ("Blanc de Noirs" is white), then red words. */
function colorFromName(name: string): Color | null {
  if (ROSE_WORDS.test(name)) return "rose";
  if (WHITE_WORDS.test(name)) return "white";
  if (RED_WORDS.test(name)) return "red";
  return null;
}

/**
 * Maps the X-Wines `Type` to colour, type and sub-type.
 *
 * - Red/White/Rosé → red/white/rose, `wine`, `still`; a name with a sparkling word (Spumante, Sekt,
 *   Moscato d'Asti …) makes it `sparkling` (X-Wines files some frizzante Moscato d'Asti as White).
 * - Sparkling → `wine`, `sparkling`; colour: rosé words (Rosé, Rosado, Rosato, Rose) → rose; white words
 *   (Blanc de Blancs/Noirs, Branco …) → white; red words (Rosso, Tinto, Red) → red; otherwise red only if
 *   every grape is red and one is a red-sparkling variety (Lambrusco, Brachetto, Shiraz, Fragolino,
 *   Raboso), else white — red grapes in traditional-method sparkling are pressed white (Blanc de Noirs).
 * - Dessert → `dessert` (or `fortified` when the name says Port/Sherry/Licoroso … or ABV is 15–22 % vol
 *   without a naturally-sweet style word); `sparkling` if the name has a sparkling word, else `still`;
 *   colour from name words, else red when every grape is red, else white. Grape spirits filed under
 *   Dessert (Grappa, Marc, or ABV > 22 %) are colourless: white, `dessert`, `still`.
 * - Dessert/Port → `fortified`, `still`; colour from name words (White/Branco → white), else white when
 *   every grape is white (Oloroso, Cream Sherry from Palomino/Pedro Ximénez), else red (Ruby/Tawny Port).
 *
 * Unknown X-Wines types throw. `abv` (% vol) is optional and only used for the fortified test.
 */
export function mapType(
  xwinesType: string,
  wineName: string,
  grapes: readonly string[],
  abv: number | null = null,
): WineStyle {
  const sparklingByName = SPARKLING_WORDS.test(wineName);
  const stillOrSparkling: SubType = sparklingByName ? "sparkling" : "still";
  switch (xwinesType) {
    case "Red":
      return { color: "red", type: "wine", subType: stillOrSparkling };
    case "White":
      return { color: "white", type: "wine", subType: stillOrSparkling };
    case "Rosé":
      return { color: "rose", type: "wine", subType: stillOrSparkling };
    case "Sparkling": {
      const named = colorFromName(wineName);
      const redSparkling = allRed(grapes) && grapes.some((g) => RED_SPARKLING_GRAPES.has(g));
      return { color: named ?? (redSparkling ? "red" : "white"), type: "wine", subType: "sparkling" };
    }
    case "Dessert": {
      if (SPIRIT_WORDS.test(wineName) || (abv !== null && abv > MAX_WINE_ABV)) {
        return { color: "white", type: "dessert", subType: "still" };
      }
      const fortified =
        FORTIFIED_WORDS.test(wineName) ||
        (abv !== null && abv >= MIN_FORTIFIED_ABV && !NATURAL_SWEET_WORDS.test(wineName));
      const color = colorFromName(wineName) ?? (allRed(grapes) ? "red" : "white");
      return { color, type: fortified ? "fortified" : "dessert", subType: stillOrSparkling };
    }
    case "Dessert/Port": {
      const color = colorFromName(wineName) ?? (allWhite(grapes) ? "white" : "red");
      return { color, type: "fortified", subType: "still" };
    }
    default:
      throw new Error(`unknown X-Wines Type "${xwinesType}"`);
  }
}

/** X-Wines Body grades → canonical body. */
const BODY_MAP: Record<string, Body> = {
  "very light-bodied": "very_light",
  "light-bodied": "light",
  "medium-bodied": "medium",
  "full-bodied": "full",
  "very full-bodied": "very_full",
};

/**
 * Maps X-Wines `Body` ("Very light-bodied", "Light-bodied", "Medium-bodied", "Full-bodied",
 * "Very full-bodied"; case-insensitive) to `very_light | light | medium | full | very_full`. Throws otherwise.
 */
export function mapBody(text: string): Body {
  const body = BODY_MAP[text.trim().toLowerCase()];
  if (body === undefined) throw new Error(`unknown X-Wines Body "${text}"`);
  return body;
}

/** Maps X-Wines `Acidity` ("Low", "Medium", "High"; case-insensitive) to `low | medium | high`. Throws otherwise. */
export function mapAcidity(text: string): Acidity {
  const value = text.trim().toLowerCase();
  if (value === "low" || value === "medium" || value === "high") return value;
  throw new Error(`unknown X-Wines Acidity "${text}"`);
}

/**
 * Estate words that prefix a producer name, longest first. Left out on purpose:
 * "Clos" (the walled vineyard is the name itself: Clos Mogador, Clos Floridène), "Cave"/"Caves"
 * (usually part of a brand: Cave Spring, Cave Geisse), "Dom" without a dot ("Dom Pérignon" is a monk's
 * title, not Domaine), "Villa", "Mas", "Estancia", "Domäne" (brands such as Villa Maria, Domäne Wachau),
 * and suffixes such as "Winery", "Estate(s)", "Vineyards", which stay in the name.
 */
export const PRODUCER_TITLES: readonly string[] = [
  "Azienda Agricola",
  "Azienda Vinicola",
  "Château",
  "Chateau",
  "Domaine",
  "Dom.",
  "Weingut",
  "Weinhaus",
  "Schloss",
  "Tenuta",
  "Tenute",
  "Castello",
  "Castillo",
  "Bodegas",
  "Bodega",
  "Quinta",
  "Casa",
  "Cantina",
  "Cantine",
  "Maison",
  "Fattoria",
  "Podere",
  "Poderi",
  "Masseria",
  "Cascina",
  "Adega",
  "Herdade",
  "Hacienda",
  "Viña",
  "Vina",
  "Finca",
  "Vinícola",
  "Vinicola",
];

/** Producer name split into its estate title and the rest. */
export interface ProducerTitle {
  title: string | null;
  name: string;
}

/**
 * Splits a leading estate word ({@link PRODUCER_TITLES}) off a winery name:
 * "Château Margaux" → `{ title: "Château", name: "Margaux" }`, "Quinta do Crasto" → "Quinta" + "do Crasto",
 * "Aurora" → `{ title: null, name: "Aurora" }`. Matching ignores case; the source spelling is kept, and
 * `title + " " + name` gives back the source name. Only splits when a name remains after the title
 * ("Casablanca" and a bare "Domaine" are not split).
 */
export function splitProducerTitle(wineryName: string): ProducerTitle {
  const source = wineryName.trim().replace(/\s+/g, " ");
  const lower = source.toLocaleLowerCase("fr");
  for (const title of PRODUCER_TITLES) {
    const prefix = `${title.toLocaleLowerCase("fr")} `;
    if (lower.startsWith(prefix)) {
      const rest = source.slice(prefix.length).trim();
      if (rest !== "") return { title: source.slice(0, title.length), name: rest };
    }
  }
  return { title: null, name: source };
}

/**
 * ISO 3166-1 alpha-2 country code in upper case. X-Wines writes the United Kingdom as "UK"
 * (an ISO 3166-1 exceptionally reserved code); it is mapped to the assigned code "GB".
 * Throws unless the result is two letters A–Z.
 */
export function normalizeCountryCode(code: string): string {
  const upper = code.trim().toUpperCase();
  const iso = upper === "UK" ? "GB" : upper;
  if (!/^[A-Z]{2}$/.test(iso)) throw new Error(`invalid country code "${code}"`);
  return iso;
}

/**
 * A wine's display name: producer display name + wine name, without saying a name twice.
 * - When the wine's name already contains the producer's display name as whole words ("Dom Ruinart
 *   Blanc de Blancs" by Ruinart), the wine's name alone: not "Ruinart Dom Ruinart Blanc de Blancs".
 * - When the wine's name begins with the words the producer's name ends with ("Les Menuts Saint-Émilion
 *   Grand Cru" by Château La Grace Dieu-Les Menuts), those words once: "Château La Grace Dieu-Les
 *   Menuts Saint-Émilion Grand Cru", not "… Dieu-Les Menuts Les Menuts Saint-Émilion …".
 * Comparison ignores case; a name part must start at a space or hyphen.
 */
export function wineDisplayName(producer: string, wine: string): string {
  const p = producer.toLocaleLowerCase("fr");
  const w = wine.toLocaleLowerCase("fr");
  if (p !== "" && ` ${w.replace(/-/g, " ")} `.includes(` ${p.replace(/-/g, " ")} `)) return wine;
  const words = wine.split(" ");
  for (let k = words.length; k >= 1; k--) {
    const head = words.slice(0, k).join(" ").toLocaleLowerCase("fr");
    const before = p.charAt(p.length - head.length - 1);
    if (p.endsWith(head) && (p.length === head.length || before === " " || before === "-")) {
      const rest = words.slice(k).join(" ");
      return rest === "" ? producer : `${producer} ${rest}`;
    }
  }
  return `${producer} ${wine}`;
}
