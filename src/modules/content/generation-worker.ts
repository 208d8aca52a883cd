/**
 * Entry of the worker thread that runs background generation off the request path: it opens its
 * own database connection and generator, drains the queue, and reports log lines to the main
 * thread. Messages in: "wake", "stop". Messages out: `{ type: "log", level, data, msg }`,
 * `{ type: "outcome", kind, outcome }` (an attempt at a job ended: `JobOutcome` of job-runner.ts),
 * "idle" (no job taken for `idleMs`: the main thread may stop this thread), "stopped".
 */
import { parentPort, workerData } from "node:worker_threads";
import type { DatabaseSetting, GeneratorSetting } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import { standaloneJobRunner } from "./job-runner.ts";

/** What the main thread passes to the worker thread. */
export interface WorkerThreadData {
  database: DatabaseSetting;
  generator: GeneratorSetting;
  pollMs: number;
  leaseMs: number;
  backoffBaseMs?: number;
  /** After this many ms without a job the thread reports "idle". */
  idleMs: number;
}

const port = parentPort;
if (!port) throw new Error("generation-worker.ts runs only as a worker thread");
const data = workerData as WorkerThreadData;

type Level = "info" | "warn" | "error";
const send = (level: Level) => (obj: unknown, msg?: string) => {
  const record = obj as { err?: unknown } & Record<string, unknown>;
  const err =
    record?.err instanceof Error ? { message: record.err.message, name: record.err.name } : record?.err;
  port.postMessage({ type: "log", level, data: { ...record, ...(err ? { err } : {}) }, msg });
};
const log = { info: send("info"), warn: send("warn"), error: send("error") };

// The thread's own pool reports a lost/regained PostgreSQL connection through the main thread's log.
const db = openDatabase(data.database, { log });
const worker = standaloneJobRunner({
  db: db.kysely,
  generator: data.generator,
  pollMs: data.pollMs,
  leaseMs: data.leaseMs,
  backoffBaseMs: data.backoffBaseMs,
  onIdle: { idleMs: data.idleMs, callback: () => port.postMessage("idle") },
  onOutcome: (kind, outcome) => port.postMessage({ type: "outcome", kind, outcome }),
  // biome-ignore lint/suspicious/noExplicitAny: the worker logs through pino's (obj, msg) signature.
  log: log as any,
});
worker.start();

port.on("message", async (message: unknown) => {
  if (message === "wake") worker.wake();
  if (message === "stop") {
    await worker.stop();
    await db.destroy();
    port.postMessage("stopped");
    port.close();
  }
});
