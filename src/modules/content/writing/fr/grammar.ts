/**
 * French grammar for the writer, built from parts: elision ("l'", "d'", "qu'"), the contraction of
 * "de" and "à" with the definite article ("du Médoc", "des Langhe", "au Chili", "aux États-Unis"),
 * capitalisation, lists, numbers, percentages and temperatures through `Intl`.
 *
 * Sources: M. Grevisse & A. Goosse, Le Bon Usage, 16th ed. (2016): elision §§ 44–51, contracted
 * articles § 580, prepositions before place names ("en France", "à Pauillac", "dans le Médoc")
 * § 1051; Lexique des règles typographiques en usage à l'Imprimerie nationale (2002): a space before
 * "%" and "°C", the semicolon and the colon.
 */

/** The definite article a French name takes (none for most towns and appellations). */
export type FrArticle = "le" | "la" | "l'" | "les";

/** The preposition of place a name takes: "en Champagne", "à Pauillac", "dans le Médoc", "sur l'Etna" (islands, volcanoes). */
export type FrPrep = "en" | "à" | "dans" | "sur";

/** A French name with the grammar of its place phrases. */
export interface FrName {
  name: string;
  article?: FrArticle | undefined;
  prep?: FrPrep | undefined;
}

/** Words and names whose h is aspirated: no elision ("de Hongrie", "le haut", "de Hawke's Bay"). */
const ASPIRATE_H = /^(haut|hongr|holl|hach|hare|hari|hêtr|hibou|houbl|hawke|hunter|horse|happy|heath)/i;
/** Names in h that elide (mute h): "l'Hermitage", "d'Hérault". */
const MUTE_H_NAMES = /^(herm|hérau|hél)/i;

/**
 * True when French elides before `word`: a vowel, y before a consonant-like vowel excepted, or a mute
 * h (Grevisse §§ 44–51). Lower-case nouns in h elide unless listed as aspirate ("d'herbes");
 * capitalised names in h are taken as aspirate unless known mute ("l'Hermitage").
 */
export function elides(word: string): boolean {
  const w = word.trimStart().replace(/^[«"“]\s*/, "");
  if (/^y[aeiouéè]/i.test(w)) return false; // "de Yarra", "le yaourt"
  if (/^[aeiouyàâäéèêëîïôöûüœæ]/i.test(w)) return true;
  if (!/^h/i.test(w) || ASPIRATE_H.test(w)) return false;
  return /^h/.test(w) || MUTE_H_NAMES.test(w);
}

/** "de" before a bare word: "d'Argentine", "de Bordeaux", "d'Urmeneta". */
export function de(word: string): string {
  return elides(word) ? `d'${word}` : `de ${word}`;
}

/** "que" before a word: "qu'Urmeneta", "que Castellamare". */
export function que(word: string): string {
  return elides(word) ? `qu'${word}` : `que ${word}`;
}

/** "le"/"la" elided before a vowel: `article("le", "Hermitage")` → "l'Hermitage". */
export function withArticle(article: FrArticle | undefined, name: string): string {
  if (!article) return name;
  if ((article === "le" || article === "la") && elides(name)) return `l'${name}`;
  return article === "l'" ? `l'${name}` : `${article} ${name}`;
}

/** "de" + the name with its article: "du Médoc", "de la Champagne", "de l'Alsace", "des Langhe", "de Pauillac". */
export function deArticle(article: FrArticle | undefined, name: string): string {
  if (!article) return de(name);
  if (article === "les") return `des ${name}`;
  if (article === "le" && !elides(name)) return `du ${name}`;
  return `de ${withArticle(article, name)}`;
}

/** "à" + the name with its article: "au Chili", "à la Réunion", "aux États-Unis", "à Pauillac". */
export function aArticle(article: FrArticle | undefined, name: string): string {
  if (!article) return `à ${name}`;
  if (article === "les") return `aux ${name}`;
  if (article === "le" && !elides(name)) return `au ${name}`;
  return `à ${withArticle(article, name)}`;
}

/**
 * "de" before a noun phrase that may begin with a definite article: "le Cabernet" → "du Cabernet",
 * "les tanins" → "des tanins", "la Serra" → "de la Serra", "Castellamare" → "de Castellamare".
 */
export function deNp(np: string): string {
  const m = /^(le|la|les) (.*)$/i.exec(np);
  if (m) return deArticle(m[1]?.toLowerCase() as FrArticle, m[2] as string);
  if (/^l'/i.test(np)) return `de ${np}`;
  return de(np);
}

/** "à" before a noun phrase that may begin with an article: "le Malbec" → "au Malbec", "les" → "aux". */
export function aNp(np: string): string {
  const m = /^(le|la|les) (.*)$/i.exec(np);
  if (m) return aArticle(m[1]?.toLowerCase() as FrArticle, m[2] as string);
  return `à ${np}`;
}

/** Where a place is: "en Champagne", "à Pauillac", "dans le Médoc", "en Alsace" (Grevisse § 1051). */
export function inPlace(n: FrName): string {
  const prep = n.prep ?? (n.article ? (n.article === "l'" ? "en" : "dans") : "à");
  if (prep === "en") return `en ${n.name}`;
  if (prep === "à") return aArticle(n.article, n.name);
  if (prep === "sur") return `sur ${withArticle(n.article, n.name)}`;
  return `dans ${withArticle(n.article, n.name)}`;
}

/**
 * Where a wine comes from: "de Champagne", "d'Alsace" (names taking "en" drop the article of origin:
 * "vin de Bourgogne"), "du Médoc", "de la Serra Gaúcha", "de Pauillac".
 */
export function fromPlace(n: FrName): string {
  if (n.prep === "en") return de(n.name);
  return deArticle(n.article, n.name);
}

/** Of a place, as a possessive: "du Médoc", "de la Champagne", "de l'Alsace", "de Pauillac". */
export function ofPlace(n: FrName): string {
  return deArticle(n.article, n.name);
}

/** The name as a subject: "la Champagne", "le Médoc", "Pauillac". */
export function subject(n: FrName): string {
  return withArticle(n.article, n.name);
}

/** Upper-cases the first letter. */
export function cap(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

const LIST = new Intl.ListFormat("fr", { type: "conjunction", style: "long" });
const OR_LIST = new Intl.ListFormat("fr", { type: "disjunction", style: "long" });

/** "A, B et C" (no serial comma, Intl.ListFormat "fr"). */
export function list(items: readonly string[]): string {
  return LIST.format(items.filter((s) => s.length > 0));
}

/** "A, B ou C". */
export function orList(items: readonly string[]): string {
  return OR_LIST.format(items.filter((s) => s.length > 0));
}

const NUMBER = new Intl.NumberFormat("fr", { maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat("fr", { style: "unit", unit: "percent", maximumFractionDigits: 1 });
const CELSIUS = new Intl.NumberFormat("fr", { style: "unit", unit: "celsius", maximumFractionDigits: 0 });

/** "13,5". */
export function num(n: number): string {
  return NUMBER.format(n);
}

/** "13,5 %" (narrow no-break space, Intl). */
export function pct(n: number): string {
  return PERCENT.format(n);
}

/** "18 °C". */
export function celsius(n: number): string {
  return CELSIUS.format(n);
}

/** "entre 16 et 18 °C", or "à 8 °C" when both ends are equal. */
export function between([lo, hi]: readonly [number, number]): string {
  return lo === hi ? `à ${celsius(hi)}` : `entre ${num(lo)} et ${celsius(hi)}`;
}

/** "un an", "deux ans", "12 ans" (small numbers in words, house style). */
export function years(n: number): string {
  const words = ["un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"];
  const w = n >= 1 && n <= 10 ? (words[n - 1] as string) : num(n);
  return `${w} ${n === 1 ? "an" : "ans"}`;
}

/** Joins sentences with single spaces, skipping empty ones, each capitalised. */
export function join(...parts: readonly (string | false | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === "string" && p.trim().length > 0)
    .map((p) => cap(p.trim()))
    .join(" ");
}
