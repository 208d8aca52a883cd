/**
 * Settings: read once from the environment, validated, then passed in as one object.
 * A bad value stops the process at start with a message naming the variable.
 */

import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type BillingSetting,
  type MailSetting,
  type Prices,
  parseBilling,
  parseMail,
  parsePrices,
} from "./config-customers.ts";
import { ConfigError } from "./config-error.ts";

export type { BillingSetting, MailSetting, Price, Prices } from "./config-customers.ts";
export { DEFAULT_PRICES, parseBilling, parseMail, parsePrice, parsePrices } from "./config-customers.ts";
export { ConfigError } from "./config-error.ts";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Which content generator writes missing texts. */
export type GeneratorSetting =
  | { kind: "offline" }
  | { kind: "openai"; baseUrl: string; apiKey: string; model: string; timeoutMs: number };

/** Where background generation runs: a worker thread (default), the main thread, or nowhere. */
export type WorkerMode = "thread" | "inline" | "off";

/** Where the data lives: an embedded SQLite file (or `:memory:`) or a PostgreSQL server. */
export type DatabaseSetting = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

/** The validated settings of one service process. */
export interface Config {
  /** TCP port, default 8080 (`PORT`). */
  port: number;
  /** Interface to listen on, default 0.0.0.0 (`HOST`). */
  host: string;
  /** `DATABASE_URL`: `sqlite:PATH`, `sqlite::memory:` or `postgres://…`; default `sqlite:./var/wine.db`. */
  database: DatabaseSetting;
  /**
   * `DATABASE_READ_URL` (optional, `postgres://…`, only beside a PostgreSQL `DATABASE_URL`): a
   * streaming replica of that database that serves the catalogue reads (wines, producers, regions,
   * grapes, search, the label matcher, the catalogue version). Accounts, keys, key use, generated
   * texts and generation jobs stay on `DATABASE_URL`. Null (unset): everything reads the primary.
   */
  databaseRead: { kind: "postgres"; url: string } | null;
  /** Prefix of every v1 route, default `/v1` (`BASE_PATH`); empty string or a path starting with `/`. */
  basePath: string;
  /** Pino log level (`LOG_LEVEL`), default `info`. */
  logLevel: LogLevel;
  /** Honour X-Forwarded-* headers (`TRUST_PROXY=true|false|<hop count>|<address list>`), default false. */
  trustProxy: boolean | number | string;
  /** Development mode (`NODE_ENV` not `production`): `serve` creates a demo key when none exists. */
  development: boolean;
  /** Largest accepted request body in bytes (`BODY_LIMIT_BYTES`), default 10 MiB; photos are base64 in JSON. */
  bodyLimitBytes: number;
  /** Milliseconds between polls of the background job queue (`JOB_POLL_MS`), default 250. */
  jobPollMs: number;
  /**
   * A running job's lock lasts this long without a heartbeat (`JOB_LEASE_MS`, default 30,000); a job
   * whose process died is taken over after it.
   */
  jobLeaseMs: number;
  /** `WORKERS=thread|inline|off` (`true` = thread, `false` = off), default thread. */
  workers: WorkerMode;
  /**
   * In `thread` mode, the worker thread stops after this many ms without a job (`WORKER_IDLE_MS`,
   * default 30,000) and starts again when a job is queued or found due; its isolate and database
   * connection cost memory only while it runs.
   */
  workerIdleMs: number;
  /** Time budget of one photo analysis in ms (`PHOTO_TIMEOUT_MS`, default 10,000); past it: 503. */
  photoTimeoutMs: number;
  /**
   * OCR processes at most (`OCR_THREADS`, default 1; the name is older than the processes); each
   * holds its own copy of the models, so each adds to the resident memory (peak RSS with one:
   * bench/results/photo.md).
   */
  ocrThreads: number;
  /**
   * The OCR processes stop after this many ms without a photo (`OCR_IDLE_MS`, default 30,000), so all
   * their memory returns; the next photo starts one again (its time: bench/results/photo-memory.md).
   */
  ocrIdleMs: number;
  /**
   * The label matcher's thread stops after this many ms without a photo (`MATCHER_IDLE_MS`, default
   * 30,000 like the OCR processes; 0: never), so its index's memory returns
   * (bench/results/photo-memory-300k-snapshot.md); the next photo restores it from its saved index
   * (see {@link matcherCacheDir}), or builds it while it is read (bench/results/label-matcher.md).
   */
  matcherIdleMs: number;
  /**
   * Folder of the label matcher's saved indexes (`MATCHER_CACHE_DIR`, default
   * `<OS temp folder>/winedata-matcher-cache`), kept across restarts: a start, an idle stop, and
   * the processes of one machine on one database restore the index from there instead of building
   * it (bench/results/photo-memory-300k-snapshot.md); 3 files at most (size: bench/results/label-matcher.md).
   */
  matcherCacheDir: string;
  /**
   * How long an API key and its account are trusted from memory, in ms (`AUTH_CACHE_MS`, default
   * 5,000; 0 reads them on every request). Revocations and account changes made by a service of
   * this process given `app.keyCache` apply at once; those made by another process (the CLI) within
   * this time.
   */
  authCacheMs: number;
  /**
   * Shared rate-limit counters (`REDIS_URL`, `redis://` or `rediss://`; null: each process counts in
   * its own memory) and the prefix of their keys (`REDIS_KEY_PREFIX`, default `wds:`).
   */
  redis: RedisSetting | null;
  /**
   * Port of the Prometheus `/metrics` listener (`METRICS_PORT`), on `HOST` beside the API's port and
   * without an API key; null (unset): no metrics are collected.
   */
  metricsPort: number | null;
  /**
   * Byte budget of the serialized-response cache of the catalogue routes (`RESPONSE_CACHE_MB`,
   * default 64 MiB; 0 disables it).
   */
  responseCacheBytes: number;
  /**
   * The public base URL clients use (`PUBLIC_URL`, e.g. `https://api.example.com` or
   * `https://example.com/wine-api`; no trailing slash, no query), or null. When set, pagination links
   * are this URL followed by the path and query the service received, whatever the request's Host
   * or X-Forwarded-* headers say; when null they are built from the validated request origin.
   */
  publicUrl: string | null;
  /**
   * HTTP server time limits in ms, against slow or idle clients (see {@link ServerTimeouts}):
   * `HEADERS_TIMEOUT_MS`, `REQUEST_TIMEOUT_MS`, `KEEP_ALIVE_TIMEOUT_MS`.
   */
  timeouts: ServerTimeouts;
  /**
   * Follow each request's asynchronous work (`TRACE_REQUEST_IDS`, default false), so that an
   * unhandled rejection or uncaught exception is logged with the id of the request it came from. It
   * enables Node's promise hooks for the whole process, which costs CPU on every request (measured by
   * `npm run bench:request-context`, bench/results/request-context.md), so it is off unless asked
   * for, e.g. while chasing such an error; the stack trace is logged either way.
   */
  traceRequestIds: boolean;
  /** `GENERATOR=offline|openai` with `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_MODEL`, `OPENAI_TIMEOUT_MS`. */
  generator: GeneratorSetting;
  /**
   * The monthly prices the front door and the plan page show (`PRICE_STANDARD`, `PRICE_ENTERPRISE`,
   * see {@link parsePrices}); the trial is free. With `BILLING_PROVIDER=stripe` Stripe charges its
   * own prices (`STRIPE_PRICE_*`): these must be set to match them.
   */
  prices: Prices;
  /** The payment provider of the dashboard's plan page (see {@link BillingSetting}). */
  billing: BillingSetting;
  /** How the dashboard's mails leave (see {@link MailSetting}). */
  mail: MailSetting;
  /**
   * Sign-ups allowed per client address per UTC day (`SIGNUPS_PER_ADDRESS_PER_DAY`, default 5) and
   * in all per UTC day (`SIGNUPS_PER_DAY`, default 500); past either the sign-up form answers 429.
   */
  signupLimits: { perAddressPerDay: number; perDay: number };
}

/**
 * Time limits of the HTTP server, in milliseconds (Node's `http.Server` settings of the same names).
 * A client that has not sent its request line and headers within `headersMs` gets 408 and is
 * disconnected (slowloris); one that has not sent its whole request, body included, within
 * `requestMs` likewise (a 10 MiB photo at 2 Mbit/s takes ~40 s); an idle keep-alive connection is
 * closed after `keepAliveMs` (above the 60 s idle timeout of common load balancers, so the balancer
 * closes first and never reuses a connection the service is closing). Node checks the first two every
 * {@link TIMEOUT_CHECK_INTERVAL_MS}.
 */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/** How often Node looks for requests past their headers or request timeout (Node's default: 30 s). */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}".`);
  }
  return Number(raw);
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? "").toLowerCase();
  if (raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

function workerMode(raw: string | undefined): WorkerMode {
  const value = (raw ?? "thread").toLowerCase();
  if (value === "" || value === "thread" || value === "true" || value === "1") return "thread";
  if (value === "inline") return "inline";
  if (value === "off" || value === "false" || value === "0") return "off";
  throw new ConfigError(`WORKERS must be thread, inline or off, got "${raw}".`);
}

function generator(env: NodeJS.ProcessEnv): GeneratorSetting {
  const kind = (env.GENERATOR ?? "offline").toLowerCase();
  if (kind === "offline" || kind === "") return { kind: "offline" };
  if (kind !== "openai")
    throw new ConfigError(`GENERATOR must be offline or openai, got "${env.GENERATOR}".`);
  const baseUrl = env.OPENAI_BASE_URL || "https://api.openai.com/v1";
  if (!/^https?:\/\/\S+$/.test(baseUrl))
    throw new ConfigError(`OPENAI_BASE_URL must be an http(s) URL, got "${baseUrl}".`);
  const apiKey = env.OPENAI_API_KEY ?? "";
  if (apiKey === "") throw new ConfigError("GENERATOR=openai needs OPENAI_API_KEY.");
  const model = env.OPENAI_MODEL ?? "";
  if (model === "") throw new ConfigError("GENERATOR=openai needs OPENAI_MODEL (e.g. gpt-4o-mini).");
  return {
    kind: "openai",
    baseUrl,
    apiKey,
    model,
    timeoutMs: integer(env, "OPENAI_TIMEOUT_MS", 20_000, 100, 600_000),
  };
}

/**
 * Parses `DATABASE_URL`.
 * @throws ConfigError for any other scheme.
 */
export function parseDatabaseUrl(raw: string): DatabaseSetting {
  if (raw.startsWith("sqlite:")) {
    const path = raw.slice("sqlite:".length).replace(/^\/\//, "");
    if (path === "")
      throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./var/wine.db');
    return { kind: "sqlite", path };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) return { kind: "postgres", url: raw };
  throw new ConfigError(
    `DATABASE_URL must be sqlite:PATH or postgres://USER@HOST:PORT/DB, got "${raw.replace(/\/\/.*@/s, "//***@")}".`,
  );
}

/**
 * Parses `DATABASE_READ_URL` given the parsed `DATABASE_URL`; empty or unset: null. The message of
 * an error never holds the URL's password.
 * @throws ConfigError when it is not `postgres://…` or when `DATABASE_URL` is not PostgreSQL.
 */
export function parseDatabaseReadUrl(
  raw: string | undefined,
  primary: DatabaseSetting,
): { kind: "postgres"; url: string } | null {
  if (raw === undefined || raw === "") return null;
  if (!/^postgres(ql)?:\/\/\S+$/.test(raw)) {
    throw new ConfigError(
      `DATABASE_READ_URL must be postgres://USER@HOST:PORT/DB (a read replica), got "${raw.replace(/\/\/.*$/s, "//…")}".`,
    );
  }
  if (primary.kind !== "postgres") {
    throw new ConfigError(
      "DATABASE_READ_URL (a PostgreSQL read replica) needs a PostgreSQL DATABASE_URL (postgres://…), the replica's primary.",
    );
  }
  return { kind: "postgres", url: raw };
}

/**
 * Parses `PUBLIC_URL`: an absolute http(s) URL with a host, an optional path prefix, no query, no
 * fragment, no credentials; returned without its trailing slash. Empty or unset: null.
 * @throws ConfigError for anything else.
 */
export function parsePublicUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw === "") return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (
    url === null ||
    !/^https?:$/.test(url.protocol) ||
    url.host === "" ||
    url.username !== "" ||
    url.password !== "" ||
    url.search !== "" ||
    url.hash !== "" ||
    raw.includes("?") ||
    raw.includes("#")
  ) {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) URL such as https://api.example.com or https://example.com/wine-api, got "${raw}".`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === "" || raw.toLowerCase() === "false") return false;
  if (raw.toLowerCase() === "true") return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[0-9a-fA-F.:/,\s]+$/.test(raw)) return raw;
  throw new ConfigError(`TRUST_PROXY must be true, false, a hop count or a list of addresses, got "${raw}".`);
}

/** Where the shared rate-limit counters live. */
export interface RedisSetting {
  url: string;
  keyPrefix: string;
}

/**
 * How each Redis client of the service (rate limits, key-cache bus) connects, as ioredis options: a
 * connection attempt gives up after 2 s (at start, the longest the service waits for Redis before it
 * listens: plugins/rate-limit.ts), and reconnects go on for ever, 100 ms further apart each time, at
 * most a second.
 */
export const REDIS_CONNECTION = {
  connectTimeout: 2_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
};

/** `REDIS_URL` and `REDIS_KEY_PREFIX`, checked; null without `REDIS_URL`. */
export function parseRedis(env: NodeJS.ProcessEnv): RedisSetting | null {
  const raw = env.REDIS_URL;
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not echoed: the URL may hold a password.
    throw new ConfigError("REDIS_URL must be a URL like redis://host:6379.");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${url.protocol}//".`);
  }
  const keyPrefix = env.REDIS_KEY_PREFIX ?? "wds:";
  if (!/^[A-Za-z0-9:._-]{0,64}$/.test(keyPrefix)) {
    throw new ConfigError("REDIS_KEY_PREFIX may hold at most 64 letters, digits and : . _ -.");
  }
  return { url: raw, keyPrefix };
}

/**
 * Builds the settings from environment variables (defaults in {@link Config}).
 * @throws ConfigError naming the first bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const basePath = env.BASE_PATH ?? "/v1";
  if (basePath !== "" && !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath)) {
    throw new ConfigError(`BASE_PATH must be empty or a path like /v1 or /public/v1, got "${basePath}".`);
  }
  const logLevel = (env.LOG_LEVEL ?? "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}".`);
  }
  const headersMs = integer(env, "HEADERS_TIMEOUT_MS", 10_000, 100, 600_000);
  const requestMs = integer(env, "REQUEST_TIMEOUT_MS", 60_000, 100, 3_600_000);
  if (headersMs > requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${headersMs}) must not exceed REQUEST_TIMEOUT_MS (${requestMs}).`,
    );
  }
  const database = parseDatabaseUrl(env.DATABASE_URL || "sqlite:./var/wine.db");
  return {
    port: integer(env, "PORT", 8080, 0, 65535),
    host: env.HOST || "0.0.0.0",
    database,
    databaseRead: parseDatabaseReadUrl(env.DATABASE_READ_URL, database),
    basePath,
    logLevel,
    trustProxy: trustProxy(env.TRUST_PROXY),
    development: env.NODE_ENV !== "production",
    bodyLimitBytes: integer(env, "BODY_LIMIT_BYTES", 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    jobPollMs: integer(env, "JOB_POLL_MS", 250, 10, 60_000),
    jobLeaseMs: integer(env, "JOB_LEASE_MS", 30_000, 100, 3_600_000),
    photoTimeoutMs: integer(env, "PHOTO_TIMEOUT_MS", 10_000, 1, 600_000),
    ocrThreads: integer(env, "OCR_THREADS", 1, 1, 16),
    ocrIdleMs: integer(env, "OCR_IDLE_MS", 30_000, 100, 3_600_000),
    matcherIdleMs: integer(env, "MATCHER_IDLE_MS", 30_000, 0, 86_400_000),
    matcherCacheDir: env.MATCHER_CACHE_DIR || join(tmpdir(), "winedata-matcher-cache"),
    workers: workerMode(env.WORKERS),
    workerIdleMs: integer(env, "WORKER_IDLE_MS", 30_000, 10, 3_600_000),
    authCacheMs: integer(env, "AUTH_CACHE_MS", 5_000, 0, 60_000),
    redis: parseRedis(env),
    metricsPort: env.METRICS_PORT ? integer(env, "METRICS_PORT", 0, 1, 65535) : null,
    responseCacheBytes: integer(env, "RESPONSE_CACHE_MB", 64, 0, 4_096) * 1024 * 1024,
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    traceRequestIds: boolean(env, "TRACE_REQUEST_IDS", false),
    prices: parsePrices(env),
    timeouts: {
      headersMs,
      requestMs,
      keepAliveMs: integer(env, "KEEP_ALIVE_TIMEOUT_MS", 65_000, 100, 3_600_000),
    },
    generator: generator(env),
    billing: parseBilling(env),
    mail: parseMail(env),
    signupLimits: {
      perAddressPerDay: integer(env, "SIGNUPS_PER_ADDRESS_PER_DAY", 5, 1, 1_000_000),
      perDay: integer(env, "SIGNUPS_PER_DAY", 500, 1, 10_000_000),
    },
  };
}
