/**
 * The ranking key of a wine (see the module comment of `wine-ranking.ts`) packed into one double,
 * and the top-k list the searcher keeps by it.
 */
import type { WineIndex } from "./wine-index.ts";

const DOC_BITS = 2 ** 21;

/** Parts of a ranking key besides the wine's popularity and position. */
export interface KeyParts {
  /** Query words matched (0–12). */
  matched: number;
  /** Query words matching nothing that the wine has a near word for (0–3, `wine-fit.ts`), more first. */
  near: number;
  /** Total typos (capped at 31) and total penalty (capped at 31), fewer first. */
  typos: number;
  penalty: number;
  /** Field fit 0–3, more first (`wine-fit.ts`). */
  field: number;
  /** Query word pairs adjacent and in order in the display name (0–11), more first (`wine-fit.ts`). */
  order: number;
  /** Words left unmatched (capped at 15), fewer first (`wine-fit.ts`). */
  unmatched: number;
}

/** Key parts all 0, to be filled in. */
export function emptyParts(): KeyParts {
  return { matched: 0, near: 0, typos: 0, penalty: 0, field: 0, order: 0, unmatched: 0 };
}

/**
 * The ranking key of wine `d`, larger first, in mixed radix: matched (13 values), near (4), typos
 * (25), penalty (25), field (4), order (12), unmatched (8), popularity (256), position (2^21):
 * below 2^53, exact in a double. Typos and penalty are at most 2 per query word (24 for 12 words).
 */
export function rankKey(index: WineIndex, d: number, p: KeyParts): number {
  let key = p.matched;
  key = key * 4 + Math.min(3, p.near);
  key = key * 25 + (24 - Math.min(24, p.typos));
  key = key * 25 + (24 - Math.min(24, p.penalty));
  key = key * 4 + p.field;
  key = key * 12 + Math.min(11, p.order);
  key = key * 8 + (7 - Math.min(7, p.unmatched));
  key = key * 256 + (index.popularity[d] as number);
  return key * DOC_BITS + (DOC_BITS - 1 - d);
}
/** The wine position a key of {@link rankKey} belongs to. */
export function keyDoc(key: number): number {
  return DOC_BITS - 1 - (key % DOC_BITS);
}

/** The best keys so far, descending, with their wines. */
export interface Top {
  keys: Float64Array;
  docs: Int32Array;
  kept: number;
}

/** An empty {@link Top} of `size` places. */
export function newTop(size: number): Top {
  return { keys: new Float64Array(size).fill(-1), docs: new Int32Array(size), kept: 0 };
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
