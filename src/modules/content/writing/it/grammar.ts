/**
 * Italian grammar of the writer: definite articles and their choice (il, lo, l', la, i, gli, le),
 * articulated prepositions (di/da/in/a/su + article → del, dallo, nella, all', sui …), the euphonic "ad"
 * and "ed", gender of grape names, lists and numbers through `Intl`.
 *
 * Sources: L. Serianni, Grammatica italiana (UTET 1989), IV.4–8 (article choice: "lo" before s + consonant,
 * z, gn, ps, x, y and the foreign "ch"/"sh" sound), VIII.80 (articulated prepositions), I.230 (euphonic d);
 * Treccani, "vitigni" (names of varieties in -a such as Corvina, Barbera, Garganega are feminine).
 */

/** A definite article of Italian. */
export type ItArticle = "il" | "lo" | "la" | "l'" | "i" | "gli" | "le";
/** The simple prepositions that combine with the article. */
export type ItPrep = "di" | "da" | "in" | "a" | "su" | "con";
/** Grammatical gender (Italian has no neuter). */
export type Gender = "m" | "f";

const VOWEL = /^[aeiouàáâèéêìíòóôùúh]/i;

const ARTICULATED: Record<Exclude<ItPrep, "con">, Record<ItArticle, string>> = {
  di: { il: "del", lo: "dello", la: "della", "l'": "dell'", i: "dei", gli: "degli", le: "delle" },
  da: { il: "dal", lo: "dallo", la: "dalla", "l'": "dall'", i: "dai", gli: "dagli", le: "dalle" },
  in: { il: "nel", lo: "nello", la: "nella", "l'": "nell'", i: "nei", gli: "negli", le: "nelle" },
  a: { il: "al", lo: "allo", la: "alla", "l'": "all'", i: "ai", gli: "agli", le: "alle" },
  su: { il: "sul", lo: "sullo", la: "sulla", "l'": "sull'", i: "sui", gli: "sugli", le: "sulle" },
};

/** True when the word begins with a vowel (or a mute h): it takes the elided article l'. */
export function startsWithVowel(word: string): boolean {
  return VOWEL.test(word);
}

/** True when a masculine word takes "lo"/"gli": s + consonant, z, gn, ps, pn, x, y, and French ch, English sh. */
function takesLo(word: string): boolean {
  return /^(s[^aeiouyàèéìòù]|z|gn|ps|pn|x|y|sh|ch[aeéè])/i.test(word);
}

/** The singular definite article of a word of `gender`: "il Sangiovese", "lo Chardonnay", "l'Aglianico", "la Corvina". */
export function article(word: string, gender: Gender = "m"): ItArticle {
  if (startsWithVowel(word) && !/^(y|hu|ia|ie|io)/i.test(word)) return "l'";
  if (gender === "f") return "la";
  return takesLo(word) ? "lo" : "il";
}

/** The plural definite article: "i rossi", "gli spumanti", "le Langhe". */
export function pluralArticle(word: string, gender: Gender = "m"): ItArticle {
  if (gender === "f") return "le";
  return startsWithVowel(word) || takesLo(word) ? "gli" : "i";
}

/** Article and word joined: "l'Amarone", "il Barolo". */
export function withArticle(art: ItArticle, word: string): string {
  return art === "l'" ? `l'${word}` : `${art} ${word}`;
}

/** The word with its singular article (see {@link article}). */
export function the(word: string, gender: Gender = "m"): string {
  return withArticle(article(word, gender), word);
}

/**
 * A preposition with a phrase that takes `art` (or none): "dalle Langhe", "nel Chianti", "dell'Etna",
 * "da Mendoza", "ad Asti", "con l'agnello". Elides la/lo/il before a vowel.
 */
export function prep(p: ItPrep, art: ItArticle | undefined, phrase: string): string {
  if (!art) return p === "a" && /^[aàá]/i.test(phrase) ? `ad ${phrase}` : `${p} ${phrase}`;
  const elided = (art === "il" || art === "lo" || art === "la") && startsWithVowel(phrase) ? "l'" : art;
  if (p === "con") return `con ${withArticle(elided, phrase)}`;
  const joined = ARTICULATED[p][elided];
  return joined.endsWith("'") ? `${joined}${phrase}` : `${joined} ${phrase}`;
}

/** "e" or, before a word beginning with e, the euphonic "ed" ("ed eleganza"). */
export function and(next: string): string {
  return /^[eèé]/i.test(next) ? "ed" : "e";
}

/** Indefinite article of a masculine or feminine noun: "un rosso", "uno spumante", "un'annata". */
export function indefinite(word: string, gender: Gender = "m"): string {
  if (gender === "f") return startsWithVowel(word) ? `un'${word}` : `una ${word}`;
  return takesLo(word) ? `uno ${word}` : `un ${word}`;
}

/**
 * Gender of a grape variety's Italian name: feminine when its first word ends in -a (la Barbera, la
 * Corvina, la Garnacha, la Touriga Nacional, la Tinta Roriz), masculine otherwise (il Sangiovese, lo
 * Chardonnay, il Pinot Nero). Treccani; usage of the Italian wine press (Gambero Rosso, Slow Wine).
 */
export function grapeGender(name: string): Gender {
  const first = name.split(/[\s/-]+/)[0] ?? name;
  return /[aà]$/i.test(first) ? "f" : "m";
}

const LIST = new Intl.ListFormat("it", { style: "long", type: "conjunction" });
const OR_LIST = new Intl.ListFormat("it", { style: "long", type: "disjunction" });

/**
 * "a, b e c" (Intl.ListFormat it), with the euphonic "ed" before a last item beginning with e ("frutti
 * rossi ed erbe secche"; Serianni I.230).
 */
export function list(items: readonly string[]): string {
  const last = items[items.length - 1];
  if (items.length < 2 || last === undefined || and(last) === "e") return LIST.format(items);
  return `${items.slice(0, -1).join(", ")} ed ${last}`;
}

/** "a, b o c". */
export function orList(items: readonly string[]): string {
  return OR_LIST.format(items);
}

const NUMBER = new Intl.NumberFormat("it", { maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat("it", { style: "percent", maximumFractionDigits: 1 });

/** A number in Italian: "13,5". */
export function num(n: number): string {
  return NUMBER.format(n);
}

/** An alcohol content: "13,5%". */
export function percent(n: number): string {
  return PERCENT.format(n / 100);
}

/** True when the number is read with an initial vowel (otto, undici, ottanta): "l'8%", "dell'11%". */
function vowelNumber(n: number): boolean {
  const whole = Math.floor(n);
  return whole === 1 || whole === 8 || whole === 11 || (whole >= 80 && whole < 90);
}

/** An alcohol content with its article after a preposition: ("di", 12) → "del 12%", ("di", 11) → "dell'11%". */
export function prepPercent(p: ItPrep, n: number): string {
  return prep(p, vowelNumber(n) ? "l'" : "il", percent(n));
}

/** A year after a preposition: ("a", 2025) → "al 2025", ("di", 2018) → "del 2018"; 2000s take il. */
export function prepYear(p: ItPrep, year: number): string {
  return prep(p, "il", String(year));
}

/** "un anno", "tre anni". */
export function years(n: number): string {
  return n === 1 ? "un anno" : `${count(n)} anni`;
}

/** A temperature range: "16–18 °C". */
export function degrees([lo, hi]: readonly [number, number]): string {
  return lo === hi ? `${num(lo)} °C` : `${num(lo)}–${num(hi)} °C`;
}

const SMALL = ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"];

/** A small count in words ("tre"), larger ones in digits. */
export function count(n: number): string {
  return SMALL[n] ?? num(n);
}

/** The sentence with its first letter capitalised. */
export function cap(text: string): string {
  return text.length > 0 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
