/** Retries of answers that say "later": 429 (rate limit, daily budget) and 503 (a dependency down). */
import { retryAfterMs } from "./errors.ts";

/** How the client retries 429 and 503 answers. */
export interface RetryOptions {
  /** Attempts per request in all, the first included (default 3; 1 means never retry). */
  maxAttempts?: number;
  /**
   * Longest single wait in milliseconds (default 60 000). An answer asking for longer (a used-up
   * daily budget says "tomorrow") is not retried: it becomes a `WineDataError` with `retryAfter`.
   */
  maxWaitMs?: number;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (event: RetryEvent) => void;
}

/** One retry about to happen. */
export interface RetryEvent {
  /** Status of the answer being retried: 429 or 503. */
  status: number;
  /** The attempt that got it (1 for the first request). */
  attempt: number;
  /** Milliseconds the client waits now: the answer's `Retry-After`, 1 000 when it has none. */
  waitMs: number;
  /** Method and URL of the request. */
  method: string;
  url: string;
}

/** Wait used when a 429 or 503 has no readable `Retry-After`, in milliseconds. */
const DEFAULT_WAIT_MS = 1_000;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Wraps `fetch` so that 429 and 503 answers are retried after their `Retry-After`, at most
 * `maxAttempts` times in all and only when the wait is at most `maxWaitMs`; the last answer is
 * returned whatever its status. Network errors are not retried.
 */
export function retryingFetch(
  fetch: (request: Request) => Promise<Response>,
  { maxAttempts = 3, maxWaitMs = 60_000, onRetry }: RetryOptions = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      const response = await fetch(last ? request : request.clone());
      if (last || (response.status !== 429 && response.status !== 503)) return response;
      const waitMs = retryAfterMs(response) ?? DEFAULT_WAIT_MS;
      if (waitMs > maxWaitMs) return response;
      await response.body?.cancel();
      onRetry?.({ status: response.status, attempt, waitMs, method: request.method, url: request.url });
      await sleep(waitMs);
    }
  };
}
