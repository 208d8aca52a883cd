/**
 * Matching of wine-trade terms inside wine and producer names.
 *
 * Names are compared after `fold` (domain/text-folding.ts): diacritics removed, lower case, `ß` → `ss`,
 * every run of characters other than letters and digits turned into one space. A term matches only as whole words,
 * so "Dolcetto" does not contain "dolce", "Sancerre" does not contain "sec" and "Demi-Sec" is "demi sec".
 */
import { fold } from "../../domain/text-folding.ts";

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
  const normalized = list.map(fold).filter((t) => t.length > 0);
  const pattern = new RegExp(`(?<![a-z0-9])(?:${normalized.map(escapeRegExp).join("|")})(?![a-z0-9])`);
  return {
    terms: normalized,
    test: (name: string) => pattern.test(fold(name)),
  };
}
