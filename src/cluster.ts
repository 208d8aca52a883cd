/**
 * `winedata serve --processes N`: N HTTP processes on one port (node:cluster; the primary accepts
 * connections and hands them to the workers in turn). The primary prepares the database once
 * (migrations, first-start import), starts the workers, and prints the demo key in development once
 * the first one listens; each worker is a whole
 * service (`startServer`). A worker that dies after it listened is replaced after a second; one that
 * dies before it ever listened (a setting or a port it cannot use) stops the whole service with exit
 * code 1, since its replacement would die the same way. SIGINT/SIGTERM are passed to every worker,
 * which finish their requests and close; the primary exits once they have.
 *
 * With `METRICS_PORT` the primary serves `/metrics`, summed over the workers (plugins/metrics.ts).
 * Rate limits are shared between the workers only through `REDIS_URL`; without it each worker
 * counts alone, and the primary warns at start.
 */
import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";
import { pino } from "pino";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "./config.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { CLUSTER_MESSAGE } from "./modules/api-keys/key-cache-bus.ts";
import { serveMetrics } from "./plugins/metrics.ts";
import { demoKey, prepareDatabase, startServer } from "./server.ts";

/** Delay before a worker that died is replaced, in milliseconds. */
const RESTART_DELAY_MS = 1_000;

/**
 * Runs the primary (in the primary process), which forks `processes` HTTP workers, or one HTTP
 * worker (in a worker process).
 */
export async function serveCluster(config: Config, processes: number): Promise<void> {
  if (!cluster.isPrimary) {
    await startServer(config, { clusterWorker: true });
    return;
  }
  const log = pino({ level: config.logLevel }).child({ component: "cluster" });
  for (const warning of config.deprecations) log.warn(warning);
  const database = openDatabase(config.database, { log });
  try {
    await migrateToLatest(database);
    await prepareDatabase(database.kysely, log);
  } catch (err) {
    await database.destroy();
    throw err;
  }
  if (config.redis === null) {
    log.warn(
      { processes },
      "no REDIS_URL: each worker counts rate limits alone (a key gets its limit once per worker)",
    );
  }

  let stopping = false;
  let metrics: Server | null = null;
  const listened = new WeakSet<Worker>();
  // The primary's own connection is needed for the demo key only.
  let closed: Promise<void> | null = null;
  const closeDatabase = () => {
    closed ??= database.destroy();
    return closed;
  };
  if (!config.development) await closeDatabase();
  let demoStarted = false;
  const fork = () => {
    const worker = cluster.fork();
    // Without Redis, a key or account change in one worker reaches the others' key caches through here.
    if (config.redis === null) {
      worker.on("message", (message: { type?: unknown }) => {
        if (message?.type !== CLUSTER_MESSAGE) return;
        for (const other of Object.values(cluster.workers ?? {})) {
          if (other !== undefined && other !== worker && other.isConnected()) other.send(message);
        }
      });
    }
    worker.once("listening", () => {
      listened.add(worker);
      if (closed !== null || demoStarted) return;
      demoStarted = true;
      demoKey(database.kysely)
        .catch((err: unknown) => log.error({ err }, "the demo key was not created"))
        .finally(closeDatabase);
    });
  };
  /** Stops every worker (each finishes its requests) and the primary's own listener and connection. */
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void closeDatabase();
    metrics?.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker)) {
      log.error({ pid: worker.process.pid, code, signal }, "a worker failed to start; stopping");
      process.exitCode = 1;
      stop("SIGTERM");
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "a worker stopped; starting another");
    setTimeout(fork, RESTART_DELAY_MS);
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log.info({ signal }, "shutting down");
      stop(signal);
    });
  }
  for (let i = 0; i < processes; i++) fork();
  log.info({ processes, port: config.port }, "service started");
  if (config.metricsPort !== null) {
    // The sum of the workers' metrics (see plugins/metrics.ts).
    const registry = new AggregatorRegistry();
    metrics = await serveMetrics(
      config.metricsPort,
      config.host,
      { metrics: () => registry.clusterMetrics(), contentType: registry.contentType },
      (err) => log.warn({ err }, "collecting the workers' metrics failed"),
    );
    // Stopped while it started listening.
    if (stopping) metrics.close();
  }
}
