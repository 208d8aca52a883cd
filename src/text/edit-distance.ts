/**
 * Optimal string alignment distance (Damerau–Levenshtein without re-editing a transposed pair):
 * the fewest insertions, deletions, substitutions and transpositions of two adjacent characters that
 * turn `a` into `b`. Stops early and returns `max + 1` once the distance is sure to exceed `max`.
 * Used by tests and the benchmark; the index computes the same distance while walking its trie.
 */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Int32Array(n + 1);
  let prev = Int32Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Int32Array(n + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      }
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n] as number, max + 1);
}
