/**
 * The content machinery every module uses: the generator, the clock, and the background worker.
 * By default the worker runs in a worker thread with its own database connection, so generation
 * never holds up API answers; `inline` runs it on the main thread (tests with injected generators,
 * in-memory databases); `off` runs none (another process drains the queue). `wake()` asks the
 * worker to look at the queue now rather than at its next poll.
 */
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { DatabaseSetting, GeneratorSetting, WorkerMode } from "../config.ts";
import type { NamedGenerator, Wake } from "../modules/content/content.service.ts";
import { ContentWorker } from "../modules/content/content.worker.ts";
import type { WorkerThreadData } from "../modules/content/worker-thread.ts";
import { workerEntry } from "../worker-entry.ts";

declare module "fastify" {
  interface FastifyInstance {
    content: { generator: NamedGenerator; clock: () => Date; wake: Wake };
  }
}

export interface ContentOptions {
  generator: NamedGenerator;
  /** Serializable description of the generator, for the worker thread. */
  generatorSetting: GeneratorSetting;
  database: DatabaseSetting;
  clock: () => Date;
  mode: WorkerMode;
  pollMs: number;
  leaseMs: number;
  backoffBaseMs?: number;
}

/** A worker thread running the content worker (compiled `.js`, or the `.ts` source under tsx). */
const newThread = (workerData: WorkerThreadData) =>
  new Worker(new URL(workerEntry("../modules/content/worker-thread", import.meta.url)), { workerData });

function startThread(app: FastifyInstance, options: ContentOptions) {
  const data: WorkerThreadData = {
    database: options.database,
    generator: options.generatorSetting,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    backoffBaseMs: options.backoffBaseMs,
  };
  let closing = false;
  let thread: Worker;
  const log = app.log.child({ component: "content-worker" });
  const spawn = () => {
    thread = newThread(data);
    thread.on(
      "message",
      (m: { type?: string; level?: "info" | "warn" | "error"; data?: object; msg?: string }) => {
        if (m?.type === "log" && m.level) log[m.level](m.data ?? {}, m.msg ?? "");
      },
    );
    thread.on("error", (err) => log.error({ err }, "content worker thread failed"));
    thread.on("exit", (code) => {
      if (closing) return;
      log.error({ code }, "content worker thread stopped; restarting in 1 s");
      setTimeout(() => !closing && spawn(), 1000).unref();
    });
  };
  spawn();
  return {
    wake: () => thread.postMessage("wake"),
    async stop() {
      closing = true;
      const exited = once(thread, "exit");
      thread.postMessage("stop");
      const timer = setTimeout(() => thread.terminate(), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export default fp<ContentOptions>(
  async (app: FastifyInstance, options) => {
    let wake: Wake = () => {};
    app.decorate("content", { generator: options.generator, clock: options.clock, wake: () => wake() });
    if (options.mode === "off") return;
    if (options.mode === "thread") {
      let thread: ReturnType<typeof startThread> | null = null;
      app.addHook("onReady", async () => {
        thread = startThread(app, options);
        wake = thread.wake;
      });
      app.addHook("onClose", async () => thread?.stop());
      return;
    }
    const worker = new ContentWorker({
      db: app.db,
      generator: options.generator,
      pollMs: options.pollMs,
      leaseMs: options.leaseMs,
      backoffBaseMs: options.backoffBaseMs,
      clock: options.clock,
      log: app.log.child({ component: "content-worker" }),
    });
    wake = worker.wake;
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", () => worker.stop());
  },
  { name: "content", dependencies: ["db"] },
);
