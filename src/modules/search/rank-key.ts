/**
 * The ranking key of a wine (see the module comment of `wine-ranking.ts`) packed into one double,
 * and the top-k list the searcher keeps by it.
 */
import type { WineIndex } from "./wine-index.ts";

const DOC_BITS = 2 ** 21;

/**
 * Field fit (module comment, key 4): 3 = every word of the display name covered, 2 = the wine name
 * or the producer covered and holding every matched term, 1 = some field covered, else 0.
 */
export function fieldFit(
  producerAll: boolean,
  wineAll: boolean,
  wineEmpty: boolean,
  producerTerms: number,
  wineTerms: number,
  mask: number,
): number {
  if (producerAll && wineAll) return 3;
  if (
    (wineAll && !wineEmpty && (wineTerms & mask) === mask) ||
    (producerAll && (producerTerms & mask) === mask)
  )
    return 2;
  return wineAll || producerAll ? 1 : 0;
}

/** The ranking key of wine `d` (module comment), larger first; exact in a double (< 2^53). */
export function rankKey(
  index: WineIndex,
  d: number,
  matched: number,
  typos: number,
  penalty: number,
  field: number,
  unmatched: number,
): number {
  let key = matched;
  key = key * 32 + (31 - Math.min(31, typos));
  key = key * 32 + (31 - Math.min(31, penalty));
  key = key * 4 + field;
  key = key * 32 + (31 - Math.min(31, unmatched));
  key = key * 256 + (index.popularity[d] as number);
  return key * DOC_BITS + (DOC_BITS - 1 - d);
}

/** The best keys so far, descending, with their wines. */
export interface Top {
  keys: Float64Array;
  docs: Int32Array;
  kept: number;
}

export function offer(top: Top, key: number, d: number): void {
  const { keys, docs } = top;
  const limit = keys.length;
  if (top.kept === limit && key <= (keys[limit - 1] as number)) return;
  let pos = top.kept < limit ? top.kept++ : limit - 1;
  while (pos > 0 && (keys[pos - 1] as number) < key) {
    keys[pos] = keys[pos - 1] as number;
    docs[pos] = docs[pos - 1] as number;
    pos--;
  }
  keys[pos] = key;
  docs[pos] = d;
}

/** Number of bits set in a 32-bit integer. */
export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
