/**
 * Turns every thrown error into the JSON bodies of decisions.md: validation errors in Laravel's
 * shape, Fastify's body errors into malformed_json / payload_too_large, unknown paths into 404,
 * and anything unexpected into a 500 that says nothing of its cause (the cause is logged).
 */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError, type FieldErrors } from "../errors.ts";

/** Seconds a client is told to wait (Retry-After) when the database does not answer. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

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

function toAppError(error: FastifyError): AppError | null {
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

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const appError = toAppError(error);
      if (!appError) {
        request.log.error({ err: error }, "unhandled error");
        return reply.code(500).send({ message: "Server Error", code: "internal_error" });
      }
      if (appError.status >= 500) request.log.error({ err: error }, appError.message);
      for (const [name, value] of Object.entries(appError.options.headers ?? {})) reply.header(name, value);
      return reply.code(appError.status).send(appError.body());
    });
    // JSON only: other bodies get 415 instead of being parsed as text.
    app.removeContentTypeParser("text/plain");
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ message: "Not found.", code: "not_found" }),
    );
  },
  { name: "error-handler" },
);
