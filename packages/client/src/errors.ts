/** The SDK's one error type: what the service answered when it did not answer 2xx. */

/**
 * An error answer of the service. `status` is the HTTP status; `code` the body's machine `code`
 * (`validation_failed`, `not_found`, `rate_limited`, `quota_exceeded`, `missing_ability`,
 * `subscription_inactive`, `service_unavailable`, …). The two forms of the specification without a
 * code get one here: 401 `{"message":"Unauthenticated."}` → `unauthenticated`, and the content 404
 * `{error, generating}` → `generating` (being written; ask again later) or `not_found`.
 */
export class WineDataError extends Error {
  override readonly name = "WineDataError";
  /** HTTP status, e.g. 404. */
  readonly status: number;
  /** Machine code, see the class. */
  readonly code: string;
  /** Field errors of a 422 `validation_failed`: field name → messages (`{}` when none). */
  readonly fieldErrors: Readonly<Record<string, string[]>>;
  /** True for the content 404 of a text being generated (region insights, drinking periods). */
  readonly generating: boolean;
  /** Seconds from `Retry-After` (429, 503, content being generated), else null. */
  readonly retryAfter: number | null;
  /** The parsed JSON body (or the text when it is not JSON). */
  readonly body: unknown;

  constructor(response: Response, body: unknown) {
    const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
    const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : undefined);
    super(text("message") ?? text("error") ?? `HTTP ${response.status} ${response.statusText}`.trim());
    this.status = response.status;
    this.generating = fields.generating === true;
    this.code =
      text("code") ??
      (response.status === 401
        ? "unauthenticated"
        : "generating" in fields
          ? this.generating
            ? "generating"
            : "not_found"
          : `http_${response.status}`);
    this.fieldErrors =
      typeof fields.errors === "object" && fields.errors !== null
        ? (fields.errors as Record<string, string[]>)
        : {};
    const ms = retryAfterMs(response);
    this.retryAfter = ms === null ? null : Math.ceil(ms / 1000);
    this.body = body;
  }
}

/**
 * The wait a response asks for in `Retry-After`, in milliseconds (seconds or an HTTP date; a date
 * in the past is 0), or null when the header is absent or unreadable.
 */
export function retryAfterMs(response: Response, now = Date.now()): number | null {
  const raw = response.headers.get("retry-after")?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
