/**
 * Prometheus metrics (prom-client), collected only when `METRICS_PORT` is set and served there at
 * `/metrics`, on a listener of their own beside the API's port: not behind an API key, and not on the
 * public port (bind it where only the scraper reaches). Under `serve --processes N` the workers do not
 * listen on it: the primary does, and answers with the sum over its workers (prom-client's
 * `AggregatorRegistry`; gauges read from the shared database report the largest value, not the sum).
 *
 * Metrics (prefix `wds_`):
 * - `http_requests_total{route,method,status}` and `http_request_duration_seconds{route}` (histogram);
 * - `rate_limit_rejections_total{reason}`: 429 `rate_limited` (per minute) and `quota_exceeded` (per day);
 * - `rate_limit_shared_store_down`: 1 while Redis does not answer and limits are counted per process;
 * - `rate_limit_fallback_total`: counts answered by this process's in-memory fallback because Redis
 *   did not answer (a request makes one for its key's minute, and one for its account's day when it
 *   counts toward a daily budget); stays 0 without `REDIS_URL`;
 * - `generation_jobs{status}`: the generation queue by status (pending = its depth; done and failed
 *   = the outcomes so far), read from the shared database;
 * - `generation_job_outcomes_total{kind,outcome}`: attempts at generation jobs run by this process,
 *   by job kind and outcome once recorded (`done`; `retried`: failed, will run again after its
 *   backoff; `failed`: failed on its last attempt). Counted with `GENERATION=thread` (the thread sends
 *   each outcome to the main thread) and `inline`; stays 0 with `GENERATION=off`, where
 *   `winedata worker` runs the jobs: with `METRICS_PORT` it serves this series alone (see worker.ts);
 * - `ocr_queue` and `ocr_read_seconds` (histogram): photos waiting for an OCR process, time per reading;
 * - `catalogue_wines`: wines in the catalogue.
 */
import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from "prom-client";
import { countWines } from "../modules/catalogue/catalogue.repository.ts";
import type { JobOutcome, OutcomeReporter } from "../modules/content/job-runner.ts";
import { countJobsByStatus, JOB_KINDS } from "../modules/content/jobs.repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** What other plugins record; no-ops when metrics are off. */
    metrics: AppMetrics;
  }
}

/** What other plugins record. */
export interface AppMetrics {
  /** One OCR reading took `seconds`. */
  ocrRead(seconds: number): void;
  /** An attempt at a generation job of `kind` ended with `outcome` (recorded in the queue). */
  jobOutcome: OutcomeReporter;
}

const JOB_OUTCOMES = Object.keys({ done: true, retried: true, failed: true } satisfies Record<
  JobOutcome,
  true
>) as JobOutcome[];

/**
 * Registers `wds_generation_job_outcomes_total{kind,outcome}` in `registry`, every kind and outcome
 * at 0, and returns what counts one outcome: for the app's registry here, and for `winedata worker`.
 */
export function jobOutcomeCounter(registry: Registry): OutcomeReporter {
  const outcomes = new Counter({
    name: "wds_generation_job_outcomes_total",
    help: "Attempts at generation jobs run by this process, by kind and outcome (done; retried: failed, will run again; failed: gave up)",
    labelNames: ["kind", "outcome"],
    registers: [registry],
  });
  for (const kind of JOB_KINDS) for (const outcome of JOB_OUTCOMES) outcomes.inc({ kind, outcome }, 0);
  return (kind, outcome) => outcomes.inc({ kind, outcome });
}

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The app's metrics in `registry`; hooks that record them. */
function collect(app: FastifyInstance, registry: Registry): AppMetrics {
  const registers = [registry];
  const requests = new Counter({
    name: "wds_http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status",
    labelNames: ["route", "method", "status"],
    registers,
  });
  const duration = new Histogram({
    name: "wds_http_request_duration_seconds",
    help: "Time from request to answer, by route pattern",
    labelNames: ["route"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const rejections = new Counter({
    name: "wds_rate_limit_rejections_total",
    help: "Requests refused with 429, by reason (rate_limited: per minute, quota_exceeded: per day)",
    labelNames: ["reason"],
    registers,
  });
  const ocr = new Histogram({
    name: "wds_ocr_read_seconds",
    help: "Time of one OCR reading of a label photo",
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
    registers,
  });
  new Gauge({
    name: "wds_rate_limit_shared_store_down",
    help: "1 while Redis does not answer and rate limits are counted per process",
    registers,
    collect() {
      this.set(app.rateLimits.sharedStore() === "down" ? 1 : 0);
    },
  });
  new Counter({
    name: "wds_rate_limit_fallback_total",
    help: "Rate-limit counts answered by the in-process fallback because Redis did not answer",
    registers,
    collect() {
      // The rate-limit plugin keeps the running total (its shared store's health); the counter shows it.
      this.reset();
      this.inc(app.rateLimits.fallbackCount());
    },
  });
  new Gauge({
    name: "wds_ocr_queue",
    help: "Label photos waiting for a free OCR process",
    registers,
    collect() {
      this.set(app.labels.queued());
    },
  });
  new Gauge({
    name: "wds_generation_jobs",
    help: "Generation jobs by status (pending: queue depth; done, failed: outcomes so far)",
    labelNames: ["status"],
    aggregator: "max",
    registers,
    async collect() {
      this.reset();
      for (const { status, n } of await countJobsByStatus(app.db)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: "wds_catalogue_wines",
    help: "Wines in the catalogue",
    aggregator: "max",
    registers,
    async collect() {
      // From the database the catalogue is served from (the read replica, when there is one).
      this.set(await countWines(app.catalogueDb));
    },
  });

  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ route, method: request.method, status: reply.statusCode });
    duration.observe({ route }, reply.elapsedTime / 1000);
    done();
  });
  app.addHook("onError", (_request, _reply, error, done) => {
    const code = (error as { code?: unknown }).code;
    if (code === "rate_limited" || code === "quota_exceeded") rejections.inc({ reason: code });
    done();
  });
  return { ocrRead: (seconds) => ocr.observe(seconds), jobOutcome: jobOutcomeCounter(registry) };
}

/**
 * Listens on `port` of `host` and answers `GET /metrics` with the text of `source` (404 elsewhere;
 * 503 when collecting fails, after `onError`). Resolves once listening.
 * @throws the listen error (the port is taken, the host is not local).
 */
export async function serveMetrics(
  port: number,
  host: string,
  source: { metrics(): Promise<string>; contentType: string },
  onError: (err: unknown) => void,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { "content-type": source.contentType }).end(text),
      (err: unknown) => {
        onError(err);
        res.writeHead(503).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** Options of the plugin. */
export interface MetricsOptions {
  /** `METRICS_PORT`, or null: metrics off. */
  port: number | null;
  /** Where the listener binds (`HOST`). */
  host: string;
}

export default fp<MetricsOptions>(
  async (app: FastifyInstance, { port, host }) => {
    if (port === null) {
      app.decorate("metrics", { ocrRead: () => {}, jobOutcome: () => {} });
      return;
    }
    const registry = new Registry();
    app.decorate("metrics", collect(app, registry));
    if (cluster.isWorker) {
      // The primary listens and asks every worker for its registry (see cluster.ts).
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries([registry]);
      return;
    }
    let server: Server | null = null;
    app.addHook("onListen", async () => {
      server = await serveMetrics(port, host, registry, (err) =>
        app.log.error({ err }, "collecting the metrics failed"),
      );
    });
    app.addHook("onClose", async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  },
  { name: "metrics", dependencies: ["db"] },
);
