/**
 * Which database errors mean "the database is not answering" (an outage the client should retry
 * after) rather than a bug: those become `503 service_unavailable` with `Retry-After`, everything
 * else stays a 500.
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
const PG_UNAVAILABLE = /^(08...|57P0[1-5]|53300|57014)$/;

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

/** node-postgres messages of a pool or client that lost or could not get its connection. */
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|connection timeout/i;

/**
 * True when `err` (or its `cause`) says the database is unreachable, locked or shutting down.
 * Accepts anything thrown; never throws.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e !== null && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (SQLITE_UNAVAILABLE.has(code) || code.startsWith("SQLITE_IOERR")) return true;
      if (PG_UNAVAILABLE.test(code) || SOCKET_UNAVAILABLE.has(code)) return true;
    }
    if (typeof message === "string" && PG_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
