/**
 * `winedata worker`: a process that only drains the generation queue (no HTTP), so the HTTP
 * processes can run with `WORKERS=off`. It uses the same settings as the service (`DATABASE_URL`,
 * `GENERATOR` …, `JOB_POLL_MS`, `JOB_LEASE_MS`) and the same job runner; several workers, and
 * workers beside services with `WORKERS=thread`, share the queue safely (each job is claimed by one
 * runner at a time, and a runner that dies leaves its job to another once its lease runs out). Stops
 * on SIGINT/SIGTERM after the job in hand.
 */
import { pino } from "pino";
import type { Config } from "./config.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { standaloneWorker } from "./modules/content/job-runner.ts";

/** Runs the job runner until a stop signal; resolves once it stopped and the database is closed. */
export async function runWorker(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  const database = openDatabase(config.database, { log: log.child({ component: "database" }) });
  await migrateToLatest(database);
  const worker = standaloneWorker({
    db: database.kysely,
    generator: config.generator,
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    log,
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
  await database.destroy();
  clearInterval(alive);
}
