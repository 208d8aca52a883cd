/**
 * SQLite held locked by another connection (the CLI importing, a backup) longer than the 5 s busy
 * timeout: a request that must write answers 503 `service_unavailable` with Retry-After instead of
 * 500, reads keep working (WAL), and the same request succeeds once the lock is released.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import SQLite from "better-sqlite3";
import { openDatabase } from "../src/db/database.ts";
import { catalogueCopy, pollUntil, startTestService, type TestService } from "./helpers.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

test("a write behind another connection's lock: 503 with Retry-After, then the normal answer", {
  timeout: 30_000,
}, async () => {
  const { database } = s.config;
  assert.equal(database.kind, "sqlite");
  // The key is read and its use recorded now, so that the requests below only write their job.
  assert.equal((await s.request("/ping")).status, 200);

  const other = new SQLite(database.kind === "sqlite" ? database.path : "");
  try {
    other.exec("BEGIN IMMEDIATE");
    other.prepare("update generation_jobs set updated_at = updated_at").run();
    other.prepare("update wines set name = name where id = 100001").run();

    // Reads do not wait for a writer in WAL mode.
    assert.equal((await s.request("/wines/100001?lang=en")).status, 200);

    // The German insight is missing: the request queues a job, which waits for the lock 5 s, then 503.
    const started = performance.now();
    const locked = await s.request("/region-insights/1001?lang=de");
    const ms = performance.now() - started;
    assert.equal(locked.status, 503, JSON.stringify(locked.body));
    assert.equal(locked.body.code, "service_unavailable");
    assert.equal(typeof locked.body.message, "string");
    assert.ok(Number(locked.headers.get("retry-after")) > 0, "Retry-After");
    assert.ok(ms >= 4_000 && ms < 8_000, `answered after ${Math.round(ms)} ms (busy timeout 5 s)`);
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }

  // Unlocked: the job is queued (404 generating), then generated.
  const queued = await s.request("/region-insights/1001?lang=de");
  assert.deepEqual([queued.status, queued.body.generating], [404, true]);
  const done = await pollUntil(s, "/region-insights/1001?lang=de", (res) => res.status === 200, {
    tries: 200,
    what: "the German insight never appeared after the lock was released",
  });
  assert.equal(done.status, 200);
  assert.equal(done.body.lang, "de");
});

test("a transaction that reads, then writes is not failed at once by another connection's commit", async () => {
  // A deferred transaction (Kysely's plain BEGIN) that has read gets SQLITE_BUSY without any busy wait
  // when another connection commits before its first write: an import failed that way while the
  // worker thread stored a generated text. Transactions now take the write lock when they begin.
  const path = await catalogueCopy();
  const db = openDatabase({ kind: "sqlite", path });
  const other = new SQLite(path);
  other.pragma("busy_timeout = 0");
  let otherError: unknown = null;
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom("grapes").select("id").where("id", "=", 1).execute();
      try {
        other.prepare("update grapes set name = name where id = 1").run();
      } catch (err) {
        otherError = err;
      }
      await trx.updateTable("grapes").set({ color: "red" }).where("id", "=", 1).execute();
    });
  } finally {
    other.close();
    await db.destroy();
  }
  // The other connection had to wait for the transaction (here, with no busy wait, it gave up).
  assert.equal((otherError as { code?: string } | null)?.code, "SQLITE_BUSY");
});
