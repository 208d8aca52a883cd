/** Number of set bits of a 32-bit integer (SWAR popcount; Hacker's Delight, 5-2). */
export function popCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0xf0f0f0f) * 0x1010101) >>> 24;
}
