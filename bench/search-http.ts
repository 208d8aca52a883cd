/**
 * Wine search through HTTP on a large catalogue (issue 5): the compiled service (`npm run build`
 * first) on a copy of SEARCH_DB (default /tmp/search-300k.db, made by
 * `DATABASE_URL=sqlite:/tmp/search-300k.db node dist/cli.js import --synthetic 300000 --seed 1`).
 *
 * Measures cold start (spawn → first 200 on /health), the time until the search index answers (it is
 * built in the background once the service listens; searches before get 503), the longest /health
 * answer while it builds (event-loop stalls), RSS (now and peak, /proc), then autocannon on
 * `/v1/wines/search?q=` with CONNECTIONS (default 50) and with 1 connection, BENCH_SECONDS each
 * (default 10), queries drawn at random from the benchmark categories (bench/search-queries.ts) made
 * from 20,000 wines of the database, as bench/load.ts does.
 * Writes bench/results/search-http-300k.{json,md}.  Run: npm run build && npx tsx bench/search-http.ts
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import { type BenchWine, generateQueries } from "./search-queries.ts";
import { createBenchKey } from "./support.ts";

const SOURCE = process.env.SEARCH_DB ?? "/tmp/search-300k.db";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);

const dir = mkdtempSync(join(tmpdir(), "wds-search-http-"));
const dbPath = join(dir, "search.db");
copyFileSync(SOURCE, dbPath);
const env = { ...process.env, DATABASE_URL: `sqlite:${dbPath}`, LOG_LEVEL: "warn", NODE_ENV: "production" };
const cli = (args: string[]) =>
  execFileSync(process.execPath, ["dist/cli.js", ...args], { env, encoding: "utf8" });
const key = createBenchKey(cli, "search");

const sqlite = new SQLite(dbPath, { readonly: true });
const all = sqlite
  .prepare(
    `select w.id, w.producer_id as producerId, p.display_name as producer, w.name as wine, w.display_name as display
     from wines w join producers p on p.id = w.producer_id order by w.id`,
  )
  .all() as BenchWine[];
const wineCount = all.length;
sqlite.close();
const rand = mulberry32(42);
const sample = Array.from({ length: 20_000 }, () => all[Math.floor(rand() * all.length)] as BenchWine);
all.length = 0;
const queries = generateQueries([...new Map(sample.map((w) => [w.id, w])).values()]).map((q) => q.q);

const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${key}` };
const started = performance.now();
const server: ChildProcess = spawn(
  process.execPath,
  [
    ...(process.env.SERVER_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SERVER_PROF}`] : []),
    "dist/cli.js",
    "serve",
  ],
  {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: "inherit",
  },
);
const memoryMb = (field: "VmRSS" | "VmHWM") => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
};
let coldStartMs = 0;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) {
      coldStartMs = Math.round(performance.now() - started);
      break;
    }
  } catch {}
  if (i > 3000) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 5));
}
const rssAtStart = memoryMb("VmRSS");

// Until the index answers: a search every 100 ms, /health every 20 ms (its slowest answer = longest stall).
let healthMaxMs = 0;
let unavailable = 0;
let readyMs = 0;
const probing = (async () => {
  while (readyMs === 0) {
    const t = performance.now();
    await fetch(`${base}/health`);
    healthMaxMs = Math.max(healthMaxMs, performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
for (;;) {
  const res = await fetch(`${base}/v1/wines/search?q=chateau&limit=5`, { headers });
  if (res.status === 200) {
    readyMs = Math.round(performance.now() - started);
    break;
  }
  if (res.status !== 503) throw new Error(`search: ${res.status} ${await res.text()}`);
  unavailable++;
  await new Promise((r) => setTimeout(r, 100));
}
await probing;
const rssAfterBuild = memoryMb("VmRSS");
const peakAfterBuild = memoryMb("VmHWM");
console.log(
  `cold start ${coldStartMs} ms, index answering after ${readyMs} ms (${unavailable} × 503), ` +
    `slowest /health meanwhile ${healthMaxMs.toFixed(0)} ms, RSS ${rssAtStart} → ${rssAfterBuild} MB (peak ${peakAfterBuild})`,
);

async function measure(connections: number) {
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: SECONDS,
        headers,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/v1/wines/search?q=${encodeURIComponent(queries[Math.floor(rand() * queries.length)] as string)}`,
            }),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  const row = {
    connections,
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p90_ms: result.latency.p90,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    requests: result.requests.total,
    statuses,
  };
  console.log(JSON.stringify(row));
  return row;
}
const rows = [await measure(CONNECTIONS), await measure(1)];
const rssEnd = memoryMb("VmRSS");
const peak = memoryMb("VmHWM");
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
rmSync(dir, { recursive: true, force: true });

const result = {
  generated: new Date().toISOString(),
  database: { source: SOURCE, wines: wineCount },
  queries: queries.length,
  seconds_per_run: SECONDS,
  cold_start_ms: coldStartMs,
  index_answering_after_ms: readyMs,
  searches_answered_503_meanwhile: unavailable,
  slowest_health_during_build_ms: Math.round(healthMaxMs),
  rss_mb: { at_start: rssAtStart, after_build: rssAfterBuild, after_run: rssEnd, peak },
  runs: rows,
};
writeFileSync("bench/results/search-http-300k.json", `${JSON.stringify(result, null, 2)}\n`);
const md = [
  `# Wine search through HTTP (${wineCount.toLocaleString("en")} wines)`,
  "",
  `${new Date().toISOString().slice(0, 10)}; compiled service on \`${SOURCE}\` (NODE_ENV=production, SQLite), autocannon from`,
  `another process on the same 2-core machine, ${SECONDS} s per run, ${queries.length} generated queries (all categories) drawn at random.`,
  "",
  `Cold start (spawn → first 200 on /health): ${coldStartMs} ms. Search index answering ${readyMs} ms after spawn`,
  `(built in the background; ${unavailable} probe searches got 503 meanwhile); slowest /health answer during the build: ${Math.round(healthMaxMs)} ms.`,
  `RSS: ${rssAtStart} MB after start, ${rssAfterBuild} MB after the build, ${rssEnd} MB after the runs; peak ${peak} MB.`,
  "",
  "| connections | req/s | p50 ms | p90 ms | p99 ms | max ms | statuses |",
  "|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.connections} | ${r.requests_per_s} | ${r.p50_ms} | ${r.p90_ms} | ${r.p99_ms} | ${r.max_ms} | ${JSON.stringify(r.statuses)} |`,
  ),
];
writeFileSync("bench/results/search-http-300k.md", `${md.join("\n")}\n`);
console.log(md.join("\n"));
