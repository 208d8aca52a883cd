/**
 * The background worker that drains the generation queue. It polls every `pollMs`, starts at once
 * when woken (a request just queued a job), runs one job at a time, retries failures with
 * exponential backoff (`backoffBaseMs` × 1, 2, 4 …), renews the lock of the job in hand every third
 * of the lease, and on every pass takes back jobs whose lock expired (their process died). Each
 * attempt's outcome (done, retried, failed) is told to `onOutcome` once recorded (for metrics).
 *
 * A database outage (see `isDatabaseUnavailable`) is not a generation failure: the job in hand is
 * given back as it was (pending, its attempt not counted); when even that fails, the worker keeps it
 * and gives it back at its first pass once the database answers. The queue keeps being polled; the
 * outage is logged once when it starts and once when it ends ({@link OutageLog}).
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { GeneratorSetting } from "../../config.ts";
import type { Database, JobKind, JobRow } from "../../db/types.ts";
import { isDatabaseUnavailable, OutageLog } from "../../db/unavailable.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { generateItem, type NamedGenerator } from "./content.service.ts";
import { createGenerator } from "./generator.ts";
import {
  claimJob,
  completeJob,
  failJob,
  releaseJob,
  releaseStaleJobs,
  renewJobLock,
} from "./jobs.repository.ts";

/**
 * How one attempt at a job ended, once recorded in the queue: `done` (content stored), `retried`
 * (generation failed, the job is pending again after its backoff) or `failed` (it failed on its last
 * attempt and is given up). A job given back during a database outage, or whose outcome could not be
 * recorded, has none.
 */
export type JobOutcome = "done" | "retried" | "failed";

/** Told each {@link JobOutcome} of this runner, with the job's kind (metrics). Must not throw. */
export type OutcomeReporter = (kind: JobKind, outcome: JobOutcome) => void;

export interface JobRunnerOptions {
  db: Kysely<Database>;
  generator: NamedGenerator;
  pollMs: number;
  /** A running job's lock expires this long after its last heartbeat. */
  leaseMs: number;
  /** First retry delay; doubles with every attempt. Default 2,000 ms. */
  backoffBaseMs?: number;
  /** Time stamps of the content written; the queue itself always runs on the system clock. */
  clock: () => Date;
  /** Called after a pass that found nothing to do once no job has been run for `idleMs`. */
  onIdle?: { idleMs: number; callback: () => void };
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Told each outcome once it is recorded in the queue (default: nobody). */
  onOutcome?: OutcomeReporter;
}

/**
 * A {@link JobRunner} of its own process or thread: the generator made from `generator` (the
 * `GENERATOR` settings; a provider that cannot be used falls back to offline, with a warning), the
 * system clock for time stamps.
 */
export function standaloneJobRunner(
  options: Omit<JobRunnerOptions, "generator" | "clock"> & { generator: GeneratorSetting },
): JobRunner {
  return new JobRunner({
    ...options,
    generator: createGenerator(options.generator, (kind, reason) =>
      options.log.warn({ kind, reason }, "generator fell back to offline"),
    ),
    clock: () => new Date(),
  });
}

/**
 * Runs the generation jobs of the queue (jobs.repository.ts): polls every `pollMs`, claims one job
 * at a time under a lease renewed by a heartbeat, writes its content with the generator and records
 * the outcome (done, retried with back-off, failed). It runs in the service's generation thread
 * (`GENERATION=thread`), on its main thread (`inline`), or in `winedata worker` processes.
 */
export class JobRunner {
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wakeRequested = false;
  /** Monotonic ms of the last job taken (or of the start). */
  private lastWorkAt = 0;
  /** Jobs this worker holds but could not give back during an outage; given back at the next pass. */
  private readonly unreleased = new Map<number, JobRow>();
  private readonly queueLog: OutageLog;

  constructor(private readonly options: JobRunnerOptions) {
    this.queueLog = new OutageLog(options.log, "reading the generation queue");
  }

  /** Starts polling. */
  start(): void {
    this.stopped = false;
    this.lastWorkAt = performance.now();
    this.schedule(0);
  }

  /** Asks for an immediate pass (used right after a job is queued). */
  wake = (): void => {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  };

  /**
   * Stops polling and waits for the job in hand to finish; jobs kept through an outage are given
   * back if the database answers (else their lease runs out and another worker takes them over).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    for (const job of this.unreleased.values()) {
      await releaseJob(this.options.db, job, this.id, new Date()).then(
        () => this.unreleased.delete(job.id),
        () => {},
      );
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        const idle = this.options.onIdle;
        if (idle && !this.wakeRequested && performance.now() - this.lastWorkAt >= idle.idleMs)
          idle.callback();
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  /** Runs due jobs until none is left (or the worker is stopped). */
  private async drain(): Promise<void> {
    const { db, leaseMs } = this.options;
    try {
      for (const job of this.unreleased.values()) {
        await releaseJob(db, job, this.id, new Date());
        this.unreleased.delete(job.id);
      }
      const { released, failed } = await releaseStaleJobs(db, new Date(Date.now() - leaseMs));
      if (released > 0) this.options.log.info({ released }, "took over generation jobs whose worker stopped");
      if (failed.length > 0) {
        this.options.log.warn(
          { failed: failed.length },
          "generation jobs failed: their process stopped on every attempt",
        );
        for (const kind of failed) this.options.onOutcome?.(kind, "failed");
      }
    } catch (err) {
      this.queueLog.failed(err);
      return;
    }
    while (!this.stopped) {
      let job: Awaited<ReturnType<typeof claimJob>>;
      try {
        job = await claimJob(db, this.id, new Date());
      } catch (err) {
        this.queueLog.failed(err);
        return;
      }
      this.queueLog.ok();
      if (!job) return;
      this.lastWorkAt = performance.now();
      if (!(await this.run(job))) return;
    }
  }

  /** Generates one claimed job; false when the database stopped answering (the pass ends). */
  private async run(job: JobRow): Promise<boolean> {
    const { db, generator, clock, log, leaseMs } = this.options;
    const { id } = job;
    const heartbeat = setInterval(() => {
      renewJobLock(db, id, this.id, new Date()).catch((err) =>
        log.warn({ err }, "could not renew a job lock"),
      );
    }, leaseMs / 3);
    // Errors of the generator itself (a remote model's network errors included) are generation
    // failures even when they look like a connection error.
    let generatorFailed = false;
    const track =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await call(...args);
        } catch (err) {
          generatorFailed = true;
          throw err;
        }
      };
    const g = generator.generator;
    const tracked: NamedGenerator = {
      name: generator.name,
      nameOf: generator.nameOf,
      generator: {
        wineTexts: track((facts, lang) => g.wineTexts(facts, lang)),
        drinkingPeriod: track((facts, lang) => g.drinkingPeriod(facts, lang)),
        regionInsight: track((facts, lang) => g.regionInsight(facts, lang)),
      },
    };
    try {
      await generateItem(db, tracked, job.kind, job.resource_id, job.lang as Language, clock);
      // Another worker that took the job over (this one stalled past its lease) completes it.
      if (await completeJob(db, job.id, this.id, new Date())) this.options.onOutcome?.(job.kind, "done");
      else log.info({ job: { id: job.id, kind: job.kind } }, "job was taken over by another worker");
      return true;
    } catch (err) {
      if (!generatorFailed && isDatabaseUnavailable(err)) {
        this.queueLog.failed(err);
        await releaseJob(db, job, this.id, new Date()).catch(() => this.unreleased.set(job.id, job));
        return false;
      }
      const backoff = (this.options.backoffBaseMs ?? 2_000) * 2 ** (job.attempts - 1);
      log.warn({ err, job: { id: job.id, kind: job.kind, attempt: job.attempts } }, "generation failed");
      // Retried after the backoff, or failed for good once its attempts are used.
      const status = job.attempts >= job.max_attempts ? "failed" : "pending";
      const now = new Date();
      const message = err instanceof Error ? err.message : String(err);
      await failJob(db, job.id, this.id, status, new Date(now.getTime() + backoff), message, now).then(
        (held) => held && this.options.onOutcome?.(job.kind, status === "failed" ? "failed" : "retried"),
        (e) => log.error({ err: e }, "could not record a failed job"),
      );
      return true;
    } finally {
      clearInterval(heartbeat);
    }
  }
}
