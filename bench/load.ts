/**
 * Load benchmark at catalogue scale (issue 5). Run: npm run bench
 *
 * 1. Builds a synthetic catalogue of N wines (`winedata import --synthetic N --seed S`, default
 *    300,000 and 1) with English region insights (`winedata generate --lang en --what insights`) and an
 *    Enterprise key with a huge rate limit; cached in the OS temp folder keyed by N, seed and a hash of
 *    the generator's source, so reruns skip it. Each run serves a fresh copy of the cached file.
 * 2. Starts the compiled service (`node dist/cli.js serve`, NODE_ENV=production) and measures cold
 *    start (spawn → first 200 on /health) and RSS.
 * 3. Drives it with autocannon from this process (CONNECTIONS, BENCH_SECONDS per endpoint): wine detail
 *    (first hit of each id, which generates its English texts, then warm), lists by colour and region,
 *    search, producer detail with wines, regions, region insights; and the ceiling, a bare `node:http`
 *    server in a child process answering a pre-serialized body of the size of a wine detail.
 * Writes bench/results/load.{json,md}. Environment: N, SEED, BENCH_SECONDS, CONNECTIONS.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import { type BenchWine, generateQueries } from "./search-queries.ts";

const N = Number(process.env.N ?? 300_000);
const SEED = Number(process.env.SEED ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const POOL = 20_000;

// --- 1. the cached database --------------------------------------------------------------------
const sourceHash = createHash("sha256")
  .update(readFileSync("src/modules/catalogue/synthetic.ts"))
  .update(readFileSync("src/modules/catalogue/synthetic-words.ts"))
  .update(readdirSync("src/db/migrations").join("\n"))
  .digest("hex")
  .slice(0, 10);
const cached = join(tmpdir(), `wds-load-${N}-seed${SEED}-${sourceHash}.db`);
const metaFile = `${cached}.json`;
interface CacheMeta {
  key: string;
  import_ms: number;
  import_output: string;
  insights_ms: number;
  db_bytes: number;
}
const cli = (dbPath: string, args: string[]) =>
  execFileSync(process.execPath, ["dist/cli.js", ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite:${dbPath}`, NODE_ENV: "production", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });

if (!existsSync(cached) || !existsSync(metaFile)) {
  const building = `${cached}.building`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(building + suffix, { force: true });
  console.log(`Building the ${N}-wine catalogue (cached as ${cached}) …`);
  let t = performance.now();
  const importOutput = cli(building, ["import", "--synthetic", String(N), "--seed", String(SEED)]);
  const importMs = Math.round(performance.now() - t);
  const dbBytes = statSync(building).size;
  console.log(importOutput.trim(), `\n(${importMs} ms wall, ${(dbBytes / 1e6).toFixed(0)} MB)`);
  t = performance.now();
  console.log(cli(building, ["generate", "--lang", "en", "--what", "insights"]).trim());
  const insightsMs = Math.round(performance.now() - t);
  cli(building, [
    "accounts",
    "create",
    "--name",
    "Load",
    "--email",
    "load@bench.example",
    "--plan",
    "enterprise",
  ]);
  const key = JSON.parse(
    cli(building, [
      "keys",
      "create",
      "--email",
      "load@bench.example",
      "--name",
      "load",
      "--rate-limit",
      "1000000000",
      "--json",
    ]),
  ).key as string;
  renameSync(building, cached);
  const meta: CacheMeta = {
    key,
    import_ms: importMs,
    import_output: importOutput.trim(),
    insights_ms: insightsMs,
    db_bytes: dbBytes,
  };
  writeFileSync(metaFile, JSON.stringify(meta));
}
const meta = JSON.parse(readFileSync(metaFile, "utf8")) as CacheMeta;
const dir = mkdtempSync(join(tmpdir(), "wds-load-run-"));
const dbPath = join(dir, "load.db");
copyFileSync(cached, dbPath);

// --- request material from the database ---------------------------------------------------------
let seed = 42;
const rand = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const sqlite = new SQLite(dbPath, { readonly: true });
const wineIds = (sqlite.prepare("select id from wines").pluck().all() as number[]).sort(() => rand() - 0.5);
const pool = wineIds.slice(0, POOL);
const redRegions = sqlite
  .prepare("select region_id as id, count(*) as n from wines where color = 'red' group by region_id")
  .all() as { id: number; n: number }[];
const producerIds = sqlite.prepare("select id from producers").pluck().all() as number[];
const regionIds = sqlite.prepare("select id from regions").pluck().all() as number[];
const sample = sqlite
  .prepare(
    `select w.id, w.producer_id as producerId, p.display_name as producer, w.name as wine, w.display_name as display
     from wines w join producers p on p.id = w.producer_id order by random() limit 20000`,
  )
  .all() as BenchWine[];
sqlite.close();
const queries = generateQueries(sample).map((q) => q.q);
const listPaths = redRegions.map((r) => {
  const pages = Math.max(1, Math.ceil(r.n / 20));
  return `/v1/wines?color=red&region_id=${r.id}&page=${1 + Math.floor(rand() * pages)}&per_page=20`;
});

// --- 2. cold start and RSS ----------------------------------------------------------------------
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const server = spawn(process.execPath, ["dist/cli.js", "serve"], {
  env: {
    ...process.env,
    DATABASE_URL: `sqlite:${dbPath}`,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
let coldStartMs = 0;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/health`)).status === 200) {
      coldStartMs = Math.round(performance.now() - started);
      break;
    }
  } catch {}
  if (i > 3000) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 5));
}
/** Resident set size (and its peak) of a process, in MB, from /proc. */
function rss(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss_mb: Math.round(kb("VmRSS") / 1024), peak_mb: Math.round(kb("VmHWM") / 1024) };
}
const rssAtStart = rss(server.pid as number);
console.log(`cold start ${coldStartMs} ms, RSS ${rssAtStart.rss_mb} MB`);

const headers = { authorization: `Bearer ${meta.key}` };
let t = performance.now();
const firstSearch = await fetch(`${base}/v1/wines/search?q=chateau&limit=5`, { headers });
const searchIndexMs = Math.round(performance.now() - t);
if (!firstSearch.ok) throw new Error(`search: ${firstSearch.status}`);
const detail = await (await fetch(`${base}/v1/wines/${pool[0]}`, { headers })).text();
t = performance.now();

// --- 3. load ------------------------------------------------------------------------------------
interface Row {
  endpoint: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
  statuses: Record<string, number>;
}
async function measure(
  endpoint: string,
  url: string,
  path: () => string,
  amount?: number,
  connections = CONNECTIONS,
): Promise<Row> {
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        ...(amount ? { amount } : { duration: SECONDS }),
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  const row = {
    endpoint,
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
  console.log(JSON.stringify(row));
  return row;
}

const ceilingPort = port + 1000;
const ceiling: ChildProcess = spawn(
  process.execPath,
  [
    "-e",
    `const body = Buffer.from("x".repeat(${Buffer.byteLength(detail)}));
     require("node:http").createServer((req, res) => {
       res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
       res.end(body);
     }).listen(${ceilingPort}, "127.0.0.1", () => console.log("ceiling up"));`,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
await new Promise((resolve) => ceiling.stdout?.once("data", resolve));

let cursor = 0;
const rows: Row[] = [];
rows.push(await measure("ceiling (node:http, same body size)", `http://127.0.0.1:${ceilingPort}`, () => "/"));
ceiling.kill("SIGTERM");
rows.push(
  await measure(
    `GET /v1/wines/{id} first hit (${POOL} ids, English texts generated)`,
    base,
    () => `/v1/wines/${pool[cursor++ % pool.length]}`,
    POOL,
  ),
);
rows.push(await measure("GET /v1/wines/{id}", base, () => `/v1/wines/${pick(pool)}`));
rows.push(await measure("GET /v1/wines?color=red&region_id&page", base, () => pick(listPaths)));
rows.push(
  await measure(
    "GET /v1/wines/search?q",
    base,
    () => `/v1/wines/search?q=${encodeURIComponent(pick(queries))}`,
  ),
);
rows.push(
  await measure("GET /v1/producers/{id}?include_wines=true", base, () => {
    return `/v1/producers/${pick(producerIds)}?include_wines=true`;
  }),
);
rows.push(await measure("GET /v1/regions", base, () => "/v1/regions"));
rows.push(
  await measure(
    "GET /v1/region-insights/{id}?lang=en",
    base,
    () => `/v1/region-insights/${pick(regionIds)}?lang=en`,
  ),
);
// Service time without queueing: one connection (p99 at 50 connections is mostly waiting in line).
const one = (endpoint: string, path: () => string) =>
  measure(`${endpoint} (1 connection)`, base, path, undefined, 1);
rows.push(await one("GET /v1/wines/{id}", () => `/v1/wines/${pick(pool)}`));
rows.push(await one("GET /v1/wines?color=red&region_id&page", () => pick(listPaths)));
rows.push(
  await one("GET /v1/wines/search?q", () => `/v1/wines/search?q=${encodeURIComponent(pick(queries))}`),
);
const rssAfter = rss(server.pid as number);
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
rmSync(dir, { recursive: true, force: true });

// --- report -------------------------------------------------------------------------------------
const ceilingRps = (rows[0] as Row).requests_per_s;
const row = (prefix: string) => rows.find((r) => r.endpoint.startsWith(prefix)) as Row;
const warmDetail = rows[2] as Row;
const target = (name: string, actual: number, limit: number, unit: string, atLeast = false) => ({
  target: name,
  actual: `${actual}${unit}`,
  limit: `${atLeast ? "≥" : "≤"} ${limit}${unit}`,
  met: atLeast ? actual >= limit : actual <= limit,
  by: atLeast
    ? `${(((limit - actual) / limit) * 100).toFixed(0)} % short`
    : `${(actual / limit).toFixed(1)}× the limit`,
});
const targets = [
  target(
    "GET /wines/{id} req/s vs ceiling",
    Math.round((warmDetail.requests_per_s / ceilingRps) * 100),
    60,
    " %",
    true,
  ),
  target("p99 detail", warmDetail.p99_ms, 10, " ms"),
  target("p99 list", row("GET /v1/wines?").p99_ms, 10, " ms"),
  target("p99 search", row("GET /v1/wines/search").p99_ms, 10, " ms"),
  target("p50 search", row("GET /v1/wines/search").p50_ms, 2, " ms"),
  target("RSS (peak)", rssAfter.peak_mb, 300, " MB"),
  target("cold start", coldStartMs, 1500, " ms"),
];
const summary = {
  date: new Date().toISOString(),
  machine: "2 cores; service, load generator and ceiling on the same machine",
  wines: N,
  seed: SEED,
  connections: CONNECTIONS,
  duration_s: SECONDS,
  import: { ms: meta.import_ms, db_mb: Math.round(meta.db_bytes / 1e6), output: meta.import_output },
  english_insights_generation_ms: meta.insights_ms,
  cold_start_ms: coldStartMs,
  rss_at_start: rssAtStart,
  rss_after_load: rssAfter,
  first_search_ms_including_index_build: searchIndexMs,
  detail_body_bytes: Buffer.byteLength(detail),
  rows: rows.map((r) => ({ ...r, ratio_to_ceiling: Number((r.requests_per_s / ceilingRps).toFixed(2)) })),
  targets,
};
writeFileSync("bench/results/load.json", `${JSON.stringify(summary, null, 2)}\n`);
const md = [
  `# Load benchmark at ${N.toLocaleString("en")} wines (${summary.date.slice(0, 10)})`,
  "",
  `autocannon, ${CONNECTIONS} connections, ${SECONDS} s per endpoint, ${summary.machine}; SQLite.`,
  `Catalogue: \`winedata import --synthetic ${N} --seed ${SEED}\` in ${(meta.import_ms / 1000).toFixed(1)} s,`,
  `database file ${summary.import.db_mb} MB (without texts); English region insights generated in`,
  `${(meta.insights_ms / 1000).toFixed(1)} s. Cold start (spawn → first 200 on /health): ${coldStartMs} ms.`,
  `RSS: ${rssAtStart.rss_mb} MB after start, ${rssAfter.rss_mb} MB after the run (peak ${rssAfter.peak_mb} MB).`,
  `First search (builds the in-memory index of every wine): ${searchIndexMs} ms.`,
  "",
  `Rows without a connection count use ${CONNECTIONS} connections; the targets are checked on those.`,
  "",
  "| endpoint | req/s | ratio to ceiling | p50 ms | p99 ms | max ms | non-2xx |",
  "|---|---|---|---|---|---|---|",
  ...summary.rows.map(
    (r) =>
      `| ${r.endpoint} | ${r.requests_per_s} | ${r.ratio_to_ceiling} | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.non_2xx} |`,
  ),
  "",
  "| target | actual | limit | met |",
  "|---|---|---|---|",
  ...targets.map((x) => `| ${x.target} | ${x.actual} | ${x.limit} | ${x.met ? "met" : `missed (${x.by})`} |`),
  "",
];
writeFileSync("bench/results/load.md", md.join("\n"));
console.log(md.join("\n"));
process.exit(0);
