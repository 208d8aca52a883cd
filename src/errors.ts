/**
 * The one error type of the service. Code → status map and body shapes follow decisions.md "Errors".
 */

/** Every machine error code the API emits, with its HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 422,
  not_found: 404,
  unauthenticated: 401,
  missing_ability: 403,
  forbidden: 403,
  subscription_inactive: 403,
  rate_limited: 429,
  quota_exceeded: 429,
  malformed_json: 400,
  bad_request: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
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

  /** The JSON body sent for this error. 401 has the fixed form `{"message":"Unauthenticated."}`. */
  body(): Record<string, unknown> {
    if (this.code === "unauthenticated") return { message: this.message };
    return this.options.errors
      ? { message: this.message, code: this.code, errors: this.options.errors }
      : { message: this.message, code: this.code };
  }
}

/** The 401 every authentication failure answers with, whatever went wrong. */
export const unauthenticated = (): AppError => new AppError("unauthenticated", "Unauthenticated.");
