/**
 * English words of the writer: the noun phrase of a wine's style ("a full-bodied red", "a Brut
 * Champagne", "a tawny Port", "a grappa"), grape names as English writers give them, aroma and food
 * lists from the shared lexicon, and how a text refers to the wine by name — a style-words or grape
 * name is never a bare subject ("Los Vascos' Rosé", "this Cabernet Sauvignon"), a proper name may be.
 */
import { fold } from "../../../../domain/text-folding.ts";
import type { AromaId } from "../../../../domain/wine/aromas.ts";
import { grapeProseName } from "../../../../domain/wine/grapes/grape-records.ts";
import type { GrapeFacts } from "../../../../domain/wine/wine-facts.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { AROMAS } from "../lexicon/aromas.ts";
import { FOODS } from "../lexicon/foods.ts";
import { BODY, SUGAR } from "../lexicon/style-words.ts";
import { and, possessive } from "./grammar.ts";

/**
 * A grape's name as an English text gives it for a wine of `countryCode`: the grape record's name for
 * that country (Shiraz in Australia and South Africa) or its English name (domain grapeProseName).
 */
export function grapeName(g: GrapeFacts, countryCode = ""): string {
  return grapeProseName(g, "en", countryCode);
}

/** The wine's grapes as English names, principal first. */
export function grapeNames(p: WineProfile): string[] {
  return p.facts.grapes.map((g) => grapeName(g, p.facts.region.country));
}

/** Aroma words: "blackcurrant, cedar and graphite". */
export function aromaList(ids: readonly AromaId[], max = 3): string {
  return and(ids.slice(0, max).map((id) => AROMAS[id].en));
}

/** Food words, "an aperitif" left out (said apart): "beef, lamb and game". */
export function foodList(foods: readonly string[], max = 4): string {
  return and(
    foods
      .filter((f) => f !== "Aperitif")
      .slice(0, max)
      .map((f) => FOODS[f]?.en ?? f.toLowerCase()),
  );
}

/** Sparkling appellations whose name is also the English noun for their wine ("a Brut Champagne"). */
const SPARKLING_NOUNS =
  /^(Champagne|Cava|Prosecco|Franciacorta|Crémant .*|Asti|Trento|Conegliano-Valdobbiadene Prosecco)$/;

const has = (p: WineProfile, re: RegExp) => re.test(fold(p.facts.name));

/** The spirit's own word from its name ("grappa", "marc"), else "grape spirit". */
export function spiritNoun(p: WineProfile): string {
  if (has(p, /\bgrappa\b/)) return "grappa";
  if (has(p, /\bmarc\b/)) return "marc";
  if (has(p, /\bpisco\b/)) return "pisco";
  if (has(p, /\b(cognac|armagnac|brandy)\b/)) return "grape brandy";
  return "grape spirit";
}

/** The sparkling noun: the appellation's own ("Champagne") or "sparkling wine". */
function sparklingNoun(placeBare: string | undefined): string {
  if (placeBare && SPARKLING_NOUNS.test(placeBare)) return placeBare.split(" ")[0] ?? placeBare;
  return "sparkling wine";
}

/** The sherry style of a fortified wine's name, with "sherry" when it comes from Jerez. */
function fortifiedNoun(p: WineProfile): string {
  const sherry = /sherry|jerez/i.test(p.facts.region.names.en) || has(p, /\bsherry\b/);
  const s = (word: string) => (sherry ? `${word} sherry` : word);
  if (p.style.kind === "fino")
    return has(p, /\bmanzanilla\b/) ? "manzanilla" : has(p, /\bfino\b/) ? s("fino") : "dry fortified white";
  if (has(p, /\bamontillado\b/)) return s("amontillado");
  if (has(p, /\boloroso\b/)) return s("oloroso");
  if (has(p, /\b(pedro ximenez|px)\b/)) return "Pedro Ximénez";
  if (has(p, /\bcream\b/) && sherry) return "cream sherry";
  if (has(p, /\bmedium dry\b/) && sherry) return "medium-dry sherry";
  if (sherry) return "sherry";
  if (has(p, /\b(porto|port)\b/) && p.facts.color === "white") return "white Port";
  const sweet = p.palate.sweetness === "sweet" ? "sweet " : "";
  return `${sweet}fortified ${p.facts.color === "red" ? "red" : p.facts.color === "rose" ? "rosé" : "white"}`;
}

/**
 * The style as a noun phrase without article: "full-bodied red", "medium-bodied dry white", "Brut
 * Champagne", "tawny Port", "sweet white", "grappa". `placeBare` is the place's bare name, if any.
 */
export function styleNoun(p: WineProfile, placeBare?: string): string {
  if (p.category === "grape_spirit") return spiritNoun(p);
  const rs = p.facts.residualSugar;
  const label = rs && SUGAR[rs].kind === "label" ? `${SUGAR[rs].en} ` : "";
  const colour = p.facts.color === "rose" ? "rosé" : p.facts.color;
  switch (p.style.kind) {
    case "vintage_port":
      return "Vintage Port";
    case "lbv_port":
      return "Late Bottled Vintage Port";
    case "colheita_port":
      return "Colheita Port";
    case "tawny_port":
      return has(p, /\b\d+ (years?|anos)\b/) ? "aged tawny Port" : "tawny Port";
    case "ruby_port":
      return "ruby Port";
    case "fino":
    case "fortified":
      return fortifiedNoun(p);
    case "sweet_light":
      return p.facts.subType === "sparkling" ? `sweet sparkling ${colour}` : `sweet, low-alcohol ${colour}`;
    case "botrytis":
      return `rich, sweet ${colour}`;
    case "sweet_white":
    case "sweet_red":
      return `sweet ${colour}`;
    case "sparkling_nv":
    case "sparkling_vintage":
    case "sparkling_prestige": {
      const noun = sparklingNoun(placeBare);
      const vintage = p.style.kind === "sparkling_nv" ? "" : "vintage ";
      if (p.style.blancDeBlancs)
        return `${label}${vintage}blanc de blancs${noun === "sparkling wine" ? "" : ` ${noun}`}`;
      const rose = p.facts.color === "rose" ? "rosé " : "";
      return `${label}${vintage}${rose}${noun}`;
    }
    case "sparkling_fresh": {
      const noun = sparklingNoun(placeBare);
      if (noun !== "sparkling wine") return `${label}${noun}`;
      return `${label}sparkling ${colour}`;
    }
    default: {
      const body = BODY[p.palate.body].en;
      const sugar =
        p.palate.sweetness === "dry" ? (colour === "red" ? "" : "dry ") : `${SUGAR[rs ?? "dry"].en} `;
      return `${body} ${sugar}${colour}`;
    }
  }
}

/** How a text names the wine. */
export interface WineName {
  /** First mention, with producer and vintage: "Casa Perini's 2020 Espumante Moscatel". */
  full: string;
  /** A later subject: the name itself when it is a name of its own, else "this rosé"/"the wine". */
  subject: string;
  /** The name may stand alone as a subject. */
  proper: boolean;
}

/** The wine's name as the texts use it (see WineName). */
export function wineName(p: WineProfile, styleWord: string): WineName {
  const name = p.facts.name.trim();
  const vintage =
    p.facts.vintage !== null && !name.includes(String(p.facts.vintage)) ? `${p.facts.vintage} ` : "";
  const proper = p.nameKind === "proper" || p.nameKind === "appellation";
  const full = p.nameHasProducer
    ? `${vintage ? `the ${vintage}` : ""}${name}`
    : `${possessive(p.facts.producerName)} ${vintage}${name}`;
  const subject =
    p.nameKind === "proper" ? name : p.nameKind === "style_words" ? `this ${styleWord}` : `this ${name}`;
  return { full, subject, proper };
}
