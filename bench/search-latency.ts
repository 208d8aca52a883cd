/**
 * Uncached wine search latency at a large catalogue (issue 37): SEARCH_DB (default
 * /tmp/search-300k.db, made by `DATABASE_URL=sqlite:/tmp/search-300k.db node --import tsx src/cli.ts
 * import --synthetic 300000 --seed 1`), copied to a temporary folder; the compiled service
 * (`npm run build` first).
 *
 * 1. In process: the index built from the database as the service builds it, then each of the 200
 *    measured queries timed as one synchronous `searchWithTotal(q, 20)` call (what a search holds the
 *    event loop for, when it runs on it), after 40 other warm-up queries.
 * 2. The service spawned: spawn → first 200 on /health, → first 200 on /ready (polled every 20 ms),
 *    → first search answered 200 (sent then, again every 20 ms on 503), that first search's latency.
 * 3. Through HTTP, 1 connection, one request at a time: the 40 warm-up queries, then the 200 measured
 *    queries, each sent once (so none is answered from the response cache): median, p99, max.
 * 4. 50 connections (CONNECTIONS), BENCH_SECONDS (default 10) of autocannon on searches drawn from the
 *    whole generated pool (thousands, so mostly uncached at first), then the bare node:http ceiling
 *    (bench/load-setup.ts startCeiling) with a body of the searches' mean size for as long: p99 of both.
 *
 * Queries (seeded, see {@link latencyQueries}): common words and phrases, producer names, appellations
 * (region names), wine names, typos, as-typed prefixes, from bench/search-queries.ts categories.
 * Writes bench/results/search-latency{SUFFIX}.{json,md} (SUFFIX e.g. "-before").
 * Run: npm run build && SUFFIX=-before node --import tsx bench/search-latency.ts
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { openDatabase } from "../src/db/database.ts";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import { indexedWinePages } from "../src/modules/search/search.repository.ts";
import { buildWineIndexFrom } from "../src/modules/search/wine-index.ts";
import { IndexSearcher } from "../src/modules/search/wine-ranking.ts";
import { serviceStart, startCeiling } from "./load-setup.ts";
import { type BenchWine, generateQueries } from "./search-queries.ts";
import { createBenchKey } from "./support.ts";

const SOURCE = process.env.SEARCH_DB ?? "/tmp/search-300k.db";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SUFFIX = process.env.SUFFIX ?? "";
const MEASURED = 200;
const WARM_UP = 40;

const COMMON = [
  "vin",
  "rouge",
  "chateau",
  "domaine de la",
  "pinot noir",
  "domaine",
  "blanc",
  "vino",
  "wine",
  "reserve",
  "cabernet sauvignon",
  "grand cru",
  "chateau de",
  "brut",
  "riesling",
  "chardonnay",
  "rosso",
  "merlot",
  "bodega",
  "weingut",
  "tinto",
  "cuvee",
  "vieilles vignes",
  "sauvignon blanc",
  "la",
  "les",
  "saint",
  "gran reserva",
  "estate",
  "cru",
];

/** `count` distinct queries drawn from the catalogue's wines and regions with a seeded generator. */
function latencyQueries(wines: BenchWine[], regions: string[], seed: number): { q: string; kind: string }[] {
  const rand = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const generated = generateQueries(wines, seed);
  const byCategory = new Map<string, string[]>();
  for (const g of generated) {
    const list = byCategory.get(g.category) ?? [];
    list.push(g.q);
    byCategory.set(g.category, list);
  }
  const out: { q: string; kind: string }[] = [];
  const seen = new Set<string>();
  const add = (q: string, kind: string) => {
    const t = q.trim().replace(/\s+/g, " ");
    if (t.length < 3 || t.length > 200 || seen.has(t.toLowerCase())) return;
    seen.add(t.toLowerCase());
    out.push({ q: t, kind });
  };
  for (const q of COMMON) add(q, "common");
  for (let i = 0; i < 40; i++) {
    // As typed: a prefix of a display name or producer, cut inside a word (3+ letters in all).
    const w = pick(wines);
    const text = rand() < 0.5 ? w.display : w.producer;
    add(text.slice(0, 3 + Math.floor(rand() * Math.max(1, text.length - 3))), "as_typed");
  }
  for (let i = 0; i < 25; i++) add(pick(regions), "appellation");
  for (let i = 0; i < 25; i++) add(`${pick(COMMON)} ${pick(regions).split(" ")[0]}`, "common_plus");
  const categories = [...byCategory.keys()];
  for (let i = 0; out.length < 400 && i < 5000; i++) {
    const category = pick(categories);
    add(pick(byCategory.get(category) as string[]), category);
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), "wds-search-latency-"));
const dbPath = join(dir, "search.db");
copyFileSync(SOURCE, dbPath);
const env = { ...process.env, DATABASE_URL: `sqlite:${dbPath}`, LOG_LEVEL: "warn", NODE_ENV: "production" };
const cli = (args: string[]) =>
  execFileSync(process.execPath, ["dist/cli.js", ...args], { env, encoding: "utf8" });
const key = createBenchKey(cli, "search-latency");

const sqlite = new SQLite(dbPath, { readonly: true });
const all = sqlite
  .prepare(
    `select w.id, w.producer_id as producerId, p.display_name as producer, w.name as wine, w.display_name as display
     from wines w join producers p on p.id = w.producer_id order by w.id`,
  )
  .all() as BenchWine[];
const regions = (
  sqlite.prepare("select name_fr as name from regions order by id").all() as { name: string }[]
).map((r) => r.name);
const wineCount = all.length;
sqlite.close();
const rand = mulberry32(37);
const sample = [
  ...new Map(
    Array.from({ length: 20_000 }, () => all[Math.floor(rand() * all.length)] as BenchWine).map((w) => [
      w.id,
      w,
    ]),
  ).values(),
];
all.length = 0;
const pool = latencyQueries(sample, regions, 37);
// Spread the kinds over warm-up and measured sets: a seeded shuffle.
for (let i = pool.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [pool[i], pool[j]] = [pool[j] as (typeof pool)[0], pool[i] as (typeof pool)[0]];
}
// The common words all measured (they are the slow ones), the rest filled from the shuffled pool.
const commons = pool.filter((x) => x.kind === "common");
const others = pool.filter((x) => x.kind !== "common");
const measured = [...commons, ...others.slice(0, MEASURED - commons.length)];
const warmUp = others.slice(MEASURED - commons.length, MEASURED - commons.length + WARM_UP);
const loadPool = generateQueries(sample, 99).map((g) => g.q);

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] as number;
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    median_ms: r(at(0.5)),
    p90_ms: r(at(0.9)),
    p99_ms: r(at(0.99)),
    max_ms: r(s[s.length - 1] as number),
  };
};

// 1. In process.
const db = openDatabase({ kind: "sqlite", path: dbPath });
let t0 = performance.now();
const searcher = new IndexSearcher(await buildWineIndexFrom(indexedWinePages(db.kysely)));
const buildMs = Math.round(performance.now() - t0);
t0 = performance.now();
searcher.searchWithTotal("chateau margaux", 20);
const firstInProcessMs = performance.now() - t0;
// As the service's search thread does before its first index answers (absent before issue 37).
let warmedUp = false;
try {
  const module = "../src/modules/search/search-warm-up.ts";
  const { warmUp: warm } = (await import(module)) as { warmUp: (s: IndexSearcher) => Promise<void> };
  await warm(searcher);
  warmedUp = true;
} catch {}
for (const { q } of warmUp) searcher.searchWithTotal(q, 20);
const inProcess = measured.map(({ q, kind }) => {
  const t = performance.now();
  const { total } = searcher.searchWithTotal(q, 20);
  return { q, kind, ms: performance.now() - t, total };
});
await db.destroy();
const blockStats = stats(inProcess.map((x) => x.ms));
const slowest = [...inProcess].sort((a, b) => b.ms - a.ms).slice(0, 12);
console.log(`in process: build ${buildMs} ms, first ${firstInProcessMs.toFixed(1)} ms`, blockStats);
for (const s of slowest) console.log(`  ${s.ms.toFixed(1)} ms  ${s.kind}  "${s.q}" (${s.total})`);

// 2. Spawn → first search.
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${key}` };
const start = serviceStart();
// The service's own event-loop delay (perf_hooks, 1 ms resolution): a preloaded module writes it to
// a file and starts again on each SIGUSR2.
const loopFile = join(dir, "event-loop.json");
const loopScript = join(dir, "event-loop.mjs");
writeFileSync(
  loopScript,
  `import { monitorEventLoopDelay } from "node:perf_hooks";
import { writeFileSync } from "node:fs";
const h = monitorEventLoopDelay({ resolution: 1 });
h.enable();
process.on("SIGUSR2", () => {
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  writeFileSync(${JSON.stringify(loopFile)}, JSON.stringify({ max_ms: ms(h.max), p99_ms: ms(h.percentile(99)), mean_ms: ms(h.mean) }));
  h.reset();
});
`,
);
const loopDelay = async (): Promise<{ max_ms: number; p99_ms: number; mean_ms: number }> => {
  rmSync(loopFile, { force: true });
  server.kill("SIGUSR2");
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 10));
    try {
      return JSON.parse(readFileSync(loopFile, "utf8"));
    } catch {}
  }
  throw new Error("no event-loop figures from the service");
};
const spawned = performance.now();
const server: ChildProcess = spawn(
  process.execPath,
  [...start.nodeArgs, "--import", loopScript, "dist/cli.js", "serve"],
  {
    env: { ...env, ...start.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "inherit",
  },
);
let healthMs = 0;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {}
  if (i > 6000) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 5));
}
healthMs = performance.now() - spawned;
// A load balancer sends searches once /ready says 200 (after the change it waits for the search index).
let readyMs = 0;
for (let i = 0; ; i++) {
  if ((await fetch(`${base}/ready`)).ok) break;
  if (i > 6000) throw new Error("service not ready");
  await new Promise((r) => setTimeout(r, 20));
}
readyMs = performance.now() - spawned;
let firstSearchMs = 0;
let firstLatencyMs = 0;
let unavailable = 0;
for (;;) {
  const t = performance.now();
  const res = await fetch(`${base}/v1/wines/search?q=chateau%20margaux&limit=20`, { headers });
  await res.arrayBuffer();
  if (res.status === 200) {
    firstLatencyMs = performance.now() - t;
    firstSearchMs = performance.now() - spawned;
    break;
  }
  if (res.status !== 503) throw new Error(`search: ${res.status}`);
  unavailable++;
  await new Promise((r) => setTimeout(r, 20));
}
console.log(
  `spawn → /health ${healthMs.toFixed(0)} ms, → /ready ${readyMs.toFixed(0)} ms, → first search ${firstSearchMs.toFixed(0)} ms ` +
    `(${unavailable} × 503 before), its latency ${firstLatencyMs.toFixed(1)} ms`,
);

// 3. One connection, each query once.
const timed = async (q: string) => {
  const t = performance.now();
  const res = await fetch(`${base}/v1/wines/search?q=${encodeURIComponent(q)}&limit=20`, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`);
  return { ms: performance.now() - t, bytes: body.byteLength };
};
for (const { q } of warmUp) await timed(q);
await loopDelay();
const http1 = [];
for (const { q, kind } of measured) http1.push({ q, kind, ...(await timed(q)) });
const httpStats = stats(http1.map((x) => x.ms));
const loop1 = await loopDelay();
console.log("service event loop during the 1-connection run:", loop1);
const meanBytes = Math.round(http1.reduce((s, x) => s + x.bytes, 0) / http1.length);
console.log("http, 1 connection:", httpStats);

// 4. 50 connections, then the ceiling.
async function load(url: string, path: (() => string) | null) {
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests: path ? [{ setupRequest: (req) => ({ ...req, path: path() }) }] : undefined,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    statuses,
  };
}
const loadRand = mulberry32(5);
const searchLoad = await load(base, () => {
  const q = loadPool[Math.floor(loadRand() * loadPool.length)] as string;
  return `/v1/wines/search?q=${encodeURIComponent(q)}&limit=20`;
});
const loopLoad = await loopDelay();
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
const ceilingPort = port + 1000;
const ceilingProcess = await startCeiling(dir, ceilingPort, meanBytes, 1);
const ceiling = await load(`http://127.0.0.1:${ceilingPort}`, null);
ceilingProcess.kill("SIGTERM");
await new Promise((r) => ceilingProcess.once("exit", r));
rmSync(dir, { recursive: true, force: true });
const ratio = Math.round((searchLoad.p99_ms / Math.max(1, ceiling.p99_ms)) * 100) / 100;
console.log(`${CONNECTIONS} connections: search`, searchLoad, "ceiling", ceiling, `ratio ${ratio}`);

const result = {
  generated: new Date().toISOString(),
  database: { source: SOURCE, wines: wineCount },
  queries: { measured: measured.length, warm_up: warmUp.length, load_pool: loadPool.length },
  in_process: {
    build_ms: buildMs,
    first_search_ms: Math.round(firstInProcessMs * 10) / 10,
    warmed_up_as_the_service: warmedUp,
    block_per_query: blockStats,
    slowest: slowest.map((s) => ({ q: s.q, kind: s.kind, ms: Math.round(s.ms * 100) / 100, total: s.total })),
  },
  start: {
    spawn_to_health_ms: Math.round(healthMs),
    spawn_to_ready_ms: Math.round(readyMs),
    spawn_to_first_search_ms: Math.round(firstSearchMs),
    searches_503_before: unavailable,
    first_search_latency_ms: Math.round(firstLatencyMs * 10) / 10,
  },
  http_1_connection: { ...httpStats, mean_body_bytes: meanBytes, service_event_loop_delay: loop1 },
  load: {
    connections: CONNECTIONS,
    seconds: SECONDS,
    search: searchLoad,
    ceiling,
    p99_ratio: ratio,
    service_event_loop_delay: loopLoad,
  },
  measured_queries: http1.map((x, i) => ({
    q: x.q,
    kind: x.kind,
    http_ms: Math.round(x.ms * 100) / 100,
    block_ms: Math.round((inProcess[i]?.ms ?? 0) * 100) / 100,
  })),
};
writeFileSync(`bench/results/search-latency${SUFFIX}.json`, `${JSON.stringify(result, null, 2)}\n`);
const md = [
  `# Uncached wine search latency (${wineCount.toLocaleString("en")} wines)${SUFFIX ? ` (${SUFFIX.slice(1)})` : ""}`,
  "",
  `${result.generated.slice(0, 10)}; compiled service on a copy of \`${SOURCE}\` (SQLite, NODE_ENV=production),`,
  `the bench client in another process on the same 2-core machine. ${measured.length} queries, each sent once`,
  `(common words, producers, appellations, wine names, typos, as-typed prefixes), after ${warmUp.length} warm-up queries.`,
  "",
  "| measure | median ms | p90 ms | p99 ms | max ms |",
  "|---|---|---|---|---|",
  `| one search, in process (a synchronous \`searchWithTotal\` call: the thread that searches is held that long) | ${blockStats.median_ms} | ${blockStats.p90_ms} | ${blockStats.p99_ms} | ${blockStats.max_ms} |`,
  `| HTTP, 1 connection | ${httpStats.median_ms} | ${httpStats.p90_ms} | ${httpStats.p99_ms} | ${httpStats.max_ms} |`,
  "",
  `The service's event-loop delay (perf_hooks, 1 ms resolution) during the 1-connection run: max ${loop1.max_ms} ms,`,
  `p99 ${loop1.p99_ms} ms, mean ${loop1.mean_ms} ms; during the ${CONNECTIONS}-connection run: max ${loopLoad.max_ms} ms, p99 ${loopLoad.p99_ms} ms.`,
  "",
  `Index build in process: ${buildMs} ms; first search after it: ${result.in_process.first_search_ms} ms; the in-process searches ${warmedUp ? "after the search thread's warm-up (search-warm-up.ts)" : "without warm-up (none before issue 37)"}.`,
  `Spawn → /health ${result.start.spawn_to_health_ms} ms; → /ready 200 ${result.start.spawn_to_ready_ms} ms; → first search (sent then) answered ${result.start.spawn_to_first_search_ms} ms`,
  `(${unavailable} × 503 before it), that search's latency ${result.start.first_search_latency_ms} ms.`,
  "",
  `${CONNECTIONS} connections, ${SECONDS} s each: search p99 ${searchLoad.p99_ms} ms (${searchLoad.requests_per_s} req/s, ` +
    `${JSON.stringify(searchLoad.statuses)}), bare node:http ceiling p99 ${ceiling.p99_ms} ms (${ceiling.requests_per_s} req/s): ratio ${ratio}.`,
  "",
  "Slowest searches in process:",
  "",
  "| ms | kind | query | matches |",
  "|---|---|---|---|",
  ...result.in_process.slowest.map((s) => `| ${s.ms} | ${s.kind} | ${s.q} | ${s.total} |`),
];
writeFileSync(`bench/results/search-latency${SUFFIX}.md`, `${md.join("\n")}\n`);
console.log(md.join("\n"));
