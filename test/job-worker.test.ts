/**
 * `winedata worker` beside HTTP processes that run with `GENERATION=off`:
 * - the same missing text asked for at the same moment through two processes makes one job; the
 *   worker process (a third one) generates it once, both HTTP processes then answer it, and the
 *   worker's own `/metrics` (METRICS_PORT) counts the outcome;
 * - a worker killed (SIGKILL) in the middle of a job, while its request to the text model is held
 *   by a fake model server, leaves the job to another worker, which takes it over only once the
 *   killed worker's lease ran out, and generates it once — on SQLite, and on PostgreSQL when the
 *   server at TEST_POSTGRES_URL answers (skipped with the reason printed otherwise).
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { after, type TestContext, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type Db, openDatabase } from "../src/db/database.ts";
import { findJob } from "../src/modules/content/jobs.repository.ts";
import { FAKE_GERMAN, startFakeLlm } from "./fake-llm.ts";
import { catalogueCopyWithKey, enterpriseKey, metricSample, postgresCatalogue } from "./helpers.ts";
import { freePort } from "./raw-http.ts";
import { ServiceProcess } from "./service-process.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const WINE = 100062;
/** Longest wait for the worker's text to be answered by both processes. */
const DONE_WITHIN_MS = 30_000;
/** `JOB_LEASE_MS` of the takeover test: a killed worker's job is taken over this long after its last heartbeat. */
const LEASE_MS = 2_000;
/** Longest wait for a process to start, or for a step of a worker (a model request, a takeover). */
const STEP_WITHIN_MS = 60_000;

/** A `winedata worker` process: its output (pino JSON lines), its runner id, how it ended. */
interface WorkerProcess {
  child: ChildProcess;
  lines: string[];
  /** The runner id it logged at start (what it writes in `generation_jobs.locked_by`). */
  id: Promise<string>;
  /** "exited with code N" or "killed by SIGNAL", once it ended. */
  exited: Promise<string>;
}

const cleanups: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Starts `winedata worker` with `env` (at log level info, so that it says its id) and kills it after the tests. */
function startWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "worker"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => {
      process.off("exit", killOnExit);
      resolve(signal ? `killed by ${signal}` : `exited with code ${code}`);
    }),
  );
  cleanups.push(async () => {
    child.kill("SIGKILL");
    await exited;
  });
  const lines: string[] = [];
  const id = new Promise<string>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        for (const line of chunk.split("\n").filter(Boolean)) {
          lines.push(line);
          const started = /"worker":"([^"]+)".*"msg":"generation worker started"/.exec(line);
          if (started?.[1]) resolve(started[1]);
        }
      });
    }
    exited.then((how) => reject(new Error(`the worker ${how} before starting:\n${lines.join("\n")}`)));
    setTimeout(
      () => reject(new Error(`the worker did not start within ${STEP_WITHIN_MS} ms`)),
      STEP_WITHIN_MS,
    ).unref();
  });
  return { child, lines, id, exited };
}

/** A service process with `GENERATION=off` (stopped after the tests), started. */
async function startService(databaseUrl: string): Promise<ServiceProcess> {
  const service = new ServiceProcess(await freePort(), { DATABASE_URL: databaseUrl, GENERATION: "off" });
  cleanups.push(() => service.stop());
  await service.start();
  return service;
}

/** The description `service` answers for the wine in German: its language and text. */
async function germanDescription(service: ServiceProcess, key: string) {
  const res = await fetch(`http://127.0.0.1:${service.port}/v1/wines/${WINE}?lang=de`, {
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(res.status, 200);
  return ((await res.json()) as { description: { language: string; text: string; text_long: string } })
    .description;
}

/** Waits until `done()` holds, checking every 50 ms, at most {@link STEP_WITHIN_MS}. */
async function until(done: () => boolean | Promise<boolean>, what: () => string): Promise<void> {
  const deadline = Date.now() + STEP_WITHIN_MS;
  while (!(await done())) {
    if (Date.now() > deadline) assert.fail(`${what()} (waited ${STEP_WITHIN_MS} ms)`);
    await sleep(50);
  }
}

test("two HTTP processes with GENERATION=off queue one job for one missing text; `winedata worker` generates it once", async () => {
  const { path, key } = await catalogueCopyWithKey();
  const env = { DATABASE_URL: `sqlite:${path}` };
  const services = await Promise.all([startService(env.DATABASE_URL), startService(env.DATABASE_URL)]);
  // The German texts are missing: every answer falls back to English and asks for them, at once.
  const first = await Promise.all(
    [...services, ...services, ...services].map(async (s) => (await germanDescription(s, key)).language),
  );
  assert.deepEqual(first, ["en", "en", "en", "en", "en", "en"]);

  const db = openDatabase({ kind: "sqlite", path });
  try {
    const jobs = () =>
      db.kysely
        .selectFrom("generation_jobs")
        .select(["status"])
        .where("kind", "=", "wine_text")
        .where("resource_id", "=", WINE)
        .where("lang", "=", "de")
        .execute();
    assert.deepEqual(await jobs(), [{ status: "pending" }], "one job, and nobody runs it yet");

    const metricsPort = await freePort();
    const worker = startWorker({ ...env, JOB_POLL_MS: "50", METRICS_PORT: String(metricsPort) });
    const started = performance.now();
    for (;;) {
      const answers = await Promise.all(services.map((s) => germanDescription(s, key)));
      if (answers.every((d) => d.language === "de")) break;
      assert.ok(performance.now() - started < DONE_WITHIN_MS, `not generated within ${DONE_WITHIN_MS} ms`);
      await sleep(100);
    }
    assert.deepEqual(await jobs(), [{ status: "done" }]);
    const texts = await db.kysely
      .selectFrom("wine_texts")
      .select("lang")
      .where("wine_id", "=", WINE)
      .where("lang", "=", "de")
      .execute();
    assert.equal(texts.length, 1);
    // The worker's own /metrics counts the job it ran (just after writing its row: read until it shows).
    const outcome = (o: string) =>
      metricSample(metricsPort, `wds_generation_job_outcomes_total{kind="wine_text",outcome="${o}"}`);
    await until(
      async () => (await outcome("done")) === 1,
      () => `the worker's metrics never counted the job done:\n${worker.lines.join("\n")}`,
    );
    assert.deepEqual([await outcome("retried"), await outcome("failed")], [0, 0]);

    worker.child.kill("SIGTERM");
    assert.equal(await worker.exited, "exited with code 0", "the worker stops cleanly on SIGTERM");
  } finally {
    await db.destroy();
  }
});

/**
 * Worker A takes the German text of the wine and is killed while the fake model holds its request;
 * worker B, running beside it all along, takes the job over once A's lease ran out, and the text B
 * got from the model is stored once and served.
 */
async function killedMidJob(t: TestContext, databaseUrl: string, db: Db, key: string): Promise<void> {
  const llm = await startFakeLlm(await freePort());
  cleanups.push(() => llm.close());
  const service = await startService(databaseUrl);
  assert.equal((await germanDescription(service, key)).language, "en", "the German text is missing");
  const job = async () => {
    const row = await findJob(db.kysely, "wine_text", WINE, "de");
    assert.ok(row, "the detail queued a job");
    return row;
  };
  assert.equal((await job()).status, "pending");

  const env = {
    DATABASE_URL: databaseUrl,
    GENERATOR: "openai",
    OPENAI_BASE_URL: llm.baseUrl,
    OPENAI_API_KEY: "sk-fake",
    OPENAI_MODEL: "fake-model",
    // Far longer than the test: the held request is never given up by the client.
    OPENAI_TIMEOUT_MS: "600000",
    JOB_LEASE_MS: String(LEASE_MS),
    JOB_POLL_MS: "50",
  };
  const a = startWorker(env);
  let b: WorkerProcess | undefined;
  const logs = () => `worker A:\n${a.lines.join("\n")}\nworker B:\n${b?.lines.join("\n")}`;
  const aId = await a.id;
  await until(
    () => llm.requests.length > 0,
    () => `worker A's model request never arrived\n${logs()}`,
  );
  const claimed = await job();
  assert.deepEqual(
    { status: claimed.status, locked_by: claimed.locked_by, attempts: claimed.attempts },
    { status: "running", locked_by: aId, attempts: 1 },
    "A is in the middle of the job: claimed, its model request held",
  );
  assert.deepEqual(
    llm.requests.map((r) => [r.task, r.lang]),
    [["wine_texts", "de"]],
  );

  // B beside a live A, for twice the lease: A's heartbeats keep the job A's.
  b = startWorker(env);
  const bId = await b.id;
  assert.notEqual(bId, aId);
  const watchUntil = Date.now() + 2 * LEASE_MS;
  let renewed = claimed;
  while (Date.now() < watchUntil) {
    renewed = await job();
    assert.deepEqual([renewed.status, renewed.locked_by, llm.requests.length], ["running", aId, 1], logs());
    await sleep(100);
  }
  assert.ok((renewed.locked_at ?? "") > (claimed.locked_at ?? ""), "A renewed its lock meanwhile");

  a.child.kill("SIGKILL");
  assert.equal(await a.exited, "killed by SIGKILL");
  const killedAt = Date.now();
  // A wrote its last heartbeat before it died: the lease runs out LEASE_MS after it.
  const left = await job();
  assert.deepEqual([left.status, left.locked_by, left.attempts], ["running", aId, 1]);
  const leaseEnds = Date.parse(left.locked_at ?? "") + LEASE_MS;
  let checksBeforeLeaseEnd = 0;
  await until(
    async () => {
      const row = await job();
      const requests = llm.requests.length;
      // Read before the lease ran out: B cannot have taken the job yet.
      if (Date.now() < leaseEnds) {
        checksBeforeLeaseEnd++;
        assert.deepEqual([row.status, row.locked_by, requests], ["running", aId, 1], logs());
      }
      return requests > 1;
    },
    () => `worker B never took the job over\n${logs()}`,
  );
  const taken = llm.requests[1];
  assert.ok(taken);
  assert.ok(
    taken.arrivedAt >= leaseEnds,
    `B asked the model ${leaseEnds - taken.arrivedAt} ms before A's lease ran out`,
  );
  assert.equal(llm.requests[0]?.abandoned, true, "A's connection closed with its process");
  // B holds the job now (its model request is still held): same row, B's lock, a second attempt.
  const running = await job();
  assert.deepEqual(
    { status: running.status, locked_by: running.locked_by, attempts: running.attempts },
    { status: "running", locked_by: bId, attempts: 2 },
  );
  assert.ok(
    b.lines.some((l) => /"released":1,.*took over generation jobs whose worker stopped/.test(l)),
    logs(),
  );

  taken.answer();
  await until(
    async () => (await job()).status === "done",
    () => `B did not finish the job\n${logs()}`,
  );
  const done = await job();
  // Two claims, two attempts: the killed one is counted (releaseStaleJobs does not give it back).
  assert.deepEqual(
    { status: done.status, attempts: done.attempts, locked_by: done.locked_by, last_error: done.last_error },
    { status: "done", attempts: 2, locked_by: null, last_error: null },
  );
  const texts = await db.kysely
    .selectFrom("wine_texts")
    .select(["description", "generator"])
    .where("wine_id", "=", WINE)
    .where("lang", "=", "de")
    .execute();
  const model = FAKE_GERMAN.wine_texts as { description: string; text_long: string };
  assert.deepEqual(texts, [{ description: model.description, generator: "openai:fake-model" }]);
  assert.deepEqual(await germanDescription(service, key), {
    text: model.description,
    text_long: model.text_long,
    language: "de",
  });
  assert.equal(llm.requests.length, 2, "one request by A, one by B");

  b.child.kill("SIGTERM");
  assert.equal(await b.exited, "exited with code 0");
  t.diagnostic(
    `lease ${LEASE_MS} ms: A's death seen ${killedAt - (leaseEnds - LEASE_MS)} ms after its last heartbeat; ` +
      `B asked the model ${taken.arrivedAt - killedAt} ms after the kill, ` +
      `${taken.arrivedAt - leaseEnds} ms after the lease ran out; ` +
      `${checksBeforeLeaseEnd} reads before then saw the job still A's; attempts ${done.attempts}`,
  );
}

test("SQLite: a worker killed mid-job is taken over by another once its lease ran out", {
  timeout: 180_000,
}, async (t) => {
  const { path, key } = await catalogueCopyWithKey();
  const db = openDatabase({ kind: "sqlite", path });
  cleanups.push(() => db.destroy());
  await killedMidJob(t, `sqlite:${path}`, db, key);
});

test("PostgreSQL: a worker killed mid-job is taken over by another once its lease ran out", {
  timeout: 180_000,
}, async (t) => {
  const made = await postgresCatalogue(`wds_takeover_${process.pid}`);
  if ("skip" in made) {
    console.log(`# skipped: ${made.skip}`);
    return t.skip(made.skip);
  }
  cleanups.push(() => made.drop());
  const db = openDatabase({ kind: "postgres", url: made.url });
  cleanups.push(() => db.destroy());
  await killedMidJob(t, made.url, db, await enterpriseKey(db.kysely));
});
