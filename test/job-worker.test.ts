/**
 * `winedata worker` beside HTTP processes that run with `WORKERS=off`: the same missing text asked
 * for at the same moment through two processes makes one job; the worker process (a third one)
 * generates it once, and both HTTP processes then answer it.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../src/db/database.ts";
import { catalogueCopyWithKey } from "./helpers.ts";
import { freePort } from "./raw-http.ts";
import { ServiceProcess } from "./service-process.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const WINE = 100062;
/** Longest wait for the worker's text to be answered by both processes. */
const DONE_WITHIN_MS = 30_000;

const services: ServiceProcess[] = [];
let worker: ChildProcess | null = null;
after(async () => {
  worker?.kill("SIGKILL");
  await Promise.all(services.map((s) => s.stop()));
});

test("two HTTP processes with WORKERS=off queue one job for one missing text; `winedata worker` generates it once", async () => {
  const { path, key } = await catalogueCopyWithKey();
  const env = { DATABASE_URL: `sqlite:${path}`, WORKERS: "off" };
  for (let i = 0; i < 2; i++) services.push(new ServiceProcess(await freePort(), env));
  await Promise.all(services.map((s) => s.start()));
  const detail = async (service: ServiceProcess) => {
    const res = await fetch(`http://127.0.0.1:${service.port}/v1/wines/${WINE}?lang=de`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(res.status, 200);
    return ((await res.json()) as { description: { language: string } }).description.language;
  };
  // The German texts are missing: every answer falls back to English and asks for them, at once.
  const first = await Promise.all([...services, ...services, ...services].map(detail));
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

    worker = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "worker"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `sqlite:${path}`, JOB_POLL_MS: "50", LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
    const started = performance.now();
    for (;;) {
      const answers = await Promise.all(services.map(detail));
      if (answers.every((lang) => lang === "de")) break;
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

    const exited = new Promise<number | null>((resolve) => worker?.once("exit", (code) => resolve(code)));
    worker.kill("SIGTERM");
    assert.equal(await exited, 0, "the worker stops cleanly on SIGTERM");
    worker = null;
  } finally {
    await db.destroy();
  }
});
