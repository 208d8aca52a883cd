/**
 * French words of the writer: the wine's name as a noun phrase ("le rosé de Los Vascos", "Tignanello"),
 * the noun of its style with agreement ("un rouge corsé", "un porto tawny", "une grappa"), grape
 * names, aromas and foods from the lexicon. Gender of wine nouns: Le Petit Robert (vin, champagne,
 * porto, xérès, marc: masculine; grappa, eau-de-vie, cuvée: feminine).
 */

import { fold } from "../../../../domain/text-folding.ts";
import type { AromaId } from "../../../../domain/wine/aromas.ts";
import { grapeProseName, grapeRecord } from "../../../../domain/wine/grapes/grape-records.ts";
import type { GrapeFacts } from "../../../../domain/wine/wine-facts.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { AROMAS } from "../lexicon/aromas.ts";
import { APERITIF, FOODS } from "../lexicon/foods.ts";
import { de, deNp, elides, list, withArticle } from "./grammar.ts";

/** Grammatical gender. */
export type Gender = "m" | "f";

/** Feminine forms of the adjectives the writer agrees (regular ones add -e). */
const FEMININE: Readonly<Record<string, string>> = {
  léger: "légère",
  "très léger": "très légère",
  doux: "douce",
  sec: "sèche",
  frais: "fraîche",
  moelleux: "moelleuse",
  liquoreux: "liquoreuse",
  ample: "ample",
  souple: "souple",
  "demi-sec": "demi-sèche",
  effervescent: "effervescente",
  issu: "issue",
  élaboré: "élaborée",
  servi: "servie",
  conservé: "conservée",
  ouvert: "ouverte",
  tel: "telle",
  couché: "couchée",
  prêt: "prête",
};

/** The adjective agreed with `g`: `agree("léger", "f")` → "légère". */
export function agree(adj: string, g: Gender): string {
  if (g === "m") return adj;
  return FEMININE[adj] ?? (adj.endsWith("e") ? adj : `${adj}e`);
}

/** "il"/"elle". */
export function pronoun(g: Gender): string {
  return g === "m" ? "il" : "elle";
}

/** A grape's French name for a wine of `countryCode` (domain grapeProseName: Shiraz in Australia). */
export function grapeName(g: GrapeFacts, countryCode: string): string {
  return grapeProseName(g, "fr", countryCode);
}

/**
 * A grape's French name with its article: "le Chardonnay", "l'Aligoté", "la Syrah" — the gender from
 * the grape record (domain/wine/grapes; Le Petit Robert), masculine when the record does not know it.
 */
export function theGrape(frenchName: string): string {
  return withArticle(grapeRecord(frenchName)?.gender.fr === "f" ? "la" : "le", frenchName);
}

/** The wine's grapes in French, each once, principal first. */
export function grapeNames(p: WineProfile): string[] {
  return [...new Set(p.facts.grapes.map((g) => grapeName(g, p.facts.region.country)))];
}

/** Aroma words ("cassis", "fruits rouges"). */
export function aromaWords(ids: readonly AromaId[]): string[] {
  return ids.map((id) => AROMAS[id].fr);
}

/** "de cassis, de cèdre et de graphite" — each aroma with its "de"/"d'". */
export function deAromas(ids: readonly AromaId[]): string {
  return list(aromaWords(ids).map(de));
}

/** Foods as after "avec" ("du bœuf", "des fromages affinés"), the aperitif left out. */
export function foodWords(foods: readonly string[]): string[] {
  return foods.filter((f) => f !== "Aperitif" && FOODS[f]).map((f) => (FOODS[f] as { fr: string }).fr);
}

/** The aperitif sentence of the lexicon. */
export const APERITIF_FR = APERITIF.fr;

/** Single words that are style names, and their French common noun ("le rosé de Los Vascos"). */
const STYLE_NOUNS: Readonly<Record<string, string>> = {
  rose: "rosé",
  rouge: "rouge",
  blanc: "blanc",
  brut: "brut",
  red: "rouge",
  white: "blanc",
};

/**
 * How the wine is named in a sentence:
 * - `np`: the noun phrase ("Tignanello", "le Malbec Reserva de Trapiche", "le rosé de Los Vascos",
 *   "la Cuvée Prestige de …"); a name of only style words, a grape or an appellation is never bare;
 * - `short`: the same without the producer, for a second mention ("le Malbec Reserva");
 * - `gender` of the phrase (for "il"/"elle" and agreement);
 * - `proper`: the name stands on its own (a proper name).
 */
export interface WineRef {
  np: string;
  short: string;
  gender: Gender;
  proper: boolean;
}

/** "de Castellamare", "du Domaine Ott", "de la Maison Louis Jadot", "des Vignerons de …". */
export function byProducer(producer: string): string {
  const m = /^(Château|Domaine|Clos|Mas|Moulin|Cellier|Vignoble|Prieuré)\b/.exec(producer);
  if (m) return deNp(`le ${producer}`);
  if (/^(Maison|Cave|Cantina|Bodega|Quinta|Tenuta|Fattoria|Cave|Abbaye|Famille)\b/.test(producer))
    return deNp(`la ${producer}`);
  if (/^(Le|La|Les) /.test(producer)) return deNp(producer.charAt(0).toLowerCase() + producer.slice(1));
  if (/^L'/.test(producer)) return `de ${producer}`;
  return de(producer);
}

/**
 * The wine's name as a noun phrase (see WineRef); with `vintage`, the year follows the name ("le rosé
 * 2021 de Los Vascos", "Tignanello 2019").
 */
export function wineRef(p: WineProfile, vintage?: number | null): WineRef {
  const name = vintage ? `${p.facts.name.trim()} ${vintage}` : p.facts.name.trim();
  const producer = p.nameHasProducer ? "" : ` ${byProducer(p.facts.producerName)}`;
  const folded = fold(name);
  if (p.nameKind === "proper") return { np: name, short: name, gender: "m", proper: true };
  const noun = STYLE_NOUNS[folded];
  if (noun) {
    const year = vintage ? ` ${vintage}` : "";
    return { np: `le ${noun}${year}${producer}`, short: `le ${noun}`, gender: "m", proper: false };
  }
  const feminine = /^(cuvee|grande cuvee|reserve|grande reserve|grappa|selection)\b/.test(folded);
  const article = feminine ? "la" : "le";
  const withArt = elides(name) ? `l'${name}` : `${article} ${name}`;
  return {
    np: `${withArt}${producer}`,
    short: withArt,
    gender: feminine ? "f" : "m",
    proper: false,
  };
}
