/**
 * The service's environment as one TypeBox schema: every variable it reads, with its description
 * (for operators), default, unit and allowed values. config-env.ts reads and validates the
 * environment against it, config.ts turns the values into the typed `Config`, and
 * `npm run docs:config` writes the table of docs/operations.md from it (config-table.ts).
 *
 * Keywords beside JSON Schema's (TypeBox keeps unknown options on the schema):
 * - `unit`: `ms`, `bytes`, `MiB` or `count`;
 * - `allowed`: the accepted values in words, for the table and for the error of a bad value (string
 *   variables; integers, booleans and enums say it themselves);
 * - `defaultText`: the default as the table shows it when it is not a literal (computed, or absent);
 * - `aliases`: older names still read for one release (deprecated; the new name wins);
 * - `synonyms`: other spellings of an enum's values (`true` → `thread`);
 * - `emptyIsValue`: an empty value is that value (BASE_PATH=""), not "unset";
 * - `secret`: the value is never echoed in an error.
 * A data table: longer than the house's 400 lines per file.
 */
import { type Static, type TBoolean, type TEnum, type TInteger, type TString, Type } from "typebox";

/** The unit of a numeric variable. */
export type ConfigUnit = "ms" | "bytes" | "MiB" | "count";

/** What every variable's schema carries besides its type (see the file comment). */
export type VariableDoc = {
  description: string;
  unit?: ConfigUnit;
  allowed?: string;
  defaultText?: string;
  aliases?: readonly string[];
  synonyms?: Readonly<Record<string, string>>;
  emptyIsValue?: boolean;
  secret?: boolean;
};

/** An integer variable from `minimum` to `maximum` (inclusive). */
function integer<const O extends VariableDoc & { minimum: number; maximum: number; default?: number }>(
  options: O,
): TInteger & O {
  return Type.Integer(options) as TInteger & O;
}

/** A string variable; `allowed` says what it accepts. */
function text<const O extends VariableDoc & { allowed: string; default?: string; pattern?: string }>(
  options: O,
): TString & O {
  return Type.String(options) as TString & O;
}

/** One of `values` (given in lower case; the input is lower-cased first). */
function oneOf<const T extends string[], const O extends VariableDoc & { default: T[number] }>(
  values: readonly [...T],
  options: O,
): TEnum<T> & O {
  return Type.Enum(values, options) as TEnum<T> & O;
}

/** `true`/`1` or `false`/`0`, any case. */
function flag<const O extends VariableDoc & { default: boolean }>(options: O): TBoolean & O {
  return Type.Boolean(options) as TBoolean & O;
}

/** The log levels of `LOG_LEVEL` (pino's). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Where background text generation runs (`GENERATION`). */
export const GENERATION_MODES = ["thread", "inline", "off"] as const;

const MS_HOUR = 3_600_000;

/** Every environment variable the service reads, in the order of the configuration table. */
export const ENV_SCHEMA = Type.Object({
  PORT: integer({ description: "TCP port of the HTTP API.", minimum: 0, maximum: 65535, default: 8080 }),
  HOST: text({
    description: "Interface the HTTP API (and `METRICS_PORT`) listens on.",
    allowed: "an address or host name",
    default: "0.0.0.0",
  }),
  DATABASE_URL: text({
    description:
      "Where the data lives; every CLI command honours it too. PostgreSQL URL parameters: " +
      "`connect_timeout` (s, default 5), `statement_timeout` (ms, default 10,000), `pool_size` " +
      "(connections per process, default 10: keep processes × pool_size under the server's `max_connections`).",
    allowed: "`sqlite:PATH`, `sqlite::memory:` or `postgres://USER:PASSWORD@HOST:PORT/DB`",
    default: "sqlite:./var/wine.db",
    secret: true,
  }),
  DATABASE_READ_URL: Type.Optional(
    text({
      description:
        "A streaming read replica of a PostgreSQL `DATABASE_URL`: the catalogue reads (wines, producers, " +
        "regions, grapes, search, label matcher, catalogue version) go there; accounts, keys, texts and " +
        "jobs stay on `DATABASE_URL`. Changes reach the answers after the replication lag (plus up to 1 s). " +
        "One replica per URL (replicas behind one address may be at different points). Unset: everything reads the primary.",
      allowed: "`postgres://…` (only beside a PostgreSQL `DATABASE_URL`)",
      secret: true,
    }),
  ),
  BASE_PATH: text({
    description: "Prefix of every v1 route.",
    allowed: "empty, or a path such as `/v1` or `/public/v1`",
    default: "/v1",
    pattern: "^(/[A-Za-z0-9._~-]+)*$",
    emptyIsValue: true,
  }),
  LOG_LEVEL: oneOf(LOG_LEVELS, { description: "Level of the service's (pino) log.", default: "info" }),
  TRUST_PROXY: text({
    description:
      "Honour `X-Forwarded-*` headers (client address, pagination links, HSTS and Secure cookies) " +
      "from this many proxy hops or these proxy addresses.",
    allowed: "`true`, `false`, a hop count, or a comma-separated list of addresses/CIDRs",
    default: "false",
  }),
  PUBLIC_URL: Type.Optional(
    text({
      description:
        "Base URL clients use: pagination links are this URL followed by the path and query received, " +
        "whatever `Host`/`X-Forwarded-*` say; the dashboard's mailed links are built on it (required for " +
        "them on a host that is not a loopback name). Unset: links are built from the request's origin.",
      allowed: "an http(s) URL, optionally with a path prefix, without query, fragment or credentials",
    }),
  ),
  HEADERS_TIMEOUT_MS: integer({
    description:
      "A client must send its request line and headers within this time, else 408 and the connection " +
      "is closed (slowloris). At most `REQUEST_TIMEOUT_MS`.",
    unit: "ms",
    minimum: 100,
    maximum: 600_000,
    default: 10_000,
  }),
  REQUEST_TIMEOUT_MS: integer({
    description: "A client must send its whole request, body included, within this time, else 408.",
    unit: "ms",
    minimum: 100,
    maximum: MS_HOUR,
    default: 60_000,
  }),
  KEEP_ALIVE_TIMEOUT_MS: integer({
    description:
      "An idle keep-alive connection is closed after this time; keep it above the idle timeout of the " +
      "load balancer in front (often 60 s), so the balancer closes first.",
    unit: "ms",
    minimum: 100,
    maximum: MS_HOUR,
    default: 65_000,
  }),
  TRACE_REQUEST_IDS: flag({
    description:
      "Follow each request's asynchronous work so that an unhandled rejection or uncaught exception is " +
      "logged with its request id; costs CPU on every request (`bench/results/request-context.md`), so " +
      "turn it on while chasing such an error.",
    default: false,
  }),
  NODE_ENV: Type.Optional(
    text({
      description: "`production` turns development mode off: no demo key at start, mails' links not logged.",
      allowed: "`production`, or anything else for development",
    }),
  ),
  BODY_LIMIT_BYTES: integer({
    description:
      "Largest body of `POST /v1/photo/analyze` (photos are base64 JSON) and, for a key whose plan reads " +
      "photos, of `POST /mcp` (+ 64 KiB); larger: 413. Other routes have their own limits.",
    unit: "bytes",
    minimum: 1024,
    maximum: 100 * 1024 * 1024,
    default: 10 * 1024 * 1024,
  }),
  PHOTO_TIMEOUT_MS: integer({
    description: "Time budget of one photo analysis; past it the answer is 503.",
    unit: "ms",
    minimum: 1,
    maximum: 600_000,
    default: 10_000,
  }),
  OCR_PROCESSES: integer({
    description:
      "OCR processes at most; each holds its own copy of the models, so each adds to the resident " +
      "memory (`bench/results/photo.md`). At most 8 photos per process wait for a free one.",
    unit: "count",
    minimum: 1,
    maximum: 16,
    default: 1,
    aliases: ["OCR_THREADS"],
  }),
  OCR_IDLE_MS: integer({
    description:
      "The OCR processes stop after this time without a photo, so all their memory returns; the next " +
      "photo starts one again (`bench/results/photo-memory.md`).",
    unit: "ms",
    minimum: 100,
    maximum: MS_HOUR,
    default: 30_000,
  }),
  MATCHER_IDLE_MS: integer({
    description:
      "The label matcher's thread stops after this time without a photo and its index's memory returns " +
      "(0: never); the next photo restores the index saved in `MATCHER_CACHE_DIR`, or builds it " +
      "(`bench/results/photo-memory-300k-snapshot.md`).",
    unit: "ms",
    minimum: 0,
    maximum: 86_400_000,
    default: 30_000,
  }),
  MATCHER_CACHE_DIR: Type.Optional(
    text({
      description:
        "Folder where the label matcher saves its built index, kept across restarts and shared by the " +
        "processes of one machine on one database (3 index files at most); put it on a volume that " +
        "outlives the container.",
      allowed: "a folder path",
      defaultText: "`<OS temp folder>/winedata-matcher-cache`",
    }),
  ),
  GENERATION: oneOf(GENERATION_MODES, {
    description:
      "Where background text generation runs: `thread` (a worker thread with its own database " +
      "connection), `inline` (the main thread) or `off` (nowhere: a `winedata worker` process drains the queue).",
    default: "thread",
    aliases: ["WORKERS"],
    synonyms: { true: "thread", "1": "thread", false: "off", "0": "off" },
  }),
  GENERATION_IDLE_MS: integer({
    description:
      "With `GENERATION=thread`, the generation thread stops after this time without a job and starts " +
      "again when one is queued or found due; its memory is used only while it runs.",
    unit: "ms",
    minimum: 10,
    maximum: MS_HOUR,
    default: 30_000,
    aliases: ["WORKER_IDLE_MS"],
  }),
  JOB_POLL_MS: integer({
    description: "How often the generation queue is polled for due jobs.",
    unit: "ms",
    minimum: 10,
    maximum: 60_000,
    default: 250,
  }),
  JOB_LEASE_MS: integer({
    description:
      "A running job whose process stopped renewing its lock this long ago (the process died) is taken " +
      "over by another.",
    unit: "ms",
    minimum: 100,
    maximum: MS_HOUR,
    default: 30_000,
  }),
  AUTH_CACHE_MS: integer({
    description:
      "How long an API key and its account are trusted from memory (0: read on every request). A change " +
      "made in the dashboard reaches every process at once (through `REDIS_URL`, or between the " +
      "processes of `serve --processes`); one made with the CLI at once with `REDIS_URL`, else within this time.",
    unit: "ms",
    minimum: 0,
    maximum: 60_000,
    default: 5_000,
  }),
  REDIS_URL: Type.Optional(
    text({
      description:
        "Redis holding the rate-limit counters, so several processes enforce exactly the limits a " +
        "customer pays for. Unset: each process counts in its own memory.",
      allowed: "`redis://…` or `rediss://…`",
      secret: true,
    }),
  ),
  REDIS_KEY_PREFIX: text({
    description: "Prefix of the counters' keys in Redis (several deployments can share one Redis).",
    allowed: "at most 64 letters, digits and `: . _ -`",
    default: "wds:",
    pattern: "^[A-Za-z0-9:._-]{0,64}$",
    emptyIsValue: true,
  }),
  METRICS_PORT: Type.Optional(
    integer({
      description:
        "Port of the Prometheus `/metrics` listener on `HOST`, without an API key (bind or firewall it so " +
        "only the scraper reaches it); under `serve --processes N` the primary serves the sum. Unset: " +
        "nothing is collected. The series: `src/plugins/metrics.ts`.",
      minimum: 1,
      maximum: 65535,
    }),
  ),
  RESPONSE_CACHE_MB: integer({
    description:
      "Memory budget of the serialized answers of the catalogue routes, kept until the next import (seen " +
      "at once in this process, within 1 s in another); once full, an answer is stored on its second miss. 0: off.",
    unit: "MiB",
    minimum: 0,
    maximum: 4_096,
    default: 64,
  }),
  GENERATOR: oneOf(["offline", "openai"] as const, {
    description:
      "Who writes missing texts: `offline` (deterministic texts from the catalogue's facts) or `openai` " +
      "(any OpenAI-compatible chat-completions endpoint, `OPENAI_*`; output validated, offline text on any failure).",
    default: "offline",
  }),
  OPENAI_BASE_URL: text({
    description: "The chat-completions endpoint's base URL for `GENERATOR=openai`.",
    allowed: "an http(s) URL",
    default: "https://api.openai.com/v1",
    pattern: "^https?://\\S+$",
  }),
  OPENAI_API_KEY: Type.Optional(
    text({ description: "API key for `GENERATOR=openai` (required there).", allowed: "a key", secret: true }),
  ),
  OPENAI_MODEL: Type.Optional(
    text({
      description: "Model for `GENERATOR=openai` (required there).",
      allowed: "a model name, e.g. `gpt-4o-mini`",
    }),
  ),
  OPENAI_TIMEOUT_MS: integer({
    description: "Time limit of one call to the `GENERATOR=openai` endpoint.",
    unit: "ms",
    minimum: 100,
    maximum: 600_000,
    default: 20_000,
  }),
  BILLING_PROVIDER: oneOf(["manual", "stripe"] as const, {
    description:
      "How customers pay: `manual` (upgrades recorded for an operator, `winedata accounts set-plan`) or " +
      "`stripe` (Stripe Checkout, `STRIPE_*`; point the Stripe webhook at `https://<host>/billing/webhook`).",
    default: "manual",
  }),
  PRICE_STANDARD: text({
    description:
      "Monthly price of the Standard plan as the front door and the plan page show it; with `stripe`, " +
      "set it to the amount of `STRIPE_PRICE_STANDARD` (Stripe charges that).",
    allowed: "an amount and an ISO 4217 currency code, at most the currency's decimals (`19.90 CHF`)",
    default: "49 EUR",
  }),
  PRICE_ENTERPRISE: text({
    description: "Monthly price of the Enterprise plan, like `PRICE_STANDARD`.",
    allowed: "like `PRICE_STANDARD`",
    default: "299 EUR",
  }),
  STRIPE_SECRET_KEY: Type.Optional(
    text({ description: "Stripe API key (`BILLING_PROVIDER=stripe`).", allowed: "`sk_…`", secret: true }),
  ),
  STRIPE_WEBHOOK_SECRET: Type.Optional(
    text({
      description: "Signing secret of the Stripe webhook endpoint (`BILLING_PROVIDER=stripe`).",
      allowed: "`whsec_…`",
      secret: true,
    }),
  ),
  STRIPE_PRICE_STANDARD: Type.Optional(
    text({ description: "Stripe's monthly price id of the Standard plan.", allowed: "`price_…`" }),
  ),
  STRIPE_PRICE_ENTERPRISE: Type.Optional(
    text({ description: "Stripe's monthly price id of the Enterprise plan.", allowed: "`price_…`" }),
  ),
  STRIPE_API_URL: Type.Optional(
    text({
      description: "Another Stripe-compatible API, e.g. a local mock.",
      allowed: "an http(s) URL",
      defaultText: "Stripe's own API",
    }),
  ),
  SMTP_URL: Type.Optional(
    text({
      description:
        "Mail server of the dashboard's mails (STARTTLS when offered with `smtp://`; 10 s per step; a mail " +
        "the server refuses is a 503 on the page that needed it, or a logged warning for a notice). Unset: mails are " +
        "written to the log (development: with their links; production: subjects only, and a warning at start).",
      allowed: "`smtp://USER:PASSWORD@HOST:587` or `smtps://…:465`",
      secret: true,
    }),
  ),
  MAIL_FROM: text({
    description: "Sender of the dashboard's mails.",
    allowed: "an address such as `Wine Data Service <api@example.com>`",
    default: "Wine Data Service <no-reply@localhost>",
    pattern: "^[^\\r\\n]*@[^\\r\\n]*$",
  }),
  SIGNUPS_PER_ADDRESS_PER_DAY: integer({
    description:
      "Dashboard sign-ups per client address per UTC day, then 429 (behind a proxy set `TRUST_PROXY`, " +
      "or every customer shares the proxy's address).",
    unit: "count",
    minimum: 1,
    maximum: 1_000_000,
    default: 5,
  }),
  SIGNUPS_PER_DAY: integer({
    description: "Dashboard sign-ups in all per UTC day, then 429.",
    unit: "count",
    minimum: 1,
    maximum: 10_000_000,
    default: 500,
  }),
});

/** The validated environment: each variable's value with its default applied (absent: unset). */
export type EnvValues = Static<typeof ENV_SCHEMA>;

/** A variable's name. */
export type EnvName = keyof EnvValues & string;
