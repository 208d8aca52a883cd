/**
 * The service's "being generated" answers: a region insight or drinking period not yet written in
 * a language is a 404 `{generating: true}` with `Retry-After`; a wine's texts not yet written in a
 * language come back in English (`description.language` says so) while the translation is made.
 */
import { WineDataError } from "./errors.ts";
import { sleep } from "./retry.ts";

/** How long the client waits for a text being generated. */
export interface GeneratingOptions {
  /** Give up after this many milliseconds in all (default 120 000). */
  timeoutMs?: number;
  /**
   * Longest wait between two asks, in milliseconds (default 30 000, the service's `Retry-After`);
   * a shorter `Retry-After` of the service is used when it gives one.
   */
  intervalMs?: number;
}

/**
 * Asks with `ask` until `ready(answer)` holds, waiting between asks (see {@link GeneratingOptions});
 * a `WineDataError` with `generating: true` counts as "not yet". `options === false` asks once.
 * @returns the first ready answer, or, once `timeoutMs` has passed, the last answer (a wine in
 *   English) when there is one.
 * @throws the last `WineDataError` (`code: "generating"`) when the deadline passes on a 404, and any
 *   other error at once.
 */
export async function untilGenerated<T>(
  ask: () => Promise<T>,
  ready: (answer: T) => boolean,
  options: GeneratingOptions | false = {},
): Promise<T> {
  const { timeoutMs = 120_000, intervalMs = 30_000 } = options || {};
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let waitMs = intervalMs;
    let last: { answer: T } | { error: WineDataError };
    try {
      const answer = await ask();
      if (options === false || ready(answer)) return answer;
      last = { answer };
    } catch (error) {
      if (options === false || !(error instanceof WineDataError) || !error.generating) throw error;
      if (error.retryAfter !== null) waitMs = Math.min(waitMs, error.retryAfter * 1000);
      last = { error };
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      if ("error" in last) throw last.error;
      return last.answer;
    }
    await sleep(Math.min(waitMs, left));
  }
}
