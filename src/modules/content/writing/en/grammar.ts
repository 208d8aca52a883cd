/**
 * English grammar of the writer: indefinite articles, lists and numbers through `Intl` (British
 * English, "en-GB"), possessives, capitals, and place phrases built from a region record's grammar
 * ("on Mount Veeder", "in the Langhe", "from Pauillac"). Without a record the place phrase follows the
 * geographic word of the name (Valley, Hills, Coast …) and a short list of names that take "the" in
 * English usage (OCW); a name that is a wine style (Fino Sherry, Port) is never written as a place.
 */
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import { country } from "../lexicon/countries.ts";

const LIST_AND = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });
const LIST_OR = new Intl.ListFormat("en-GB", { style: "long", type: "disjunction" });
const NUMBER = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });

/** "a, b and c" (no serial comma, as British house styles write it). */
export function and(items: readonly string[]): string {
  return LIST_AND.format(items);
}

/** "a, b or c". */
export function or(items: readonly string[]): string {
  return LIST_OR.format(items);
}

/** A number as British English writes it: 13.5, 1,200. */
export function num(n: number): string {
  return NUMBER.format(n);
}

/** Alcohol by volume: "13.5%" from 13.5 (% vol). */
export function percent(abv: number): string {
  return PERCENT.format(abv / 100);
}

/** A temperature range in °C: "16–18 °C"; one figure when both ends agree. */
export function degrees([lo, hi]: readonly [number, number]): string {
  return lo === hi ? `${num(lo)} °C` : `${num(lo)}–${num(hi)} °C`;
}

/** Numbers one to twelve as words (house style for counts in running text), else figures. */
export function count(n: number): string {
  const words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
  return words[n] ?? num(n);
}

/** "1 year", "a year", "5 years". */
export function years(n: number): string {
  return n === 1 ? "a year" : `${count(n)} years`;
}

/** First letter upper case. */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1);
}

/**
 * The indefinite article for a word: "an" before a vowel sound ("an off-dry", "an LBV"), "a" before a
 * consonant sound ("a Unico", "a one-off"). Initialisms read letter by letter take "an" before F, H, L,
 * M, N, R, S, X.
 */
export function aOrAn(next: string): "a" | "an" {
  const word = next.trim().split(/[\s,-]/)[0] ?? "";
  if (/^[A-Z]{2,}$/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? "an" : "a";
  if (/^(one|once|uni|use|usu|eu|ewe)/i.test(word)) return "a";
  if (/^(hour|honest|heir|honou?r)/i.test(word)) return "an";
  return /^[aeiouàâéèêíîóôúAEIOUÀÂÉÈÊÍÎÓÔÚ]/.test(word) ? "an" : "a";
}

/** "a full-bodied red", "an off-dry white". */
export function withArticle(phrase: string): string {
  return `${aOrAn(phrase)} ${phrase}`;
}

/** The possessive of a name: "Casa Perini's", "Los Vascos'". */
export function possessive(name: string): string {
  const n = name.trim();
  if (/'s$/i.test(n)) return n;
  return /s$/i.test(n) ? `${n}'` : `${n}'s`;
}

/** Names (English) that take "the" without a geographic word in them (OCW usage). */
const THE_NAMES = new Set(
  [
    "Langhe",
    "Haut-Médoc",
    "Médoc",
    "Languedoc-Roussillon",
    "Languedoc",
    "Upper Loire",
    "Loire",
    "Rhône",
    "Veneto",
    "Marche",
    "Salento",
    "Maremma Toscana",
    "Penedès",
    "Priorat",
    "Bierzo",
    "Douro",
    "Alentejo",
    "Minho",
    "Bairrada",
    "Beiras",
    "Mosel",
    "Pfalz",
    "Rheingau",
    "Nahe",
    "Ahr",
    "Wachau",
    "Kamptal",
    "Wagram",
    "Valais",
    "Serra Gaúcha",
    "Campanha Gaúcha",
    "North Island",
    "South Island",
    "Western Cape",
    "Swartland",
    "Peloponnese",
    "Dalmatian Coast",
    "Barossa",
    "Okanagan",
    "Napa",
  ].map((n) => n.toLowerCase()),
);
/** Geographic words that make a name take "the" ("the Central Valley", "the Adelaide Hills"). */
const THE_WORDS =
  /(^Côtes |\b(Valley|Peninsula|Coast|Hills|Lakes|Gravels|District|Bench|Ridge|Lakeshore|Highlands|Islands|Plains|Slopes)$|^(Valle|Vale|Costa|Slopes) )/;
/** Names that are wine styles, not places (written as places they would read "from Fino Sherry"). */
const STYLE_NAMES =
  /^((Fino|Amontillado|Cream|Oloroso|Manzanilla|Pale Cream|Medium) Sherry|Port|Tawny.*|Ruby.*)$/;

/** A place as the texts write it: its name with the article it takes, and its preposition for "in". */
export interface Place {
  /** "the Langhe", "Pauillac", "Mount Veeder". */
  name: string;
  /** The name without its article: "Langhe". */
  bare: string;
  /** "in", "on" or "at": the preposition of location ("on Mount Veeder"). */
  prep: "in" | "on" | "at";
  country: string | undefined;
  /** The place's record, when there is one. */
  record: RegionRecord | undefined;
}

/** The country's English name, or undefined when the table lacks it. */
export function countryName(code: string): string | undefined {
  return country(code)?.name.en;
}

/**
 * The place of a record, or of a bare region name when there is no record; undefined for a record of
 * kind `style` or `national` and for a name that is a wine style.
 */
export function placeOf(
  record: RegionRecord | undefined,
  fallbackName: string | undefined,
  countryCode: string,
): Place | undefined {
  const c = countryName(record?.country ?? countryCode);
  if (record) {
    if (record.kind === "style" || record.kind === "national") return undefined;
    const g = record.grammar.en;
    const name = g.article ? `the ${record.names.en}` : record.names.en;
    return { name, bare: record.names.en, prep: g.prep ?? "in", country: c, record };
  }
  if (!fallbackName || STYLE_NAMES.test(fallbackName) || /^(Vin|Vino|Vinho) d(e |')/.test(fallbackName))
    return undefined;
  if (c && fallbackName.toLowerCase() === c.toLowerCase()) return undefined;
  const the = THE_NAMES.has(fallbackName.toLowerCase()) || THE_WORDS.test(fallbackName);
  const on = /\b(Peninsula|Island)$/.test(fallbackName) || /^Mount /.test(fallbackName);
  const name = the ? `the ${fallbackName}` : fallbackName;
  return { name, bare: fallbackName, prep: on ? "on" : "in", country: c, record };
}

/** "in the Langhe", "on Mount Veeder". */
export function inPlace(p: Place): string {
  return `${p.prep} ${p.name}`;
}

/** "from the Langhe". */
export function fromPlace(p: Place): string {
  return `from ${p.name}`;
}
