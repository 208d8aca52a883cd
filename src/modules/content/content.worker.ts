/**
 * The background worker that drains the generation queue. It polls every `pollMs`, starts at once
 * when woken (a request just queued a job), runs one job at a time, retries failures with
 * exponential backoff (2 s, 4 s, 8 s … × `backoffBaseMs`/1000) and, at start, takes back jobs that a
 * dead process left running for longer than the lease.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import type { Language } from "../catalogue/catalogue.types.ts";
import { generateItem, type NamedGenerator } from "./content.service.ts";
import { claimJob, completeJob, failJob, releaseStaleJobs } from "./jobs.repository.ts";

/** A job left `running` this long is assumed abandoned by a dead process. */
export const JOB_LEASE_MS = 30_000;

export interface WorkerOptions {
  db: Kysely<Database>;
  generator: NamedGenerator;
  pollMs: number;
  /** First retry delay; doubles with every attempt. Default 2,000 ms. */
  backoffBaseMs?: number;
  clock: () => Date;
  log: FastifyBaseLogger;
}

export class ContentWorker {
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wakeRequested = false;

  constructor(private readonly options: WorkerOptions) {}

  /** Starts polling after releasing stale jobs. */
  async start(): Promise<void> {
    const { db, clock, log } = this.options;
    const released = await releaseStaleJobs(db, new Date(clock().getTime() - JOB_LEASE_MS));
    if (released > 0) log.info({ released }, "resumed generation jobs left by a stopped process");
    this.stopped = false;
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

  /** Stops polling and waits for the job in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  /** Runs due jobs until none is left (or the worker is stopped). */
  private async drain(): Promise<void> {
    const { db, generator, clock, log } = this.options;
    while (!this.stopped) {
      let job: Awaited<ReturnType<typeof claimJob>>;
      try {
        job = await claimJob(db, this.id, clock());
      } catch (err) {
        log.error({ err }, "could not read the generation queue");
        return;
      }
      if (!job) return;
      try {
        await generateItem(db, generator, job.kind, job.resource_id, job.lang as Language, clock);
        await completeJob(db, job.id, clock());
      } catch (err) {
        const backoff = (this.options.backoffBaseMs ?? 2_000) * 2 ** (job.attempts - 1);
        log.warn({ err, job: { id: job.id, kind: job.kind, attempt: job.attempts } }, "generation failed");
        await failJob(db, job, err instanceof Error ? err.message : String(err), backoff, clock()).catch(
          (e) => log.error({ err: e }, "could not record a failed job"),
        );
      }
    }
  }
}
