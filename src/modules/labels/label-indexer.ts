/**
 * The build side of the label matcher (label-matcher.ts): each wine's trigram vector (the largest
 * field weight of each of its trigrams), its words by field, and its evidence document
 * (label-evidence.ts), added one wine at a time into growable flat lists that the matcher's
 * constructor turns into its typed arrays.
 */
import { fold } from "../../domain/text-folding.ts";
import type { Color } from "../../domain/vocabulary.ts";
import { EvidenceIndex } from "./label-evidence.ts";
import { NameIndex } from "./label-names.ts";

/**
 * What the matcher knows of one wine: `producer` is the display name ("Château Chemin Royal"),
 * `producerName` the name without the estate title ("Chemin Royal"; default `producer`),
 * `region` the region's English name and `regionNames` all its names (default [`region`]).
 */
export interface LabelDocument {
  id: number;
  producer: string;
  producerName?: string;
  wine: string;
  region: string;
  regionNames?: string[];
  grapes: string[];
  /** ISO 3166-1 alpha-2 of the region. */
  country?: string;
  color?: Color;
  /** Listed vintages (years). */
  vintages?: number[];
}

/** Field weights (producer, wine name, region, grapes): producer and wine name identify a label; region and grapes confirm it. */
export const FIELD_TF = [1, 1, 0.5, 0.35] as const;

/** Character trigrams of each folded word, with word-boundary padding ("merlot" → " me", "mer" … "ot "). */
export function trigrams(text: string): string[] {
  const out: string[] = [];
  for (const word of fold(text).split(" ")) {
    if (word === "") continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  }
  return out;
}

/** A growable pair of typed arrays (term id, weight). */
class TermList {
  terms = new Int32Array(1 << 16);
  weights = new Float32Array(1 << 16);
  length = 0;
  push(term: number, weight: number): void {
    if (this.length === this.terms.length) {
      const terms = new Int32Array(this.length * 2);
      terms.set(this.terms);
      this.terms = terms;
      const weights = new Float32Array(this.length * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.terms[this.length] = term;
    this.weights[this.length++] = weight;
  }
}

/** Wines added one by one: their trigram vectors (flat), word lists and ids, in order. */
export class LabelIndexer {
  readonly ids = new Map<string, number>();
  readonly list = new TermList();
  readonly docStart: number[] = [0];
  readonly documentIds: number[] = [];
  readonly evidence = new EvidenceIndex();
  /** Producers' and regions' names, for labels no wine fits as a whole (label-names.ts). */
  readonly names = new NameIndex();
  /** Distinct folded words of all wines and the trigram ids of each. */
  readonly words = new Map<string, number>();
  readonly wordTrigrams: Int32Array[] = [];
  /** Per wine: word id × 4 + field (0 producer, 1 wine, 2 region, 3 grapes), from `wordStart[doc]`. */
  readonly wordList: number[] = [];
  readonly wordStart: number[] = [0];
  /**
   * The word ids of each distinct field text seen: producers, regions and grapes recur across many
   * wines, and folding each occurrence again was a fifth of a 300,000-wine build.
   */
  private readonly fieldWords = new Map<string, number[]>();

  /** The id of the folded `word`, its trigrams given ids on first sight. */
  private wordId(word: string): number {
    let id = this.words.get(word);
    if (id === undefined) {
      id = this.wordTrigrams.length;
      this.words.set(word, id);
      this.wordTrigrams.push(
        Int32Array.from(trigrams(word), (t) => {
          let tid = this.ids.get(t);
          if (tid === undefined) {
            tid = this.ids.size;
            this.ids.set(t, tid);
          }
          return tid;
        }),
      );
    }
    return id;
  }

  /** The word ids of a field's text (folded, in order; the same as {@link trigrams} word by word). */
  private wordsOf(text: string): number[] {
    let ids = this.fieldWords.get(text);
    if (ids === undefined) {
      ids = [];
      for (const word of this.evidence.foldOnce(text).split(" "))
        if (word !== "") ids.push(this.wordId(word));
      this.fieldWords.set(text, ids);
    }
    return ids;
  }

  /** Adds wine `d` after those added before (its document number is their count). */
  add(d: LabelDocument): void {
    // A wine's vector keeps the largest field weight of a trigram (unlike a label's: label-matcher.ts).
    const v = new Map<number, number>();
    const fields = [d.producer, d.wine, d.region, d.grapes.join(" ")];
    fields.forEach((text, field) => {
      const weight = FIELD_TF[field] ?? 0;
      for (const id of this.wordsOf(text)) {
        for (const t of this.wordTrigrams[id] as Int32Array) v.set(t, Math.max(v.get(t) ?? 0, weight));
        this.wordList.push(id * 4 + field);
      }
    });
    this.wordStart.push(this.wordList.length);
    for (const [term, tf] of v) this.list.push(term, tf);
    this.docStart.push(this.list.length);
    this.names.push(
      this.documentIds.length,
      d.producer,
      d.producerName ?? d.producer,
      d.regionNames ?? [d.region],
    );
    this.documentIds.push(d.id);
    this.evidence.push({
      producerName: d.producerName ?? d.producer,
      wine: d.wine,
      regionNames: d.regionNames ?? [d.region],
      grapes: d.grapes,
      country: d.country ?? "",
      color: d.color ?? null,
      vintages: d.vintages ?? [],
    });
  }
}
