/**
 * The words of a label as the matcher compares them (folded, and run together for words printed
 * without spaces), and the rarity weight of words over the catalogue (label-evidence.ts).
 */
import { fold } from "../../domain/text-folding.ts";

/**
 * Smoothed inverse document frequency of a term found in `df` of `n` documents: ln((n + 1) / (df + 1)) + 1
 * (scikit-learn's smooth_idf), so a term in every document still weighs 1 and none divides by zero.
 */
export function smoothIdf(n: number, df: number): number {
  return Math.log((n + 1) / (df + 1)) + 1;
}

/** The words of a label prepared once per match. */
export interface LabelWords {
  words: Set<string>;
  joined: string;
}

/** Folded words of the text read on a label, and the same words run together. */
export function labelWords(text: string): LabelWords {
  const folded = fold(text);
  return { words: new Set(folded.split(" ")), joined: folded.replace(/ /g, "") };
}
