/**
 * Property-based HTTP fuzzing of every route of the OpenAPI document (plus /health, /ready and
 * /openapi.json): valid and invalid path and query parameters, headers and bodies, sent over raw
 * sockets to the service running as a child process on a real database. Whatever the request, the
 * service answers (no 5xx but the documented ones), with a JSON error body in the documented shape
 * that gives nothing of the implementation away, and is still alive and healthy afterwards.
 *
 * `FUZZ_SEED` (default 20261122) and `FUZZ_RUNS` (cases, each 1–3 requests; default 1000) make a
 * run reproducible; `npm run fuzz` is the long run. The PostgreSQL variant (a quarter of the cases,
 * with TRUST_PROXY=true so X-Forwarded-* headers are honoured) runs when `TEST_POSTGRES_URL`
 * (default postgres://postgres@127.0.0.1:5432/postgres) answers, and is skipped with the reason
 * printed when it does not.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { type FuzzDatabase, preparePostgres, prepareSqlite } from "./fuzz-database.ts";
import { fuzzService, summary } from "./fuzz-run.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const ADMIN = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

if (!Number.isInteger(SEED) || !Number.isInteger(RUNS) || RUNS < 1) {
  throw new Error(`FUZZ_SEED and FUZZ_RUNS must be integers (FUZZ_RUNS ≥ 1), got "${SEED}" and "${RUNS}"`);
}

/** Runs the property against `db` and fails the test with the shrunk counterexample, if any. */
async function fuzz(
  t: test.TestContext,
  label: string,
  db: FuzzDatabase,
  runs: number,
  env: Record<string, string> = {},
): Promise<void> {
  try {
    const result = await fuzzService(label, db, { seed: SEED, runs, env });
    for (const line of summary(label, SEED, result)) t.diagnostic(line);
    if (result.failure !== null) assert.fail(result.failure);
    assert.ok(result.requests >= runs, `${result.requests} requests sent for ${runs} cases`);
  } finally {
    await db.drop();
  }
}

/** Generous time limits: about 25 ms a case is usual; shrinking a failure adds up to a minute. */
const SQLITE_TIMEOUT = Math.max(120_000, RUNS * 60);
const PG_TIMEOUT = Math.max(120_000, RUNS * 30);

test(`HTTP fuzz on SQLite: ${RUNS} cases over every route`, { timeout: SQLITE_TIMEOUT }, async (t) => {
  await fuzz(t, "SQLite", await prepareSqlite(), RUNS);
});

// Behind a trusted proxy, so that the X-Forwarded-* junk the generator sends is read, not ignored.
const PG_RUNS = Math.ceil(RUNS / 4);
const PG_TITLE = `HTTP fuzz on PostgreSQL behind a trusted proxy (TRUST_PROXY=true): ${PG_RUNS} cases over every route`;

test(PG_TITLE, { timeout: PG_TIMEOUT }, async (t) => {
  const db = await preparePostgres(ADMIN);
  if ("skip" in db) {
    console.log(`# skipped the PostgreSQL fuzz run: ${db.skip}`);
    return t.skip(db.skip);
  }
  await fuzz(t, "PostgreSQL", db, PG_RUNS, { TRUST_PROXY: "true" });
});
