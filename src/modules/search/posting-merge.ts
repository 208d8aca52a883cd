/**
 * Posting-driven evaluation of a query pass, for queries whose every word is common ("rose",
 * "pinot noir"): all posting lists of the matching tokens are merged into per-wine scratch arrays
 * (read in order, written at the wines' positions), so that no wine's own token list is read; the
 * per-posting occurrence counts of the covered tokens give each wine's unmatched words and field fit.
 * Those counts bound each wine's key from above; the exact key (which needs the wine's words in
 * order, `wine-fit.ts`) is then computed for the wines of the best bounds only ({@link rankMerged}).
 * Same results as the wine-by-wine scan of `wine-ranking.ts`, cheaper once the candidates are many
 * (that scan misses the cache on every wine).
 */
import type { QueryTerm } from "./query-terms.ts";
import { emptyParts, type KeyParts, newTop, offer, popcount, rankKey, type Top } from "./rank-key.ts";
import type { WineFit } from "./wine-fit.ts";
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
  /** Term bits of the near tokens a wine holds (`rankMerged`), valid where `nearSeen` is the pass's generation. */
  nearSeen: Int32Array;
  nearWine: Int32Array;
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

/** Per matched-word count: wines matching that many terms, and those of them matched without typos. */
export interface Tally {
  all: Int32Array;
  typoFree: Int32Array;
}

/**
 * Ranks the `count` wines merged by {@link mergePostings} that match `coverage` terms into `top`, and
 * counts them in `tally`. Each wine's key is first bounded from the counts (field fit and unmatched
 * words as if every occurrence of a covered token were matched, every possible pair in order); the
 * exact keys ({@link WineFit}) are computed best bound first: for the 2 × top size best bounds, then,
 * only if the top's last key is below the lowest of those bounds, for every wine whose bound beats it.
 * `seen` (length = wines) marks the wines measured with `gen`.
 */
export function rankMerged(
  index: WineIndex,
  s: MergeScratch,
  count: number,
  coverage: number,
  gen: number,
  fit: WineFit,
  top: Top,
  seen: Int32Array,
  tally: Tally,
): void {
  const parts: KeyParts = { ...emptyParts(), matched: coverage };
  // The near words each wine holds (few wines): only those can have a near miss (key 2). A wine
  // holding none is bounded by its counts below; one holding some by the best fit there is, since
  // its near words count as matched words in the fit (wine-fit.ts).
  const nearTerms = fit.nearBound > 0;
  if (nearTerms) {
    for (const t of fit.nearTokens) {
      const bits = fit.nearBits(t);
      const end = index.postStart[t + 1] as number;
      for (let p = index.postStart[t] as number; p < end; p++) {
        const d = index.postDocs[p] as number;
        if (s.docStamp[d] !== -gen) continue;
        if (s.nearSeen[d] !== gen) {
          s.nearSeen[d] = gen;
          s.nearWine[d] = 0;
        }
        s.nearWine[d] = (s.nearWine[d] as number) | bits;
      }
    }
  }
  const bound = (d: number): number => {
    const mask = s.mask[d] as number;
    const near = nearTerms && s.nearSeen[d] === gen ? (s.nearWine[d] as number) & ~mask : 0;
    if (near !== 0) {
      parts.near = popcount(near);
      parts.typos = s.typos[d] as number;
      parts.penalty = s.penalty[d] as number;
      parts.order = 11;
      parts.field = 3;
      parts.unmatched = 0;
      return rankKey(index, d, parts);
    }
    const producerWords = index.producerLen[d] as number;
    const wineWords = (index.primaryLen[d] as number) - producerWords;
    const producerAll = s.coverProducer[d] === producerWords;
    const wineAll = wineWords > 0 && s.coverWine[d] === wineWords;
    const producerTerms = s.termsProducer[d] as number;
    const wineTerms = s.termsWine[d] as number;
    let field = 0;
    if (producerAll && (wineAll || wineWords === 0) && ((producerTerms | wineTerms) & mask) === mask)
      field = 3;
    else if ((wineAll && (wineTerms & mask) === mask) || (producerAll && (producerTerms & mask) === mask))
      field = 2;
    else if (wineAll || producerAll) field = 1;
    parts.near = 0;
    parts.typos = s.typos[d] as number;
    parts.penalty = s.penalty[d] as number;
    parts.order = popcount(mask & (mask >>> 1));
    parts.field = field;
    parts.unmatched =
      field >= 2
        ? 0
        : producerWords + wineWords - (s.coverProducer[d] as number) - (s.coverWine[d] as number);
    return rankKey(index, d, parts);
  };
  const exact = (d: number): void => {
    seen[d] = gen;
    fit.measure(d, gen, s.mask[d] as number);
    parts.typos = s.typos[d] as number;
    parts.penalty = s.penalty[d] as number;
    parts.order = fit.order;
    parts.field = fit.field;
    parts.unmatched = fit.unmatched;
    parts.near = fit.near;
    offer(top, rankKey(index, d, parts), d);
  };
  const best = newTop(Math.max(2 * top.keys.length, 32));
  for (let k = 0; k < count; k++) {
    const d = s.touched[k] as number;
    if (popcount(s.mask[d] as number) !== coverage) continue;
    tally.all[coverage] = (tally.all[coverage] as number) + 1;
    if (s.typos[d] === 0) tally.typoFree[coverage] = (tally.typoFree[coverage] as number) + 1;
    offer(best, bound(d), d);
  }
  for (let b = 0; b < best.kept; b++) exact(best.docs[b] as number);
  if (best.kept < best.keys.length) return; // every candidate measured
  const last = () => (top.kept < top.keys.length ? -1 : (top.keys[top.kept - 1] as number));
  if (last() >= (best.keys[best.kept - 1] as number)) return;
  for (let k = 0; k < count; k++) {
    const d = s.touched[k] as number;
    if (seen[d] === gen || popcount(s.mask[d] as number) !== coverage) continue;
    if (bound(d) > last()) exact(d);
  }
}
