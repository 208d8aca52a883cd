/**
 * `winedata worker`: a process that only drains the generation queue (no HTTP), so the HTTP
 * processes can run with `GENERATION=off`. It uses the same settings as the service (`DATABASE_URL`,
 * `GENERATOR` …, `JOB_POLL_MS`, `JOB_LEASE_MS`) and the same job runner; several workers, and
 * workers beside services with `GENERATION=thread`, share the queue safely (each job is claimed by one
 * runner at a time, and a runner that dies leaves its job to another once its lease runs out). Stops
 * on SIGINT/SIGTERM after the job in hand.
 *
 * With `METRICS_PORT` it serves `/metrics` on `HOST:METRICS_PORT` with one series, the outcomes of
 * the jobs it ran (`wds_generation_job_outcomes_total{kind,outcome}`, plugins/metrics.ts); the queue
 * itself (`wds_generation_jobs{status}`) is read from the database by the service processes.
 */
import type { Server } from "node:http";
import { pino } from "pino";
import { Registry } from "prom-client";
import type { Config } from "./config.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { type OutcomeReporter, standaloneJobRunner } from "./modules/content/job-runner.ts";
import { jobOutcomeCounter, serveMetrics } from "./plugins/metrics.ts";

/** Runs the job runner until a stop signal; resolves once it stopped and the database is closed. */
export async function runWorker(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  for (const warning of config.deprecations) log.warn(warning);
  const database = openDatabase(config.database, { log: log.child({ component: "database" }) });
  await migrateToLatest(database);
  let onOutcome: OutcomeReporter | undefined;
  let metrics: Server | null = null;
  if (config.metricsPort !== null) {
    const registry = new Registry();
    onOutcome = jobOutcomeCounter(registry);
    metrics = await serveMetrics(config.metricsPort, config.host, registry, (err) =>
      log.error({ err }, "collecting the metrics failed"),
    );
  }
  const worker = standaloneJobRunner({
    db: database.kysely,
    generator: config.generator,
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    log,
    onOutcome,
  });
  worker.start();
  log.info({ worker: worker.id }, "generation worker started");
  // The runner's timers do not keep a process alive (in a service the HTTP server does): this does.
  const alive = setInterval(() => {}, 60_000);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  log.info({ worker: worker.id }, "generation worker stopping");
  await worker.stop();
  await new Promise<void>((resolve) => (metrics ? metrics.close(() => resolve()) : resolve()));
  await database.destroy();
  clearInterval(alive);
}
