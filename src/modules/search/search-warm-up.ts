/**
 * Warm-up of a new searcher before it answers: a few dozen searches made from the index's own
 * words, run through every path of the search (the posting merge, the wine-by-wine scan, prefixes,
 * typo passes, near misses, split words, no match), so that V8 has compiled them before the first
 * real search. Without it the first searches of a started service each hold the event loop far
 * longer at 300,000 wines (interpreted code over tens of thousands of postings;
 * bench/results/search-latency-after.md).
 *
 * The words are chosen so that each warm-up search is cheap even before compilation: the merged
 * queries use words of a few thousand wines (just above the merge threshold of `wine-ranking.ts`),
 * never the most common words; the searches yield to the event loop between each other.
 */
import { documentFrequency, type WineIndex } from "./wine-index.ts";
import type { IndexSearcher } from "./wine-ranking.ts";

/** Rounds of the warm-up queries (V8 compiles a function after enough calls or loop iterations). */
const ROUNDS = 12;

/** Wines a "mid" word is held by: above the posting merge's threshold (2,000), far below the commonest. */
const MID_MIN = 2_100;
const MID_MAX = 6_000;

/**
 * The warm-up queries of `index` (deterministic: the same index gives the same queries); [] for an
 * empty index. Words of 4 letters or more: up to 4 held by {@link MID_MIN}–{@link MID_MAX} wines
 * (fewer when the catalogue is small: then the most common ones) and up to 4 held by one wine.
 */
export function warmUpQueries(index: WineIndex): string[] {
  const mid: string[] = [];
  const rare: string[] = [];
  let common: { word: string; df: number }[] = [];
  for (let t = 0; t < index.tokens.length; t++) {
    const word = index.tokens[t] as string;
    if (word.length < 4 || !/^[a-z]+$/.test(word)) continue;
    const df = documentFrequency(index, t);
    if (df >= MID_MIN && df <= MID_MAX && mid.length < 4) mid.push(word);
    else if (df === 1 && word.length >= 8 && rare.length < 4) rare.push(word);
    if (df > 1) {
      common.push({ word, df });
      if (common.length > 64) common = common.sort((a, b) => b.df - a.df).slice(0, 8);
    }
  }
  for (const { word } of common.sort((a, b) => b.df - a.df)) {
    if (mid.length >= 4) break;
    if (!mid.includes(word)) mid.push(word);
  }
  if (mid.length === 0) return [];
  const [m1, m2 = m1, m3 = m2, m4 = m3] = mid as [string, ...string[]];
  const [r1 = m1, r2 = r1, r3 = r2] = rare;
  // One edit (a swap of two letters) and two edits (and a third: a near miss) of 8+ letter words.
  const swap = (w: string) => `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`;
  const twice = (w: string) => swap(`${w.slice(0, -3)}${w.at(-2)}${w.at(-3)}${w.at(-1)}`);
  return [
    m1,
    m2,
    `${m1} ${m2}`,
    `${m3} ${m4} ${m1}`,
    m2.slice(0, 3),
    `${m1} ${m3.slice(0, 4)}`,
    r1,
    `${m1} ${r2}`,
    `${r3} ${m2} ${m4}`,
    swap(r1),
    `${m2} ${swap(r2)}`,
    twice(r3),
    `${m1} ${twice(r1)}x`,
    `${m3}${m4}`,
    `${m4} ${swap(m3)}q`,
    `${m1.slice(0, 5)}${r1.slice(0, 2)} ${m2}`,
    `${r1.slice(0, 4)}${m2}`,
    "qzxv qzxw",
  ];
}

/**
 * Runs the {@link warmUpQueries} of `searcher`'s index {@link ROUNDS} times, yielding to the event
 * loop after each search. Answers are dropped; never throws (a search failing here would fail for
 * a client too, where it is reported).
 */
export async function warmUp(searcher: IndexSearcher): Promise<void> {
  const queries = warmUpQueries(searcher.index);
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of queries) {
      try {
        searcher.searchWithTotal(q, 20);
      } catch {
        // Reported when a client's search fails the same way.
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
