/**
 * The job lease on a real database: a worker that stalled past its lease, whose job another worker
 * took over, can no longer complete, fail or renew it; only the holder can. Runs on SQLite, and on
 * PostgreSQL when TEST_POSTGRES_URL answers (skipped with the reason printed otherwise).
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { catalogueCopy } from "../../../test/helpers.ts";
import { adminQuery, TEST_POSTGRES_URL } from "../../../test/shared-backend.ts";
import { migrateToLatest, openDatabase } from "../../db/database.ts";
import {
  claimJob,
  completeJob,
  enqueueJob,
  failJob,
  findJob,
  releaseStaleJobs,
  renewJobLock,
  STOPPED_ON_EVERY_ATTEMPT,
} from "./jobs.repository.ts";

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A stalled worker A, its job taken over by B after the lease; what each may still do. */
async function takeover(url: { kind: "sqlite"; path: string } | { kind: "postgres"; url: string }) {
  const database = openDatabase(url);
  cleanups.push(() => database.destroy());
  await migrateToLatest(database);
  const db = database.kysely;
  const start = new Date("2026-11-23T10:00:00Z");
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  await enqueueJob(db, "region_insight", 1, "it", start);
  const claimed = await claimJob(db, "worker-a", at(0));
  assert.equal(claimed?.locked_by, "worker-a");

  // A stalls: no heartbeat for longer than the lease (10 s here); B's runner releases and claims it.
  assert.deepEqual(await releaseStaleJobs(db, at(10)), { released: 1, failed: [] });
  const taken = await claimJob(db, "worker-b", at(11));
  assert.equal(taken?.id, claimed?.id);
  assert.equal(taken?.locked_by, "worker-b");
  const id = taken?.id as number;

  // A wakes up: its heartbeat, its failure and its completion change nothing.
  await renewJobLock(db, id, "worker-a", at(12));
  assert.equal(await failJob(db, id, "worker-a", "pending", at(20), "late failure", at(12)), false);
  assert.equal(await completeJob(db, id, "worker-a", at(12)), false);
  let row = await findJob(db, "region_insight", 1, "it");
  assert.deepEqual(
    [row?.status, row?.locked_by, row?.locked_at, row?.last_error, row?.attempts],
    ["running", "worker-b", at(11).toISOString(), null, 2],
  );

  // B holds it: it renews and completes.
  await renewJobLock(db, id, "worker-b", at(13));
  assert.equal((await findJob(db, "region_insight", 1, "it"))?.locked_at, at(13).toISOString());
  assert.equal(await completeJob(db, id, "worker-b", at(14)), true);
  row = await findJob(db, "region_insight", 1, "it");
  assert.deepEqual([row?.status, row?.locked_by], ["done", null]);
  // A done job is nobody's: a late renewal or failure cannot reopen it.
  await renewJobLock(db, id, "worker-b", at(15));
  assert.equal(await failJob(db, id, "worker-b", "pending", at(20), "late", at(15)), false);
  assert.equal((await findJob(db, "region_insight", 1, "it"))?.status, "done");
}

test("job lease on SQLite: only the worker holding a job completes, fails or renews it", async () => {
  await takeover({ kind: "sqlite", path: await catalogueCopy() });
});

test("job lease on PostgreSQL: only the worker holding a job completes, fails or renews it", async (t) => {
  const name = `wds_test_jobs_${process.pid}`;
  try {
    await adminQuery(TEST_POSTGRES_URL, `drop database if exists ${name} with (force)`);
    await adminQuery(TEST_POSTGRES_URL, `create database ${name}`);
  } catch (err) {
    return t.skip(`PostgreSQL not reachable: ${(err as Error).message}`);
  }
  cleanups.push(async () => {
    await adminQuery(TEST_POSTGRES_URL, `drop database if exists ${name} with (force)`);
  });
  await takeover({ kind: "postgres", url: TEST_POSTGRES_URL.replace(/\/[^/]*$/, `/${name}`) });
});

test("a job whose process stops on every attempt is failed once its attempts are used, not run forever", async () => {
  const database = openDatabase({ kind: "sqlite", path: await catalogueCopy() });
  cleanups.push(() => database.destroy());
  const db = database.kysely;
  const start = new Date("2026-11-23T10:00:00Z");
  const at = (s: number) => new Date(start.getTime() + s * 1000);
  const job = await enqueueJob(db, "drinking_period", 100005, "fr", start);
  // Each claim is an attempt; the process dies, and the next runner finds the lock stale.
  for (let attempt = 1; attempt <= job.max_attempts; attempt++) {
    const claimed = await claimJob(db, `worker-${attempt}`, at(attempt * 100));
    assert.equal(claimed?.attempts, attempt);
    const released = await releaseStaleJobs(db, at(attempt * 100 + 50), at(attempt * 100 + 50));
    const last = attempt === job.max_attempts;
    assert.deepEqual(
      released,
      last ? { released: 0, failed: ["drinking_period"] } : { released: 1, failed: [] },
    );
  }
  const row = await findJob(db, "drinking_period", 100005, "fr");
  assert.deepEqual(
    [row?.status, row?.locked_by, row?.last_error, row?.attempts],
    ["failed", null, STOPPED_ON_EVERY_ATTEMPT, job.max_attempts],
  );
  assert.equal(await claimJob(db, "worker-next", at(1000)), undefined);
});

test("a done job is queued again only while its content is missing", async () => {
  const database = openDatabase({ kind: "sqlite", path: await catalogueCopy() });
  cleanups.push(() => database.destroy());
  const db = database.kysely;
  const now = new Date("2026-11-23T10:00:00Z");
  const finish = async (lang: "en" | "de") => {
    await enqueueJob(db, "wine_text", 100005, lang, now);
    const job = await claimJob(db, "worker", now);
    assert.equal(await completeJob(db, job?.id as number, "worker", now), true);
  };
  // English texts of the bundled catalogue are stored: a late request (it saw none a moment
  // before the worker stored them) finds the job done and leaves it so.
  await finish("en");
  assert.equal((await enqueueJob(db, "wine_text", 100005, "en", now)).status, "done");
  // No German text although the job is done (content deleted): queued again.
  await finish("de");
  assert.equal((await enqueueJob(db, "wine_text", 100005, "de", now)).status, "pending");
});
