/**
 * Posting-driven evaluation of a query pass, for queries whose every word is common ("rose",
 * "pinot noir"): all posting lists of the matching tokens are merged into per-wine scratch arrays
 * (read in order, written at the wines' positions), so that no wine's own token list is read; the
 * per-posting occurrence counts of the covered tokens give each wine's unmatched words and field fit.
 * Same results as the wine-by-wine scan of `wine-ranking.ts`, cheaper once the candidates are many
 * (that scan misses the cache on every wine).
 */
import type { QueryTerm } from "./query-terms.ts";
import type { WineIndex } from "./wine-index.ts";

/** Per-wine scratch arrays of one searcher (length = wines) and its per-token marks. */
export interface MergeScratch {
  docStamp: Int32Array;
  termSeen: Int32Array;
  termCost: Int32Array;
  mask: Int32Array;
  typos: Int32Array;
  penalty: Int32Array;
  /** Covered producer / wine-name words of each wine, and the query terms covering them. */
  coverProducer: Uint8Array;
  coverWine: Uint8Array;
  termsProducer: Int32Array;
  termsWine: Int32Array;
  tokenMask: Int32Array;
  /** The wines touched, in `touched[0 .. count)`. */
  touched: Int32Array;
}

/**
 * Wines matching some term of `terms`, stamped `-gen` in `docStamp` and listed in `touched` (their
 * number is returned), with mask, typos, penalty (cheapest match per term; costs as typos × 4 +
 * penalty) and the coverage of their words by the `covered` tokens (those marked for field fit,
 * term bits in `tokenMask`).
 */
export function mergePostings(
  index: WineIndex,
  s: MergeScratch,
  terms: QueryTerm[],
  covered: number[],
  gen: number,
): number {
  const { postStart, postDocs, postCounts } = index;
  const { docStamp, termSeen, termCost, mask, typos, penalty, touched } = s;
  let count = 0;
  const offer = (d: number, stamp: number, bit: number, cost: number) => {
    if (termSeen[d] !== stamp) {
      termSeen[d] = stamp;
      termCost[d] = cost;
      if (docStamp[d] !== -gen) {
        docStamp[d] = -gen;
        mask[d] = 0;
        typos[d] = 0;
        penalty[d] = 0;
        s.coverProducer[d] = 0;
        s.coverWine[d] = 0;
        s.termsProducer[d] = 0;
        s.termsWine[d] = 0;
        touched[count++] = d;
      }
      mask[d] = (mask[d] as number) | bit;
      typos[d] = (typos[d] as number) + (cost >> 2);
      penalty[d] = (penalty[d] as number) + (cost & 3);
    } else {
      const old = termCost[d] as number;
      if (cost >= old) return;
      termCost[d] = cost;
      typos[d] = (typos[d] as number) + (cost >> 2) - (old >> 2);
      penalty[d] = (penalty[d] as number) + (cost & 3) - (old & 3);
    }
  };
  terms.forEach((term, i) => {
    const stamp = gen * 16 + i;
    const bit = 1 << i;
    for (const m of term.tokens) {
      const cost = m.typos * 4 + m.penalty;
      const end = postStart[m.token + 1] as number;
      for (let p = postStart[m.token] as number; p < end; p++) offer(postDocs[p] as number, stamp, bit, cost);
    }
    for (const phrase of term.phrases) {
      for (const d of phraseDocs(index, phrase.parts)) offer(d, stamp, bit, phrase.penalty);
    }
  });
  for (const t of covered) {
    const bits = s.tokenMask[t] as number;
    const end = postStart[t + 1] as number;
    for (let p = postStart[t] as number; p < end; p++) {
      const d = postDocs[p] as number;
      if (docStamp[d] !== -gen) continue;
      const counts = postCounts[p] as number;
      if (counts >= 256) {
        s.coverProducer[d] = (s.coverProducer[d] as number) + (counts >> 8);
        s.termsProducer[d] = (s.termsProducer[d] as number) | bits;
      }
      if ((counts & 255) > 0) {
        s.coverWine[d] = (s.coverWine[d] as number) + (counts & 255);
        s.termsWine[d] = (s.termsWine[d] as number) | bits;
      }
    }
  }
  return count;
}

/** Positions of wines holding, for every part, at least one of the part's tokens (no repeats). */
function phraseDocs(index: WineIndex, parts: number[][]): number[] {
  const size = (part: number[]) =>
    part.reduce((sum, t) => sum + (index.postStart[t + 1] as number) - (index.postStart[t] as number), 0);
  const ordered = [...parts].sort((a, b) => size(a) - size(b));
  const [first, ...others] = ordered as [number[], ...number[][]];
  const sets = others.map((part) => new Set(part));
  const out: number[] = [];
  const seen = new Set<number>();
  for (const t of first) {
    const end = index.postStart[t + 1] as number;
    for (let p = index.postStart[t] as number; p < end; p++) {
      const d = index.postDocs[p] as number;
      if (seen.has(d)) continue;
      seen.add(d);
      const start = index.docStart[d] as number;
      const stop = index.docStart[d + 1] as number;
      let ok = true;
      for (const set of sets) {
        let found = false;
        for (let k = start; k < stop && !found; k++) found = set.has(index.docTokens[k] as number);
        if (!found) {
          ok = false;
          break;
        }
      }
      if (ok) out.push(d);
    }
  }
  return out;
}
