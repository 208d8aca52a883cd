/**
 * `winedata import --xwines FILE` (English texts included) on a fresh SQLite file and on a fresh
 * PostgreSQL database, side by side. Each import runs in its own process under `/usr/bin/time -v`
 * (wall time, peak RSS); on PostgreSQL the statements sent are counted by bench/pg-statements.mjs
 * (a preload wrapping pg's Client#query: one call, one round trip). The file comes from
 * bench/xwines-file.ts.
 *
 *   npx tsx bench/xwines-file.ts --wines 300000 --out /tmp/xwines-300k.csv
 *   npx tsx bench/xwines-import.ts --file /tmp/xwines-300k.csv [--db sqlite,postgres] [--name xwines-import]
 *       [--again]
 *
 * With --again the same file is imported a second time (nothing to write: ids kept, no new text).
 * Writes bench/results/NAME.md and NAME.json (default NAME xwines-import); the databases are dropped.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    file: { type: "string", default: "/tmp/xwines-300k.csv" },
    db: { type: "string", default: "sqlite,postgres" },
    name: { type: "string", default: "xwines-import" },
    again: { type: "boolean", default: false },
    admin: {
      type: "string",
      default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
  },
});
const file = values.file as string;
const root = join(import.meta.dirname, "..");
const cli = join(root, "src", "cli.ts");
const counter = join(import.meta.dirname, "pg-statements.mjs");

interface Run {
  db: string;
  step: string;
  seconds: number;
  peakRssMb: number;
  report: string;
  statements: { total: number; byKind: Record<string, number> } | null;
  /** Catalogue version, wines, wine_sources, wine_grapes, wine_texts, drinking_periods, region_insights after the run. */
  counts: string;
}

/** `/usr/bin/time -v` "Elapsed (wall clock) time (h:mm:ss or m:ss): 4:31.02" → seconds. */
function wallSeconds(text: string): number {
  const m = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(text);
  if (!m?.[1]) return Number.NaN;
  return m[1].split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

function counts(kind: string, url: string): string {
  const query =
    "select (select version from catalogue_version) || ' ' || (select count(*) from wines) || ' ' || " +
    "(select count(*) from wine_sources) || ' ' || (select count(*) from wine_grapes) || ' ' || " +
    "(select count(*) from wine_texts) || ' ' || (select count(*) from drinking_periods) || ' ' || " +
    "(select count(*) from region_insights)";
  return kind === "sqlite"
    ? execFileSync(
        process.execPath,
        [
          "-e",
          `const D=require("better-sqlite3");const d=new D(${JSON.stringify(url.slice("sqlite:".length))});console.log(d.prepare(${JSON.stringify(query)}).pluck().get())`,
        ],
        { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
      )
        .toString()
        .trim()
    : execFileSync("psql", [url, "-At", "-c", query]).toString().trim();
}

function importOnce(kind: string, url: string, step: string): Run {
  const node = [process.execPath, ...(kind === "postgres" ? ["--import", counter] : [])];
  const run = spawnSync(
    "/usr/bin/time",
    ["-v", ...node, "--import", "tsx", cli, "import", "--xwines", file],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn", NO_COLOR: "1" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`import on ${kind} failed:\n${run.stderr.slice(-4000)}`);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr);
  const statements = /pg-statements=(\{.*\})/.exec(run.stderr);
  const result: Run = {
    db: kind,
    step,
    seconds: Math.round(wallSeconds(run.stderr) * 10) / 10,
    peakRssMb: rss ? Math.round(Number(rss[1]) / 1024) : Number.NaN,
    report: run.stdout.trim().split("\n").at(-1) ?? "",
    statements: statements?.[1] ? JSON.parse(statements[1]) : null,
    counts: counts(kind, url),
  };
  console.log(JSON.stringify(result));
  return result;
}

const runs: Run[] = [];
for (const kind of (values.db as string).split(",")) {
  let url: string;
  let drop: () => void;
  if (kind === "sqlite") {
    const path = join(mkdtempSync(join(tmpdir(), "wds-xwines-import-")), "bench.db");
    url = `sqlite:${path}`;
    drop = () => rmSync(dirname(path), { recursive: true, force: true });
  } else {
    const name = `wds_xwines_import_${process.pid}`;
    const admin = values.admin as string;
    execFileSync("psql", [admin, "-q", "-c", `drop database if exists ${name}`]);
    execFileSync("psql", [admin, "-q", "-c", `create database ${name}`]);
    url = admin.replace(/\/[^/]*$/, `/${name}`);
    drop = () => execFileSync("psql", [admin, "-q", "-c", `drop database if exists ${name} with (force)`]);
  }
  try {
    runs.push(importOnce(kind, url, "fresh database"));
    if (values.again) runs.push(importOnce(kind, url, "same file again"));
  } finally {
    drop();
  }
}

const lines = [
  `# X-Wines import (\`bench/xwines-import.ts\`): ${values.name}`,
  "",
  `${new Date().toISOString().slice(0, 16)} UTC, this machine (2 cores, shared). File: \`${file}\` (bench/xwines-file.ts).`,
  "Each run is `node --import tsx src/cli.ts import --xwines FILE` in its own process under `/usr/bin/time -v`,",
  "English texts included. Statements: pg Client#query calls (bench/pg-statements.mjs). Counts after the run:",
  "catalogue version, wines, wine_sources, wine_grapes, wine_texts, drinking_periods, region_insights.",
  "",
  "| database | step | seconds | peak RSS MB | statements | counts after | report |",
  "|---|---|---:|---:|---:|---|---|",
  ...runs.map(
    (r) =>
      `| ${r.db} | ${r.step} | ${r.seconds} | ${r.peakRssMb} | ${r.statements?.total ?? "–"} | ${r.counts} | ${r.report.replaceAll("|", "/")} |`,
  ),
];
const fresh = (kind: string) => runs.find((r) => r.db === kind && r.step === "fresh database");
const sqlite = fresh("sqlite");
const postgres = fresh("postgres");
const ratio = sqlite && postgres ? Math.round((postgres.seconds / sqlite.seconds) * 100) / 100 : null;
if (ratio !== null) lines.push("", `PostgreSQL / SQLite wall time (fresh database): **${ratio}×**.`);
if (postgres?.statements)
  lines.push(
    "",
    "PostgreSQL statements by kind (fresh database):",
    "",
    ...Object.entries(postgres.statements.byKind).map(([k, n]) => `- ${k}: ${n}`),
  );
const out = join(import.meta.dirname, "results");
writeFileSync(join(out, `${values.name}.md`), `${lines.join("\n")}\n`);
writeFileSync(join(out, `${values.name}.json`), `${JSON.stringify({ file, ratio, runs }, null, 2)}\n`);
console.log(lines.join("\n"));
