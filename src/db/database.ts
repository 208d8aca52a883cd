/**
 * Opens the database named by the settings and migrates it. One Kysely instance serves every
 * repository; the queries are dialect-neutral so SQLite (default) and PostgreSQL share them.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
} from "kysely";
import type pg from "pg";
import type { DatabaseSetting } from "../config.ts";
import { initialSchema } from "./migrations/2026-11-22-initial-schema.ts";
import { catalogueVersion } from "./migrations/2026-11-23-catalogue-version.ts";
import { winesRegionColorIndex } from "./migrations/2026-11-24-wines-region-color-index.ts";
import { winesListIndexes } from "./migrations/2026-11-25-wines-list-indexes.ts";
import { accountDashboard } from "./migrations/2026-11-26-account-dashboard.ts";
import { accountSecurity } from "./migrations/2026-11-27-account-security.ts";
import { catalogueSources } from "./migrations/2026-11-28-catalogue-sources.ts";
import { catalogueIdentity } from "./migrations/2026-11-29-catalogue-identity.ts";
import type { Database, Dialect } from "./types.ts";
import { errorSummary, isDatabaseUnavailable, warningLogger } from "./unavailable.ts";

/** Where the database layer reports a lost and a regained PostgreSQL connection (pino's signature). */
export interface DatabaseLog {
  warn(data: object, msg: string): void;
  info(data: object, msg: string): void;
}

/** Options of {@link openDatabase}; the timeouts apply to PostgreSQL only. */
export interface DatabaseOptions {
  /**
   * Longest wait for a connection, in ms: a new one (TCP, TLS, authentication) or a free one of the
   * pool; past it the query fails with "Connection terminated due to connection timeout" or "timeout
   * exceeded when trying to connect" (503). Default {@link DEFAULT_CONNECT_TIMEOUT_MS}; the URL's
   * `connect_timeout` (seconds, as in libpq) wins.
   */
  connectTimeoutMs?: number;
  /**
   * Longest run of one statement, in ms; 0 = no limit. Sent as the session's `statement_timeout`
   * (the server cancels: 57014), and `query_timeout` 1 s later on the client for a server that does
   * not answer at all ("Query read timeout"; that connection is then closed, not reused). Default
   * {@link DEFAULT_QUERY_TIMEOUT_MS}; the URL's `statement_timeout` (ms) wins. A whole import runs
   * in one transaction of many statements, each under this limit; a caller that runs longer single
   * statements passes a larger value or 0.
   */
  queryTimeoutMs?: number;
  /** Pool size (default {@link DEFAULT_POOL_SIZE}); the URL's `pool_size` wins. */
  maxConnections?: number;
  /** Where lost/regained connection lines go (default: `process.emitWarning`); see {@link Db.setLog}. */
  log?: DatabaseLog;
  /**
   * Which database this is in those lines (their `database` field and message), e.g. `read replica`
   * (default `primary`).
   */
  role?: string;
}

/**
 * Connections of one process's PostgreSQL pool by default: 10. A process runs one statement per
 * connection at a time; one service process on 2 cores keeps few more than 4 busy (a cold detail or
 * list page is one statement of well under a millisecond), and the rest queue for a connection
 * (`connectTimeoutMs` bounds the wait). PostgreSQL's `max_connections` (100 by default) must cover
 * every process's pool: processes × this, plus the CLI's and the replica's.
 */
export const DEFAULT_POOL_SIZE = 10;
/** Default of {@link DatabaseOptions.connectTimeoutMs}: 5 s. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** Default of {@link DatabaseOptions.queryTimeoutMs}: 10 s. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
/** The client-side read timeout runs this much longer than the server's statement timeout. */
const READ_TIMEOUT_MARGIN_MS = 1_000;

/** An open database handle. `destroy()` closes the pool or file. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * PostgreSQL: sends the lost/regained connection lines to `log` from now on (the app's logger,
   * created after the database is opened). SQLite: nothing.
   */
  setLog(log: DatabaseLog): void;
  destroy(): Promise<void>;
}

/**
 * Opens the database. SQLite files get WAL journaling, foreign keys and a 5 s busy timeout so that
 * the CLI and a running server can share the file (past it: SQLITE_BUSY, a 503); the parent folder
 * is created when missing. PostgreSQL: a pool of `maxConnections` with the time limits of
 * {@link DatabaseOptions}; see {@link openPostgres} for what happens when the server goes away.
 */
export function openDatabase(setting: DatabaseSetting, options: DatabaseOptions = {}): Db {
  if (setting.kind === "postgres") return openPostgres(setting.url, options);
  if (setting.path !== ":memory:") mkdirSync(dirname(setting.path), { recursive: true });
  const sqlite = new SQLite(setting.path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: "sqlite", setLog: () => {}, destroy: () => kysely.destroy() };
}

/**
 * `connect_timeout` (seconds), `statement_timeout` (ms) and `pool_size` (connections of this process's
 * pool, 1–1000) of a postgres:// URL, when given.
 */
function urlSettings(url: string): { connectMs?: number; statementMs?: number; poolSize?: number } {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return {};
  }
  const number = (name: string) => {
    const raw = params.get(name);
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  };
  const connect = number("connect_timeout");
  const pool = number("pool_size");
  return {
    connectMs: connect === undefined ? undefined : connect * 1000,
    statementMs: number("statement_timeout"),
    poolSize: pool !== undefined && pool >= 1 && pool <= 1000 ? pool : undefined,
  };
}

/** `text` without the URL's password (raw or percent-decoded), for log lines. */
function redactor(url: string): (text: string) => string {
  let secrets: string[] = [];
  try {
    const { password } = new URL(url);
    if (password !== "") secrets = [password, decodeURIComponent(password)];
  } catch {
    // not a URL pg can use either
  }
  return (text) => secrets.reduce((t, secret) => t.split(secret).join("***"), text);
}

/**
 * Whether PostgreSQL is reachable as this process last saw it, logging the change: "connection lost"
 * (warn) at the first failure, "answers again" (info, with the duration and the failures counted
 * meanwhile) at the first success after; nothing in between, however many clients and queries fail.
 */
class ConnectionState {
  private down: { since: number; failures: number } | null = null;

  constructor(
    public log: DatabaseLog,
    private readonly redact: (text: string) => string,
    private readonly role: string,
  ) {}

  failed(err: unknown): void {
    if (this.down) {
      this.down.failures++;
      return;
    }
    this.down = { since: performance.now(), failures: 1 };
    const { code, message } = errorSummary(err);
    this.log.warn(
      { database: this.role, code, error: this.redact(message) },
      `PostgreSQL connection lost (or refused, or timed out): ${this.role}; its queries answer 503 until it answers again (logged once)`,
    );
  }

  /**
   * A query that started at `startedAt` (performance.now()) succeeded. One that started before the
   * outage was noticed proves nothing (during a fast shutdown some finish after others were cut).
   */
  ok(startedAt: number): void {
    if (!this.down || startedAt < this.down.since) return;
    const { since, failures } = this.down;
    this.down = null;
    this.log.info(
      { database: this.role, ms: Math.round(performance.now() - since), failures },
      `PostgreSQL answers again: ${this.role}`,
    );
  }
}

/**
 * Errors after which a client is not to be reused: its connection is gone or it gave up waiting for
 * an answer (the query may still run, and the next one would queue behind it). Not a statement the
 * server cancelled (57014, our statement timeout, or a read replica's "canceling statement due to
 * conflict with recovery"): the connection is fine.
 */
function breaksConnection(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  // An object: isDatabaseUnavailable says so.
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code !== "57014" && !(typeof message === "string" && message.startsWith("canceling statement"));
}

/**
 * PostgreSQL through pg's pool, hardened for a server that stops, restarts or hangs:
 * - every client has an `error` listener for its whole life (pg-pool listens only while it is idle;
 *   an error of a checked-out client without one — 57P01 or a reset while a query runs — would
 *   end the process), and the pool's own `error` is handled: both only feed {@link ConnectionState};
 * - connecting and every statement are bounded ({@link DatabaseOptions}); TCP keep-alive probes an
 *   idle connection after 10 s;
 * - a client whose query failed for a connection reason is destroyed on release instead of going
 *   back to the pool (pg-pool already drops clients it knows to be dead; kysely releases without an
 *   error, so a client that only timed out would otherwise be reused with its query still pending),
 *   and idle clients cut by the server are dropped by pg-pool: once the server is back, new
 *   connections are made on demand and requests succeed again without a restart.
 */
function openPostgres(url: string, options: DatabaseOptions): Db {
  const fromUrl = urlSettings(url);
  const connectMs = fromUrl.connectMs ?? options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementMs = fromUrl.statementMs ?? options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const state = new ConnectionState(options.log ?? warningLogger, redactor(url), options.role ?? "primary");
  // pg is loaded with the first query (kysely makes the pool then), so a service on SQLite never loads it.
  const makePool = async () => {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({
      connectionString: url,
      max: fromUrl.poolSize ?? options.maxConnections ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: connectMs,
      // 0 means "no limit" to PostgreSQL and pg alike.
      statement_timeout: statementMs,
      query_timeout: statementMs > 0 ? statementMs + READ_TIMEOUT_MARGIN_MS : 0,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    pool.on("error", (err) => state.failed(err));
    pool.on("connect", (client) => {
      client.on("error", (err) => state.failed(err));
    });
    return guardedPool(pool, state);
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: makePool }) });
  return {
    kysely,
    dialect: "postgres",
    setLog: (log) => {
      state.log = log;
    },
    destroy: () => kysely.destroy(),
  };
}

/**
 * The pool as kysely sees it: connection failures and query outcomes go to `state`, and a client
 * whose query {@link breaksConnection} is released with that error, which makes pg-pool destroy it.
 */
function guardedPool(pool: pg.Pool, state: ConnectionState): PostgresPool {
  const statements = new StatementNames();
  // One wrapper per client, so that kysely keeps one connection object per client as without it.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let broken: Error | undefined;
    const query = (sqlText: string | pg.Submittable, parameters?: readonly unknown[]) => {
      // A cursor (kysely's streaming, not configured here) passes through untouched.
      if (typeof sqlText !== "string") return client.query(sqlText);
      const startedAt = performance.now();
      const name = parameters && parameters.length > 0 ? statements.nameOf(sqlText) : undefined;
      const unnamed = () => client.query(sqlText, parameters as unknown[]);
      const sent =
        name === undefined
          ? unnamed()
          : client.query({ name, text: sqlText, values: parameters as unknown[] }).catch((err: unknown) => {
              // Its table changed shape since it was prepared (a newer release migrated the database
              // under this process): this text goes unnamed from now on, and runs again unnamed.
              if (!isChangedResultType(err)) throw err;
              statements.forget(sqlText);
              return unnamed();
            });
      return sent.then(
        (result) => {
          state.ok(startedAt);
          return result;
        },
        (err: Error) => {
          if (breaksConnection(err)) {
            broken = err;
            state.failed(err);
          }
          throw err;
        },
      );
    };
    // With an error pg-pool destroys the client, so a wrapper with `broken` set is never handed out again.
    return { query: query as unknown as PostgresPoolClient["query"], release: () => client.release(broken) };
  };
  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        state.failed(err);
        throw err;
      }
      let wrapper = wrappers.get(client);
      if (wrapper === undefined) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** Prepared statements kept per connection; the service issues a few dozen distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Names for PostgreSQL's prepared statements, one per SQL text with parameters (a single statement:
 * kysely compiles one per query), for the first {@link STATEMENT_CACHE_SIZE} texts of the process;
 * later ones go unnamed (parsed and planned each time, as every statement did before). pg prepares a
 * named statement once per connection (Parse) and then only binds and executes it; after five runs
 * PostgreSQL keeps a generic plan when it costs no more than the custom ones (`plan_cache_mode` auto),
 * so a wine detail's seven-table statement is no longer planned per request: its planning took several
 * times its execution (EXPLAIN ANALYZE at 300,000 wines). Names are never reused for another
 * text, and PostgreSQL drops a connection's statements with the connection. A statement whose tables
 * changed shape under it (a newer release's migration while this process runs) runs again unnamed,
 * and its text stays unnamed.
 */
class StatementNames {
  /** A text's name; null: never named again ({@link forget}). */
  private readonly names = new Map<string, string | null>();
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < STATEMENT_CACHE_SIZE) {
      name = `wds_${this.names.size}`;
      this.names.set(text, name);
    }
    return name ?? undefined;
  }
  /** `text` goes unnamed from now on (its prepared form no longer fits its tables). */
  forget(text: string): void {
    this.names.set(text, null);
  }
}

/**
 * PostgreSQL's "cached plan must not change result type" (0A000): a prepared statement whose tables
 * gained or lost columns since it was prepared (`select *` after a migration by another process).
 */
function isChangedResultType(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === "0A000" && typeof message === "string" && message.includes("must not change result type");
}

/**
 * better-sqlite3 with its prepared statements reused: Kysely's SQLite driver prepares every query
 * anew, which profiling showed to be most of a simple read's cost. Statements are keyed by their SQL
 * text (parameters stay bound per call); the oldest is dropped past {@link STATEMENT_CACHE_SIZE}.
 * Transactions begin IMMEDIATE (see `prepare`).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // Kysely begins every transaction with a plain (deferred) BEGIN. Ours all write, and a deferred
      // one that has read gets SQLITE_BUSY at once, without the busy wait, when another connection
      // (the worker thread, the CLI) committed since: BEGIN IMMEDIATE takes the write lock first,
      // waiting up to the busy timeout for it (https://www.sqlite.org/lang_transaction.html).
      const sql = text === "begin" ? "begin immediate" : text;
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The dated migrations, oldest first. Names sort by date. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "2026-11-22-initial-schema": initialSchema(dialect),
    "2026-11-23-catalogue-version": catalogueVersion(),
    "2026-11-24-wines-region-color-index": winesRegionColorIndex(),
    "2026-11-25-wines-list-indexes": winesListIndexes(),
    "2026-11-26-account-dashboard": accountDashboard(),
    "2026-11-27-account-security": accountSecurity(dialect),
    "2026-11-28-catalogue-sources": catalogueSources(),
    "2026-11-29-catalogue-identity": catalogueIdentity(),
  };
}

/**
 * Brings the schema up to date.
 * @throws Error with the failing migration's name when a migration fails.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db.dialect) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
