/**
 * `DATABASE_READ_URL`: catalogue reads from a real streaming replica, everything else from the
 * primary. The test makes both (test/private-postgres.ts: initdb on a free port, then
 * `pg_basebackup -R` into another temporary folder, started as a hot standby), never touching the
 * shared server at 127.0.0.1:5432, and runs the service in this process over real HTTP:
 * 1. replay paused on the replica, a wine renamed and the catalogue version moved on the primary:
 *    the service still answers the old name (the replica's); replay resumed: the new name, and the
 *    search index rebuilt on it (the version is read from the replica too), within seconds;
 * 2. replay paused: a key made on the primary works at once, and requests that write (key use, a
 *    missing German text queueing its job) answer 200, their rows on the primary;
 * 3. the replica stopped (`pg_ctl stop -m fast`), then frozen (SIGSTOP): catalogue reads answer 503
 *    `service_unavailable` within a bounded time, `/ready` 503 naming the replica, while the
 *    primary's routes keep answering; started (thawed) again: 200 by itself, each outage logged
 *    once naming the replica. The lag, the 503 times and the recovery times are printed
 *    (t.diagnostic); only generous bounds are asserted on them.
 * Also: DATABASE_READ_URL's validation (no server needed).
 * Skipped, with the reason printed, when initdb, pg_ctl, postgres or pg_basebackup is missing.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import { ConfigError, loadConfig } from "../src/config.ts";
import { READY_TIMEOUT_MS } from "../src/modules/system/system.routes.ts";
import { collectedLog, pollUntil, postgresCatalogue, startTestService, type TestService } from "./helpers.ts";
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from "./private-postgres.ts";

/** Time limits of both URLs (seconds / milliseconds), so an outage answers within a few seconds. */
const LIMITS = "connect_timeout=2&statement_timeout=2000";
/** The slowest 503 allowed: a statement's client-side limit (+1 s) plus 1 s. */
const ANSWER_BOUND_MS = 2_000 + 1_000 + 1_000;
/** A generous bound on the time to answer 200 again once the replica accepts connections. */
const RECOVERY_BOUND_MS = 10_000;

const bin = postgresBinaries(["pg_basebackup"]);
const skip =
  bin === null
    ? "PostgreSQL binaries (initdb, pg_ctl, postgres, pg_basebackup in one folder) not found"
    : false;

let primary: PrivatePostgres | undefined;
let replica: PrivatePostgres | undefined;
let s: TestService | undefined;
/** Admin connections to the test database on the primary and on the replica. */
let onPrimary: pg.Client | undefined;
let onReplica: pg.Client | undefined;
let logLines: string[] = [];

before(async () => {
  if (skip || bin === null) {
    console.log(`# skipped read replica tests: ${skip}`);
    return;
  }
  primary = await startPrivatePostgres({ bin });
  const made = await postgresCatalogue("wds", primary.adminUrl);
  if ("skip" in made) throw new Error(made.skip);
  // Taken after the import: the replica starts with the whole catalogue.
  replica = await primary.startReplica();
  onPrimary = new pg.Client({ connectionString: primary.url("wds") });
  onReplica = new pg.Client({ connectionString: replica.url("wds") });
  // A server stopped under an idle client makes it emit `error`: without a listener, an uncaught
  // exception (which the app under test would take for its own, and close).
  for (const client of [onPrimary, onReplica]) client.on("error", () => {});
  await onPrimary.connect();
  await onReplica.connect();
  const log = collectedLog();
  logLines = log.lines;
  s = await startTestService(
    {
      DATABASE_URL: `${primary.url("wds")}?${LIMITS}`,
      DATABASE_READ_URL: `${replica.url("wds")}?${LIMITS}`,
      LOG_LEVEL: "info",
    },
    { logStream: log.stream },
  );
});

after(async () => {
  await onReplica?.query("select pg_wal_replay_resume()").catch(() => {});
  await Promise.all([onPrimary?.end(), onReplica?.end()].map((p) => p?.catch(() => {})));
  await s?.close();
  await replica?.destroy();
  await primary?.destroy();
});

/** Pauses WAL replay on the replica and waits until it has stopped applying. */
async function pauseReplay(client: pg.Client): Promise<void> {
  await client.query("select pg_wal_replay_pause()");
  for (let i = 0; i < 200; i++) {
    const { rows } = await client.query<{ state: string }>("select pg_get_wal_replay_pause_state() as state");
    if (rows[0]?.state === "paused") return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the replica never paused its replay");
}

/** A wine id of the catalogue, the `n`-th by id. */
async function wineId(client: pg.Client, n: number): Promise<number> {
  const { rows } = await client.query<{ id: number }>("select id from wines order by id offset $1 limit 1", [
    n,
  ]);
  return Number(rows[0]?.id);
}

test("DATABASE_READ_URL: PostgreSQL, beside a PostgreSQL DATABASE_URL only; no password in errors", () => {
  const primaryUrl = "postgres://app:s3cret@db:5432/wine";
  const readUrl = "postgres://app:s3cret@replica:5432/wine?connect_timeout=2";
  assert.deepEqual(loadConfig({ DATABASE_URL: primaryUrl, DATABASE_READ_URL: readUrl }).databaseRead, {
    kind: "postgres",
    url: readUrl,
  });
  assert.equal(loadConfig({ DATABASE_URL: primaryUrl, DATABASE_READ_URL: "" }).databaseRead, null);
  for (const env of [
    { DATABASE_URL: "sqlite:./var/wine.db", DATABASE_READ_URL: readUrl },
    { DATABASE_READ_URL: readUrl },
    { DATABASE_URL: primaryUrl, DATABASE_READ_URL: "mysql://app:s3cret@replica/wine" },
    { DATABASE_URL: primaryUrl, DATABASE_READ_URL: "postgres://app:s3cret@replica /wine" },
    { DATABASE_URL: primaryUrl, DATABASE_READ_URL: "sqlite:./replica.db" },
  ]) {
    assert.throws(
      () => loadConfig(env),
      (err) =>
        err instanceof ConfigError && /DATABASE_READ_URL/.test(err.message) && !/s3cret/.test(err.message),
      JSON.stringify(env),
    );
  }
});

test("catalogue reads come from the replica; the version moves with its data", {
  timeout: 60_000,
}, async (t) => {
  if (skip || !s || !onPrimary || !onReplica) return t.skip(skip || "setup failed");
  const id = await wineId(onPrimary, 10);
  const { rows } = await onPrimary.query<{ name: string }>("select name from wines where id = $1", [id]);
  const oldName = rows[0]?.name ?? "";
  const newName = `${oldName} Replicaprobe`;
  // The index is built (a first search may answer 503 while it is), so the rename below is a rebuild.
  const before = await pollUntil(s, "/wines/search?q=replicaprobe", (r) => r.status === 200, {
    what: "the search index was never built",
  });
  assert.equal(before.body.meta.count, 0);

  await pauseReplay(onReplica);
  try {
    // An import's way: the rows and the catalogue version in one transaction.
    await onPrimary.query("begin");
    await onPrimary.query("update wines set name = $1 where id = $2", [newName, id]);
    await onPrimary.query("update catalogue_version set version = version + 1 where id = 1");
    await onPrimary.query("commit");
    const onStandby = await onReplica.query<{ name: string }>("select name from wines where id = $1", [id]);
    assert.equal(onStandby.rows[0]?.name, oldName, "the paused replica still has the old row");
    // The app's catalogue version, read now (as after an import), is the replica's, not the primary's.
    const version = async (client: pg.Client) =>
      Number((await client.query<{ v: number }>("select version as v from catalogue_version")).rows[0]?.v);
    s.app.catalogueVersion.changed();
    assert.equal(await s.app.catalogueVersion.current(), await version(onReplica));
    assert.equal(await version(onPrimary), (await version(onReplica)) + 1);

    // Never asked before, so not from the response cache: read from the replica.
    const detail = await s.request(`/wines/${id}`);
    assert.equal(detail.status, 200);
    assert.equal(detail.body.name, oldName, "the service answers the replica's (old) name");
    const search = await s.request("/wines/search?q=replicaprobe");
    assert.equal(search.body.meta.count, 0, "the search index still holds the replica's catalogue");
  } finally {
    await onReplica.query("select pg_wal_replay_resume()");
  }
  const resumed = performance.now();
  const seen = await pollUntil(s, `/wines/${id}`, (r) => r.body.name === newName, {
    tries: 400,
    what: "the new name never appeared after replay resumed",
  });
  assert.equal(seen.status, 200);
  const detailMs = Math.round(performance.now() - resumed);
  // Read from the primary, the version would have moved during the pause and the index been rebuilt
  // from the replica's old rows, for good: found here only because the version moved on the replica.
  const found = await pollUntil(s, "/wines/search?q=replicaprobe", (r) => r.body.meta?.count > 0, {
    tries: 400,
    what: "the search index was never rebuilt with the new name",
  });
  assert.equal(found.body.data[0].id, id);
  const searchMs = Math.round(performance.now() - resumed);
  t.diagnostic(
    `after replay resumed: new name answered in ${detailMs} ms, found by search in ${searchMs} ms`,
  );
});

test("accounts, keys, key use and jobs go to the primary while the replica lags", {
  timeout: 60_000,
}, async (t) => {
  if (skip || !s || !onPrimary || !onReplica) return t.skip(skip || "setup failed");
  const svc = s;
  const primaryDb = onPrimary;
  const id = await wineId(primaryDb, 20);
  await pauseReplay(onReplica);
  try {
    const key = await svc.newKey({ plan: "standard" });
    const prefix = key.slice(0, 12);
    const standby = await onReplica.query("select 1 from api_keys where prefix = $1", [prefix]);
    assert.equal(standby.rowCount, 0, "the paused replica does not know the key yet");
    assert.equal(
      (await svc.request("/ping", { key })).status,
      200,
      "a key made on the primary works at once",
    );

    // Writes on the way (key use, a queued German text): a replica would refuse them (25006).
    const german = await svc.request(`/wines/${id}?lang=de`, { key });
    assert.equal(german.status, 200, JSON.stringify(german.body));
    assert.equal(german.body.id, id);
    const period = await svc.request(`/drinking-periods/${id}?lang=fr`, { key });
    assert.ok(period.status === 404 || period.status === 200, `drinking period: ${period.status}`);
    const jobs = await primaryDb.query<{ kind: string }>(
      "select kind from generation_jobs where resource_id = $1 and lang in ('de', 'fr') order by kind",
      [id],
    );
    assert.deepEqual(
      jobs.rows.map((r) => r.kind),
      ["drinking_period", "wine_text"],
      "both jobs are on the primary",
    );
    // The key's use is recorded after the answer, off the request path.
    let used = false;
    for (let i = 0; i < 200 && !used; i++) {
      const row = await primaryDb.query(
        "select 1 from api_keys where prefix = $1 and last_used_at is not null",
        [prefix],
      );
      used = row.rowCount === 1;
      if (!used) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.ok(used, "the key's use is recorded on the primary");
    assert.ok(
      !logLines.join("").includes("could not record key use"),
      "no write was sent to the replica (none failed)",
    );
  } finally {
    await onReplica.query("select pg_wal_replay_resume()");
  }
});

/** Pages never asked before (not in the response cache): a new pair per call. */
let page = 0;
const freshPaths = () => [`/wines?per_page=7&page=${++page}`, `/producers?per_page=9&page=${page}`];

/**
 * One replica outage: `stop` it, check that catalogue reads answer 503 within the bound and /ready
 * 503 naming the replica while the primary's routes answer, `restart` it and wait for 200s.
 * @returns what it measured, for the diagnostic lines.
 */
async function replicaOutage(svc: TestService, stop: () => Promise<void>, restart: () => Promise<void>) {
  let at = performance.now();
  await stop();
  const stopMs = Math.round(performance.now() - at);
  let slowest = 0;
  for (let round = 0; round < 2; round++) {
    for (const path of freshPaths()) {
      at = performance.now();
      const res = await svc.request(path);
      const ms = performance.now() - at;
      slowest = Math.max(slowest, Math.round(ms));
      assert.equal(res.status, 503, `${path}: ${res.status} ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, "service_unavailable");
      assert.ok(res.headers.get("retry-after"), `${path}: Retry-After`);
      assert.ok(ms < ANSWER_BOUND_MS, `${path} took ${Math.round(ms)} ms`);
    }
  }
  at = performance.now();
  const ready = await svc.request("/ready", { key: null });
  const readyMs = Math.round(performance.now() - at);
  assert.equal(ready.status, 503);
  assert.deepEqual(ready.body, { status: "unavailable", database: "up", database_read: "down" });
  assert.ok(readyMs < READY_TIMEOUT_MS + 500, `/ready took ${readyMs} ms`);
  // The primary's routes go on: keys, and content (texts are read from the primary).
  assert.equal((await svc.request("/ping")).status, 200);
  const insight = await svc.request("/region-insights/1001?lang=en");
  assert.ok(insight.status === 200 || insight.status === 404, `insight: ${insight.status}`);

  at = performance.now();
  await restart();
  const restartMs = Math.round(performance.now() - at);
  at = performance.now();
  let readyBackMs = -1;
  let readBackMs = -1;
  while (performance.now() - at < RECOVERY_BOUND_MS && (readyBackMs < 0 || readBackMs < 0)) {
    if (readyBackMs < 0 && (await svc.request("/ready", { key: null })).status === 200)
      readyBackMs = Math.round(performance.now() - at);
    const [path] = freshPaths();
    if (readBackMs < 0 && (await svc.request(path as string)).status === 200)
      readBackMs = Math.round(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.ok(readyBackMs >= 0 && readBackMs >= 0, `not back within ${RECOVERY_BOUND_MS} ms`);
  assert.deepEqual((await svc.request("/ready", { key: null })).body, {
    status: "ready",
    database_read: "up",
  });
  return { stopMs, slowest503Ms: slowest, ready503Ms: readyMs, restartMs, readyBackMs, readBackMs };
}

test("replica stopped or frozen: catalogue reads 503 within bounds, /ready names it; back by itself", {
  timeout: 60_000,
}, async (t) => {
  if (skip || !s || !replica) return t.skip(skip || "setup failed");
  const svc = s;
  const standby = replica;
  assert.deepEqual((await svc.request("/ready", { key: null })).body, {
    status: "ready",
    database_read: "up",
  });
  const mark = logLines.length;
  const stopped = await replicaOutage(
    svc,
    () => standby.stop("fast"),
    () => standby.start(),
  );
  t.diagnostic(`replica stopped (pg_ctl stop -m fast), ms: ${JSON.stringify(stopped)}`);
  // A server that accepts connections and never answers: only the time limits end the waits.
  const frozen = await replicaOutage(
    svc,
    () => standby.freeze(true),
    () => standby.freeze(false),
  );
  t.diagnostic(`replica frozen (SIGSTOP), ms: ${JSON.stringify(frozen)}`);

  const log = logLines
    .slice(mark)
    .join("")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg?: string; database?: string });
  const lines = (start: string) =>
    log.filter((l) => l.database === "read replica" && l.msg?.startsWith(start)).length;
  assert.equal(lines("PostgreSQL connection lost"), 2, "each outage is logged once, naming the replica");
  assert.equal(lines("PostgreSQL answers again"), 2, "and its end");
  assert.ok(!log.some((l) => l.database === "primary"), "the primary was never lost");
  assert.ok(!logLines.join("").includes(standby.password), "the password never appears in a log");
});
