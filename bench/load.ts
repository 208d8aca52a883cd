/**
 * Load benchmark at catalogue scale (issues 5 and 14). Run: npm run bench
 *
 * 1. Prepares the set-up named by BENCH_SETUP (bench/load-setup.ts): `embedded` (default, one
 *    process on SQLite) or `cluster` (`serve --processes 2` on PostgreSQL with the rate limits in
 *    Redis), on a synthetic catalogue of N wines (default 300,000, seed 1) with English region
 *    insights and an Enterprise key with a huge rate limit, built once and cached; each run serves a
 *    fresh copy.
 * 2. Starts the compiled service (`node dist/cli.js serve …`, NODE_ENV=production) and measures cold
 *    start (spawn → first 200 on /health) and RSS (a cluster's primary and workers summed).
 * 3. Drives it with autocannon from this process (CONNECTIONS, BENCH_SECONDS per endpoint): wine detail
 *    (20,000 ids; the first hit of each generates its English texts), lists by colour and region (up
 *    to 5 pages of every region), lists without a region (every colour/sub-type combination, pages in
 *    the deep half), search (every distinct generated query), producer detail with wines
 *    (20,000 producers), region lists (pages, countries, languages), region insights (every region);
 *    and the ceiling, a bare `node:http` server (as many processes as the service has) answering a
 *    pre-serialized body of the size of a wine detail.
 * Every endpoint runs each distinct path once (first hits, nothing cached yet), once more unmeasured
 * (a full cache stores an answer on its second miss), then random paths for BENCH_SECONDS (warm).
 * Before those, cold rows (issue 19): wine detail with ids uniform over the whole catalogue at 1, 4
 * and CONNECTIONS connections (`cold-detail`) and list pages drawn over every region / kind, page and
 * page size at 4 and CONNECTIONS (`cold-list`), so the response cache rarely answers; after the warm
 * rows, producer details with their wines, ids uniform over all producers (`cold-producer`). Last,
 * the memory around a burst of label photos (`photos`, bench/load-photos.ts).
 * Writes bench/results/load.{json,md} (cluster: load-cluster.*; with ENDPOINTS set, only a run of some
 * rows: *-partial.*, not committed; BENCH_NAME: BENCH_NAME.*).
 * Environment: BENCH_SETUP, BENCH_WORKERS, BENCH_POSTGRES_URL, BENCH_REDIS_URL, BENCH_DB (see
 * load-setup.ts), BENCH_NAME, N, SEED, BENCH_SECONDS, CONNECTIONS, ENDPOINTS (e.g. `detail,list` or
 * `ceiling,cold`: rows to run), PROFILE (a folder for the service's CPU profile), SERVER_NODE_ARGS
 * (more node options of the service).
 */
import { rmSync } from "node:fs";
import SQLite from "better-sqlite3";
import { measure, type Row } from "./load-measure.ts";
import { photoMemory } from "./load-photos.ts";
import { writeLoadReport } from "./load-report.ts";
import { prepareSetup, runFolder, startCeiling, startService, treeRss } from "./load-setup.ts";
import { type BenchWine, generateQueries } from "./search-queries.ts";

const N = Number(process.env.N ?? 300_000);
const SEED = Number(process.env.SEED ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const POOL = 20_000;

// --- 1. the catalogue and the set-up -------------------------------------------------------------
const dir = runFolder();
const setup = await prepareSetup(dir);
const meta = setup.meta;

// --- request material from the database ---------------------------------------------------------
let seed = 42;
const rand = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const sqlite = new SQLite(setup.materialPath, { readonly: true });
const wineIds = (sqlite.prepare("select id from wines").pluck().all() as number[]).sort(() => rand() - 0.5);
const pool = wineIds.slice(0, POOL);
const redRegions = sqlite
  .prepare("select region_id as id, count(*) as n from wines where color = 'red' group by region_id")
  .all() as { id: number; n: number }[];
// Per wine, its region (a random element is a region drawn in proportion to its wines), and wines per region.
const wineRegions = sqlite.prepare("select region_id from wines").pluck().all() as number[];
const regionSizes = new Map(
  (
    sqlite.prepare("select region_id as id, count(*) as n from wines group by region_id").all() as {
      id: number;
      n: number;
    }[]
  ).map((r) => [r.id, r.n]),
);
const producerIds = sqlite.prepare("select id from producers").pluck().all() as number[];
const regionIds = sqlite.prepare("select id from regions").pluck().all() as number[];
const countries = sqlite.prepare("select distinct country from regions").pluck().all() as string[];
const kinds = [
  { filter: "", n: wineIds.length },
  ...(
    sqlite
      .prepare("select color, sub_type as subType, count(*) as n from wines group by color, sub_type")
      .all() as { color: string; subType: string; n: number }[]
  ).map(({ color, subType, n }) => ({ filter: `color=${color}&sub_type=${subType}&`, n })),
  ...(
    sqlite.prepare("select sub_type as subType, count(*) as n from wines group by sub_type").all() as {
      subType: string;
      n: number;
    }[]
  ).map(({ subType, n }) => ({ filter: `sub_type=${subType}&`, n })),
  ...(
    sqlite.prepare("select color, count(*) as n from wines group by color").all() as {
      color: string;
      n: number;
    }[]
  ).map(({ color, n }) => ({ filter: `color=${color}&`, n })),
];
const sample = sqlite
  .prepare(
    `select w.id, w.producer_id as producerId, p.display_name as producer, w.name as wine, w.display_name as display
     from wines w join producers p on p.id = w.producer_id order by random() limit 20000`,
  )
  .all() as BenchWine[];
sqlite.close();
const queries = generateQueries(sample).map((q) => q.q);
const shuffle = <T>(list: T[]): T[] => list.sort(() => rand() - 0.5);
/** Up to `most` distinct pages of a list of `total` items, `per` a page. */
const somePages = (total: number, per: number, most: number) => {
  const last = Math.max(1, Math.ceil(total / per));
  return [...new Set(Array.from({ length: Math.min(most, last) }, () => 1 + Math.floor(rand() * last)))];
};
const listPaths = shuffle(
  redRegions.flatMap((r) =>
    somePages(r.n, 20, 5).map((page) => `/v1/wines?color=red&region_id=${r.id}&page=${page}&per_page=20`),
  ),
);
// Lists without a region: every colour/sub-type combination, pages from the deep half of each.
const deepPaths = shuffle(
  kinds.flatMap(({ filter, n }) => {
    const last = Math.ceil(n / 20);
    return Array.from({ length: 400 }, () => {
      const page = Math.ceil(last / 2) + Math.floor(rand() * Math.ceil(last / 2));
      return `/v1/wines?${filter}page=${page}&per_page=20`;
    });
  }),
);
const producerPaths = shuffle(producerIds.slice())
  .slice(0, POOL)
  .map((id) => `/v1/producers/${id}?include_wines=true`);
const regionListPaths = shuffle(
  ["de", "en", "fr", "it"].flatMap((lang) => [
    ...somePages(regionIds.length, 15, 200).map((page) => `/v1/regions?page=${page}&lang=${lang}`),
    ...countries.map((country) => `/v1/regions?country=${country}&lang=${lang}`),
  ]),
);
const insightPaths = shuffle(regionIds.map((id) => `/v1/region-insights/${id}?lang=en`));
const detailPaths = pool.map((id) => `/v1/wines/${id}`);
// Cold paths, drawn afresh for every request: wine ids uniform over the whole catalogue, and list pages
// (a region drawn in proportion to its wines, or a colour/sub-type kind without one; any page; 10–30 a
// page), so the response cache rarely holds the answer asked for.
const coldDetail = () => `/v1/wines/${pick(wineIds)}`;
const coldProducer = () => `/v1/producers/${pick(producerIds)}?include_wines=true`;
const perPage = () => 10 + Math.floor(rand() * 21);
const coldRegionList = () => {
  const region = pick(wineRegions);
  const per = perPage();
  const page = 1 + Math.floor(rand() * Math.ceil((regionSizes.get(region) ?? 1) / per));
  return `/v1/wines?region_id=${region}&page=${page}&per_page=${per}`;
};
const coldKindList = () => {
  const { filter, n } = pick(kinds);
  const per = perPage();
  return `/v1/wines?${filter}page=${1 + Math.floor(rand() * Math.ceil(n / per))}&per_page=${per}`;
};

// --- 2. cold start and RSS ----------------------------------------------------------------------
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
// PROFILE=DIR: the service writes a CPU profile into DIR when it stops (node --cpu-prof).
// SERVER_NODE_ARGS: more node options for the service (e.g. --trace-gc).
const { server, coldStartMs } = await startService(
  setup,
  port,
  process.env.PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROFILE}`] : [],
);
const rss = treeRss;
const rssAtStart = rss(server.pid as number);
console.log(`cold start ${coldStartMs} ms, RSS ${rssAtStart.rss_mb} MB`);

const headers = { authorization: `Bearer ${meta.key}` };
// The search index is built in the background once the service listens; until it is ready a search
// waits a bounded time and then gets 503 with Retry-After: ask again until it answers.
let t = performance.now();
let firstSearch = await fetch(`${base}/v1/wines/search?q=chateau&limit=5`, { headers });
while (firstSearch.status === 503) {
  firstSearch = await fetch(`${base}/v1/wines/search?q=chateau&limit=5`, { headers });
}
const searchIndexMs = Math.round(performance.now() - t);
if (!firstSearch.ok) throw new Error(`search: ${firstSearch.status}`);
const detail = await (await fetch(`${base}/v1/wines/${pool[0]}`, { headers })).text();
t = performance.now();

// --- 3. load ------------------------------------------------------------------------------------
/** One row of {@link measureRow} on the service (or `pid`). */
const measureRow = (
  endpoint: string,
  url: string,
  path: () => string,
  amount?: number,
  connections = CONNECTIONS,
  pid = server.pid as number,
): Promise<Row> => measure({ endpoint, url, path, amount, connections, seconds: SECONDS, headers, pid });

const ceilingPort = port + 1000;
const ceiling = await startCeiling(dir, ceilingPort, Buffer.byteLength(detail), setup.processes);

/** Rows to run: ENDPOINTS=detail,list,… (substrings of the scenario names below); all by default. */
const only = (process.env.ENDPOINTS ?? "").split(",").filter(Boolean);
const wanted = (name: string) => only.length === 0 || only.some((x) => name.includes(x));
/** A cold row runs by default or when named (`cold`, `cold-detail`, `cold-list`, `cold-producer`), not for `detail` etc. */
const wantedCold = (name: string) =>
  only.length === 0 || only.some((x) => x.startsWith("cold") && name.includes(x));
const rows: Row[] = [];
if (wanted("ceiling")) {
  rows.push(
    await measureRow(
      `ceiling (node:http, same body size${setup.processes > 1 ? `, ${setup.processes} processes` : ""})`,
      `http://127.0.0.1:${ceilingPort}`,
      () => "/",
      undefined,
      CONNECTIONS,
      ceiling.pid as number,
    ),
  );
}
ceiling.kill("SIGTERM");

/** Cold rows of `endpoint` at each of `counts` connections: "<endpoint> cold (<n> connections<about>)". */
async function coldRows(endpoint: string, about: string, path: () => string, counts: number[]) {
  for (const connections of [...new Set(counts)]) {
    const at = `${connections} connection${connections === 1 ? "" : "s"}`;
    rows.push(await measureRow(`${endpoint} cold (${at}${about})`, base, path, undefined, connections));
  }
}

// Cold rows (issue 19), on the fresh service before any warm row: detail at 1, 4 and CONNECTIONS
// connections, then list pages with and without a region at 4 (a page's service time with little
// of the CONNECTIONS-deep queue in it) and CONNECTIONS.
if (wantedCold("cold-detail")) {
  await coldRows("GET /v1/wines/{id}", `, ids uniform over ${wineIds.length}`, coldDetail, [
    1,
    4,
    CONNECTIONS,
  ]);
}
if (wantedCold("cold-list")) {
  const counts = [4, CONNECTIONS];
  await coldRows(
    "GET /v1/wines?region_id&page&per_page",
    "; any region, page, 10–30",
    coldRegionList,
    counts,
  );
  await coldRows(
    "GET /v1/wines?[color][&sub_type]&page&per_page",
    "; no region, any page, 10–30",
    coldKindList,
    counts,
  );
}

/**
 * One endpoint over `paths`: first every path once (first hits: uncached answers; for wine detail
 * also the on-demand English texts), then every path once more, not measured, then random paths for
 * BENCH_SECONDS (warm). The second pass is what makes the warm row warm after the cold rows: a full
 * response cache stores an answer on its key's second miss only (plugins/response-cache.ts), so
 * without it the warm row spent its first seconds storing the pool, and more of them the slower the
 * machine.
 */
async function firstAndWarm(name: string, endpoint: string, paths: readonly string[]) {
  if (!wanted(name)) return;
  let next = 0;
  const eachOnce = () => paths[next++ % paths.length] as string;
  rows.push(
    await measureRow(`${endpoint} first hit (${paths.length} distinct)`, base, eachOnce, paths.length),
  );
  await measureRow(`${endpoint} second pass (not reported)`, base, eachOnce, paths.length);
  rows.push(await measureRow(`${endpoint} warm`, base, () => pick(paths)));
}
await firstAndWarm("detail", "GET /v1/wines/{id}", detailPaths);
await firstAndWarm("list", "GET /v1/wines?color=red&region_id&page", listPaths);
await firstAndWarm("deep", "GET /v1/wines?[color][&sub_type]&page (deep half, no region)", deepPaths);
await firstAndWarm(
  "search",
  "GET /v1/wines/search?q",
  [...new Set(queries)].map((q) => `/v1/wines/search?q=${encodeURIComponent(q)}`),
);
await firstAndWarm("producer", "GET /v1/producers/{id}?include_wines=true", producerPaths);
await firstAndWarm("regions", "GET /v1/regions?[page|country]&lang", regionListPaths);
await firstAndWarm("insights", "GET /v1/region-insights/{id}?lang=en", insightPaths);
// Service time without queueing: one connection (p99 at 50 connections is mostly waiting in line).
if (wanted("one")) {
  const one = (endpoint: string, path: () => string) =>
    measureRow(`${endpoint} (1 connection)`, base, path, undefined, 1);
  rows.push(await one("GET /v1/wines/{id} warm", () => pick(detailPaths)));
  rows.push(await one("GET /v1/wines?color=red&region_id&page warm", () => pick(listPaths)));
  rows.push(
    await one("GET /v1/wines/search?q warm", () => `/v1/wines/search?q=${encodeURIComponent(pick(queries))}`),
  );
  // Uncached search service time: every distinct query once more with limit=19 (another cache key,
  // so the index and the database answer each one).
  const distinct = [...new Set(queries)];
  let at = 0;
  rows.push(
    await measureRow(
      `GET /v1/wines/search?q first hit, uncached (1 connection, ${distinct.length} distinct)`,
      base,
      () => `/v1/wines/search?q=${encodeURIComponent(distinct[at++ % distinct.length] as string)}&limit=19`,
      distinct.length,
      1,
    ),
  );
}
// Cold producer details after the warm rows: run before them, the answers they store (while the cache
// has room) change how much of the warm rows' pools the cache then admits.
if (wantedCold("cold-producer")) {
  const about = `, ids uniform over ${producerIds.length}`;
  await coldRows("GET /v1/producers/{id}?include_wines=true", about, coldProducer, [4, CONNECTIONS]);
}
const rssAfter = rss(server.pid as number);
// Last, so that the load rows' peak above is the load's own: memory around a burst of photos.
const photos = wanted("photos") ? await photoMemory(base, meta.key, server.pid as number) : undefined;
server.kill("SIGTERM");
await new Promise((r) => server.once("exit", r));
rmSync(dir, { recursive: true, force: true });
await setup.cleanup();

writeLoadReport({
  setup: setup.name,
  setupDescription: setup.description,
  n: N,
  seed: SEED,
  connections: CONNECTIONS,
  seconds: SECONDS,
  meta,
  coldStartMs,
  rssAtStart,
  rssAfter,
  photos,
  searchIndexMs,
  detailBytes: Buffer.byteLength(detail),
  rows,
  partial: only.length > 0,
  name: process.env.BENCH_NAME,
});
process.exit(0);
