/**
 * SQLite and PostgreSQL side by side in one run (issue 37). Run: npm run bench
 *
 * For each backend of BENCH_BACKENDS (default `sqlite,postgres`), bench/load-setup.ts prepares the
 * same catalogue (`import --synthetic N --seed S`, default 300,000 and 1, then every wine's English
 * texts and the region insights: no request generates any; built once and cached, its import time
 * and peak RSS recorded) and a fresh copy of it, and the compiled service runs on it as one process
 * (`serve`, NODE_ENV=production, rate limits in its memory): the two runs differ by the database only.
 * Before each backend's rows, the ceiling (a bare node:http server answering a body of a wine
 * detail's size) runs at the same connection counts, so each ratio compares CPU time per request
 * measured minutes apart on the same machine. Then the same body from a bare Fastify route (no plugin or
 * hook of ours): the framework's own floor in the same ratio.
 *
 * Rows, each at 1, 4 and 50 connections for BENCH_SECONDS (default 5):
 * - cold wine detail: ids uniform over the whole catalogue (the response cache rarely holds one);
 * - cold list pages by region and without one (any colour/sub-type kind), any page, 10–30 a page;
 * - warm wine detail: 2,000 wines asked twice before (answers from the response cache);
 * - uncached search: generated queries (bench/search-queries.ts) each with a limit of its own, so each
 *   request is a new cache key;
 * - common search: ten common queries (issue 37's own search row), from the response cache after the first;
 * - cold producer detail with its wines;
 * - after the service stopped, the cold detail's statement alone at 1 connection (statementFloor).
 * At 1 connection the latencies are timed to the microsecond (bench/load-measure.ts).
 * CPU µs/request: the service's processes (from /proc); for PostgreSQL also the database server's
 * processes (`db CPU`), which run on the same 2 cores.
 *
 * Writes bench/results/load-backends.{json,md} (BENCH_NAME: another name).
 * Environment: BENCH_BACKENDS, BENCH_ROWS, N, SEED, BENCH_SECONDS, BENCH_POSTGRES_URL, BENCH_NAME.
 */
import { rmSync } from "node:fs";
import SQLite from "better-sqlite3";
import { parseDatabaseUrl } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { findWine } from "../src/modules/wines/wines.repository.ts";
import { adminQuery } from "../test/shared-backend.ts";
import { writeBackendsReport } from "./load-backends-report.ts";
import { measure, otherCpuSince, percentiles, type Row } from "./load-measure.ts";
import {
  type BenchSetup,
  prepareSetup,
  runFolder,
  startCeiling,
  startService,
  treeRss,
} from "./load-setup.ts";
import { type BenchWine, generateQueries } from "./search-queries.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const COUNTS = [1, 4, 50];
const BACKENDS = (process.env.BENCH_BACKENDS ?? "sqlite,postgres").split(",").filter(Boolean);
/** BENCH_ROWS=a,b: only the rows whose name contains one of these (a trial; all by default). */
const ROWS = (process.env.BENCH_ROWS ?? "").split(",").filter(Boolean);
/** Ten common searches (issue 37's table measured search at 50 connections with ten such queries). */
const COMMON_QUERIES = [
  "chateau",
  "pinot noir",
  "domaine",
  "riesling",
  "barolo",
  "chianti",
  "rioja",
  "malbec",
  "champagne",
  "cabernet",
];
const wanted = (endpoint: string) => ROWS.length === 0 || ROWS.some((r) => endpoint.includes(r));

let seed = 42;
const rand = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** Request material from the SQLite copy of the catalogue (the same catalogue on both backends). */
function material(path: string) {
  const db = new SQLite(path, { readonly: true });
  const all = <T>(q: string) => db.prepare(q).all() as T[];
  const wineIds = db.prepare("select id from wines").pluck().all() as number[];
  const wineRegions = db.prepare("select region_id from wines").pluck().all() as number[];
  const regionSizes = new Map(
    all<{ id: number; n: number }>("select region_id as id, count(*) as n from wines group by region_id").map(
      (r) => [r.id, r.n],
    ),
  );
  const kinds = [
    { filter: "", n: wineIds.length },
    ...all<{ color: string; sub_type: string; n: number }>(
      "select color, sub_type, count(*) as n from wines group by color, sub_type",
    ).map((k) => ({ filter: `color=${k.color}&sub_type=${k.sub_type}&`, n: k.n })),
    ...all<{ color: string; n: number }>("select color, count(*) as n from wines group by color").map(
      (k) => ({
        filter: `color=${k.color}&`,
        n: k.n,
      }),
    ),
  ];
  const producerIds = db.prepare("select id from producers").pluck().all() as number[];
  const sample = all<BenchWine>(
    `select w.id, w.producer_id as producerId, p.display_name as producer, w.name as wine, w.display_name as display
     from wines w join producers p on p.id = w.producer_id order by w.id limit 20000`,
  );
  db.close();
  const queries = [...new Set(generateQueries(sample).map((q) => q.q))];
  return { wineIds, wineRegions, regionSizes, kinds, producerIds, queries };
}

/** Pids of the PostgreSQL server processes connected to the database of `url` (pg_stat_activity). */
async function postgresPids(url: string): Promise<number[]> {
  const database = new URL(url).pathname.slice(1);
  const { rows } = await adminQuery(
    url,
    `select pid from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => Number(r.pid));
}

/** One backend's run: its setup, start-up figures and rows. */
export interface BackendRun {
  backend: string;
  setup: BenchSetup;
  coldStartMs: number;
  firstSearchMs: number;
  rssAtStart: number;
  rssPeak: number;
  rows: Row[];
}

async function runBackend(backend: string): Promise<BackendRun> {
  const dir = runFolder();
  const setup = await prepareSetup(dir, backend === "sqlite" ? "embedded" : backend);
  const m = material(setup.materialPath);
  const headers = { authorization: `Bearer ${setup.meta.key}` };
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const { server, coldStartMs, stop } = await startService(setup, port);
  const pid = server.pid as number;
  const rssAtStart = treeRss(pid).rss_mb;
  // Spawn → first search answered (503 while the index is not ready yet).
  for (;;) {
    const res = await fetch(`${base}/v1/wines/search?q=chateau&limit=5`, { headers });
    if (res.status !== 503) break;
  }
  const firstSearchMs = Math.round(performance.now() - started);
  const detailBytes = (await (await fetch(`${base}/v1/wines/${m.wineIds[0]}`, { headers })).arrayBuffer())
    .byteLength;

  const rows: Row[] = [];
  for (const server of ["node:http", "fastify"] as const) {
    const endpoint =
      server === "node:http" ? "ceiling (node:http, same body size)" : "floor: bare Fastify, same body";
    if (server === "fastify" && !wanted(endpoint)) continue;
    const ceiling = await startCeiling(dir, port + 1000, detailBytes, 1, 0, server);
    for (const connections of COUNTS) {
      rows.push(
        await measure({
          endpoint,
          url: `http://127.0.0.1:${port + 1000}`,
          path: () => "/",
          connections,
          seconds: SECONDS,
          headers: {},
          pid: ceiling.pid as number,
        }),
      );
    }
    ceiling.kill("SIGTERM");
  }

  const databaseUrl = setup.env.DATABASE_URL as string;
  const otherPids = backend === "postgres" ? () => postgresPids(databaseUrl) : undefined;
  const row = async (endpoint: string, path: () => string, amount?: number) => {
    if (!wanted(endpoint)) return;
    for (const connections of COUNTS) {
      rows.push(
        await measure({
          endpoint,
          url: base,
          path,
          connections,
          seconds: SECONDS,
          amount,
          headers,
          pid,
          otherPids,
        }),
      );
    }
  };
  const per = () => 10 + Math.floor(rand() * 21);
  await row("GET /v1/wines/{id} cold", () => `/v1/wines/${pick(m.wineIds)}`);
  await row("GET /v1/wines?region_id cold", () => {
    const region = pick(m.wineRegions);
    const n = per();
    const page = 1 + Math.floor(rand() * Math.ceil((m.regionSizes.get(region) ?? 1) / n));
    return `/v1/wines?region_id=${region}&page=${page}&per_page=${n}`;
  });
  await row("GET /v1/wines?[color][&sub_type] cold", () => {
    const { filter, n } = pick(m.kinds);
    const size = per();
    return `/v1/wines?${filter}page=${1 + Math.floor(rand() * Math.ceil(n / size))}&per_page=${size}`;
  });
  // Warm: 2,000 wines asked twice first (a full response cache stores an answer on its second miss).
  const warm = m.wineIds.slice(0, 2000).map((id) => `/v1/wines/${id}`);
  for (let pass = 0; pass < (wanted("GET /v1/wines/{id} warm") ? 2 : 0); pass++) {
    let next = 0;
    await measure({
      endpoint: "warm-up",
      url: base,
      path: () => warm[next++] as string,
      connections: 4,
      seconds: SECONDS,
      amount: warm.length,
      headers,
      pid,
    });
  }
  await row("GET /v1/wines/{id} warm", () => pick(warm));
  // Uncached search: every request a query and limit not asked before (limit 1–50 makes the key).
  let asked = 0;
  await row("GET /v1/wines/search?q uncached", () => {
    const q = m.queries[asked % m.queries.length] as string;
    const limit = 1 + (Math.floor(asked++ / m.queries.length) % 50);
    return `/v1/wines/search?q=${encodeURIComponent(q)}&limit=${limit}`;
  });
  // The issue's own search row: ten common queries, each answered from the response cache after its first.
  await row(
    "GET /v1/wines/search?q common",
    () => `/v1/wines/search?q=${encodeURIComponent(pick(COMMON_QUERIES))}`,
  );
  await row(
    "GET /v1/producers/{id}?include_wines=true cold",
    () => `/v1/producers/${pick(m.producerIds)}?include_wines=true`,
  );
  const rssPeak = treeRss(pid).peak_mb;
  stop();
  await new Promise((r) => server.once("exit", r));
  if (wanted(STATEMENT_FLOOR)) rows.push(await statementFloor(databaseUrl, m.wineIds, otherPids));
  process.off("exit", stop);
  rmSync(dir, { recursive: true, force: true });
  await setup.cleanup();
  return { backend, setup, coldStartMs, firstSearchMs, rssAtStart, rssPeak, rows };
}

const STATEMENT_FLOOR = "floor: detail statement alone (findWine, in-process)";

/**
 * The cold detail's statement without the service around it: the service's own `findWine` (its one
 * statement and row mapping, English texts) on the same database, 20,000 wines drawn uniformly, one
 * after the other in this process. CPU µs per call: this process's, plus the database server's on
 * PostgreSQL (its `rss_mb`: this process's). The data access a cold detail cannot go below, in the
 * same ratio to the ceiling.
 */
async function statementFloor(
  databaseUrl: string,
  wineIds: readonly number[],
  otherPids: (() => Promise<number[]>) | undefined,
): Promise<Row & { other_cpu_us_per_request?: number }> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  for (let i = 0; i < 500; i++) await findWine(db.kysely, pick(wineIds), "en"); // statements prepared
  const calls = 20_000;
  const otherCpu = otherPids ? await otherCpuSince(otherPids) : undefined;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    if ((await findWine(db.kysely, pick(wineIds), "en")) === undefined) throw new Error("wine missing");
    ms.push(performance.now() - t);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const other = (await otherCpu?.()) ?? 0;
  await db.destroy();
  const { p50, p99, max } = percentiles(ms);
  return {
    endpoint: STATEMENT_FLOOR,
    connections: 1,
    rss_mb: Math.round(process.memoryUsage().rss / 1e6),
    requests_per_s: Math.round(calls / seconds),
    p50_ms: p50,
    p99_ms: p99,
    max_ms: max,
    requests: calls,
    cpu_us_per_request: Math.round((used.user + used.system) / calls),
    ...(otherPids ? { other_cpu_us_per_request: Math.round(other / calls) } : {}),
    non_2xx: 0,
    errors: 0,
    statuses: {},
  };
}

const runs: BackendRun[] = [];
for (const backend of BACKENDS) runs.push(await runBackend(backend));
writeBackendsReport(runs, { seconds: SECONDS, name: process.env.BENCH_NAME });
process.exit(0);
