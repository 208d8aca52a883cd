/**
 * Seeded randomness of the synthetic catalogue (`synthetic.ts`): the mulberry32 PRNG, draw helpers over
 * it and cumulative/Zipf weights. Moved out of `synthetic.ts` unchanged (the "hard" style's output
 * depends on every draw staying the same).
 */

/** Seeded PRNG (mulberry32): uniform floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random helpers over one PRNG. */
export class Draw {
  constructor(readonly next: () => number) {}
  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)] as T;
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Index into cumulative weights `cum` (ascending, last = total). */
  weighted(cum: Float64Array): number {
    const x = this.next() * (cum[cum.length - 1] as number);
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cum[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Cumulative sums of `weights`. */
export function cumulative(weights: readonly number[]): Float64Array {
  const cum = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, i) => {
    total += weight;
    cum[i] = total;
  });
  return cum;
}

/** Zipf weights 1, 1/2, 1/3 … for `n` ranks, cumulated. */
export const zipf = (n: number): Float64Array => cumulative(Array.from({ length: n }, (_, i) => 1 / (i + 1)));
