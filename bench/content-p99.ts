/**
 * p99 of GET /v1/wines/{id} with and without background generation running (issue 3).
 * Starts the compiled service (`npm run build` first) on a fresh copy of the bundled catalogue and
 * drives it with autocannon from this process, 10 connections, for each phase:
 *   idle       nothing else runs;
 *   bulk-cli   `winedata generate --lang de,fr,it` runs in a separate process on the same database;
 *   worker     the server's own worker thread drains a queue of every missing text/period/insight in de.
 * Writes bench/results/content-p99.{json,md}.  Run: npm run bench:content
 */
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { enqueueJob } from "../src/modules/content/jobs.repository.ts";
import { startBenchService } from "./support.ts";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const bench = await startBenchService("content");
const { key, port, server, env } = bench;
const db = openDatabase({ kind: "sqlite", path: bench.dbPath });
await migrateToLatest(db);
const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);

async function measure(phase: string) {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${key}` },
    requests: [{ setupRequest: (req) => ({ ...req, path: `/v1/wines/${ids[n++ % ids.length]}` }) }],
  });
  const row = {
    phase,
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    non_2xx: result.non2xx,
  };
  console.log(row);
  return row;
}

const rows = [await measure("idle")];

const bulk = spawn(process.execPath, ["dist/cli.js", "generate", "--lang", "de,fr,it"], {
  env,
  stdio: ["ignore", "pipe", "inherit"],
});
let bulkOut = "";
bulk.stdout.on("data", (c: Buffer) => {
  bulkOut += c.toString();
});
const bulkStart = performance.now();
const bulkDone = new Promise<number>((resolve) =>
  bulk.once("exit", () => resolve((performance.now() - bulkStart) / 1000)),
);
rows.push(await measure("bulk-cli (winedata generate de,fr,it in another process)"));
const bulkSeconds = await bulkDone;

// Fill the queue of the server's worker thread: everything of the catalogue in German, deleted first.
await db.kysely.deleteFrom("wine_texts").where("lang", "=", "de").execute();
await db.kysely.deleteFrom("drinking_periods").where("lang", "=", "de").execute();
await db.kysely.deleteFrom("region_insights").where("lang", "=", "de").execute();
await db.kysely.deleteFrom("generation_jobs").execute();
const now = new Date();
const wines = ids;
const regions = (await db.kysely.selectFrom("regions").select("id").execute()).map((r) => r.id);
for (const id of wines) {
  await enqueueJob(db.kysely, "wine_text", id, "de", now);
  await enqueueJob(db.kysely, "drinking_period", id, "de", now);
}
for (const id of regions) await enqueueJob(db.kysely, "region_insight", id, "de", now);
const queued = wines.length * 2 + regions.length;
rows.push(await measure(`worker (server's worker thread draining ${queued} queued jobs)`));
const left = await db.kysely
  .selectFrom("generation_jobs")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .where("status", "!=", "done")
  .executeTakeFirst();
await db.destroy();
server.kill("SIGTERM");

const summary = {
  date: new Date().toISOString(),
  machine: "2 cores; server and load generator on the same machine",
  connections: 10,
  duration_s: DURATION_S,
  rows,
  bulk_generation: {
    command: "winedata generate --lang de,fr,it",
    seconds: Number(bulkSeconds.toFixed(1)),
    output: bulkOut.trim(),
  },
  worker_jobs_left_after_phase: Number(left?.n ?? 0),
};
writeFileSync("bench/results/content-p99.json", `${JSON.stringify(summary, null, 2)}\n`);
const md = [
  `# GET /v1/wines/{id} while content is generated (${summary.date.slice(0, 10)})`,
  "",
  `autocannon, ${summary.connections} connections, ${DURATION_S} s per phase, ${summary.machine}.`,
  "",
  "| phase | req/s | p50 ms | p99 ms | max ms | non-2xx |",
  "|---|---|---|---|---|---|",
  ...rows.map(
    (r) => `| ${r.phase} | ${r.requests_per_s} | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${r.non_2xx} |`,
  ),
  "",
  `Bulk generation of the whole catalogue in de, fr, it (\`${summary.bulk_generation.command}\`): ${summary.bulk_generation.seconds} s`,
  "(while being measured).",
  "",
  "```",
  summary.bulk_generation.output,
  "```",
  "",
];
writeFileSync("bench/results/content-p99.md", md.join("\n"));
rmSync(bench.dir, { recursive: true, force: true });
console.log(md.join("\n"));
process.exit(0);
