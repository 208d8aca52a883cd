/**
 * German grammar for the writer: articles by case and gender, adjective endings (strong, weak and
 * mixed declension: Duden-Grammatik §§ 477–490), place phrases from a region record's German grammar
 * ("aus dem Rheingau", "von der Mosel", "am Bielersee", "in Pauillac"), the country as origin
 * ("aus der Schweiz"), the producer after "von" ("vom Weingut …", "von der Tenuta …"), numbers,
 * percentages and lists through `Intl` (de).
 */
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import { country } from "../lexicon/countries.ts";

/** Grammatical case of a noun phrase. */
export type Case = "nom" | "acc" | "dat";
/** Gender or number of a noun: masculine, feminine, neuter, plural. */
export type Gender = "m" | "f" | "n" | "pl";

const DEFINITE: Record<Case, Record<Gender, string>> = {
  nom: { m: "der", f: "die", n: "das", pl: "die" },
  acc: { m: "den", f: "die", n: "das", pl: "die" },
  dat: { m: "dem", f: "der", n: "dem", pl: "den" },
};
const INDEFINITE: Record<Case, Record<Gender, string>> = {
  nom: { m: "ein", f: "eine", n: "ein", pl: "" },
  acc: { m: "einen", f: "eine", n: "ein", pl: "" },
  dat: { m: "einem", f: "einer", n: "einem", pl: "" },
};
/** Adjective endings: weak (after der/die/das), mixed (after ein), strong (no article). */
const WEAK: Record<Case, Record<Gender, string>> = {
  nom: { m: "e", f: "e", n: "e", pl: "en" },
  acc: { m: "en", f: "e", n: "e", pl: "en" },
  dat: { m: "en", f: "en", n: "en", pl: "en" },
};
const MIXED: Record<Case, Record<Gender, string>> = {
  nom: { m: "er", f: "e", n: "es", pl: "e" },
  acc: { m: "en", f: "e", n: "es", pl: "e" },
  dat: { m: "en", f: "en", n: "en", pl: "en" },
};
const STRONG: Record<Case, Record<Gender, string>> = {
  nom: { m: "er", f: "e", n: "es", pl: "e" },
  acc: { m: "en", f: "e", n: "es", pl: "e" },
  dat: { m: "em", f: "er", n: "em", pl: "en" },
};

/** The definite article: `definite("dat", "f")` → "der". */
export function definite(c: Case, g: Gender): string {
  return DEFINITE[c][g];
}

/** Which article a noun phrase takes. */
export type ArticleKind = "definite" | "indefinite" | "none";

/**
 * An adjective stem with its ending; in a multi-word stem only the last word is inflected
 * ("sehr leicht" → "sehr leichter", "extra trocken" → "extra trockener").
 */
export function inflect(stem: string, article: ArticleKind, c: Case, g: Gender): string {
  const table = article === "definite" ? WEAK : article === "indefinite" ? MIXED : STRONG;
  const ending = table[c][g];
  // Stems in -e take only the consonant of the ending: "weise" → "weiser", not "weiseer".
  return stem.endsWith("e") ? `${stem}${ending.replace(/^e/, "")}` : `${stem}${ending}`;
}

/** A German noun phrase to build: article, adjectives (stems, in order), noun and what follows it. */
export interface NounPhrase {
  article: ArticleKind;
  gender: Gender;
  adjectives: readonly string[];
  noun: string;
  /** Words after the noun ("Brut", "aus Kalkstein"); not inflected. */
  after?: string;
}

/** The noun phrase in case `c`: `{indefinite, m, [vollmundig, trocken], Rotwein}` → "einen vollmundigen trockenen Rotwein". */
export function nounPhrase(np: NounPhrase, c: Case): string {
  const article =
    np.article === "definite"
      ? DEFINITE[c][np.gender]
      : np.article === "indefinite"
        ? INDEFINITE[c][np.gender]
        : "";
  const words = [article, ...np.adjectives.map((a) => inflect(a, np.article, c, np.gender)), np.noun];
  if (np.after) words.push(np.after);
  return words.filter((w) => w.length > 0).join(" ");
}

/** Upper-cases the first letter of a sentence. */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

const LIST = new Intl.ListFormat("de", { style: "long", type: "conjunction" });
const LIST_OR = new Intl.ListFormat("de", { style: "long", type: "disjunction" });
const NUMBER = new Intl.NumberFormat("de", { maximumFractionDigits: 1 });

/** "A, B und C" (Intl.ListFormat de); "" for an empty list. */
export function list(items: readonly string[]): string {
  return LIST.format(items.filter((i) => i.length > 0));
}

/** "A, B oder C". */
export function listOr(items: readonly string[]): string {
  return LIST_OR.format(items.filter((i) => i.length > 0));
}

/** A number with the German decimal comma, at most one decimal: 13.5 → "13,5". */
export function number(value: number): string {
  return NUMBER.format(value);
}

/** Alcohol as printed on German labels: 13.5 → "13,5 % vol" (DIN 5008: space before %). */
export function percentVol(abv: number): string {
  return `${number(abv)} % vol`;
}

/** A temperature range: [16, 18] → "16 bis 18 °C". */
export function degrees([lo, hi]: readonly [number, number]): string {
  return lo === hi ? `${lo} °C` : `${lo} bis ${hi} °C`;
}

/** Small numbers in words (Duden: numbers up to twelve spelled out in running text). */
const WORDS = [
  "null",
  "ein",
  "zwei",
  "drei",
  "vier",
  "fünf",
  "sechs",
  "sieben",
  "acht",
  "neun",
  "zehn",
  "elf",
  "zwölf",
];

/** A count before a plural noun: 3 → "drei", 15 → "15". */
export function count(n: number): string {
  return WORDS[n] ?? String(n);
}

/** A region's name and the grammar of its German place phrases. */
interface PlaceName {
  name: string;
  dative: string;
  article: Gender | undefined;
  prep: "in" | "an" | "auf";
}

function placeName(record: RegionRecord): PlaceName {
  const g = record.grammar.de;
  const name = record.names.de || record.names.en;
  return { name, dative: g.dative ?? name, article: g.article, prep: g.prep ?? "in" };
}

/** Contracted dative articles: "in dem" → "im", "an dem" → "am", "von dem" → "vom". */
function withDative(
  prep: "in" | "an" | "auf" | "von" | "aus",
  article: Gender | undefined,
  name: string,
): string {
  if (!article) return `${prep} ${name}`;
  const art = DEFINITE.dat[article];
  if (art === "dem" && prep !== "aus" && prep !== "auf")
    return `${prep === "in" ? "im" : prep === "an" ? "am" : "vom"} ${name}`;
  return `${prep} ${art} ${name}`;
}

/**
 * Origin: "aus dem Rheingau", "von der Mosel", "vom Bielersee", "aus Pauillac", "aus den Langhe"; an
 * island or peninsula "aus Sizilien", "von der Krim", "vom Peloponnes".
 */
export function fromPlace(record: RegionRecord): string {
  const p = placeName(record);
  const from = p.prep === "an" || (p.prep === "auf" && p.article) ? "von" : "aus";
  return withDative(from, p.article, p.dative);
}

/** Location: "im Rheingau", "an der Mosel", "am Bielersee", "in Pauillac", "in den Langhe", "auf Sizilien". */
export function inPlace(record: RegionRecord): string {
  const p = placeName(record);
  return withDative(p.prep, p.article, p.dative);
}

/** The name as subject: "der Rheingau", "die Mosel", "Pauillac", "die Langhe". */
export function placeSubject(record: RegionRecord): string {
  const p = placeName(record);
  return p.article ? `${DEFINITE.nom[p.article]} ${p.name}` : p.name;
}

/** The name after "für" (accusative): "den Rheingau", "die Mosel", "Pauillac". */
export function placeAccusative(record: RegionRecord): string {
  const p = placeName(record);
  return p.article ? `${DEFINITE.acc[p.article]} ${p.name}` : p.name;
}

/** The name with a determiner in the dative, as after "mit"/"zu": "dem Rheingau", "der Mosel", "Pauillac". */
export function placeDative(record: RegionRecord): string {
  const p = placeName(record);
  return p.article ? `${DEFINITE.dat[p.article]} ${p.dative}` : p.dative;
}

/** A country split into its article and name, read from the lexicon's locative ("in der Schweiz"). */
function countryParts(code: string): { name: string; article: Gender | undefined } | undefined {
  const c = country(code);
  if (!c) return undefined;
  const m = /^(im|in der|in den|in|auf) (.+)$/.exec(c.in.de);
  const article: Gender | undefined =
    m?.[1] === "im" ? "n" : m?.[1] === "in der" ? "f" : m?.[1] === "in den" ? "pl" : undefined;
  // The locative holds the dative form ("im Vereinigten Königreich"): use it after "aus" too.
  return { name: m?.[2] ?? c.name.de, article };
}

/** Country as origin: "aus Frankreich", "aus der Schweiz", "aus den USA"; undefined when unknown. */
export function fromCountry(code: string): string | undefined {
  const c = countryParts(code);
  return c ? withDative("aus", c.article, c.name) : undefined;
}

/** Country as location: "in Frankreich", "in der Schweiz", "auf Malta"; undefined when unknown. */
export function inCountry(code: string): string | undefined {
  return country(code)?.in.de;
}

/** The country's German name ("Frankreich"), or undefined. */
export function countryName(code: string): string | undefined {
  return country(code)?.name.de;
}

/** Producer names that take an article after "von" (the word's gender), singular only. */
const PRODUCER_ARTICLE: readonly [RegExp, Gender][] = [
  [/^(Weingut|Weinhaus|Sektgut|Gut|Winzerhof|Staatsweingut) /, "n"],
  [
    /^(Kellerei|Winzergenossenschaft|Sektkellerei|Domäne|Genossenschaft|Weinkellerei|Tenuta|Cantina|Bodega|Quinta|Fattoria|Cascina|Azienda|Domaine|Herdade|Cave|Maison|Winzergemeinschaft) /,
    "f",
  ],
  [/^(Castello|Podere) /, "n"],
];

/** The producer as subject: "das Weingut Robert Weil", "die Tenuta San Guido", "Casa Perini". */
export function producerSubject(producer: string, c: Case = "nom"): string {
  for (const [re, gender] of PRODUCER_ARTICLE)
    if (re.test(producer)) return `${DEFINITE[c][gender]} ${producer}`;
  return producer;
}

/** "von Casa Perini", "vom Weingut Robert Weil", "von der Tenuta San Guido", "von Château Latour". */
export function byProducer(producer: string): string {
  for (const [re, gender] of PRODUCER_ARTICLE)
    if (re.test(producer)) return withDative("von", gender, producer);
  return `von ${producer}`;
}
