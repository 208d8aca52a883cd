/**
 * Source imports at the trade's scale, on SQLite and PostgreSQL side by side: a fresh install (the
 * bundled X-Wines catalogue), then the LWIN benchmark file (English texts included), the same file
 * again (nothing to write), the next release with ~1 % of rows changed, and the Open Food Facts
 * benchmark dump. Each import runs as `winedata import` in its own process under /usr/bin/time, so
 * its wall time and peak RSS are the command's own. Files come from bench/catalogue-files.ts.
 *
 *   npx tsx bench/catalogue-files.ts --lwin 200000 --off 50000 --changed 0.01 --out /tmp/catalogue-files
 *   npx tsx bench/catalogue-import.ts --files /tmp/catalogue-files [--db sqlite,postgres]
 *
 * Writes bench/results/catalogue-import.md and .json.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    files: { type: "string", default: "/tmp/catalogue-files" },
    db: { type: "string", default: "sqlite,postgres" },
    admin: {
      type: "string",
      default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
  },
});
const files = values.files as string;
const cli = join(import.meta.dirname, "..", "src", "cli.ts");

interface Step {
  step: string;
  seconds: number;
  peakRssMb: number;
  output: string;
  version: number;
  changes: number | null;
}

/** Runs `winedata …args` on `url` under /usr/bin/time; its wall time, peak RSS and last lines. */
function winedata(url: string, args: string[]): { seconds: number; peakRssMb: number; output: string } {
  const started = performance.now();
  const run = spawnSync(
    "/usr/bin/time",
    ["-f", "maxrss=%M", process.execPath, "--import", "tsx", cli, ...args],
    {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn", NO_COLOR: "1" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`winedata ${args.join(" ")} failed:\n${run.stderr}`);
  const rss = /maxrss=(\d+)/.exec(run.stderr);
  return {
    seconds: Math.round(seconds * 10) / 10,
    peakRssMb: rss ? Math.round(Number(rss[1]) / 1024) : Number.NaN,
    output: run.stdout.trim().split("\n").slice(-2).join(" "),
  };
}

/** Catalogue version and a count of rows written since the last call (SQLite total_changes is per connection: we count rows of the written tables instead). */
function snapshot(kind: string, url: string): { version: number; fingerprint: string } {
  const query =
    "select (select version from catalogue_version) || ' ' || (select count(*) from wines) || ' ' || " +
    "(select coalesce(max(updated_at), '') from wines) || ' ' || (select count(*) from wine_sources) || ' ' || " +
    "(select coalesce(max(updated_at), '') from wine_sources) || ' ' || (select count(*) from wine_texts)";
  let out: string;
  try {
    out =
      kind === "sqlite"
        ? execFileSync(
            process.execPath,
            [
              "-e",
              `const D=require("better-sqlite3");const d=new D(${JSON.stringify(url.slice("sqlite:".length))});console.log(d.prepare(${JSON.stringify(query)}).pluck().get())`,
            ],
            { stdio: ["ignore", "pipe", "ignore"] },
          ).toString()
        : execFileSync("psql", [url, "-At", "-c", query], { stdio: ["ignore", "pipe", "ignore"] }).toString();
  } catch {
    return { version: 0, fingerprint: "(no schema yet)" };
  }
  const text = out.trim();
  return { version: Number(text.split(" ")[0]), fingerprint: text };
}

function database(kind: string): string {
  if (kind === "sqlite") return `sqlite:${join(mkdtempSync(join(tmpdir(), "wds-import-")), "bench.db")}`;
  const name = `wds_import_${process.pid}`;
  const admin = values.admin as string;
  execFileSync("psql", [admin, "-q", "-c", `drop database if exists ${name}`]);
  execFileSync("psql", [admin, "-q", "-c", `create database ${name}`]);
  return admin.replace(/\/[^/]*$/, `/${name}`);
}

const results: Record<string, Step[]> = {};
for (const kind of (values.db as string).split(",")) {
  const url = database(kind);
  const steps: Step[] = [];
  const step = (name: string, args: string[]) => {
    const before = snapshot(kind, url);
    const r = winedata(url, args);
    const afterSnap = snapshot(kind, url);
    steps.push({
      step: name,
      ...r,
      version: afterSnap.version,
      changes: before.fingerprint === afterSnap.fingerprint ? 0 : null,
    });
    console.log(kind, name, JSON.stringify(steps.at(-1)));
  };
  step("fresh install: bundled X-Wines (1,007 wines)", ["import"]);
  step("LWIN benchmark file, English texts included", ["import", "--lwin", join(files, "lwin.csv")]);
  step("the same LWIN file again", ["import", "--lwin", join(files, "lwin.csv")]);
  if (existsSync(join(files, "lwin-release-2.csv")))
    step("next LWIN release (~1 % changed)", ["import", "--lwin", join(files, "lwin-release-2.csv")]);
  step("Open Food Facts benchmark dump", ["import", "--off", join(files, "off.jsonl")]);
  step("the same Open Food Facts dump again", ["import", "--off", join(files, "off.jsonl")]);
  results[kind] = steps;
}

const lines = [
  "# Source imports at scale (`bench/catalogue-import.ts`)",
  "",
  `${new Date().toISOString().slice(0, 10)}, this machine (2 cores). Files: \`bench/catalogue-files.ts\` in \`${files}\`.`,
  "Each step is `winedata import …` in its own process under /usr/bin/time (wall time, peak RSS).",
  '"nothing written": the catalogue version, wine and record counts, their latest `updated_at` and the text count are the same before and after.',
  "",
  "| step | database | seconds | peak RSS MB | nothing written | report |",
  "|---|---|---:|---:|---|---|",
];
for (const [kind, steps] of Object.entries(results))
  for (const s of steps)
    lines.push(
      `| ${s.step} | ${kind} | ${s.seconds} | ${s.peakRssMb} | ${s.changes === 0 ? "yes" : "no"} | ${s.output.replaceAll("|", "/")} |`,
    );
const out = join(import.meta.dirname, "results");
writeFileSync(join(out, "catalogue-import.md"), `${lines.join("\n")}\n`);
writeFileSync(join(out, "catalogue-import.json"), `${JSON.stringify(results, null, 2)}\n`);
console.log(lines.join("\n"));
