/**
 * Matching of wine-trade terms inside wine and producer names.
 *
 * Names are compared after {@link normalizeText}: diacritics removed, lower case, `ß` → `ss`,
 * hyphens, slashes, brackets, dots and commas turned into spaces. A term matches only as whole words,
 * so "Dolcetto" does not contain "dolce", "Sancerre" does not contain "sec" and "Demi-Sec" is "demi sec".
 */

/**
 * Normalizes a name for term matching: "Riesling-Kabinett (Trocken)" → "riesling kabinett trocken",
 * "Süß" → "suss", "Pas Dosé" → "pas dose", curly apostrophes → `'`.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[’‘`´]/g, "'")
    .replace(/[-_/().,;:!?"]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A compiled list of terms; `test(name)` is true when any term occurs as whole words in `name`. */
export interface TermMatcher {
  readonly terms: readonly string[];
  test(name: string): boolean;
}

/**
 * Compiles a list of terms (written in their usual spelling, e.g. "Pas Dosé", "Demi-Sec") into a matcher
 * that finds them as whole words in a name, ignoring case, accents and punctuation.
 */
export function terms(...list: string[]): TermMatcher {
  const normalized = list.map(normalizeText).filter((t) => t.length > 0);
  const pattern = new RegExp(`(?<![a-z0-9])(?:${normalized.map(escapeRegExp).join("|")})(?![a-z0-9])`);
  return {
    terms: normalized,
    test: (name: string) => pattern.test(normalizeText(name)),
  };
}
