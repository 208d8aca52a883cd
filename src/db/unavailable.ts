/**
 * Which database errors mean "the database is not answering" (an outage the client should retry
 * after) rather than a bug: those become `503 service_unavailable` with `Retry-After`, everything
 * else stays a 500. Also {@link OutageLog}: background loops report such errors once per outage.
 *
 * What PostgreSQL 15 + pg 8 + kysely raised while the server was stopped (`pg_ctl stop -m fast` and
 * `-m immediate`), started again, and frozen (SIGSTOP), as measured by test/postgres-outage.test.ts:
 * - DatabaseError 57P01 "terminating connection due to administrator command" (fast stop, query in flight);
 * - DatabaseError 57P03 "the database system is shutting down" / "is starting up" / "is not yet
 *   accepting connections" (connecting during a stop or a start);
 * - Error "Connection terminated unexpectedly" (socket closed under a query or an idle client);
 * - Error ECONNRESET "read ECONNRESET" and ECONNREFUSED "connect ECONNREFUSED 127.0.0.1:PORT";
 * - Error "Connection terminated due to connection timeout" (pg-pool, a new connection past
 *   `connectionTimeoutMillis`), "timeout exceeded when trying to connect" (pg-pool, no free client
 *   in time), "Query read timeout" (pg, no answer within `query_timeout`);
 * - DatabaseError 57014 "canceling statement due to statement timeout" (our `statement_timeout`).
 * A read replica (`DATABASE_READ_URL`) may also cancel a query that holds back the replay of the
 * primary's changes past `max_standby_streaming_delay`: 40001 (or 40P01 for a buffer deadlock)
 * "canceling statement due to conflict with recovery" / "terminating connection due to conflict with
 * recovery" (PostgreSQL's postgres.c and standby.c); asked again, the query runs on newer data.
 * SQLite (better-sqlite3) raises SqliteError SQLITE_BUSY "database is locked" after its busy timeout.
 */

/**
 * SQLite result codes of a file that another connection holds locked longer than the busy timeout
 * (https://www.sqlite.org/rescode.html#busy, #locked), and of a file that cannot be opened or read.
 */
const SQLITE_UNAVAILABLE = new Set([
  "SQLITE_BUSY",
  "SQLITE_BUSY_RECOVERY",
  "SQLITE_BUSY_SNAPSHOT",
  "SQLITE_BUSY_TIMEOUT",
  "SQLITE_LOCKED",
  "SQLITE_LOCKED_SHAREDCACHE",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
]);

/**
 * PostgreSQL SQLSTATE classes and codes of a server that is gone, starting, stopping or refusing
 * connections (https://www.postgresql.org/docs/current/errcodes-appendix.html): class 08
 * (connection exception), 57P01–57P05 (admin shutdown, crash shutdown, cannot connect now, database
 * dropped, idle session timeout), 53300 (too many connections), 57014 (query cancelled: our
 * statement timeout).
 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[1-5]|53300|57014)$/;

/** A hot standby's recovery conflict: its codes (serialization failure, deadlock) and message. */
const PG_RECOVERY_CONFLICT = { codes: /^40(001|P01)$/, message: /conflict with recovery/ };

/** Node socket errors of a connection that could not be made or was cut. */
const SOCKET_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * node-postgres and pg-pool messages (they carry no code) of a pool or client that lost or could not
 * get its connection: "Connection terminated unexpectedly", "Connection terminated due to connection
 * timeout", "timeout exceeded when trying to connect", "Query read timeout", "Client has encountered
 * a connection error and is not queryable", "Client was closed and is not queryable", "Cannot use a
 * pool after calling end on the pool" (a request still running while the service shuts down).
 */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client (has encountered a connection error|was closed) and is not queryable|Cannot use a pool after calling end)/;

/**
 * True when `err` (or one of its `cause`s, up to 5 deep) says the database is unreachable, locked,
 * starting, shutting down, or did not answer in time. Accepts anything thrown; never throws.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e !== null && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (SQLITE_UNAVAILABLE.has(code) || code.startsWith("SQLITE_IOERR")) return true;
      if (PG_UNAVAILABLE.test(code) || SOCKET_UNAVAILABLE.has(code)) return true;
      if (
        PG_RECOVERY_CONFLICT.codes.test(code) &&
        typeof message === "string" &&
        PG_RECOVERY_CONFLICT.message.test(message)
      )
        return true;
    }
    if (typeof message === "string" && PG_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** `code` and `message` of anything thrown, for a log line (never the object: pg errors can hold a client). */
export function errorSummary(err: unknown): { code?: string; message: string } {
  if (err !== null && typeof err === "object") {
    const { code, message } = err as { code?: unknown; message?: unknown };
    return {
      ...(typeof code === "string" ? { code } : {}),
      message: typeof message === "string" ? message : String(err),
    };
  }
  return { message: String(err) };
}

/** The pino-style logger an {@link OutageLog} writes to. */
export interface OutageLogger {
  info(data: object, msg: string): void;
  warn(data: object, msg: string): void;
  error(data: object, msg: string): void;
}

/**
 * An {@link OutageLogger} on Node's warning channel (`process.emitWarning`, printed on stderr), for
 * code that runs before or without the app's logger. Each line is the message and its data as JSON.
 */
export const warningLogger: OutageLogger = {
  info: (data, msg) => process.emitWarning(`${msg} ${JSON.stringify(data)}`, "DatabaseNotice"),
  warn: (data, msg) => process.emitWarning(`${msg} ${JSON.stringify(data)}`, "DatabaseWarning"),
  error: (data, msg) => process.emitWarning(`${msg} ${JSON.stringify(data)}`, "DatabaseError"),
};

/**
 * The log of a background loop that touches the database (a queue poll, a version check, an index
 * build): one line when it starts failing, one when it works again, none in between, so an outage
 * of minutes does not log a line per poll. A failure that is not an outage ({@link
 * isDatabaseUnavailable} false: a bug) is logged at `error`, and again at most once per
 * `repeatMs` while it goes on; an outage at `warn`, once.
 */
export class OutageLog {
  /** Failures since the last success (0: working). */
  private failures = 0;
  private since = 0;
  private loggedAt = Number.NEGATIVE_INFINITY;
  private outage = false;

  /**
   * @param log where the lines go.
   * @param what the activity, for the messages ("reading the generation queue": "… failed", "… works again").
   * @param repeatMs least time between two lines about a failure that is not an outage (default 60 s).
   * @param now monotonic milliseconds (tests).
   */
  constructor(
    private readonly log: OutageLogger,
    private readonly what: string,
    private readonly repeatMs = 60_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Records a failure; logs it when it is the first one or a bug not logged for `repeatMs`. */
  failed(err: unknown): void {
    const now = this.now();
    const outage = isDatabaseUnavailable(err);
    if (this.failures === 0) this.since = now;
    this.failures++;
    const first = this.failures === 1 || outage !== this.outage;
    this.outage = outage;
    if (outage) {
      if (first) {
        this.loggedAt = now;
        this.log.warn(
          { err: errorSummary(err) },
          `${this.what} failed: the database is unavailable; retrying, logging again once it works`,
        );
      }
    } else if (first || now - this.loggedAt >= this.repeatMs) {
      this.loggedAt = now;
      this.log.error({ err: errorSummary(err), failures: this.failures }, `${this.what} failed`);
    }
  }

  /** Records a success; logs the recovery when there were failures. */
  ok(): void {
    if (this.failures === 0) return;
    this.log.info(
      { failures: this.failures, ms: Math.round(this.now() - this.since) },
      `${this.what} works again`,
    );
    this.failures = 0;
    this.outage = false;
  }
}
