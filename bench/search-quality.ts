/**
 * Search quality and latency (issue 5): our typo-tolerant wine search against MiniSearch and Orama
 * on the same generated queries (bench/search-queries.ts, seeded) over the bundled catalogue.
 *
 * Metrics per query, from each engine's top 10 (R = relevant ids):
 *   Recall@1  = 1 when the first result is in R;
 *   Recall@10 = |R ∩ top 10| / min(|R|, 10)   (so a producer query needs up to 10 of its wines);
 *   MRR       = 1 / rank of the first relevant result (0 when none in the top 10).
 * Averaged per category and over all queries.
 *
 * Peers: MiniSearch 7 (fields display_name/producer/wine, `fuzzy: 0.2, prefix: true,
 * combineWith: "OR"`, terms folded like ours: lower case, accents removed) and Orama 3
 * (`tolerance: 1`, same fields, its default tokenizer, which also removes diacritics).
 * Latency: in-process time of `WineSearch.search(q, 10)` per query (index built beforehand), all queries,
 * after one unmeasured pass over them.
 *
 * With N=300000 the same query categories are generated from the synthetic catalogue of that size
 * (`import --synthetic 300000 --seed 1`, built in memory) and only our engine runs unless PEERS=1.
 *
 * Writes bench/results/search-quality-{1k,300k}.{json,md} and the two sizes side by side (with
 * the baseline of bench/results/baseline/, when kept) in bench/results/search-quality.md
 * (`search-quality-table.ts`). RESULTS_DIR=<dir> writes the size's files there instead (no table):
 * the baseline is this benchmark run so on the ranking being replaced.
 * SYNTHETIC_STYLE=hard generates the first generator's catalogue (`--synthetic-style hard`).
 * SEARCH_LABEL=<name> with SEARCH_DB=<file>: the catalogue that file already holds, whatever it is
 * (the merged catalogue of bench/merged-catalogue.ts: X-Wines + the LWIN benchmark file), written to
 * search-quality-<name>.{json,md}; peers only with PEERS=1, no side-by-side table.
 * Run: npm run bench:search   (1k)   N=300000 npm run bench:search   (300k)
 *      N=300000 SEARCH_DB=/tmp/wines-300k.sqlite npm run bench:search   (300k, catalogue file reused)
 *      SEARCH_LABEL=merged SEARCH_DB=/tmp/merged-catalogue.db npm run bench:search   (merged catalogue)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { create, insertMultiple, search as oramaSearch } from "@orama/orama";
import MiniSearch from "minisearch";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { fold } from "../src/domain/text-folding.ts";
import { catalogueVersion } from "../src/modules/catalogue/catalogue.repository.ts";
import { BUNDLED_XWINES, writeCatalogue } from "../src/modules/catalogue/catalogue.service.ts";
import { syntheticCatalogue } from "../src/modules/catalogue/synthetic.ts";
import { parseXWines } from "../src/modules/catalogue/xwines.ts";
import { indexedWinePages } from "../src/modules/search/search.repository.ts";
import { buildWineIndexFrom, indexBytes } from "../src/modules/search/wine-index.ts";
import { InMemoryWineSearch } from "../src/modules/search/wine-search.ts";
import { sideBySide } from "./search-quality-table.ts";
import { type BenchQuery, type BenchWine, generateQueries, PER_CATEGORY, SEED } from "./search-queries.ts";

const K = 10;
/** Catalogue size: unset = the bundled 1,007 wines; else the synthetic catalogue of N wines (seed 1). */
const N = process.env.N ? Number(process.env.N) : null;
/** A catalogue held in SEARCH_DB, named by SEARCH_LABEL (the merged catalogue), rather than one generated here. */
const given = process.env.SEARCH_LABEL ?? null;
const label = given ?? (N === null ? "1k" : `${Math.round(N / 1000)}k`);
/** Style of the synthetic catalogue (SYNTHETIC_STYLE: realistic, the default, or hard: the first generator's output). */
const style = process.env.SYNTHETIC_STYLE === "hard" ? "hard" : "realistic";
/** Where the results go (RESULTS_DIR; default bench/results, which also gets the side-by-side search-quality.md). */
const RESULTS_DIR = process.env.RESULTS_DIR ?? "bench/results";
/** Peers at the synthetic size only with PEERS=1 (MiniSearch and Orama hold every document as JS objects). */
const withPeers = (N === null && given === null) || process.env.PEERS === "1";
/**
 * SEARCH_DB=<file>: a SQLite file holding the catalogue, reused when it already holds one (the 300k
 * catalogue takes minutes to generate and write), else written there first. Unset: in memory.
 * The file is the caller's to delete when the catalogue generator changes.
 */
const dbPath = process.env.SEARCH_DB ?? ":memory:";
const reuse = dbPath !== ":memory:" && existsSync(dbPath);
const db = openDatabase({ kind: "sqlite", path: dbPath });
await migrateToLatest(db);
const held = reuse
  ? await db.kysely
      .selectFrom("wines")
      .select((e) => e.fn.countAll<number>().as("n"))
      .executeTakeFirst()
  : undefined;
if (given !== null && Number(held?.n ?? 0) === 0) {
  throw new Error(
    `SEARCH_LABEL=${given} needs SEARCH_DB to name a file holding a catalogue (bench/merged-catalogue.ts).`,
  );
} else if (Number(held?.n ?? 0) === 0) {
  const bundled = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
  await writeCatalogue(db.kysely, N === null ? bundled : syntheticCatalogue(bundled, N, 1, { style }));
} else if (given === null && N !== null && Number(held?.n) !== N) {
  throw new Error(`SEARCH_DB ${dbPath} holds ${held?.n} wines, not N=${N}.`);
}
const rows = await db.kysely
  .selectFrom("wines as w")
  .innerJoin("producers as p", "p.id", "w.producer_id")
  .select(["w.id", "w.name", "w.display_name", "w.producer_id", "p.display_name as producer"])
  .orderBy("w.id")
  .execute();
const wines: BenchWine[] = rows.map((r) => ({
  id: r.id,
  producerId: r.producer_id,
  producer: r.producer,
  wine: r.name,
  display: r.display_name,
}));
const queries = generateQueries(wines);

type Engine = { name: string; search: (q: string) => Promise<number[]> };

const ours = new InMemoryWineSearch(db.kysely, () => catalogueVersion(db.kysely));
const buildStart = performance.now();
await ours.prepare();
const buildMs = performance.now() - buildStart;
const memoryIndex = await buildWineIndexFrom(indexedWinePages(db.kysely));

const engines: Engine[] = [{ name: "ours", search: (q) => ours.search(q, K) }];
if (withPeers) engines.push(...(await peers()));

/** MiniSearch and Orama over the same wines. */
async function peers(): Promise<Engine[]> {
  const mini = new MiniSearch<{ id: number; display_name: string; producer: string; wine: string }>({
    fields: ["display_name", "producer", "wine"],
    processTerm: (term) => fold(term).split(" ").filter(Boolean),
    searchOptions: { fuzzy: 0.2, prefix: true, combineWith: "OR" },
  });
  mini.addAll(wines.map((w) => ({ id: w.id, display_name: w.display, producer: w.producer, wine: w.wine })));

  const orama = create({
    schema: { wid: "number", display_name: "string", producer: "string", wine: "string" } as const,
  });
  await insertMultiple(
    orama,
    wines.map((w) => ({ wid: w.id, display_name: w.display, producer: w.producer, wine: w.wine })),
  );

  return [
    {
      name: "minisearch",
      search: async (q) =>
        mini
          .search(q)
          .slice(0, K)
          .map((r) => r.id as number),
    },
    {
      name: "orama",
      search: async (q) => {
        const res = await oramaSearch(orama, {
          term: q,
          properties: ["display_name", "producer", "wine"],
          tolerance: 1,
          limit: K,
        });
        return res.hits.map((h) => (h.document as { wid: number }).wid);
      },
    },
  ];
}

interface Scores {
  queries: number;
  recall_at_1: number;
  recall_at_10: number;
  mrr: number;
  /** MRR counting only the wine a query was made from (not its namesakes: `strict` of the query). */
  mrr_one_wine: number;
}
const round = (x: number) => Math.round(x * 1000) / 1000;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

function score(results: number[], q: BenchQuery): [number, number, number, number] {
  const relevant = new Set(q.relevant);
  const top = results.slice(0, K);
  const first = top.findIndex((id) => relevant.has(id));
  const found = top.filter((id) => relevant.has(id)).length;
  const strict = new Set(q.strict ?? q.relevant);
  const firstStrict = top.findIndex((id) => strict.has(id));
  return [
    first === 0 ? 1 : 0,
    found / Math.min(relevant.size, K),
    first === -1 ? 0 : 1 / (first + 1),
    firstStrict === -1 ? 0 : 1 / (firstStrict + 1),
  ];
}

const categories = [...new Set(queries.map((q) => q.category))];
const report: Record<string, Record<string, Scores>> = {};
const latency: Record<string, { p50_ms: number; p99_ms: number; mean_ms: number }> = {};
const categoryLatency: Record<string, Record<string, { p50_ms: number; p99_ms: number }>> = {};
const misses: Record<string, { category: string; q: string; relevant: number[]; got: number[] }[]> = {};
for (const engine of engines) {
  const sums = new Map<string, [number, number, number, number, number]>();
  const times: number[] = [];
  const byCategory = new Map<string, number[]>();
  for (const q of queries) await engine.search(q.q); // warm-up pass (JIT), not measured
  misses[engine.name] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const results = await engine.search(q.q);
    const ms = performance.now() - t0;
    times.push(ms);
    byCategory.set(q.category, [...(byCategory.get(q.category) ?? []), ms]);
    const [r1, r10, rr, rrStrict] = score(results, q);
    if (r10 < 1)
      misses[engine.name]?.push({ category: q.category, q: q.q, relevant: q.relevant, got: results });
    for (const key of [q.category, "overall"]) {
      const s = sums.get(key) ?? [0, 0, 0, 0, 0];
      sums.set(key, [s[0] + 1, s[1] + r1, s[2] + r10, s[3] + rr, s[4] + rrStrict]);
    }
  }
  report[engine.name] = Object.fromEntries(
    ["overall", ...categories].map((key) => {
      const [n, r1, r10, rr, rrStrict] = sums.get(key) ?? [0, 0, 0, 0, 0];
      return [
        key,
        {
          queries: n,
          recall_at_1: round(r1 / n),
          recall_at_10: round(r10 / n),
          mrr: round(rr / n),
          mrr_one_wine: round(rrStrict / n),
        },
      ];
    }),
  );
  times.sort((a, b) => a - b);
  latency[engine.name] = {
    p50_ms: round(percentile(times, 50)),
    p99_ms: round(percentile(times, 99)),
    mean_ms: round(times.reduce((a, b) => a + b, 0) / times.length),
  };
  categoryLatency[engine.name] = Object.fromEntries(
    [...byCategory].map(([category, list]) => {
      list.sort((a, b) => a - b);
      return [category, { p50_ms: round(percentile(list, 50)), p99_ms: round(percentile(list, 99)) }];
    }),
  );
}

const result = {
  generated: new Date().toISOString(),
  catalogue: {
    wines: wines.length,
    source:
      given !== null
        ? `${dbPath} (${given})`
        : N === null
          ? "data/xwines-slim-1k-wines.csv"
          : `synthetic ${N} wines, seed 1, ${style} style (import --synthetic ${N} --seed 1 --synthetic-style ${style})`,
  },
  peers: withPeers ? "minisearch, orama" : "left out at this size (set PEERS=1)",
  queries: { total: queries.length, seed: SEED, per_category_max: PER_CATEGORY, top_k: K },
  index: { build_ms: round(buildMs), bytes: indexBytes(memoryIndex), tokens: memoryIndex.tokens.length },
  latency,
  latency_by_category: categoryLatency,
  scores: report,
  misses_of_ours: misses.ours?.slice(0, 50),
};
writeFileSync(`${RESULTS_DIR}/search-quality-${label}.json`, `${JSON.stringify(result, null, 2)}\n`);

const md: string[] = [
  given !== null
    ? `# Wine search quality (${given} catalogue in ${dbPath}, ${wines.length.toLocaleString("en")} wines)`
    : N === null
      ? "# Wine search quality (bundled catalogue, 1,007 wines)"
      : `# Wine search quality (synthetic catalogue, ${wines.length.toLocaleString("en")} wines: \`import --synthetic ${N} --seed 1 --synthetic-style ${style}\`)`,
  "",
  `${queries.length} queries generated with seed ${SEED} (bench/search-queries.ts), top ${K} per engine.`,
  "Recall@10 = |relevant ∩ top 10| / min(|relevant|, 10); MRR = 1 / rank of the first relevant result within the top 10;",
  "MRR, one wine: the same, counting only the wine a query was made from (not its namesakes). Both sizes side by side: search-quality.md.",
  "",
  "## Overall",
  "",
  "| engine | Recall@1 | Recall@10 | MRR | MRR, one wine | latency p50 (ms) | p99 (ms) |",
  "|---|---|---|---|---|---|---|",
  ...engines.map((e) => {
    const s = report[e.name]?.overall as Scores;
    const l = latency[e.name] as { p50_ms: number; p99_ms: number };
    return `| ${e.name} | ${s.recall_at_1.toFixed(3)} | ${s.recall_at_10.toFixed(3)} | ${s.mrr.toFixed(3)} | ${s.mrr_one_wine.toFixed(3)} | ${l.p50_ms} | ${l.p99_ms} |`;
  }),
  "",
  `Our index: built in ${round(buildMs)} ms (in slices, including the SQL reads), ${result.index.tokens} tokens, about ${Math.round(result.index.bytes / 1024)} KiB of arrays and strings.`,
  ...(withPeers
    ? []
    : ["", "MiniSearch and Orama are left out at this size by default (PEERS=1 adds them; see the README)."]),
  "",
  "## Our latency by category (in process, ms)",
  "",
  "| category | p50 | p99 |",
  "|---|---|---|",
  ...Object.entries(categoryLatency.ours ?? {}).map(([c, l]) => `| ${c} | ${l.p50_ms} | ${l.p99_ms} |`),
];
for (const e of engines) {
  md.push(
    "",
    `## ${e.name}`,
    "",
    "| category | queries | Recall@1 | Recall@10 | MRR | MRR, one wine |",
    "|---|---|---|---|---|---|",
  );
  for (const [key, s] of Object.entries(report[e.name] ?? {})) {
    md.push(
      `| ${key} | ${s.queries} | ${s.recall_at_1.toFixed(3)} | ${s.recall_at_10.toFixed(3)} | ${s.mrr.toFixed(3)} | ${s.mrr_one_wine.toFixed(3)} |`,
    );
  }
}
writeFileSync(`${RESULTS_DIR}/search-quality-${label}.md`, `${md.join("\n")}\n`);
console.log(md.join("\n"));
const table = sideBySide(RESULTS_DIR, "bench/results/baseline");
if (table !== null && RESULTS_DIR === "bench/results" && given === null) {
  writeFileSync(`${RESULTS_DIR}/search-quality.md`, table);
  console.log(`\n${table}`);
}
await db.destroy();
