/**
 * The HTTP suite's second backend: PostgreSQL for the database and Redis for the rate-limit
 * counters, instead of a SQLite file and process memory.
 *
 * `npm test` (test/run-suites.ts) runs the HTTP suite a second time with `WDS_TEST_BACKEND=shared`
 * when both servers answer. It first creates the run's template database (migrated, bundled
 * catalogue imported) and names it in `WDS_TEST_TEMPLATE_DB`; every test service of that run then
 * gets a database of its own, copied from the template (`CREATE DATABASE … TEMPLATE`, a file copy on
 * the server) and dropped when the service closes, and a Redis key prefix of its own, whose keys are
 * deleted then too. Everything a run creates carries its run id (`WDS_TEST_RUN`), so the runner can
 * remove what a crashed test process left behind.
 */
import pg from "pg";
import { dropKeys, TEST_REDIS_URL } from "./redis.ts";

/** The PostgreSQL server tests create their own databases on (`TEST_POSTGRES_URL`). */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Runs one statement on the server of `admin` (the maintenance database), on a connection of its own. */
export async function adminQuery(admin: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether this test process runs the HTTP suite on PostgreSQL + Redis. */
export function sharedBackendActive(): boolean {
  return process.env.WDS_TEST_BACKEND === "shared";
}

/** Name prefix of every database of run `run`. */
export const runDatabasePrefix = (run: string): string => `wds_test_${run}_`;

/** Key prefix of every Redis key of run `run`. */
export const runKeyPrefix = (run: string): string => `wds-test:${run}:`;

let services = 0;

/** The settings of one test service on the shared backend, and how to remove what it created. */
export interface SharedBackendLease {
  /** `DATABASE_URL`, `REDIS_URL` and `REDIS_KEY_PREFIX` of the service. */
  env: Record<string, string>;
  /** Drops the service's database and deletes its Redis keys; call after the app closed. */
  release(): Promise<void>;
}

/**
 * A database copied from the run's template and a Redis key prefix, both of this service alone.
 * @throws when `WDS_TEST_RUN`/`WDS_TEST_TEMPLATE_DB` are missing (not started by the runner) or the
 *   server refuses the copy.
 */
export async function leaseSharedBackend(): Promise<SharedBackendLease> {
  const run = process.env.WDS_TEST_RUN;
  const template = process.env.WDS_TEST_TEMPLATE_DB;
  if (!run || !template)
    throw new Error("WDS_TEST_BACKEND=shared needs WDS_TEST_RUN and WDS_TEST_TEMPLATE_DB");
  // Numbered before the await: services started together (Promise.all) get prefixes of their own.
  const service = services++;
  const name = `${runDatabasePrefix(run)}${process.pid}_${service}`;
  await adminQuery(TEST_POSTGRES_URL, `create database ${name} template ${template}`);
  const keyPrefix = `${runKeyPrefix(run)}${process.pid}:${service}:`;
  return {
    env: {
      DATABASE_URL: TEST_POSTGRES_URL.replace(/\/[^/]*$/, `/${name}`),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
    },
    async release() {
      await adminQuery(TEST_POSTGRES_URL, `drop database if exists ${name} with (force)`);
      await dropKeys(TEST_REDIS_URL, keyPrefix);
    },
  };
}

/** Drops every database and Redis key of run `run` (what crashed test processes left). */
export async function removeRun(run: string): Promise<void> {
  const { rows } = await adminQuery(
    TEST_POSTGRES_URL,
    `select datname from pg_database where datname like '${runDatabasePrefix(run)}%'`,
  );
  for (const { datname } of rows as { datname: string }[]) {
    await adminQuery(TEST_POSTGRES_URL, `drop database if exists ${datname} with (force)`);
  }
  await dropKeys(TEST_REDIS_URL, runKeyPrefix(run));
}
