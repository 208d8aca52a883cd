/**
 * Whether a new password is hard enough to guess (NIST SP 800-63B §5.1.1.2: check new passwords
 * against lists of commonly used, expected or compromised values; OWASP Authentication Cheat
 * Sheet: a strength meter such as zxcvbn): zxcvbn-ts must estimate at least 10^10 guesses (score
 * 3 of 4) for the first {@link JUDGED_CHARACTERS} characters, the account's name and email counted
 * as known words.
 *
 * zxcvbn takes up to a second and a half of CPU for a long repetitive password, so it runs in a
 * worker thread of its own (tinypool, threads runtime), never on the event loop: started with the
 * first check, stopped after a minute without one, at most {@link QUEUE_LIMIT} checks waiting
 * (beyond: 503 with Retry-After).
 */
import { Tinypool } from "tinypool";
import { AppError } from "../../errors.ts";
import { workerEntry } from "../../worker-loader.ts";
import type { StrengthResult, StrengthTask } from "./password-strength-worker.ts";

export { JUDGED_CHARACTERS } from "./password-strength-worker.ts";

/** The lowest zxcvbn score accepted: 3, at least 10^10 guesses. */
export const MIN_SCORE = 3;
/** Checks waiting for the thread at most. */
const QUEUE_LIMIT = 32;
/** The thread stops after this long without a check, in ms. */
const IDLE_MS = 60_000;

/** A judged password: acceptable, or why not (zxcvbn's feedback in the page's language). */
export type StrengthVerdict = { ok: true } | { ok: false; warning: string | null; suggestions: string[] };

/** The password-strength thread (owned by the web-pages plugin as `app.passwordStrength`). */
export class PasswordStrength {
  private pool: Tinypool | null = null;

  /**
   * Judges `password` for an account known by `userInputs` (name, email, …), with feedback in `lang`.
   * @throws AppError service_unavailable (503, Retry-After 5) when too many checks are waiting.
   */
  async check(password: string, userInputs: string[], lang: StrengthTask["lang"]): Promise<StrengthVerdict> {
    this.pool ??= new Tinypool({
      filename: workerEntry("./password-strength-worker", import.meta.url),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      maxQueue: QUEUE_LIMIT,
    });
    const words = userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
    let result: StrengthResult;
    try {
      result = (await this.pool.run({
        password,
        userInputs: words,
        lang,
      } satisfies StrengthTask)) as StrengthResult;
    } catch (err) {
      if (err instanceof Error && /queue is at limit/i.test(err.message)) {
        throw new AppError(
          "service_unavailable",
          "Too many passwords are being checked; try again shortly.",
          {
            headers: { "Retry-After": 5 },
          },
        );
      }
      throw err;
    }
    if (result.score >= MIN_SCORE) return { ok: true };
    return { ok: false, warning: result.warning, suggestions: result.suggestions };
  }

  /** Stops the thread (app shutdown). */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = null;
  }
}
