/**
 * Scale check of the in-memory wine search (not a quality benchmark): the bundled 1,007 wines plus
 * synthetic wines up to N (default 300,000), each a copy of a real wine with about half of its
 * words of 4+ letters altered (3rd letter replaced, sometimes a letter appended), which gives a
 * dictionary larger than a real catalogue's. Reports index build time, heap growth, RSS and the
 * latency of the generated benchmark queries (bench/search-queries.ts) per category.
 * With DB=<sqlite file> the wines of that database instead (e.g. of `winedata import --synthetic
 * 300000 --seed 1`, which holds the bundled wines the queries are made from).
 * Run: node --expose-gc --import tsx bench/search-scale.ts   (N=100000 to change the size)
 */
import { readFileSync } from "node:fs";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { BUNDLED_XWINES, writeCatalogue } from "../src/modules/catalogue/catalogue.service.ts";
import { parseXWines } from "../src/modules/catalogue/xwines.ts";
import { loadIndexedWines } from "../src/modules/search/search.repository.ts";
import { buildWineIndex, type IndexedWine } from "../src/modules/search/wine-index.ts";
import { IndexSearcher } from "../src/modules/search/wine-ranking.ts";
import { generateQueries } from "./search-queries.ts";

const N = Number(process.env.N ?? 300_000);
const DB = process.env.DB;
const db = openDatabase({ kind: "sqlite", path: ":memory:" });
await migrateToLatest(db);
await writeCatalogue(db.kysely, parseXWines(readFileSync(BUNDLED_XWINES, "utf8")));
const real = await loadIndexedWines(db.kysely);
await db.destroy();
let external: IndexedWine[] = [];
if (DB) {
  const file = openDatabase({ kind: "sqlite", path: DB });
  external = await loadIndexedWines(file.kysely);
  await file.destroy();
}

let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const letter = () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(rand() * 26)] as string;
const mutate = (text: string) =>
  text
    .split(" ")
    .map((x) =>
      x.length > 3 && rand() < 0.5
        ? x.slice(0, 2) + letter() + x.slice(3) + (rand() < 0.5 ? letter() : "")
        : x,
    )
    .join(" ");
const wines: IndexedWine[] = DB ? external : [...real];
for (let i = wines.length; i < N && !DB; i++) {
  const base = real[i % real.length] as IndexedWine;
  wines.push({
    id: 10_000_000 + i,
    producer: mutate(base.producer),
    wine: mutate(base.wine),
    popularity: base.popularity,
  });
}

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage();
const started = performance.now();
const searcher = new IndexSearcher(buildWineIndex(wines));
const buildMs = performance.now() - started;
gc?.();
const after = process.memoryUsage();
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(
  `${wines.length} wines, ${searcher.index.tokens.length} tokens: built in ${buildMs.toFixed(0)} ms, ` +
    `heap + array buffers +${mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers)} MB, ` +
    `RSS ${mb(after.rss)} MB (synthetic source objects included)${gc ? "" : " (run with --expose-gc for exact numbers)"}`,
);

const queries = generateQueries(
  real.map((w) => ({
    id: w.id,
    producerId: 0,
    producer: w.producer,
    wine: w.wine,
    display: `${w.producer} ${w.wine}`,
  })),
);
const percentile = (sorted: number[], p: number) =>
  (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number).toFixed(3);
for (const round of ["warm-up", "measured"]) {
  const times = new Map<string, number[]>();
  let hits = 0;
  for (const q of queries) {
    const t0 = performance.now();
    const ids = searcher.search(q.q, 10);
    times.set(q.category, [...(times.get(q.category) ?? []), performance.now() - t0]);
    if (ids.some((id) => q.relevant.includes(id))) hits++;
  }
  const all = [...times.values()].flat().sort((a, b) => a - b);
  console.log(
    `${round}: ${queries.length} queries, p50 ${percentile(all, 0.5)} ms, p90 ${percentile(all, 0.9)} ms, ` +
      `p99 ${percentile(all, 0.99)} ms; a relevant wine in the top 10: ${(hits / queries.length).toFixed(3)}`,
  );
  if (round === "measured") {
    for (const [category, list] of times) {
      list.sort((a, b) => a - b);
      console.log(
        `  ${category.padEnd(16)} p50 ${percentile(list, 0.5)} ms  p99 ${percentile(list, 0.99)} ms`,
      );
    }
  }
}
