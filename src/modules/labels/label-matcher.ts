/**
 * Finds the wine a label shows from the words read on it. Each wine is a weighted bag of character
 * trigrams of its producer, wine name, region and grapes (folded like search: accents and case
 * removed), weighted by inverse document frequency, so distinctive spellings count and words on every
 * label ("wine", "reserva") count little. A label scores each wine by the cosine of the two vectors:
 * whole-label evidence rather than single words, and tolerant of OCR slips (0/O, rn/m, a dropped or
 * doubled letter, missing spaces) because most trigrams of a word survive one slip.
 */
import { fold } from "../catalogue/normalize.ts";

/** What the matcher knows of one wine. */
export interface LabelDocument {
  id: number;
  producer: string;
  wine: string;
  region: string;
  grapes: string[];
}

/** A wine and how well the label matches it (cosine, 0..1). */
export interface LabelMatch {
  id: number;
  score: number;
}

/** Field weights: producer and wine name identify a label; region and grapes confirm it. */
const WEIGHTS = { producer: 1, wine: 1, region: 0.5, grapes: 0.35 } as const;

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

function addTerms(
  vector: Map<number, number>,
  text: string,
  weight: number,
  ids: Map<string, number>,
  grow: boolean,
) {
  for (const t of trigrams(text)) {
    let id = ids.get(t);
    if (id === undefined) {
      if (!grow) continue;
      id = ids.size;
      ids.set(t, id);
    }
    vector.set(id, (vector.get(id) ?? 0) + weight);
  }
}

export class LabelMatcher {
  private readonly ids = new Map<string, number>();
  private readonly idf: Float64Array;
  /** Inverted index: trigram id → postings of (document index, weight in the normalized vector). */
  private readonly postings: { doc: number; weight: number }[][];
  private readonly docIds: number[];

  constructor(documents: LabelDocument[]) {
    const raw: Map<number, number>[] = documents.map((d) => {
      const v = new Map<number, number>();
      addTerms(v, d.producer, WEIGHTS.producer, this.ids, true);
      addTerms(v, d.wine, WEIGHTS.wine, this.ids, true);
      addTerms(v, d.region, WEIGHTS.region, this.ids, true);
      addTerms(v, d.grapes.join(" "), WEIGHTS.grapes, this.ids, true);
      return v;
    });
    const df = new Float64Array(this.ids.size);
    for (const v of raw) for (const id of v.keys()) df[id] = (df[id] ?? 0) + 1;
    this.idf = df.map((n) => Math.log((documents.length + 1) / (n + 1)) + 1);
    this.postings = Array.from({ length: this.ids.size }, () => []);
    this.docIds = documents.map((d) => d.id);
    raw.forEach((v, doc) => {
      let norm = 0;
      for (const [id, tf] of v) norm += (tf * (this.idf[id] ?? 0)) ** 2;
      norm = Math.sqrt(norm) || 1;
      for (const [id, tf] of v) this.postings[id]?.push({ doc, weight: (tf * (this.idf[id] ?? 0)) / norm });
    });
  }

  /** The best `limit` wines for the text read on a label, best first (empty when nothing is shared). */
  match(text: string, limit: number): LabelMatch[] {
    const query = new Map<number, number>();
    addTerms(query, text, 1, this.ids, false);
    let norm = 0;
    for (const [id, tf] of query) norm += (tf * (this.idf[id] ?? 0)) ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) return [];
    const scores = new Map<number, number>();
    for (const [id, tf] of query) {
      const q = (tf * (this.idf[id] ?? 0)) / norm;
      for (const p of this.postings[id] ?? []) scores.set(p.doc, (scores.get(p.doc) ?? 0) + q * p.weight);
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || (this.docIds[a[0]] ?? 0) - (this.docIds[b[0]] ?? 0))
      .slice(0, limit)
      .map(([doc, score]) => ({ id: this.docIds[doc] as number, score }));
  }
}
