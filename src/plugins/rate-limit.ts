/**
 * Request counters for rate limits, built on rate-limiter-flexible so that the in-memory store
 * (default, one process) can be swapped for its Redis or PostgreSQL stores (several processes)
 * without touching the callers. Windows are fixed: a minute from a key's first request, and the
 * UTC calendar day for the account budget.
 */
import { type RateLimiterAbstract, RateLimiterMemory } from "rate-limiter-flexible";

/** Makes a counter store with the given window length in seconds. */
export type CounterFactory = (options: { keyPrefix: string; duration: number }) => RateLimiterAbstract;

/** The default store: process memory. */
export const memoryCounters: CounterFactory = ({ keyPrefix, duration }) =>
  // The library would reject past `points`; limits differ per key, so the count is compared by the caller.
  new RateLimiterMemory({ keyPrefix, duration, points: Number.MAX_SAFE_INTEGER });

/** One counted hit: how many were used in the window and when it resets. */
export interface Hit {
  limit: number;
  used: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
  exceeded: boolean;
}

/** Per-key per-minute limits and per-account daily budgets. */
export class RateLimits {
  private readonly perMinute: RateLimiterAbstract;
  private readonly perDay: RateLimiterAbstract;

  constructor(factory: CounterFactory = memoryCounters) {
    this.perMinute = factory({ keyPrefix: "rpm", duration: 60 });
    // Keys carry the UTC date, so a day's counter is never reused; two days of TTL is ample.
    this.perDay = factory({ keyPrefix: "rpd", duration: 2 * 86_400 });
  }

  /** Counts one request of an API key against its per-minute limit. */
  async hitMinute(keyId: number, limit: number): Promise<Hit> {
    const res = await this.perMinute.consume(String(keyId), 1);
    const used = res.consumedPoints;
    return {
      limit,
      used,
      remaining: Math.max(0, limit - used),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      exceeded: used > limit,
    };
  }

  /** Counts one request of an account against its budget for the UTC day of `now`. */
  async hitDay(accountId: number, limit: number, now: Date): Promise<Hit> {
    const day = now.toISOString().slice(0, 10);
    const res = await this.perDay.consume(`${accountId}:${day}`, 1);
    const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const used = res.consumedPoints;
    return {
      limit,
      used,
      remaining: Math.max(0, limit - used),
      resetSeconds: Math.max(1, Math.ceil((nextDay - now.getTime()) / 1000)),
      exceeded: used > limit,
    };
  }
}
