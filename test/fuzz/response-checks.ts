/**
 * What every answer must satisfy, whatever was asked (decisions.md "Errors"): no 5xx but the
 * documented `503 service_unavailable` (and the photo route's documented `502 analysis_failed`);
 * a JSON body; errors carry a string `message` and a `code`, except the fixed 401 body and the
 * documented 404 `{error, generating}`; nothing in a body that gives away the implementation.
 */

import type { RawRequest, RawResponse } from "../raw-http.ts";
import type { RouteSpec } from "./openapi-routes.ts";

/** Texts an answer must not contain unless the request did: stack frames, SQL, paths, engines. */
const LEAKS: [string, RegExp][] = [
  ["a stack frame", /\bat [^\s"]+ \([^)"]*:\d+:\d+\)/],
  ["a stack frame", /\n\s+at /],
  ["a file path of the service", /\/work\//],
  ["node_modules", /node_modules/],
  ["SQL", /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM) /],
  ["SQL", /\b(FROM|WHERE) "?[a-z_]+"?\b.*\b(WHERE|LIMIT|ORDER BY)\b/],
  ["the database engine", /sqlite/i],
  ["the database engine", /postgres|pg_|relation "/i],
  ["a TypeScript source", /\.ts:\d|\.ts\b\)/],
  ["an internal error name", /\b(TypeError|RangeError|ReferenceError|SyntaxError): /],
];

/** 5xx answers the API documents, with the `code` they carry. */
const DOCUMENTED_5XX: Record<number, string> = { 502: "analysis_failed", 503: "service_unavailable" };

/** Bodies from this size on may be cut by an early answer and a reset (see {@link checkResponse}). */
const RESET_BODY_BYTES = 64 * 1024;

/** The body of the fixed 401 answer (interface.md). */
const UNAUTHENTICATED = '{"message":"Unauthenticated."}';

/** The problems of one answer (empty when it is fine). */
export function checkResponse(
  route: RouteSpec | undefined,
  request: RawRequest,
  response: RawResponse,
): string[] {
  const problems: string[] = [];
  if (response.error !== null || response.status === 0) {
    // A server that answers early (401, 413) and closes while a large body is still arriving
    // resets the connection, and the reset discards the answer on the client's side (no lingering
    // close in node:http). Clients sending big bodies use `Expect: 100-continue` for this; the
    // service's health is still checked after the case.
    const large = (request.body?.length ?? 0) >= RESET_BODY_BYTES;
    if (large && /ECONNRESET|EPIPE/.test(response.error ?? "")) return [];
    return [`no valid answer: ${response.error ?? "no status line"}`];
  }
  const { status, body } = response;
  let parsed: unknown;
  const hasBody = request.method !== "HEAD" && status !== 204 && status !== 304;
  if (hasBody) {
    try {
      parsed = JSON.parse(body);
    } catch {
      problems.push("the body is not JSON");
    }
    if (!/^application\/json/i.test(response.headers["content-type"] ?? "")) {
      problems.push(`Content-Type is ${JSON.stringify(response.headers["content-type"] ?? null)}, not JSON`);
    }
  }
  const object =
    parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  const code = typeof object?.code === "string" ? object.code : null;

  if (status >= 500) {
    const allowed = route?.statuses.includes(status) === true && DOCUMENTED_5XX[status] !== undefined;
    if (!allowed || (hasBody && code !== DOCUMENTED_5XX[status])) {
      problems.push(`status ${status} (only documented 5xx answers with their code are allowed)`);
    }
  }
  if (hasBody && status >= 400 && parsed !== undefined) {
    const generating =
      status === 404 &&
      route?.generating404 === true &&
      typeof object?.error === "string" &&
      typeof object.generating === "boolean" &&
      Object.keys(object).length === 2;
    if (status === 401) {
      if (body !== UNAUTHENTICATED) problems.push(`a 401 body other than ${UNAUTHENTICATED}`);
    } else if (!generating) {
      if (typeof object?.message !== "string") problems.push("an error body without a string message");
      if (code === null) problems.push("an error body without a string code");
    }
  }
  if (status === 401 && !hasBody && request.method !== "HEAD") problems.push("a 401 without body");
  const sent = `${request.target}\n${request.headers.map(([n, v]) => `${n}: ${v}`).join("\n")}\n${request.body ?? ""}`;
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(body);
    if (match && !pattern.test(sent)) {
      problems.push(`the body contains ${what}: ${JSON.stringify(match[0].slice(0, 120))}`);
    }
  }
  return problems;
}
