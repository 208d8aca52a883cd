/**
 * Word coverage: how much of a wine's own wording a label shows. Each wine keeps the distinct folded
 * words (three letters or more) of its producer, wine name and region; a label covers a word when it
 * shows it exactly, within the typos of {@link typoAllowance} (OCR slips: "Couvcnt" for "Couvent"),
 * or — for words of {@link MIN_JOINED} letters or more — inside its words run together
 * ("CHATEAUFONREAUD"). Words count by rarity (inverse document frequency over the catalogue), so a
 * label showing "Santenay" covers more of "Louis Latour · Santenay Rouge" than one showing "Rouge".
 */
import { fold } from "../../domain/text-folding.ts";
import { osaDistance } from "../search/edit-distance.ts";
import { typoAllowance } from "../search/text-rules.ts";

/** Shortest word looked for inside the label's text run together; shorter ones give false hits ("franc" in "de france"). */
const MIN_JOINED = 6;

/**
 * Smoothed inverse document frequency of a term found in `df` of `n` documents: ln((n + 1) / (df + 1)) + 1
 * (scikit-learn's smooth_idf), so a term in every document still weighs 1 and none divides by zero.
 */
export function smoothIdf(n: number, df: number): number {
  return Math.log((n + 1) / (df + 1)) + 1;
}

/** The words of a label prepared once for {@link WordCoverage.of}. */
export interface LabelWords {
  words: Set<string>;
  joined: string;
}

/** Folded words of the text read on a label, and the same words run together. */
export function labelWords(text: string): LabelWords {
  const folded = fold(text);
  return { words: new Set(folded.split(" ")), joined: folded.replace(/ /g, "") };
}

/** The words of every wine (in the matcher's document order), in flat arrays. */
export class WordCoverage {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly start: number[] = [0];
  private readonly list: number[] = [];
  private idf: Float32Array | null = null;

  /** `texts[doc]` is the producer, wine name and region of the matcher's document `doc`. */
  constructor(texts: readonly string[] = []) {
    for (const text of texts) this.add(text);
  }

  /** Adds the next document's producer, wine name and region. */
  add(text: string): void {
    const seen = new Set<number>();
    for (const word of fold(text).split(" ")) {
      if (word.length < 3) continue;
      let id = this.ids.get(word);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(word, id);
        this.words.push(word);
      }
      if (!seen.has(id)) {
        seen.add(id);
        this.list.push(id);
      }
    }
    this.start.push(this.list.length);
    this.idf = null;
  }

  /** Inverse document frequency of each word, computed once all documents are in. */
  private weights(): Float32Array {
    if (this.idf) return this.idf;
    const df = new Int32Array(this.words.length);
    for (const id of this.list) df[id] = (df[id] ?? 0) + 1;
    const n = this.start.length - 1;
    this.idf = Float32Array.from(df, (d) => smoothIdf(n, d));
    return this.idf;
  }

  /**
   * Share of document `doc`'s words that the label shows, weighted by rarity: 0..1 (0 for a wine
   * without words). A word within typos counts 1 − 0.25 per typo.
   */
  of(doc: number, label: LabelWords): number {
    const idf = this.weights();
    let total = 0;
    let found = 0;
    for (let i = this.start[doc] ?? 0; i < (this.start[doc + 1] ?? 0); i++) {
      const id = this.list[i] ?? 0;
      const word = this.words[id] ?? "";
      const weight = idf[id] ?? 0;
      total += weight;
      if (label.words.has(word) || (word.length >= MIN_JOINED && label.joined.includes(word))) {
        found += weight;
        continue;
      }
      const max = typoAllowance(word.length);
      if (max === 0) continue;
      let best = max + 1;
      for (const w of label.words) if (best > 1) best = Math.min(best, osaDistance(word, w, max));
      if (best <= max) found += weight * (1 - 0.25 * best);
    }
    return total === 0 ? 0 : found / total;
  }
}
