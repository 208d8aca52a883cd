/**
 * The report of bench/load-backends.ts: each row at 1, 4 and 50 connections for every backend side
 * by side, the catalogue build of each, and issue 37's targets checked; written to
 * bench/results/load-backends.{json,md}.
 */
import { writeFileSync } from "node:fs";
import type { BackendRun } from "./load-backends.ts";
import type { Row } from "./load-measure.ts";

type Measured = Row & { other_cpu_us_per_request?: number };

/** A target: what was measured against its limit. */
interface Target {
  target: string;
  actual: string;
  limit: string;
  met: boolean;
}

const fixed = (x: number, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : Number.NaN);

export function writeBackendsReport(
  runs: BackendRun[],
  options: { seconds: number; name?: string | undefined },
) {
  const find = (run: BackendRun | undefined, prefix: string, connections: number): Measured | undefined =>
    run?.rows.find((r) => r.endpoint.startsWith(prefix) && r.connections === connections);
  /** CPU per request of `row` ÷ the ceiling's at the same connection count in the same backend's run. */
  const ratio = (run: BackendRun, row: Row) => {
    const ceiling = find(run, "ceiling", row.connections);
    return ceiling ? fixed(row.cpu_us_per_request / ceiling.cpu_us_per_request) : Number.NaN;
  };
  const sqlite = runs.find((r) => r.backend === "sqlite");
  const postgres = runs.find((r) => r.backend === "postgres");
  const endpoints = [...new Set(runs.flatMap((r) => r.rows.map((row) => row.endpoint)))];
  const counts = [...new Set(runs.flatMap((r) => r.rows.map((row) => row.connections)))];

  const targets: Target[] = [];
  const check = (
    target: string,
    actual: number | undefined,
    limit: number,
    unit: string,
    atLeast = false,
  ) => {
    const ok =
      actual !== undefined && Number.isFinite(actual) && (atLeast ? actual >= limit : actual <= limit);
    targets.push({
      target,
      actual: actual === undefined || !Number.isFinite(actual) ? "not run" : `${fixed(actual)}${unit}`,
      limit: `${atLeast ? "≥" : "≤"} ${fixed(limit)}${unit}`,
      met: ok,
    });
  };
  const cpuRatio = (run: BackendRun | undefined, prefix: string, connections: number) => {
    const row = find(run, prefix, connections);
    return run && row ? ratio(run, row) : undefined;
  };
  const DETAIL = "GET /v1/wines/{id} cold";
  const LISTS = ["GET /v1/wines?region_id cold", "GET /v1/wines?[color][&sub_type] cold"];
  if (sqlite) {
    check(
      "SQLite cold detail CPU/request ÷ ceiling's (50 connections)",
      cpuRatio(sqlite, DETAIL, 50),
      3,
      "×",
    );
    for (const list of LISTS) {
      check(`SQLite ${list} CPU/request ÷ ceiling's (50 connections)`, cpuRatio(sqlite, list, 50), 4, "×");
    }
    check(
      "SQLite warm detail CPU/request ÷ ceiling's (50 connections)",
      cpuRatio(sqlite, "GET /v1/wines/{id} warm", 50),
      2,
      "×",
    );
    check(
      "SQLite cold detail req/s at 50 connections vs at 4",
      find(sqlite, DETAIL, 50)?.requests_per_s,
      find(sqlite, DETAIL, 4)?.requests_per_s ?? Number.NaN,
      " req/s",
      true,
    );
    for (const prefix of [DETAIL, ...LISTS]) {
      check(`SQLite ${prefix} p99 at 4 connections`, find(sqlite, prefix, 4)?.p99_ms, 5, " ms");
    }
    check("SQLite RSS (peak)", sqlite.rssPeak, 350, " MB");
  }
  if (postgres && sqlite) {
    for (const prefix of [DETAIL, ...LISTS]) {
      const pg1 = find(postgres, prefix, 1)?.p50_ms;
      check(`PostgreSQL ${prefix} median at 1 connection`, pg1, 1, " ms");
      check(
        `PostgreSQL ${prefix} median at 1 connection ÷ SQLite's`,
        pg1 !== undefined ? pg1 / (find(sqlite, prefix, 1)?.p50_ms ?? Number.NaN) : undefined,
        2,
        "×",
      );
      check(
        `PostgreSQL ${prefix} req/s at 50 connections ÷ SQLite's`,
        (find(postgres, prefix, 50)?.requests_per_s ?? Number.NaN) /
          (find(sqlite, prefix, 50)?.requests_per_s ?? Number.NaN),
        0.7,
        "×",
        true,
      );
    }
    check(
      "PostgreSQL catalogue import time ÷ SQLite's (import --synthetic)",
      postgres.setup.meta.import_ms / sqlite.setup.meta.import_ms,
      1.5,
      "×",
    );
  }
  for (const run of runs) {
    const name = run.backend === "sqlite" ? "SQLite" : "PostgreSQL";
    check(
      `${name} uncached search p99 at 1 connection`,
      find(run, "GET /v1/wines/search?q uncached", 1)?.p99_ms,
      10,
      " ms",
    );
    for (const kind of ["uncached", "common"]) {
      check(
        `${name} ${kind} search p99 at 50 connections ÷ the ceiling's p99`,
        (find(run, `GET /v1/wines/search?q ${kind}`, 50)?.p99_ms ?? Number.NaN) /
          (find(run, "ceiling", 50)?.p99_ms ?? Number.NaN),
        3,
        "×",
      );
    }
  }

  const summary = {
    date: new Date().toISOString(),
    machine: "2 cores; service, database, load generator and ceiling on the same machine",
    seconds_per_row: options.seconds,
    backends: runs.map((run) => ({
      backend: run.backend,
      setup: run.setup.description,
      catalogue: {
        import_output: run.setup.meta.import_output,
        import_ms: run.setup.meta.import_ms,
        import_peak_mb: run.setup.meta.import_peak_mb,
        texts_and_insights_ms: run.setup.meta.insights_ms,
        texts_and_insights_peak_mb: run.setup.meta.generate_peak_mb,
        db_mb: Math.round(run.setup.meta.db_bytes / 1e6),
      },
      cold_start_ms: run.coldStartMs,
      spawn_to_first_search_ms: run.firstSearchMs,
      rss_at_start_mb: run.rssAtStart,
      rss_peak_mb: run.rssPeak,
      rows: run.rows.map((r) => ({ ...r, cpu_ratio_to_ceiling: ratio(run, r) })),
    })),
    targets,
  };
  const name = options.name || "load-backends";
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(summary, null, 2)}\n`);

  const cell = (run: BackendRun | undefined, endpoint: string, n: number) => {
    const r = find(run, endpoint, n);
    if (!run || !r) return "| | | | |";
    const db = r.other_cpu_us_per_request === undefined ? "" : ` + ${r.other_cpu_us_per_request} db`;
    return `| ${r.requests_per_s} | ${r.p50_ms} / ${r.p99_ms} | ${r.cpu_us_per_request}${db} | ${ratio(run, r)} |`;
  };
  const md = [
    `# SQLite and PostgreSQL side by side (${summary.date.slice(0, 10)})`,
    "",
    `\`npm run bench\` (bench/load-backends.ts): ${summary.machine}; ${options.seconds} s per row.`,
    "Each backend: one `serve` process on a fresh copy of the same catalogue, every wine's English texts stored.",
    "p50 / p99 in ms: at 1 connection timed per request to the microsecond, else autocannon's whole milliseconds.",
    "CPU µs/req: the service process's CPU time per request (PostgreSQL: + its server processes' as `db`);",
    "× ceiling: the service's CPU per request ÷ the bare node:http ceiling's at the same connection count, in the same backend's run.",
    "",
    "| row | conn. | SQLite req/s | p50 / p99 | CPU µs/req | × ceiling | PostgreSQL req/s | p50 / p99 | CPU µs/req | × ceiling | PG ÷ SQLite req/s |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...endpoints.flatMap((endpoint) =>
      counts.flatMap((n) => {
        const a = find(sqlite, endpoint, n);
        const b = find(postgres, endpoint, n);
        if (!a && !b) return [];
        const versus = a && b ? fixed(b.requests_per_s / a.requests_per_s) : "";
        return [
          `| ${endpoint} | ${n} ${cell(sqlite, endpoint, n)}${cell(postgres, endpoint, n).slice(1)} ${versus} |`,
        ];
      }),
    ),
    "",
    "| backend | import --synthetic: s, peak RSS MB | English texts + insights: s, peak RSS MB | database MB | cold start ms | spawn → first search ms | RSS start / peak MB |",
    "|---|---|---|---|---|---|---|",
    ...summary.backends.map(
      (b) =>
        `| ${b.backend} | ${(b.catalogue.import_ms / 1000).toFixed(1)}, ${b.catalogue.import_peak_mb ?? "?"} | ${(b.catalogue.texts_and_insights_ms / 1000).toFixed(1)}, ${b.catalogue.texts_and_insights_peak_mb ?? "?"} | ${b.catalogue.db_mb} | ${b.cold_start_ms} | ${b.spawn_to_first_search_ms} | ${b.rss_at_start_mb} / ${b.rss_peak_mb} |`,
    ),
    "",
    "| target (issue 37) | actual | limit | met |",
    "|---|---|---|---|",
    ...targets.map((t) => `| ${t.target} | ${t.actual} | ${t.limit} | ${t.met ? "met" : "missed"} |`),
    "",
  ];
  writeFileSync(`bench/results/${name}.md`, md.join("\n"));
  console.log(md.join("\n"));
}
