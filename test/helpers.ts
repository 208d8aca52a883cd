/**
 * Test support: a real app on a real SQLite database holding the bundled catalogue, listening on a
 * loopback port, and a small fetch client. The catalogue is imported once per test process into a
 * template file; each app gets its own copy, so tests never share state.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type AppDeps, buildApp, offlineGenerator } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import type { Database, Plan } from "../src/db/types.ts";
import { createAccount } from "../src/modules/accounts/accounts.service.ts";
import { issueKey } from "../src/modules/api-keys/api-keys.service.ts";
import { BUNDLED_XWINES, importXWines } from "../src/modules/catalogue/catalogue.service.ts";
import {
  adminQuery,
  leaseSharedBackend,
  type SharedBackendLease,
  sharedBackendActive,
  TEST_POSTGRES_URL,
} from "./shared-backend.ts";

const dir = mkdtempSync(join(tmpdir(), "wds-test-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
let template: Promise<string> | null = null;
let copies = 0;

/** Path of a database file with the bundled catalogue imported (English content included). */
export function catalogueTemplate(): Promise<string> {
  template ??= (async () => {
    const path = join(dir, "template.db");
    const db = openDatabase({ kind: "sqlite", path });
    await migrateToLatest(db);
    await importXWines(db.kysely, BUNDLED_XWINES, offlineGenerator(), () => new Date());
    await db.destroy();
    return path;
  })();
  return template;
}

/** A fresh copy of the catalogue database, for tests that restart a service on the same file. */
export async function catalogueCopy(): Promise<string> {
  const path = join(dir, `copy-${process.pid}-${copies++}.db`);
  copyFileSync(await catalogueTemplate(), path);
  return path;
}

/**
 * Makes the English drinking period of the first wine with a vintage (by id) look written last year
 * with a window that ended last year — the period the lookup and `generate --what periods` write
 * again — and, when given, gives it the text `statement`. Returns the wine's id.
 */
export async function outdateFirstPeriod(db: Kysely<Database>, statement?: string): Promise<number> {
  const year = new Date().getUTCFullYear();
  const wine = await db
    .selectFrom("drinking_periods as d")
    .innerJoin("wines as w", "w.id", "d.wine_id")
    .select(["d.wine_id", "w.vintage"])
    .where("d.lang", "=", "en")
    .where("w.vintage", "is not", null)
    .orderBy("d.wine_id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("drinking_periods")
    .set({
      to_years: year - 1 - (wine.vintage as number),
      created_at: `${year - 1}-06-01T00:00:00.000Z`,
      ...(statement === undefined ? {} : { statement }),
    })
    .where("wine_id", "=", wine.wine_id)
    .where("lang", "=", "en")
    .execute();
  return wine.wine_id;
}

/** A log stream for `AppDeps.logStream` that keeps each line written to it, in order, in `lines`. */
export function collectedLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}

/**
 * A new Enterprise account in `db` and a key for it limited to `perMinute` requests a minute; the
 * full key is returned (for tests that run the service as a separate process).
 */
export async function enterpriseKey(db: Kysely<Database>, perMinute = 600): Promise<string> {
  const now = new Date();
  const account = await createAccount(db, {
    name: "Process test",
    email: `process-${randomUUID().slice(0, 8)}@example.com`,
    plan: "enterprise",
    now,
  });
  const { key } = await issueKey(db, { account, name: "process", rateLimitPerMinute: perMinute, now });
  return key;
}

/**
 * A fresh copy of the catalogue database with one Enterprise account and one key limited to
 * `perMinute` requests a minute, for tests that run the service as a separate process.
 */
export async function catalogueCopyWithKey(perMinute = 600): Promise<{ path: string; key: string }> {
  const path = await catalogueCopy();
  const db = openDatabase({ kind: "sqlite", path });
  try {
    return { path, key: await enterpriseKey(db.kysely, perMinute) };
  } finally {
    await db.destroy();
  }
}

export { TEST_POSTGRES_URL };

/** A PostgreSQL database of a test's own: its URL, and `drop()` to remove it afterwards. */
export interface PostgresCatalogue {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates the database `name` (dropped first if a crashed run left it) on the server of `admin`,
 * migrates it and imports the bundled catalogue. Resolves to `{skip}`, the reason, when no server
 * answers (the caller skips its tests and prints it).
 */
export async function postgresCatalogue(
  name: string,
  admin = TEST_POSTGRES_URL,
): Promise<PostgresCatalogue | { skip: string }> {
  try {
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
    await adminQuery(admin, `create database ${name}`);
  } catch (err) {
    return {
      skip: `PostgreSQL not reachable at ${admin.replace(/\/\/[^@]*@/, "//")}: ${(err as Error).message}`,
    };
  }
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  const db = openDatabase({ kind: "postgres", url });
  try {
    await migrateToLatest(db);
    await importXWines(db.kysely, BUNDLED_XWINES, offlineGenerator(), () => new Date());
  } finally {
    await db.destroy();
  }
  return {
    url,
    drop: async () => {
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A clock tests can move: it starts at 2026-11-22T10:00:00Z and runs at real speed from there. */
export class TestClock {
  private offset = Date.parse("2026-11-22T10:00:00.000Z") - Date.now();
  now = (): Date => new Date(Date.now() + this.offset);
  advanceDays(days: number): void {
    this.offset += days * 86_400_000;
  }
}

/** A running test service. */
export interface TestService {
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
  /** Absolute URL of a v1 path, e.g. url("/wines"). */
  url(path: string): string;
  /** GET/POST with a key (Bearer) unless `key` is null; returns status, headers and parsed JSON. */
  request(path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A fresh account of `plan` and a key for it. */
  newKey(options?: KeyOptions): Promise<string>;
  /** A key on the default enterprise account with every ability. */
  key: string;
  close(): Promise<void>;
}

export interface RequestOptions {
  key?: string | null;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** "manual" answers a redirect (301) itself instead of following it (default "follow"). */
  redirect?: "follow" | "manual";
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies are asserted field by field in the tests.
  body: any;
}

export interface KeyOptions {
  plan?: Plan;
  abilities?: string[];
  rateLimit?: number;
}

/**
 * Asks `path` of `s` until `done(answer)` holds, `tries` times at most, `everyMs` apart: for answers
 * that depend on background work (a generation job, an index rebuild), not on time.
 * @returns the first answer that satisfies `done`.
 * @throws an Error naming `path` (or `what`) when none does.
 */
export async function pollUntil(
  s: TestService,
  path: string,
  done: (answer: TestResponse) => boolean,
  { tries = 400, everyMs = 25, what = `${path} never reached the expected answer` } = {},
): Promise<TestResponse> {
  for (let i = 0; i < tries; i++) {
    const res = await s.request(path);
    if (done(res)) return res;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(what);
}

/** The MCP `initialize` request (JSON-RPC 2.0) that opens a client's conversation with `/mcp`. */
export const MCP_INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

/** POST `${origin}/mcp` with {@link MCP_INITIALIZE} as body, JSON content type and MCP's Accept, and `headers`. */
export function postMcpInitialize(origin: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${origin}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(MCP_INITIALIZE),
  });
}

/**
 * Resolves once `check()` holds (a rejection counts as not yet), checking every 50 ms: for state that
 * background work changes (a process starting, a thread stopping), not for time.
 * @throws an Error after `ms` milliseconds.
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not within ${ms} ms`);
}

/**
 * The value of one sample of the Prometheus text served at `http://127.0.0.1:<port>/metrics`, by its
 * series as exposed (`name{labels}`, labels in the order the registry prints them), or undefined
 * when the scrape has no such line.
 */
export async function metricSample(port: number, series: string): Promise<number | undefined> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * Starts the service on a copy of the catalogue database.
 * `env` overrides settings; `deps` replaces the generator, counters or clock.
 */
export async function startTestService(
  env: Record<string, string> = {},
  deps: AppDeps = {},
): Promise<TestService> {
  const path = join(dir, `db-${process.pid}-${copies++}.db`);
  const ownDatabase = env.DATABASE_URL === undefined;
  // Under the runner's shared pass, PostgreSQL + Redis of this service alone replace the SQLite copy.
  const shared: SharedBackendLease | null =
    ownDatabase && env.REDIS_URL === undefined && sharedBackendActive() ? await leaseSharedBackend() : null;
  if (ownDatabase && shared === null) copyFileSync(await catalogueTemplate(), path);
  const config = loadConfig({
    DATABASE_URL: `sqlite:${path}`,
    LOG_LEVEL: "silent",
    HOST: "127.0.0.1",
    PORT: "0",
    JOB_POLL_MS: "20",
    // Tests check answers, not speed: a loaded CI machine may take longer than the 10 s default
    // for a first photo (models loaded, matcher built). The time-budget test sets its own.
    PHOTO_TIMEOUT_MS: "60000",
    // Every test's browsers sign up from 127.0.0.1; the sign-up limit's own test sets its numbers.
    SIGNUPS_PER_ADDRESS_PER_DAY: "100000",
    ...shared?.env,
    ...env,
  });
  const clock = new TestClock();
  const app = await buildApp(config, { clock: clock.now, ...deps });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const origin = `http://127.0.0.1:${address.port}`;
  let accounts = 0;

  const newKey = async (options: KeyOptions = {}): Promise<string> => {
    const account = await createAccount(app.db, {
      name: `Test ${++accounts}`,
      email: `test-${randomUUID().slice(0, 8)}@example.com`,
      plan: options.plan ?? "enterprise",
      now: clock.now(),
    });
    const { key } = await issueKey(app.db, {
      account,
      name: "test",
      abilities: options.abilities,
      rateLimitPerMinute: options.rateLimit,
      now: clock.now(),
    });
    return key;
  };

  const service: TestService = {
    app,
    config,
    clock,
    url: (p) => `${origin}${config.basePath}${p}`,
    async request(p, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? service.key : options.key;
      if (key !== null) headers.authorization = `Bearer ${key}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] = "application/json";
      }
      const outside = ["/health", "/ready", "/openapi.json", "/docs", "/mcp"].some((x) => p.startsWith(x));
      const target = outside ? `${origin}${p}` : service.url(p);
      const res = await fetch(target, {
        method: options.method ?? (body ? "POST" : "GET"),
        headers,
        body,
        redirect: options.redirect ?? "follow",
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (docs page): keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    newKey,
    key: "",
    close: async () => {
      await app.close();
      if (shared) await shared.release();
      else if (ownDatabase) rmSync(path, { force: true });
    },
  };
  service.key = await newKey();
  return service;
}
