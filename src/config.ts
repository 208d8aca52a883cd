/**
 * Settings: read once from the environment, validated against the schema of every variable
 * (config-schema.ts: descriptions, defaults, units, allowed values, deprecated names; its table is
 * docs/operations.md "Configuration"), then passed in as one typed object, {@link Config}. The
 * settings made of several variables or of a URL are built here and in config-customers.ts.
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
import { readEnv } from "./config-env.ts";
import { ConfigError } from "./config-error.ts";
import { ENV_SCHEMA, type EnvValues, type GENERATION_MODES, type LOG_LEVELS } from "./config-schema.ts";

export type { BillingSetting, MailSetting, Price, Prices } from "./config-customers.ts";
export { DEFAULT_PRICES, parseBilling, parseMail, parsePrice, parsePrices } from "./config-customers.ts";
export { ConfigError } from "./config-error.ts";
export { ENV_SCHEMA, type EnvValues } from "./config-schema.ts";

/** A pino log level (`LOG_LEVEL`). */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Which content generator writes missing texts. */
export type GeneratorSetting =
  | { kind: "offline" }
  | { kind: "openai"; baseUrl: string; apiKey: string; model: string; timeoutMs: number };

/** Where background text generation runs (`GENERATION`): a worker thread (default), the main thread, or nowhere. */
export type GenerationMode = (typeof GENERATION_MODES)[number];

/** Where the data lives: an embedded SQLite file (or `:memory:`) or a PostgreSQL server. */
export type DatabaseSetting = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

/**
 * The validated settings of one service process, built by {@link loadConfig} from the environment
 * (each variable's description, default and allowed values: config-schema.ts, docs/operations.md).
 */
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
  /** Where background text generation runs (`GENERATION=thread|inline|off`, alias `WORKERS`), default thread. */
  generation: GenerationMode;
  /**
   * In `thread` mode, the generation thread stops after this many ms without a job
   * (`GENERATION_IDLE_MS`, alias `WORKER_IDLE_MS`, default 30,000) and starts again when a job is
   * queued or found due; its isolate and database connection cost memory only while it runs.
   */
  generationIdleMs: number;
  /** Time budget of one photo analysis in ms (`PHOTO_TIMEOUT_MS`, default 10,000); past it: 503. */
  photoTimeoutMs: number;
  /**
   * OCR processes at most (`OCR_PROCESSES`, alias `OCR_THREADS`, default 1); each holds its own copy
   * of the models, so each adds to the resident memory (bench/results/photo.md).
   */
  ocrProcesses: number;
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
  /**
   * One warning per deprecated variable name set (`WORKERS`, `WORKER_IDLE_MS`, `OCR_THREADS`),
   * naming its new name; `serve` and `worker` log them at start.
   */
  deprecations: readonly string[];
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

/** `GENERATOR` and, for `openai`, its `OPENAI_*` settings (validated by the schema). */
function generator(env: EnvValues): GeneratorSetting {
  if (env.GENERATOR === "offline") return { kind: "offline" };
  const apiKey = env.OPENAI_API_KEY ?? "";
  if (apiKey === "") throw new ConfigError("GENERATOR=openai needs OPENAI_API_KEY.");
  const model = env.OPENAI_MODEL ?? "";
  if (model === "") throw new ConfigError("GENERATOR=openai needs OPENAI_MODEL (e.g. gpt-4o-mini).");
  return { kind: "openai", baseUrl: env.OPENAI_BASE_URL, apiKey, model, timeoutMs: env.OPENAI_TIMEOUT_MS };
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

/** `TRUST_PROXY` as Fastify takes it: a boolean, a hop count or an address list. */
function trustProxy(raw: string): boolean | number | string {
  if (raw === "" || raw.toLowerCase() === "false") return false;
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

/**
 * `REDIS_URL` and `REDIS_KEY_PREFIX` (default: the schema's), checked; null without `REDIS_URL`.
 * @throws ConfigError naming the variable (never echoing the URL, which may hold a password).
 */
export function parseRedis(env: { REDIS_URL?: string; REDIS_KEY_PREFIX?: string }): RedisSetting | null {
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
  const keyPrefix = env.REDIS_KEY_PREFIX ?? ENV_SCHEMA.properties.REDIS_KEY_PREFIX.default;
  if (!/^[A-Za-z0-9:._-]{0,64}$/.test(keyPrefix)) {
    throw new ConfigError("REDIS_KEY_PREFIX may hold at most 64 letters, digits and : . _ -.");
  }
  return { url: raw, keyPrefix };
}

/**
 * Builds the settings from environment variables, validated against config-schema.ts (defaults,
 * units and allowed values there); deprecated names are read when their new name is not set, and
 * listed in `deprecations`.
 * @throws ConfigError naming the first bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { values, deprecations } = readEnv(env);
  const headersMs = values.HEADERS_TIMEOUT_MS;
  const requestMs = values.REQUEST_TIMEOUT_MS;
  if (headersMs > requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${headersMs}) must not exceed REQUEST_TIMEOUT_MS (${requestMs}).`,
    );
  }
  const database = parseDatabaseUrl(values.DATABASE_URL);
  return {
    port: values.PORT,
    host: values.HOST,
    database,
    databaseRead: parseDatabaseReadUrl(values.DATABASE_READ_URL, database),
    basePath: values.BASE_PATH,
    logLevel: values.LOG_LEVEL,
    trustProxy: trustProxy(values.TRUST_PROXY),
    development: values.NODE_ENV !== "production",
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    jobPollMs: values.JOB_POLL_MS,
    jobLeaseMs: values.JOB_LEASE_MS,
    photoTimeoutMs: values.PHOTO_TIMEOUT_MS,
    ocrProcesses: values.OCR_PROCESSES,
    ocrIdleMs: values.OCR_IDLE_MS,
    matcherIdleMs: values.MATCHER_IDLE_MS,
    matcherCacheDir: values.MATCHER_CACHE_DIR ?? join(tmpdir(), "winedata-matcher-cache"),
    generation: values.GENERATION,
    generationIdleMs: values.GENERATION_IDLE_MS,
    authCacheMs: values.AUTH_CACHE_MS,
    redis: parseRedis(values),
    metricsPort: values.METRICS_PORT ?? null,
    responseCacheBytes: values.RESPONSE_CACHE_MB * 1024 * 1024,
    publicUrl: parsePublicUrl(values.PUBLIC_URL),
    traceRequestIds: values.TRACE_REQUEST_IDS,
    prices: parsePrices(values),
    timeouts: { headersMs, requestMs, keepAliveMs: values.KEEP_ALIVE_TIMEOUT_MS },
    generator: generator(values),
    billing: parseBilling(values),
    mail: parseMail(values),
    signupLimits: {
      perAddressPerDay: values.SIGNUPS_PER_ADDRESS_PER_DAY,
      perDay: values.SIGNUPS_PER_DAY,
    },
    deprecations,
  };
}
