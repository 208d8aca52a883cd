/**
 * The German words of the writer: the noun phrase a wine's style takes ("ein vollmundiger trockener
 * Rotwein", "ein Champagner Brut", "ein Tawny Port", "ein Grappa"), grape names in German usage, blend
 * names, aromas and the palate's words, label terms. Every wine noun here is masculine (der Wein, der
 * Sekt, der Champagner, der Rosé, der Port, der Fino, der Grappa — Duden), so the writer refers to
 * any wine as "er".
 */
import { fold } from "../../../../domain/text-folding.ts";
import type { AromaId } from "../../../../domain/wine/aromas.ts";
import { grapeProseName } from "../../../../domain/wine/grapes/grape-records.ts";
import type { GrapeFacts } from "../../../../domain/wine/wine-facts.ts";
import { LABEL_TERM_NAMES, type LabelTerm } from "../../../../domain/wine/wine-name.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { AROMAS } from "../lexicon/aromas.ts";
import { BODY, SUGAR } from "../lexicon/style-words.ts";
import { list, type NounPhrase } from "./grammar.ts";

const SPIRITS: readonly [RegExp, string][] = [
  [/\bgrappa\b/, "Grappa"],
  [/\bmarc\b/, "Marc"],
  [/\bcognac\b/, "Cognac"],
  [/\barmagnac\b/, "Armagnac"],
  [/\bpisco\b/, "Pisco"],
  [/\borujo\b/, "Orujo"],
  [/\b(bagaceira|aguardente|trester|tresterbrand)\b/, "Tresterbrand"],
  [/\bbrandy\b/, "Brandy"],
];

/** Spirits distilled from pomace (Regulation (EU) 2019/787, Annex I, category 6 "grape marc spirit"). */
export function isPomaceSpirit(noun: string): boolean {
  return ["Grappa", "Marc", "Orujo", "Tresterbrand"].includes(noun);
}

/** The spirit's noun from its name or region: "Grappa", "Marc", "Cognac" …; "Traubenbrand" otherwise. */
export function spiritNoun(p: WineProfile): string {
  const text = fold(`${p.facts.name} ${p.facts.region.names.en}`);
  return SPIRITS.find(([re]) => re.test(text))?.[1] ?? "Traubenbrand";
}

/** Words in the name or place that name a sparkling wine (Champagner, Cava, Sekt …). */
function sparklingNoun(p: WineProfile): string {
  const text = fold(
    `${p.facts.name} ${p.facts.region.names.en} ${p.place?.name ?? ""} ${p.placeWithin?.name ?? ""}`,
  );
  if (/\bchampagne\b/.test(text)) return "Champagner";
  if (/\bcava\b/.test(text)) return "Cava";
  if (/\bcremant\b/.test(text)) return "Crémant";
  if (/\bfranciacorta\b/.test(text)) return "Franciacorta";
  if (/\bprosecco\b/.test(text) || p.facts.grapes.some((g) => g.name === "Glera")) return "Prosecco";
  if (/\blambrusco\b/.test(text)) return "Lambrusco";
  if (/^(DE|AT)$/i.test(p.facts.region.country)) return "Sekt";
  return "Schaumwein";
}

/** Sherry and other fortified styles named in the wine's name or region. */
function fortifiedNoun(p: WineProfile): string | undefined {
  const text = fold(`${p.facts.name} ${p.facts.region.names.en}`);
  if (/\bamontillado\b/.test(text)) return "Amontillado";
  if (/\boloroso\b/.test(text)) return "Oloroso";
  if (/\bpalo cortado\b/.test(text)) return "Palo Cortado";
  if (/\b(pedro ximenez|px)\b/.test(text)) return "Pedro Ximénez";
  if (/\bcream\b/.test(text) && /\b(sherry|jerez)\b/.test(text)) return "Cream Sherry";
  if (/\b(sherry|jerez|xeres)\b/.test(text)) return "Sherry";
  if (/\bmadeira\b/.test(text)) return "Madeira";
  if (/\bmarsala\b/.test(text)) return "Marsala";
  if (/\bmanzanilla\b/.test(text)) return "Manzanilla";
  return undefined;
}

const STILL: Record<"red" | "white" | "rose", string> = { red: "Rotwein", white: "Weißwein", rose: "Rosé" };

/** True when the wine's name already carries `word` (folded), so the noun phrase need not repeat it. */
function named(p: WineProfile, word: string): boolean {
  return ` ${fold(p.facts.name)} `.includes(` ${fold(word)} `);
}

/** Options of the style noun phrase. */
export interface StyleOptions {
  /** Include the body adjective (default: unless the facts are only typical). */
  body?: boolean;
  /** Include the sweetness (default true). */
  sugar?: boolean;
}

/**
 * The style as a masculine noun phrase (article left to the caller): still wines by colour with body
 * and sweetness ("vollmundig", "trocken"); sparkling wines by their name (Champagner, Cava, Sekt,
 * Schaumwein) with the label's sweetness term after the noun ("Champagner Brut") unless the name says
 * it; Port by category; fino, sherry and other fortified wines by name, never with a body (a fino is
 * light by definition: OCW "sherry"); sweet wines "edelsüß" (botrytis) or "süß"; spirits by kind.
 */
export function styleNoun(p: WineProfile, options: StyleOptions = {}): NounPhrase {
  const np = styleNounRaw(p, options);
  // "Ruby Port von Porto Ferreira ist ein Ruby Port": when the name is the style, say the kind.
  if (!named(p, np.noun)) return np;
  const general =
    p.category === "grape_spirit"
      ? "Tresterbrand"
      : /Port$/.test(np.noun)
        ? "Portwein"
        : /^(Fino|Manzanilla|Amontillado|Oloroso|Palo Cortado|Cream Sherry)$/.test(np.noun)
          ? "Sherry"
          : p.facts.subType === "sparkling"
            ? p.facts.color === "rose"
              ? "Rosé-Schaumwein"
              : "Schaumwein"
            : undefined;
  return general && !named(p, general) ? { ...np, noun: general } : np;
}

function styleNounRaw(p: WineProfile, options: StyleOptions): NounPhrase {
  const base: NounPhrase = { article: "indefinite", gender: "m", adjectives: [], noun: "" };
  const colour = p.facts.color;
  if (p.category === "grape_spirit") return { ...base, noun: spiritNoun(p) };
  const bodyWanted = (options.body ?? !p.typical) && p.style.kind !== "fino";
  const body = bodyWanted ? BODY[p.facts.body].de : undefined;
  const sugarTerm =
    (options.sugar ?? true) && p.facts.residualSugar ? SUGAR[p.facts.residualSugar] : undefined;
  const adjectives: string[] = [];
  switch (p.style.kind) {
    case "vintage_port":
      return { ...base, adjectives: body ? [body] : [], noun: "Vintage Port" };
    case "lbv_port":
      return { ...base, adjectives: body ? [body] : [], noun: "Late Bottled Vintage Port" };
    case "colheita_port":
      return { ...base, noun: "Colheita-Port" };
    case "tawny_port":
      return { ...base, noun: "Tawny Port" };
    case "ruby_port":
      return { ...base, adjectives: body ? [body] : [], noun: "Ruby Port" };
    case "fino":
      return { ...base, noun: named(p, "Manzanilla") ? "Manzanilla" : "Fino" };
    case "fortified": {
      const noun = fortifiedNoun(p);
      if (noun) return { ...base, noun };
      return {
        ...base,
        adjectives: colour === "rose" ? [] : [colour === "red" ? "rot" : "weiß"],
        noun: "Likörwein",
      };
    }
    case "sparkling_prestige":
    case "sparkling_vintage":
    case "sparkling_nv":
    case "sparkling_fresh":
    case "sweet_light": {
      const sparkling = p.facts.subType === "sparkling";
      let noun = sparkling ? sparklingNoun(p) : STILL[colour];
      if (sparkling && colour === "rose") noun = `Rosé-${noun}`;
      if (p.style.kind === "sweet_light") adjectives.push(...(sparkling ? ["süß"] : ["leicht", "süß"]));
      else if (sugarTerm?.kind === "label" && !/^[A-Z]/.test(sugarTerm.de)) adjectives.push(sugarTerm.de);
      else if (sugarTerm?.kind === "adjective" && sugarTerm.de !== "trocken") adjectives.push(sugarTerm.de);
      if (sparkling && colour === "red" && noun === "Schaumwein") adjectives.push("rot");
      let after: string | undefined;
      if (p.style.blancDeBlancs && !named(p, "Blanc de Blancs")) after = "Blanc de Blancs";
      const label = sugarTerm?.kind === "label" && /^[A-Z]/.test(sugarTerm.de) ? sugarTerm.de : undefined;
      if (label && p.style.kind !== "sweet_light" && !named(p, label))
        after = after ? `${after} ${label}` : label;
      return { ...base, adjectives, noun, ...(after ? { after } : {}) };
    }
    case "botrytis":
      // Eiswein is pressed from frozen, healthy grapes: never "edelsüß" (Weingesetz § 20).
      return eiswein(p)
        ? { ...base, adjectives: body ? [body] : [], noun: "Eiswein" }
        : { ...base, adjectives: [...(body ? [body] : []), "edelsüß"], noun: STILL[colour] };
    case "sweet_white":
    case "sweet_red":
      return {
        ...base,
        adjectives: [
          ...(body ? [body] : []),
          ...(eiswein(p)
            ? []
            : [sugarTerm?.kind === "adjective" && sugarTerm.de !== "trocken" ? sugarTerm.de : "süß"]),
        ],
        noun: eiswein(p) ?? STILL[colour],
      };
    default: {
      if (body) adjectives.push(body);
      if (sugarTerm?.kind === "adjective") adjectives.push(sugarTerm.de);
      return { ...base, adjectives, noun: STILL[colour] };
    }
  }
}

function eiswein(p: WineProfile): string | undefined {
  return p.terms.includes("eiswein") ? "Eiswein" : undefined;
}

/**
 * German names of Pinot varieties used only for German and Austrian wines (Deutsches Weininstitut
 * usage); elsewhere the international or the country's name (Pinot Noir, Pinot Nero).
 */
const GERMAN_ONLY = new Set([
  "Spätburgunder",
  "Blauburgunder",
  "Grauburgunder",
  "Ruländer",
  "Weißburgunder",
  "Schwarzriesling",
  "Müllerrebe",
]);

/**
 * A grape's name in German prose for a wine of `countryCode`: the name the grape record gives for
 * that country or language (domain grapeProseName: Shiraz for Australia and South Africa), except
 * that German-only names stay with German and Austrian wines.
 */
export function grapeName(g: GrapeFacts, countryCode: string): string {
  const cc = countryCode.toUpperCase();
  const name = grapeProseName(g, "de", cc);
  if (!GERMAN_ONLY.has(name) || /^(DE|AT)$/.test(cc)) return name;
  const local = cc === "IT" ? g.names.it : g.names.fr;
  return local && !GERMAN_ONLY.has(local) ? local : g.names.en || g.name;
}

/** The wine's grapes in German, principal first, each name once. */
export function grapeNames(p: WineProfile): string[] {
  return [...new Set(p.facts.grapes.map((g) => grapeName(g, p.facts.region.country)))];
}

/** Named blends of X-Wines ("Assemblage/…") as a feminine noun phrase without article. */
const BLENDS: Readonly<Record<string, string>> = {
  "bordeaux red blend": "Cuvée nach Bordeaux-Vorbild",
  "bordeaux white blend": "weiße Cuvée nach Bordeaux-Vorbild",
  "port blend": "klassische Portwein-Cuvée",
  "champagne blend": "klassische Champagner-Cuvée",
  "portuguese red blend": "portugiesische Rotwein-Cuvée",
  "valpolicella red blend": "Cuvée der Valpolicella-Sorten",
  "provence rose blend": "Rosé-Cuvée nach provenzalischem Vorbild",
  "priorat red blend": "Rotwein-Cuvée nach Art des Priorat",
  "tuscan red blend": "toskanische Rotwein-Cuvée",
  "rhone red blend": "Rotwein-Cuvée nach Rhône-Vorbild",
};

/** The blend's noun ("Cuvée", "Cuvée nach Bordeaux-Vorbild"), without article. */
export function blendNoun(p: WineProfile): string {
  const key = fold(p.facts.elaboration.split("/")[1] ?? "");
  if (key === "portuguese red blend" && p.facts.region.country.toUpperCase() === "PT") return "Cuvée";
  return BLENDS[key] ?? "Cuvée";
}

/** How the grapes make the wine: one variety, mainly one, or a blend. */
export type GrapeMake = "none" | "single" | "mainly" | "blend";

/** The way the wine is made from its grapes (elaboration "Varietal/100%", "Varietal/>75%", "Assemblage/…"). */
export function grapeMake(p: WineProfile): GrapeMake {
  const names = grapeNames(p);
  if (names.length === 0) return "none";
  if (p.facts.elaboration.includes(">")) return "mainly";
  if (p.facts.elaboration.startsWith("Assemblage") || names.length > 1) return "blend";
  return "single";
}

/** Aromas as a list in the dative (after "nach", "von"): "schwarzer Johannisbeere, Zedernholz und Graphit". */
export function aromas(ids: readonly AromaId[]): string {
  return list(ids.map((id) => AROMAS[id].de));
}

/** Label terms as German wine writers name them: as printed on the label, old vines and single sites in German. */
export const TERM_NAMES: Record<LabelTerm, string> = {
  ...LABEL_TERM_NAMES,
  old_vines: "alte Reben",
  single_vineyard: "Einzellage",
};

/** The Prädikat of a German or Austrian wine, if its name carries one. */
export function praedikat(p: WineProfile): LabelTerm | undefined {
  const order: LabelTerm[] = ["trockenbeerenauslese", "beerenauslese", "auslese", "spatlese", "kabinett"];
  return order.find((t) => p.terms.includes(t));
}
