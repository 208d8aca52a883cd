/**
 * The report of `bench/load.ts`: targets of issue 5 checked on the warm rows (first hits shown
 * beside them), written to bench/results/load.{json,md} (BENCH_SETUP=cluster: load-cluster.*, without
 * targets; a run of some rows only: *-partial.*).
 */
import { writeFileSync } from "node:fs";
import type { Row } from "./load-measure.ts";
import type { PhotoMemory } from "./load-photos.ts";
import type { CacheMeta } from "./load-setup.ts";

/** What one run measured. */
export interface LoadRun {
  /** BENCH_SETUP: the report's file name and heading. */
  setup: "embedded" | "postgres" | "cluster";
  setupDescription: string;
  n: number;
  seed: number;
  connections: number;
  seconds: number;
  meta: CacheMeta;
  coldStartMs: number;
  rssAtStart: { rss_mb: number; peak_mb: number };
  rssAfter: { rss_mb: number; peak_mb: number };
  /** Memory around a burst of photos after the load (`photos` row), when it ran. */
  photos?: PhotoMemory | undefined;
  searchIndexMs: number;
  detailBytes: number;
  rows: Row[];
  /** Only some rows ran (ENDPOINTS). */
  partial: boolean;
  /** The report's file name in bench/results (BENCH_NAME), instead of load / load-partial. */
  name?: string | undefined;
}

export function writeLoadReport(run: LoadRun): void {
  const { rows, meta } = run;
  const row = (prefix: string, suffix = "") =>
    rows.find((r) => r.endpoint.startsWith(prefix) && r.endpoint.endsWith(suffix));
  const ceilingRps = row("ceiling")?.requests_per_s ?? Number.NaN;
  const warmDetail = row("GET /v1/wines/{id}", "warm");
  const warmList = row("GET /v1/wines?color=red", "warm");
  const coldDetail = row(`GET /v1/wines/{id} cold (${run.connections} connections`);
  const coldDetail4 = row("GET /v1/wines/{id} cold (4 connections");
  const coldList = (prefix: string) =>
    rows.find(
      (r) => r.endpoint.startsWith(prefix) && r.endpoint.includes(` cold (${run.connections} connections`),
    );
  // "(" keeps the 1-connection row "… first hit, uncached (1 connection …)" out of the target.
  const firstSearch = row("GET /v1/wines/search?q first hit (");
  const warmSearch = row("GET /v1/wines/search?q", "warm");
  const target = (
    name: string,
    actual: number | undefined,
    limit: number,
    unit: string,
    atLeast = false,
  ) => ({
    target: name,
    actual: actual === undefined || Number.isNaN(actual) ? "not run" : `${actual}${unit}`,
    limit: `${atLeast ? "≥" : "≤"} ${limit}${unit}`,
    met: actual !== undefined && (atLeast ? actual >= limit : actual <= limit),
    by:
      actual === undefined
        ? ""
        : atLeast
          ? `${(((limit - actual) / limit) * 100).toFixed(0)} % short`
          : `${(actual / limit).toFixed(1)}× the limit`,
  });
  // Issue 5's targets are for the embedded set-up (one process); a cluster's rows are shown as measured.
  const targets =
    run.setup === "cluster"
      ? []
      : [
          target(
            "GET /wines/{id} req/s vs ceiling (warm)",
            warmDetail && Math.round((warmDetail.requests_per_s / ceilingRps) * 100),
            60,
            " %",
            true,
          ),
          target("p99 detail (warm)", warmDetail?.p99_ms, 10, " ms"),
          target("p99 list (warm)", warmList?.p99_ms, 10, " ms"),
          target("p99 search (first hit: every query once, uncached)", firstSearch?.p99_ms, 10, " ms"),
          target("p50 search (first hit: every query once, uncached)", firstSearch?.p50_ms, 2, " ms"),
          target("p99 search (warm)", warmSearch?.p99_ms, 10, " ms"),
          target("p50 search (warm)", warmSearch?.p50_ms, 2, " ms"),
          target(
            `GET /wines/{id} cold req/s vs ceiling (${run.connections} connections; issue 19)`,
            coldDetail && Math.round((coldDetail.requests_per_s / ceilingRps) * 100),
            20,
            " %",
            true,
          ),
          target(`p99 detail (cold, ${run.connections} connections)`, coldDetail?.p99_ms, 25, " ms"),
          target(
            `detail req/s cold, ${run.connections} connections vs 4`,
            coldDetail?.requests_per_s,
            coldDetail4?.requests_per_s ?? Number.NaN,
            " req/s",
            true,
          ),
          target(
            `p99 list by region (cold, ${run.connections} connections)`,
            coldList("GET /v1/wines?region_id")?.p99_ms,
            25,
            " ms",
          ),
          target(
            `p99 list without region (cold, ${run.connections} connections)`,
            coldList("GET /v1/wines?[color]")?.p99_ms,
            25,
            " ms",
          ),
          target("RSS (peak)", run.rssAfter.peak_mb, 300, " MB"),
          target(
            "RSS 60 s after the last of a burst of photos",
            run.photos?.after.find((a) => a.s === 60)?.rss_mb,
            350,
            " MB",
          ),
          target("cold start", run.coldStartMs, 1500, " ms"),
        ];
  // A run of some rows shows only the targets it measured.
  if (run.partial) targets.splice(0, targets.length, ...targets.filter((x) => x.actual !== "not run"));
  const summary = {
    date: new Date().toISOString(),
    machine: "2 cores; service, load generator and ceiling on the same machine",
    setup: run.setupDescription,
    wines: run.n,
    seed: run.seed,
    connections: run.connections,
    duration_s: run.seconds,
    import: { ms: meta.import_ms, db_mb: Math.round(meta.db_bytes / 1e6), output: meta.import_output },
    english_insights_generation_ms: meta.insights_ms,
    cold_start_ms: run.coldStartMs,
    rss_at_start: run.rssAtStart,
    rss_after_load: run.rssAfter,
    photos: run.photos,
    first_search_ms_including_index_build: run.searchIndexMs,
    detail_body_bytes: run.detailBytes,
    rows: rows.map((r) => ({ ...r, ratio_to_ceiling: Number((r.requests_per_s / ceilingRps).toFixed(2)) })),
    targets,
  };
  const base = run.setup === "cluster" ? "load-cluster" : "load";
  const name = run.name || (run.partial ? `${base}-partial` : base);
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(summary, null, 2)}\n`);
  const md = [
    `# Load benchmark at ${run.n.toLocaleString("en")} wines (${summary.date.slice(0, 10)})`,
    "",
    `autocannon, ${run.connections} connections, ${run.seconds} s per warm row, ${summary.machine}.`,
    `Service: ${run.setupDescription}.`,
    ...(meta.import_output.startsWith("prebuilt")
      ? [
          `Catalogue: a copy of a prebuilt SQLite file (BENCH_DB), ${summary.import.db_mb} MB.`,
          `Cold start (spawn → first 200 on /health): ${run.coldStartMs} ms.`,
        ]
      : [
          `Catalogue: \`winedata import --synthetic ${run.n} --seed ${run.seed}\` in ${(meta.import_ms / 1000).toFixed(1)} s,`,
          `database ${summary.import.db_mb} MB (without texts); English region insights generated in`,
          `${(meta.insights_ms / 1000).toFixed(1)} s. Cold start (spawn → first 200 on /health): ${run.coldStartMs} ms.`,
        ]),
    `RSS: ${run.rssAtStart.rss_mb} MB after start, ${run.rssAfter.rss_mb} MB after the run (peak ${run.rssAfter.peak_mb} MB).`,
    `First search answered ${run.searchIndexMs} ms after the service answered /health (the in-memory index of every wine is built in the background from the start; searches before it is ready wait, then get 503).`,
    "",
    "Each endpoint runs its distinct paths once (first hit: nothing cached, wine texts generated on",
    "demand), once more unmeasured (a full response cache stores an answer on its second miss), then",
    `random paths among them for ${run.seconds} s (warm: answers from the response cache).`,
    ...(run.setup === "cluster"
      ? [
          "Each worker has its own response cache and the load balancer (node:cluster, round robin) sends a",
          "path's first hit to one of them, so a warm row still includes each other worker's first hit of",
          "its paths: with many distinct paths (wine detail: 20,000) it is mostly uncached answers from PostgreSQL.",
        ]
      : []),
    ...(row("GET /v1/wines/{id} cold")
      ? [
          "Cold rows (issue 19) run first, on the fresh service, for the same time each: every request draws",
          "its path afresh (wine ids uniform over the whole catalogue; list pages over every region or",
          "colour/sub-type kind, page and page size 10–30), so the response cache rarely holds the answer.",
          "The cold producer rows (ids uniform over all producers) run after the warm rows.",
        ]
      : []),
    `Rows without a connection count use ${run.connections} connections${targets.length > 0 ? "; the targets are checked on those" : ""}.`,
    ...(row("ceiling")
      ? [
          `At ${run.connections} connections every request also waits for the ${run.connections - 1} ahead of it, so p50 ≈ connections ÷ req/s:`,
          `even the ceiling (a bare server answering a constant) has p50 ${row("ceiling")?.p50_ms} ms and p99 ${row("ceiling")?.p99_ms} ms here. The 1- and 4-connection rows show service time with little or none of that queue.`,
        ]
      : []),
    "CPU µs/request: CPU time (user + system) of the server's processes during the row ÷ the requests answered,",
    "steadier than req/s on a shared machine; one thread answers at most 10^6 ÷ that many requests a second.",
    "",
    "| endpoint | req/s | ratio to ceiling | p50 ms | p99 ms | max ms | CPU µs/request | non-2xx | RSS MB after |",
    "|---|---|---|---|---|---|---|---|---|",
    ...summary.rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.requests_per_s} | ${r.ratio_to_ceiling} | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.cpu_us_per_request ?? ""} | ${r.non_2xx} | ${r.rss_mb} |`,
    ),
    "",
    ...(run.photos
      ? [
          `Memory around ${run.photos.photos} label photos analysed one after another once the load rows had run (RSS of the service and its OCR processes, MB; first photo ${run.photos.first_photo_ms} ms, with the OCR process's start and the matcher's build):`,
          "",
          `| before | peak | ${run.photos.after.map((a) => `${a.s} s after`).join(" | ")} |`,
          `|---|---|${run.photos.after.map(() => "---").join("|")}|`,
          `| ${run.photos.before_mb} | ${run.photos.peak_mb} | ${run.photos.after.map((a) => a.rss_mb).join(" | ")} |`,
          "",
        ]
      : []),
    ...(targets.length === 0 ? [] : ["| target | actual | limit | met |", "|---|---|---|---|"]),
    ...targets.map(
      (x) => `| ${x.target} | ${x.actual} | ${x.limit} | ${x.met ? "met" : `missed (${x.by})`} |`,
    ),
    "",
  ];
  writeFileSync(`bench/results/${name}.md`, md.join("\n"));
  console.log(md.join("\n"));
}
