/**
 * The one error type of the service. Code → status map and body shapes follow docs/decisions.md "Errors".
 */

/** Every machine error code the API emits, with its HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 422,
  not_found: 404,
  /** A wine its sources retired (docs/decisions.md "Additive fields"). */
  gone: 410,
  unauthenticated: 401,
  missing_ability: 403,
  forbidden: 403,
  subscription_inactive: 403,
  /** The plan's cap on active keys per account is reached (`PLANS[plan].maxActiveKeys`). */
  key_limit_reached: 409,
  rate_limited: 429,
  quota_exceeded: 429,
  malformed_json: 400,
  bad_request: 400,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  expectation_failed: 417,
  headers_too_large: 431,
  invalid_image: 422,
  analysis_failed: 502,
  service_unavailable: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field → messages, as Laravel's validator reports them. */
export type FieldErrors = Record<string, string[]>;

/**
 * An error meant for the client. `message` is shown as is, so it must never carry internals
 * (SQL, stack, key material). `headers` are added to the response (e.g. Retry-After).
 */
export class AppError extends Error {
  override name = "AppError";
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      errors?: FieldErrors;
      /** More body fields, e.g. `retry_after` of a 429. */
      details?: Record<string, string | number>;
      headers?: Record<string, string | number>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = ERROR_STATUS[code];
  }

  /** 422 for one field, with Laravel's `{message, code, errors}` body. */
  static validation(field: string, message: string): AppError {
    return new AppError("validation_failed", message, { errors: { [field]: [message] } });
  }

  /** 404 `"<Resource> not found."`. */
  static notFound(resource: "Wine" | "Producer" | "Region" | "Grape"): AppError {
    return new AppError("not_found", `${resource} not found.`);
  }

  /**
   * The JSON body sent for this error: `{message, code}` plus `errors` (422) and `details`' fields.
   * 401 has the fixed form `{"message":"Unauthenticated."}`.
   */
  body(): Record<string, unknown> {
    if (this.code === "unauthenticated") return { message: this.message };
    const body: Record<string, unknown> = { message: this.message, code: this.code, ...this.options.details };
    if (this.options.errors) body.errors = this.options.errors;
    return body;
  }

  /**
   * 429 `rate_limited` (per-minute limit) or `quota_exceeded` (daily budget): `Retry-After` header and
   * `retry_after` body field, both in seconds (docs/decisions.md "Rate limiting").
   */
  static tooMany(
    code: "rate_limited" | "quota_exceeded",
    message: string,
    retryAfterSeconds: number,
  ): AppError {
    return new AppError(code, message, {
      headers: { "Retry-After": retryAfterSeconds },
      details: { retry_after: retryAfterSeconds },
    });
  }
}

/** The 401 every authentication failure answers with, whatever went wrong. */
export const unauthenticated = (): AppError => new AppError("unauthenticated", "Unauthenticated.");
