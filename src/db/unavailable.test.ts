import assert from "node:assert/strict";
import { test } from "node:test";
import type { FastifyError } from "fastify";
import { toAppError } from "../plugins/error-handler.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

test("isDatabaseUnavailable: the errors of an outage, not those of a bug", () => {
  const error = (message: string, fields: Record<string, unknown> = {}) =>
    Object.assign(new Error(message), fields);
  // Seen during the outages of test/postgres-outage.test.ts (pg 8, pg-pool 3, PostgreSQL 15) and SQLite's busy timeout.
  for (const err of [
    error("terminating connection due to administrator command", { code: "57P01" }),
    error("the database system is shutting down", { code: "57P03" }),
    error("the database system is starting up", { code: "57P03" }),
    error("Connection terminated unexpectedly"),
    error("read ECONNRESET", { code: "ECONNRESET" }),
    error("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" }),
    // Node's other socket errors of a connection that could not be made or was cut, as it words them.
    error("write EPIPE", { code: "EPIPE", errno: -32, syscall: "write" }),
    error("connect ETIMEDOUT 10.0.0.7:5432", { code: "ETIMEDOUT", syscall: "connect" }),
    error("read ETIMEDOUT", { code: "ETIMEDOUT", syscall: "read" }),
    error("connect EHOSTUNREACH 10.0.0.7:5432", { code: "EHOSTUNREACH" }),
    error("connect ENETUNREACH 10.0.0.7:5432", { code: "ENETUNREACH" }),
    error("getaddrinfo ENOTFOUND db.internal", { code: "ENOTFOUND", syscall: "getaddrinfo" }),
    error("getaddrinfo EAI_AGAIN db.internal", { code: "EAI_AGAIN", syscall: "getaddrinfo" }),
    error("Connection terminated unexpectedly", { cause: error("write EPIPE", { code: "EPIPE" }) }),
    error("Connection terminated due to connection timeout", { cause: error("Connection terminated") }),
    error("timeout exceeded when trying to connect"),
    error("Query read timeout"),
    error("canceling statement due to statement timeout", { code: "57014" }),
    error("Client has encountered a connection error and is not queryable"),
    error("sorry, too many clients already", { code: "53300" }),
    error("database is locked", { code: "SQLITE_BUSY" }),
    error("wrapped", { cause: error("x", { code: "08006" }) }),
    // A read replica's recovery conflicts (PostgreSQL's postgres.c, standby.c).
    error("canceling statement due to conflict with recovery", { code: "40001" }),
    error("terminating connection due to conflict with recovery", { code: "40001" }),
    error("canceling statement due to conflict with recovery", { code: "40P01" }),
  ]) {
    assert.ok(isDatabaseUnavailable(err), err.message);
  }
  for (const err of [
    error('relation "wines" does not exist', { code: "42P01" }),
    error("duplicate key value violates unique constraint", { code: "23505" }),
    error("syntax error at or near", { code: "42601" }),
    error("could not serialize access due to concurrent update", { code: "40001" }),
    error("cannot execute UPDATE in a read-only transaction", { code: "25006" }),
    error("UNIQUE constraint failed: wines.id", { code: "SQLITE_CONSTRAINT_PRIMARYKEY" }),
    error("no such table: wines", { code: "SQLITE_ERROR" }),
    new TypeError("Cannot read properties of undefined (reading 'id')"),
    error("driver has already been destroyed"),
    error("The database connection is not open"),
    "Connection terminated",
    null,
  ]) {
    assert.ok(!isDatabaseUnavailable(err), String((err as Error | null)?.message ?? err));
  }
});

test("a connection cut while writing (EPIPE) is answered 503 with Retry-After, not 500", () => {
  const answer = toAppError(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }) as FastifyError);
  assert.equal(answer?.status, 503);
  assert.equal(answer?.code, "service_unavailable");
  assert.equal(answer?.options.headers?.["Retry-After"], 5);
});
