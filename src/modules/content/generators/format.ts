/**
 * Small language helpers shared by the offline generators: number and percent formatting,
 * list joining, French elision and a deterministic (seeded) choice among phrasings.
 */
import type { Language } from "../../../domain/vocabulary.ts";

/** The conjunction that joins the last two items of a list ("A, B and C"). */
const AND: Record<Language, string> = { de: "und", en: "and", fr: "et", it: "e" };

/**
 * Joins items naturally: `["A","B","C"]` → "A, B and C" / "A, B und C" / "A, B et C" / "A, B e C"
 * (Italian "ed" before e-: "A ed Erbe").
 * Empty input gives "".
 */
export function joinList(lang: Language, items: readonly string[]): string {
  const list = items.filter((s) => s.length > 0);
  if (list.length <= 1) return list[0] ?? "";
  const last = list[list.length - 1] as string;
  return `${list.slice(0, -1).join(", ")} ${and(lang, last)} ${last}`;
}

/**
 * The word "and" before `next`: Italian takes the euphonic "ed" before a word in e- ("ciliegia rossa
 * ed erbe"; Serianni, Grammatica italiana, I.231), the other languages their plain conjunction.
 */
export function and(lang: Language, next: string): string {
  return lang === "it" && /^[eèé]/i.test(next) ? "ed" : AND[lang];
}

/**
 * Formats a number with at most `digits` decimals and the language's decimal mark:
 * en "13.5", de/fr/it "13,5"; trailing zeros are dropped ("12.0" → "12").
 */
export function formatNumber(lang: Language, value: number, digits = 1): string {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  const text = String(rounded);
  return lang === "en" ? text : text.replace(".", ",");
}

/**
 * Formats a percentage following each language's usual typography:
 * en "13.5%", de "13,5 %" (DIN 5008), fr "13,5 %" (Imprimerie nationale), it "13,5%".
 */
export function formatPercent(lang: Language, value: number): string {
  const n = formatNumber(lang, value);
  return lang === "de" || lang === "fr" ? `${n} %` : `${n}%`;
}

const NUMBER_WORDS: Record<Language, readonly string[]> = {
  en: ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
  de: ["zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"],
  fr: ["deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"],
  it: ["due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici", "dodici"],
};

/**
 * A count in running text: 2–12 in words (house style of the four languages' editing guides: small
 * numbers spelled out), other numbers in figures ("15").
 */
export function countWords(lang: Language, n: number): string {
  return NUMBER_WORDS[lang][n - 2] ?? String(n);
}

/**
 * "one red" / "three reds": a count of a masculine noun in running text (`forms`: singular, plural);
 * Italian "uno" before s + consonant and z ("uno spumante").
 */
export function countNoun(lang: Language, n: number, [one, many]: readonly [string, string]): string {
  if (n !== 1) return `${countWords(lang, n)} ${many}`;
  const article = { en: "one", de: "ein", fr: "un", it: /^(s[^aeiou]|z|gn|ps)/i.test(one) ? "uno" : "un" }[
    lang
  ];
  return `${article} ${one}`;
}

/** One of three sentence plans for `slot`, chosen from the wine's id; `shift` moves to another plan. */
export function plan(wine: { id: number }, slot: string, shift = 0): number {
  return (pick([0, 1, 2], wine.id, slot) + shift) % 3;
}

/**
 * A percentage with its Italian article, elided before a vowel sound ("il 13%", "l'8%", "l'11%");
 * with `di` contracted with the preposition ("del 13%", "dell'8%").
 */
export function itPercent(pct: string, di = false): string {
  const vowel = /^(8|11)\b/.test(pct);
  return `${di ? (vowel ? "dell'" : "del ") : vowel ? "l'" : "il "}${pct}`;
}

/** Upper-cases the first character. */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

/** French words and names whose h is aspirated (no elision: "de Hongrie", "le haut"). */
const FR_ASPIRATE_H = /^(haut|hongr|holl|hach|hare|hari|hêtr|hibou|houbl|hawke|hunter)/i;
/** Capitalized names with a mute h (elision: "l'Hermitage", "d'Hérault"). */
const FR_MUTE_H_NAMES = /^(herm|héra|hérau)/i;

/**
 * True when French elides before `word`: a vowel, or a mute h. Common nouns in h are mute unless in
 * the aspirate list ("d'herbes"); capitalized names in h are treated as aspirate (foreign names such as
 * "Hawke's Bay") unless known to be mute ("l'Hermitage").
 */
export function frElides(word: string): boolean {
  if (/^[aeiouyàâäéèêëîïôöûüœæ]/i.test(word)) return true;
  if (!/^h/i.test(word) || FR_ASPIRATE_H.test(word)) return false;
  return /^h/.test(word) || FR_MUTE_H_NAMES.test(word);
}

/** French "de" before a name or noun without article: "d'Argentine", "d'herbes", "de Bordeaux". */
export function frDe(word: string): string {
  return frElides(word) ? `d'${word}` : `de ${word}`;
}

/** English indefinite article for the following word ("a full-bodied", "an off-dry"). */
export function enArticle(nextWord: string): "a" | "an" {
  return /^[aeio]/i.test(nextWord) || /^u[^n]/i.test(nextWord) ? "an" : "a";
}

/** 32-bit FNV-1a hash of a string; used to seed deterministic choices. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Deterministic choice: the same `seed` (usually a wine or region id) and `salt` (the slot name)
 * always select the same option, different salts vary independently.
 */
export function pick<T>(options: readonly T[], seed: number, salt: string): T {
  if (options.length === 0) throw new Error("pick: no options");
  return options[hash(`${seed}:${salt}`) % options.length] as T;
}

/** Collapses runs of whitespace, trims, and removes a space before "," and "." (French " :" and " ;" are kept). */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/ ([,.])/g, "$1")
    .trim();
}
