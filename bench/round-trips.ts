/**
 * Database round trips per request (issue 37): the app (buildApp, in this process) on a PostgreSQL
 * database, every statement the pg client sends counted and named, for a cold wine detail, list
 * pages with and without filters, a producer with its wines and a search; each path asked twice (the
 * second from the response cache). What a service reads once and keeps (the key, the account, the list
 * positions and rows, the search index) is read before; the catalogue version, read at most once a
 * second by whichever request comes, and the generation queue's poll are not counted.
 *
 *   node --import tsx bench/round-trips.ts [NAME]
 *
 * It makes its own database on the server of BENCH_POSTGRES_URL (default the local one), imports the
 * bundled catalogue into it with the CLI, and drops it at the end.
 * Writes bench/results/round-trips{-NAME}.md (NAME: e.g. `before`).
 */

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import pg from "pg";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { adminQuery } from "../test/shared-backend.ts";
import { createBenchKey } from "./support.ts";

const admin = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `wds_round_trips_${process.pid}`;
const url = admin.replace(/\/[^/]*$/, `/${database}`);
const name = process.argv[2];
await adminQuery(admin, `create database ${database}`);

const sent: string[] = [];
const query = pg.Client.prototype.query;
// Every statement of every client of this process (the app's pool): its text's first words.
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === "string" ? first : (first?.text ?? "");
  sent.push(text.replace(/\s+/g, " ").slice(0, 90));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" };
const cli = (args: string[]) =>
  execFileSync(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], { env, encoding: "utf8" });
cli(["import"]);
const key = createBenchKey(cli, "round-trips");
const app = await buildApp(loadConfig(env));
await app.ready();
const headers = { authorization: `Bearer ${key}` };
const get = (path: string) => app.inject({ url: path, headers });
const client = new pg.Client({ connectionString: url });
await client.connect();
const one = async (sql: string) => (await client.query(sql)).rows[0] as Record<string, number>;
const wine = await one("select id, region_id, producer_id from wines order by id limit 1 offset 500");
await client.end();
// Read once, before: the key, the account, the catalogue version, the list positions and rows (a
// listening service reads them 2 s after it listens) and the search index.
await get("/v1/wines?per_page=1");
await get("/v1/wines/search?q=warm%20up");

const paths = [
  `/v1/wines/${wine.id}`,
  `/v1/wines?region_id=${wine.region_id}&per_page=10`,
  "/v1/wines?color=red&page=3&per_page=20",
  `/v1/wines?producer_id=${wine.producer_id}`,
  `/v1/producers/${wine.producer_id}?include_wines=true`,
  "/v1/wines/search?q=chateau%20margaux",
];
const rows: string[] = [];
for (const path of paths) {
  for (const pass of ["first", "again"]) {
    sent.length = 0;
    const res = await get(path);
    // Not the request's own: the generation queue's poll, and the catalogue version read at most
    // once a second by whichever request comes.
    const own = sent.filter((s) => !s.includes("generation_jobs") && !s.includes('"catalogue_version"'));
    rows.push(
      `| ${path} | ${pass} | ${res.statusCode} | ${own.length} | ${own.map((s) => `\`${s}…\``).join("<br>")} |`,
    );
  }
}
await app.close();
await adminQuery(admin, `drop database ${database} with (force)`);
const md = [
  `# Database round trips per request on PostgreSQL${name ? ` (${name})` : ""}`,
  "",
  "`bench/round-trips.ts`: the app in process on a PostgreSQL copy of the bundled catalogue; every statement the pg client sent during the request.",
  "",
  "| path | pass | status | statements | which |",
  "|---|---|---|---|---|",
  ...rows,
  "",
].join("\n");
writeFileSync(`bench/results/round-trips${name ? `-${name}` : ""}.md`, md);
console.log(md);
process.exit(0);
