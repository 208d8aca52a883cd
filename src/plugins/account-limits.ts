/**
 * The dashboard's abuse limits, decorated as `app.accountLimits` by the rate-limit plugin (same
 * counter store: process memory, or Redis shared by every process). Each limit counts attempts of
 * one kind per key in a fixed window and, once `limit` is reached, makes the caller wait until the
 * window ends (seconds to wait, for Retry-After and the page's message).
 *
 * Log-in (OWASP Authentication Cheat Sheet, "Login Throttling"; "Slow Down Online Guessing Attacks
 * with Device Cookies", OWASP): failed log-ins are counted per email *and* client address (5 in 15
 * minutes), per address (20 in 15 minutes) and per email from all addresses (10 in 15 minutes) —
 * but a browser that logged in to that account before carries a device cookie
 * (dashboard/device-cookie.ts) and is counted by that cookie alone (5 in 15 minutes), so whoever
 * guesses from elsewhere cannot lock the owner out; and a password reset by mail clears the email's
 * counts.
 *
 * Also: sign-ups per address and in all per UTC day (`SIGNUPS_PER_ADDRESS_PER_DAY`,
 * `SIGNUPS_PER_DAY`); wrong current passwords of a logged-in account (password change, email
 * change, deletion: 5 in 15 minutes); mails a visitor can make the service send (password reset: 3
 * per email and 10 per address an hour; verification and email-change links: 3 per account an hour).
 * The figures are ours (product decisions within the cheat sheets' advice), not from a standard.
 */
import { hash } from "node:crypto";
import type { RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * Makes a counter store with the given window length in seconds (rate-limit.ts makes them in memory
 * or in Redis, for its own counters and for these).
 */
export type CounterFactory = (options: { keyPrefix: string; duration: number }) => RateLimiterAbstract;

/** A fixed-window count of attempts per key, with a limit. */
export class Throttle {
  private readonly counter: RateLimiterAbstract;

  /**
   * @param factory makes the store (memory or Redis).
   * @param name the counters' key prefix.
   * @param limit attempts allowed per window.
   * @param windowS the window, in seconds, from the first attempt.
   */
  constructor(
    factory: CounterFactory,
    name: string,
    readonly limit: number,
    readonly windowS: number,
  ) {
    this.counter = factory({ keyPrefix: name, duration: windowS });
  }

  /** Seconds to wait before the next attempt for `key` (0: go ahead). */
  async wait(key: string): Promise<number> {
    const res = await this.counter.get(key);
    if (res === null || res.consumedPoints < this.limit) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  }

  /** Counts one attempt for `key`; returns the attempts counted in the window. */
  async hit(key: string): Promise<number> {
    return (await this.counter.consume(key, 1)).consumedPoints;
  }

  /** Forgets the attempts of `key`. */
  async clear(key: string): Promise<void> {
    await this.counter.delete(key);
  }
}

/** A log-in attempt: the email typed, the client address, and the device cookie's id for that email. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** The id of a valid device cookie for this email (dashboard/device-cookie.ts), else null. */
  device: string | null;
}

/** Kinds of mail a visitor can make the service send. */
export type MailKind = "reset" | "verify" | "change_email";

/** Sign-up limits (`SIGNUPS_PER_ADDRESS_PER_DAY`, `SIGNUPS_PER_DAY`). */
export interface SignupLimits {
  perAddressPerDay: number;
  perDay: number;
}

const MINUTES_15 = 900;
const HOUR = 3_600;
/** Two days: a day's key (it holds the UTC date) outlives its day. */
const DAY_KEYS = 2 * 86_400;

/** The key of an email: its SHA-256, so no address is stored in the counters. */
function emailKey(email: string): string {
  return hash("sha256", email.trim().toLowerCase(), "hex");
}

/** The dashboard's abuse limits (see the file's comment for each rule). */
export class AccountLimits {
  private readonly loginPair: Throttle;
  private readonly loginAddress: Throttle;
  private readonly loginEmail: Throttle;
  private readonly loginDevice: Throttle;
  private readonly signupAddress: Throttle;
  private readonly signupAll: Throttle;
  private readonly passwordCheck: Throttle;
  private readonly mails: Record<MailKind, Throttle>;
  private readonly resetAddress: Throttle;

  constructor(factory: CounterFactory, signup: SignupLimits) {
    this.loginPair = new Throttle(factory, "login:pair", 5, MINUTES_15);
    this.loginAddress = new Throttle(factory, "login:ip", 20, MINUTES_15);
    this.loginEmail = new Throttle(factory, "login:email", 10, MINUTES_15);
    this.loginDevice = new Throttle(factory, "login:device", 5, MINUTES_15);
    this.signupAddress = new Throttle(factory, "signup:ip", signup.perAddressPerDay, DAY_KEYS);
    this.signupAll = new Throttle(factory, "signup:all", signup.perDay, DAY_KEYS);
    this.passwordCheck = new Throttle(factory, "password", 5, MINUTES_15);
    this.mails = {
      reset: new Throttle(factory, "mail:reset", 3, HOUR),
      verify: new Throttle(factory, "mail:verify", 3, HOUR),
      change_email: new Throttle(factory, "mail:change", 3, HOUR),
    };
    this.resetAddress = new Throttle(factory, "mail:reset-ip", 10, HOUR);
  }

  /** The counters that judge `attempt`: its device's alone when it has one, else pair, address, email. */
  private loginThrottles(attempt: LoginAttempt): [Throttle, string][] {
    const email = emailKey(attempt.email);
    if (attempt.device !== null) return [[this.loginDevice, `${email}:${attempt.device}`]];
    return [
      [this.loginPair, `${email}:${attempt.ip}`],
      [this.loginAddress, attempt.ip],
      [this.loginEmail, email],
    ];
  }

  /**
   * Seconds to wait before a log-in attempt like `attempt` may be made (0: now). The email need not
   * belong to an account (the answer does not tell).
   */
  async loginWait(attempt: LoginAttempt): Promise<number> {
    const waits = await Promise.all(this.loginThrottles(attempt).map(([t, key]) => t.wait(key)));
    return Math.max(0, ...waits);
  }

  /** Counts a failed log-in; true when this failure reached a limit (the caller records a lockout). */
  async loginFailed(attempt: LoginAttempt): Promise<boolean> {
    const throttles = this.loginThrottles(attempt);
    const counts = await Promise.all(throttles.map(([t, key]) => t.hit(key)));
    return counts.some((count, i) => count === throttles[i]?.[0].limit);
  }

  /** A successful log-in clears the counts of its email (and device); the address's stay. */
  async loginSucceeded(attempt: LoginAttempt): Promise<void> {
    const email = emailKey(attempt.email);
    await Promise.all([
      this.loginPair.clear(`${email}:${attempt.ip}`),
      this.loginEmail.clear(email),
      attempt.device === null ? null : this.loginDevice.clear(`${email}:${attempt.device}`),
    ]);
  }

  /** A password reset by mail proved the owner: the email's failed log-ins are forgotten. */
  async loginUnlocked(email: string): Promise<void> {
    await this.loginEmail.clear(emailKey(email));
  }

  /**
   * Seconds to wait before a sign-up from `ip` on the UTC day of `now` (0: now): until the next UTC
   * day past the day's limits, else while the address is paused for failed log-ins (a sign-up with
   * a taken email counts as one: probing emails through sign-up is throttled too).
   */
  async signupWait(ip: string, now: Date): Promise<number> {
    const day = now.toISOString().slice(0, 10);
    const [address, all, failures] = await Promise.all([
      this.signupAddress.wait(`${day}:${ip}`),
      this.signupAll.wait(day),
      this.loginAddress.wait(ip),
    ]);
    if (address === 0 && all === 0) return failures;
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
  }

  /** A sign-up refused for a taken email: counted like a failed log-in of the address. */
  async signupRefused(ip: string): Promise<void> {
    await this.loginAddress.hit(ip);
  }

  /** Counts a sign-up from `ip` on the UTC day of `now`. */
  async signupCounted(ip: string, now: Date): Promise<void> {
    const day = now.toISOString().slice(0, 10);
    await Promise.all([this.signupAddress.hit(`${day}:${ip}`), this.signupAll.hit(day)]);
  }

  /** Seconds to wait before account `accountId` may give its current password again (0: now). */
  passwordCheckWait(accountId: number): Promise<number> {
    return this.passwordCheck.wait(String(accountId));
  }

  /** Counts a wrong current password of account `accountId`; true when it reached the limit. */
  async passwordCheckFailed(accountId: number): Promise<boolean> {
    return (await this.passwordCheck.hit(String(accountId))) === this.passwordCheck.limit;
  }

  /** The right current password clears the count. */
  passwordCheckSucceeded(accountId: number): Promise<void> {
    return this.passwordCheck.clear(String(accountId));
  }

  /**
   * Seconds to wait before a mail of `kind` may go for `subject` (an email for resets, an account id
   * for the others) and, for resets, from address `ip` (0: now).
   */
  async mailWait(kind: MailKind, subject: string, ip: string): Promise<number> {
    const waits = await Promise.all([
      this.mails[kind].wait(emailKey(subject)),
      kind === "reset" ? this.resetAddress.wait(ip) : 0,
    ]);
    return Math.max(...waits);
  }

  /** Counts a mail of `kind` for `subject` from `ip`. */
  async mailSent(kind: MailKind, subject: string, ip: string): Promise<void> {
    await Promise.all([
      this.mails[kind].hit(emailKey(subject)),
      kind === "reset" ? this.resetAddress.hit(ip) : null,
    ]);
  }
}
