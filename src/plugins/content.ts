/**
 * The content services every module uses, decorated as `app.content`: a wine's texts, a drinking
 * period and a region insight in a language, each with the generating flow of docs/interface.md §7
 * (content.service.ts), plus the background generation that writes what is missing.
 * By default the worker runs in a worker thread with its own database connection, so generation
 * never holds up API answers, and only while there is work (see {@link lazyThread}); `inline` runs
 * it on the main thread (tests with injected generators, in-memory databases); `off` runs none
 * (another process drains the queue). `wake()` asks the worker to look at the queue now rather than
 * at its next poll. Job outcomes are counted in `app.metrics` in either mode that runs jobs (the
 * thread sends them to the main thread).
 */
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { DatabaseSetting, GenerationMode, GeneratorSetting } from "../config.ts";
import type { JobKind } from "../db/types.ts";
import { OutageLog } from "../db/unavailable.ts";
import type { Language } from "../domain/vocabulary.ts";
import {
  drinkingPeriodLookup,
  type NamedGenerator,
  regionInsightLookup,
  type Wake,
  wineTextsLookup,
} from "../modules/content/content.service.ts";
import type { WorkerThreadData } from "../modules/content/generation-worker.ts";
import { type JobOutcome, JobRunner } from "../modules/content/job-runner.ts";
import { hasDueJob } from "../modules/content/jobs.repository.ts";
import { workerEntry } from "../worker-loader.ts";

declare module "fastify" {
  interface FastifyInstance {
    content: ContentServices;
  }
}

/**
 * The content of one wine or region in one language, read from the primary database (`app.db`: a
 * text generated a moment ago is seen at once). A missing language is queued for generation and the
 * background generation woken.
 */
export interface ContentServices {
  /**
   * A wine's description, tasting notes and pairing in `lang`; English while `lang` is being
   * generated (then `lang` of the row is "en"); English missing too is generated on the spot with
   * the app's generator. Undefined only if the wine does not exist.
   */
  wineTexts(wineId: number, lang: Language): ReturnType<typeof wineTextsLookup>;
  /** A wine's drinking period in `lang`, or the 404 case `{found: false, generating, error}`. */
  drinkingPeriod(wineId: number, lang: Language): ReturnType<typeof drinkingPeriodLookup>;
  /** A region's insight in `lang`, or the 404 case `{found: false, generating, error}`. */
  regionInsight(regionId: number, lang: Language): ReturnType<typeof regionInsightLookup>;
  /** True while the background generation is running (always true inline, false when off). */
  generationRunning(): boolean;
}

export interface ContentOptions {
  generator: NamedGenerator;
  /** Serializable description of the generator, for the worker thread. */
  generatorSetting: GeneratorSetting;
  database: DatabaseSetting;
  mode: GenerationMode;
  pollMs: number;
  leaseMs: number;
  backoffBaseMs?: number;
  /** Thread mode: stop the thread after this many ms without a job (`GENERATION_IDLE_MS`). */
  idleMs: number;
}

/** A worker thread running the content worker (compiled `.js`, or the `.ts` source under tsx). */
const newThread = (workerData: WorkerThreadData) =>
  new Worker(new URL(workerEntry("../modules/content/generation-worker", import.meta.url)), { workerData });

/**
 * The worker thread, started on demand: when a request queues a job (`wake`) or when the main
 * thread's poll (every `pollMs`, one indexed read) finds a due or abandoned job, e.g. one queued by
 * the CLI or left by a process that died. The thread reports "idle" after `idleMs` without a job and
 * is then stopped; a wake during that stop starts a new one. A thread that dies is restarted after 1 s.
 * While the database does not answer the poll keeps trying, logging the outage once ({@link OutageLog}).
 */
function lazyThread(app: FastifyInstance, options: ContentOptions) {
  const data: WorkerThreadData = {
    database: options.database,
    generator: options.generatorSetting,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    backoffBaseMs: options.backoffBaseMs,
    idleMs: options.idleMs,
  };
  const log = app.log.child({ component: "content-worker" });
  let closing = false;
  let thread: Worker | null = null;
  /** The exit of a thread being stopped on purpose (idle or closing). */
  let stopping: Promise<unknown> | null = null;
  let wakeAfterStop = false;

  const stop = async (worker: Worker) => {
    const exited = once(worker, "exit");
    worker.postMessage("stop");
    const timer = setTimeout(() => worker.terminate(), 5000);
    await exited;
    clearTimeout(timer);
  };
  const start = () => {
    if (closing) return;
    if (stopping) {
      wakeAfterStop = true;
      return;
    }
    if (thread) return thread.postMessage("wake");
    const worker = newThread(data);
    thread = worker;
    type Message =
      | "idle"
      | "stopped"
      | { type: "outcome"; kind: JobKind; outcome: JobOutcome }
      | { type?: "log"; level?: "info" | "warn" | "error"; data?: object; msg?: string };
    worker.on("message", (m: Message) => {
      if (m === "idle") {
        if (thread !== worker || stopping) return;
        stopping = stop(worker).finally(() => {
          stopping = null;
          if (wakeAfterStop) {
            wakeAfterStop = false;
            start();
          }
        });
      } else if (typeof m === "object" && m?.type === "outcome") app.metrics.jobOutcome(m.kind, m.outcome);
      else if (typeof m === "object" && m?.type === "log" && m.level) log[m.level](m.data ?? {}, m.msg ?? "");
    });
    worker.on("error", (err) => log.error({ err }, "content worker thread failed"));
    worker.on("exit", (code) => {
      if (thread === worker) thread = null;
      if (closing || stopping) return;
      log.error({ code }, "content worker thread stopped; restarting in 1 s");
      setTimeout(start, 1000).unref();
    });
  };
  let polling = false;
  // During a database outage every poll fails: logged once when it starts and once when it ends.
  const pollLog = new OutageLog(log, "reading the generation queue");
  const poll = setInterval(() => {
    if (thread || stopping || closing || polling) return;
    polling = true;
    hasDueJob(app.db, new Date(), new Date(Date.now() - options.leaseMs))
      .then((due) => {
        pollLog.ok();
        if (due) start();
      })
      .catch((err) => pollLog.failed(err))
      .finally(() => {
        polling = false;
      });
  }, options.pollMs);
  poll.unref();
  return {
    wake: start,
    /** True while a worker thread exists (tests, diagnostics). */
    running: () => thread !== null,
    async close() {
      closing = true;
      clearInterval(poll);
      await stopping;
      if (thread) await stop(thread);
    },
  };
}

export default fp<ContentOptions>(
  async (app: FastifyInstance, options) => {
    let wake: Wake = () => {};
    let running = () => false;
    const wakeNow: Wake = () => wake();
    const services: ContentServices = {
      wineTexts: (wineId, lang) =>
        wineTextsLookup(app.db, options.generator, wineId, lang, app.clock, wakeNow),
      drinkingPeriod: (wineId, lang) => drinkingPeriodLookup(app.db, wineId, lang, wakeNow),
      regionInsight: (regionId, lang) => regionInsightLookup(app.db, regionId, lang, wakeNow),
      generationRunning: () => running(),
    };
    app.decorate("content", services);
    if (options.mode === "off") return;
    if (options.mode === "thread") {
      let thread: ReturnType<typeof lazyThread> | null = null;
      app.addHook("onReady", async () => {
        thread = lazyThread(app, options);
        wake = thread.wake;
        running = thread.running;
      });
      app.addHook("onClose", async () => thread?.close());
      return;
    }
    const worker = new JobRunner({
      db: app.db,
      generator: options.generator,
      pollMs: options.pollMs,
      leaseMs: options.leaseMs,
      backoffBaseMs: options.backoffBaseMs,
      clock: app.clock,
      log: app.log.child({ component: "content-worker" }),
      onOutcome: app.metrics.jobOutcome,
    });
    wake = worker.wake;
    running = () => true;
    app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", () => worker.stop());
  },
  { name: "content", dependencies: ["db", "metrics", "clock"] },
);
