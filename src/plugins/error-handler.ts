/**
 * Turns every thrown error into the JSON bodies of docs/decisions.md: validation errors in Laravel's
 * shape, Fastify's body errors into malformed_json / payload_too_large, unknown paths into 404,
 * requests arriving while the app closes into 503 service_unavailable, and anything unexpected into
 * a 500 that says nothing of its cause (the cause is logged).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError, type FieldErrors } from "../errors.ts";
import { EVERY_ANSWER, securityHeaders } from "./security-headers.ts";

/** The headers every answer carries (plugins/security-headers.ts), as lines of a raw answer. */
const RAW_SECURITY_HEADERS = Object.entries(EVERY_ANSWER)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/** Seconds a client is told to wait (Retry-After) when the database does not answer. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Seconds a client is told to wait (Retry-After) when its request arrives while the service closes. */
const CLOSING_RETRY_AFTER_SECONDS = 5;

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Laravel-style message for one schema violation ("The q field must be at least 3 characters."). */
function describe(err: AjvError, context: string | undefined): { field: string; message: string } {
  const path = err.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const field = err.keyword === "required" ? String(err.params.missingProperty) : path || context || "body";
  const limit = err.params.limit;
  switch (err.keyword) {
    case "required":
      return { field, message: `The ${field} field is required.` };
    case "minLength":
      return { field, message: `The ${field} field must be at least ${limit} characters.` };
    case "maxLength":
      return { field, message: `The ${field} field must not be greater than ${limit} characters.` };
    case "minimum":
      return { field, message: `The ${field} field must be at least ${limit}.` };
    case "maximum":
      return { field, message: `The ${field} field must not be greater than ${limit}.` };
    case "type":
      if (field === "body") return { field, message: "The request body must be a JSON object." };
      return {
        field,
        message: `The ${field} field must be ${err.params.type === "integer" ? "an integer" : `a ${err.params.type}`}.`,
      };
    case "finite":
      return { field, message: `The ${field} field must be a finite number.` };
    case "noNul":
      return { field, message: `The ${field} field must not contain NUL characters.` };
    case "enum":
    case "const":
    case "anyOf":
      return { field, message: `The selected ${field} is invalid.` };
    default:
      return { field, message: `The ${field} field is invalid.` };
  }
}

/** Converts Fastify's schema validation error into the 422 AppError. */
export function validationError(validation: AjvError[], context: string | undefined): AppError {
  const errors: FieldErrors = {};
  for (const v of validation) {
    const { field, message } = describe(v, context);
    errors[field] ??= [];
    errors[field].push(message);
  }
  const messages = Object.values(errors).flat();
  const extra = messages.length - 1;
  const first = messages[0] ?? "The given data was invalid.";
  const message = extra > 0 ? `${first} (and ${extra} more error${extra > 1 ? "s" : ""})` : first;
  return new AppError("validation_failed", message, { errors });
}

/**
 * The AppError a thrown error answers as: itself, a schema violation (422), a body or URL problem
 * (4xx), a database outage (503); null for anything else (a 500 that says nothing of its cause).
 */
export function toAppError(error: FastifyError): AppError | null {
  if (error instanceof AppError) return error;
  if (error.validation) return validationError(error.validation as AjvError[], error.validationContext);
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", "The request body is too large.");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("unsupported_media_type", "The request body must be sent as application/json.");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new AppError("malformed_json", "The request body is not valid JSON.");
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return new AppError("malformed_json", "The request body is not valid JSON.");
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError("service_unavailable", "The service is temporarily unavailable; retry shortly.", {
      headers: { "Retry-After": DATABASE_RETRY_AFTER_SECONDS },
      cause: error,
    });
  }
  if (error.statusCode === 413) return new AppError("payload_too_large", "The request body is too large.");
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError("bad_request", "The request could not be understood.");
  }
  return null;
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refuses before Fastify sees a
 * request (a malformed request line or header, a lowercase or unknown method, headers over Node's
 * 16 KiB, a request slower than `HEADERS_TIMEOUT_MS`/`REQUEST_TIMEOUT_MS`) with the same
 * `{message, code}` bodies as every other error (408 `request_timeout`, 431 `headers_too_large`,
 * else 400 `bad_request`) and the security headers of every answer, then closes the connection.
 * `this` is the Fastify instance.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection is gone already: nothing to answer.
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const error =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? new AppError("request_timeout", "The request was not received in time.")
      : err.code === "HPE_HEADER_OVERFLOW"
        ? new AppError("headers_too_large", "The request headers are too large.")
        : new AppError("bad_request", "The request could not be understood.");
  this.log.debug({ err }, "client error");
  if (socket.writable) {
    const body = JSON.stringify(error.body());
    socket.write(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n${RAW_SECURITY_HEADERS}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify's `frameworkErrors`: errors its router raises before a route runs (a URL whose percent
 * escapes do not decode, a path parameter over `maxParamLength`) get the usual bodies, and the
 * security headers (no hook ran).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? new AppError("uri_too_long", "A path parameter of the request is too long.")
      : new AppError("bad_request", "The request URL could not be understood.");
  securityHeaders(request, reply);
  reply.code(appError.status).send(appError.body());
}

/** During an outage, one 503 line per this many ms at most (the others are counted in the next). */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

export default fp(
  async (app: FastifyInstance) => {
    let quietUntil = 0;
    let unlogged = 0;
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Set for a localized answer (plugins/language.ts); an error message is English whatever was asked.
      reply.removeHeader("content-language");
      reply.removeHeader("vary");
      const appError = toAppError(error);
      if (!appError) {
        request.log.error({ err: error }, "unhandled error");
        return reply.code(500).send({ message: "Server Error", code: "internal_error" });
      }
      // An outage is expected and retried: a line without a stack every few seconds, with the number
      // of 503s since the last one. Other 5xx are logged in full.
      if (appError.code === "service_unavailable") {
        const now = Date.now();
        if (now < quietUntil) unlogged++;
        else {
          const reason = error === appError ? undefined : error.message;
          request.log.warn({ reason, unlogged }, appError.message);
          quietUntil = now + UNAVAILABLE_LOG_INTERVAL_MS;
          unlogged = 0;
        }
      } else if (appError.status >= 500) {
        request.log.error({ err: error }, appError.message);
      }
      for (const [name, value] of Object.entries(appError.options.headers ?? {})) reply.header(name, value);
      return reply.code(appError.status).send(appError.body());
    });
    // While the app closes (SIGTERM, or after an uncaught exception: plugins/process-errors.ts), a
    // request that still arrives on an open connection (pipelined, or on a keep-alive connection with
    // a request in flight) gets the usual 503 body and the connection is closed after it. Fastify's
    // own answer (`return503OnClosing`, turned off in app.ts) has no `code`.
    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });
    // A callback hook: on every request, so no promise for the usual case.
    app.addHook("onRequest", (_request, reply, done) => {
      if (!closing) return done();
      reply.header("connection", "close");
      done(
        new AppError("service_unavailable", "The service is shutting down; retry shortly.", {
          headers: { "Retry-After": CLOSING_RETRY_AFTER_SECONDS },
        }),
      );
    });
    // JSON only: other bodies get 415 instead of being parsed as text.
    app.removeContentTypeParser("text/plain");
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ message: "Not found.", code: "not_found" }),
    );
  },
  { name: "error-handler" },
);
