/**
 * The same service on PostgreSQL: import, a v1 client's flow and the generating flow, against the
 * server at TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres). Each run makes
 * and drops its own database. Skipped, with the reason printed, when no server answers.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { openDatabase } from "../src/db/database.ts";
import { assertFailedPartRollsBack } from "./catalogue-rollback.ts";
import {
  type PostgresCatalogue,
  pollUntil,
  postgresCatalogue,
  startTestService,
  type TestService,
} from "./helpers.ts";

let skip: string | false = false;
let s: TestService;

let database: PostgresCatalogue | undefined;

before(async () => {
  const made = await postgresCatalogue(`wds_test_${process.pid}`);
  if ("skip" in made) {
    skip = made.skip;
    console.log(`# skipped PostgreSQL tests: ${skip}`);
    return;
  }
  database = made;
  s = await startTestService({ DATABASE_URL: made.url });
});

after(async () => {
  if (skip) return;
  await s?.close();
  await database?.drop();
});

test("PostgreSQL: lists, filters, search, details, include_wines", { timeout: 60_000 }, async (t) => {
  if (skip) return t.skip(skip);
  const wines = await s.request("/wines?color=red&per_page=5&page=2");
  assert.equal(wines.status, 200);
  assert.equal(wines.body.meta.current_page, 2);
  assert.ok(wines.body.data.every((w: { color: string }) => w.color === "red"));
  const all = await s.request("/wines");
  assert.equal(all.body.meta.total, 1007);
  const search = await s.request("/wines/search?q=BAROLO");
  assert.ok(search.body.data.length > 0);
  assert.equal((await s.request("/wines/100001")).body.region.country, "br");
  const producer = await s.request("/producers/10001?include_wines=true");
  assert.equal(producer.body.data.wines.length, producer.body.data.wines_count);
  const regions = await s.request("/regions?country=fr&search=bourgogne&lang=de");
  assert.ok(regions.body.data.some((r: { name: string }) => r.name === "Burgund"));
  const grapes = (await s.request("/grapes?search=spatburgunder")).body.data;
  assert.ok(grapes.some((g: { name: string }) => g.name === "Pinot Noir"));
});

test("PostgreSQL: one job for 30 concurrent requests, then the content", { timeout: 60_000 }, async (t) => {
  if (skip) return t.skip(skip);
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => s.request("/drinking-periods/100003?lang=it")),
  );
  assert.ok(answers.every((a) => a.status === 404 || a.status === 200));
  const jobs = await s.app.db
    .selectFrom("generation_jobs")
    .selectAll()
    .where("resource_id", "=", 100003)
    .execute();
  assert.equal(jobs.length, 1);
  const done = await pollUntil(s, "/drinking-periods/100003?lang=it", (res) => res.status === 200, {
    tries: 150,
    everyMs: 20,
    what: "the Italian drinking period never appeared",
  });
  assert.equal(done.status, 200);
  assert.equal(done.body.lang, "it");
});

test("PostgreSQL: keys, rate limits and the daily budget", async (t) => {
  if (skip) return t.skip(skip);
  const key = await s.newKey({ rateLimit: 2 });
  assert.equal((await s.request("/ping", { key })).status, 200);
  assert.equal((await s.request("/ping", { key })).headers.get("x-ratelimit-remaining"), "0");
  assert.equal((await s.request("/ping", { key })).status, 429);
});

test("PostgreSQL: a prepared statement whose table changed shape runs again, with the new columns", async (t) => {
  if (skip || database === undefined) return t.skip(skip || "no database");
  const db = openDatabase({ kind: "postgres", url: database.url });
  try {
    await sql`create table statement_probe (id integer primary key, a text)`.execute(db.kysely);
    await sql`insert into statement_probe values (1, 'x')`.execute(db.kysely);
    // With a parameter: a named statement, prepared on the pool's connection at its first run.
    const read = () =>
      sql<Record<string, unknown>>`select * from statement_probe where id = ${1}`.execute(db.kysely);
    for (let i = 0; i < 3; i++) assert.deepEqual((await read()).rows, [{ id: 1, a: "x" }]);
    // A migration by another release: the prepared form's result type no longer fits.
    await sql`alter table statement_probe add column b text default 'y'`.execute(db.kysely);
    assert.deepEqual((await read()).rows, [{ id: 1, a: "x", b: "y" }]);
    assert.deepEqual((await read()).rows, [{ id: 1, a: "x", b: "y" }]);
  } finally {
    await sql`drop table if exists statement_probe`.execute(db.kysely);
    await db.destroy();
  }
});

test("PostgreSQL: a catalogue write whose last part fails rolls back the parts written before it", async (t) => {
  if (skip || database === undefined) return t.skip(skip || "no database");
  const db = openDatabase({ kind: "postgres", url: database.url });
  try {
    await assertFailedPartRollsBack(db.kysely);
  } finally {
    await db.destroy();
  }
});
