/**
 * Request counters for rate limits (rate-limiter-flexible), decorated as `app.rateLimits`. Windows
 * are fixed: a minute from a key's first request, and the UTC calendar day for the account budget
 * (kept 8 days: the dashboard's 7-day usage chart reads the same counters). The dashboard's abuse
 * limits (account-limits.ts) use the same store and are decorated as `app.accountLimits`.
 *
 * - Without `REDIS_URL` the counters live in this process's memory: exact for one process, and each
 *   further process counts alone.
 * - With `REDIS_URL` they live in Redis (`RateLimiterRedis` on an ioredis client, keys under
 *   `REDIS_KEY_PREFIX`), so every process counts against the same numbers: exact across processes.
 * - When Redis does not answer (refused, dropped, or no answer within {@link REDIS_COMMAND_TIMEOUT_MS})
 *   each process goes on with its own in-memory counters (the library's insurance limiter): requests
 *   keep being served and limited per process, never failed for want of a counter. One warning is
 *   logged when the fallback starts and one line when Redis answers again; the client reconnects by
 *   itself, and counting goes back to Redis with the first answer. Counts made during the outage stay
 *   in the process that made them.
 * - At start the plugin waits for the first connection (at most the 2 s connect timeout), so a
 *   process that starts, or a cluster worker that replaces one, does not serve its first requests
 *   with counters of its own while Redis is still connecting.
 *
 * Inner calls: a request made inside this process on behalf of a request that was counted already
 * (the MCP endpoint's tools call the API through `app.inject`) carries {@link RateLimits.innerCallHeaders}
 * — a header with a random token made at start and known only to this process — and is not counted
 * again ({@link RateLimits.isInnerCall}); authentication and the plan and ability checks still run.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { REDIS_CONNECTION, type RedisSetting } from "../config.ts";
import { AccountLimits, type CounterFactory, type SignupLimits } from "./account-limits.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The per-minute and per-day counters. */
    rateLimits: RateLimits;
    /** The dashboard's abuse limits (log-in, sign-up, password checks, mails): account-limits.ts. */
    accountLimits: AccountLimits;
  }
}

/** Longest wait for one Redis command, in milliseconds, before the in-process counters take over. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

// The library would reject past `points`; limits differ per key, so the count is compared by the caller.
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** The default store: process memory. */
export const memoryCounters: CounterFactory = ({ keyPrefix, duration }) =>
  new RateLimiterMemory({ keyPrefix, duration, points: UNBOUNDED });

/** Whether the shared store answers; reports the change each way once. */
export class SharedStoreHealth {
  /** A count fell back and none has been answered by Redis since. */
  down = false;
  /** Counts answered by the in-process fallback (all time). */
  fallbacks = 0;

  constructor(private readonly log: Pick<FastifyInstance["log"], "warn" | "info">) {}

  /** A count went to the in-process fallback. */
  fellBack(): void {
    this.fallbacks++;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      "Redis does not answer: rate limits are counted per process until it does (limits are not shared meanwhile)",
    );
  }

  /** A count was answered by Redis. */
  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info("Redis answers again: rate limits are shared across processes again");
  }
}

/** The in-process counters that answer while Redis does not. */
class Fallback extends RateLimiterMemory {
  constructor(
    options: { keyPrefix: string; duration: number },
    private readonly health: SharedStoreHealth,
  ) {
    super({ ...options, points: UNBOUNDED });
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.health.fellBack();
    return super.consume(...args);
  }
}

/** Counters in Redis under `prefix`, with the in-process fallback of {@link Fallback}. */
export function redisCounters(client: Redis, prefix: string, health: SharedStoreHealth): CounterFactory {
  return ({ keyPrefix, duration }) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `${prefix}${keyPrefix}`,
      duration,
      points: UNBOUNDED,
      // Not connected: the fallback answers at once instead of waiting for a reconnection.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new Fallback({ keyPrefix, duration }, health),
    });
}

/** One counted hit: how many were used in the window and when it resets. */
export interface Hit {
  limit: number;
  used: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
  exceeded: boolean;
}

/** Days of per-account request counts kept for the dashboard's chart. */
export const USAGE_DAYS = 7;

/** Requests of an account on one UTC day. */
export interface DayUsage {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  requests: number;
}

/** Header of an inner call (see {@link RateLimits.isInnerCall}); never sent to a client. */
const INNER_CALL_HEADER = "x-wds-inner-call";

/** Per-key per-minute limits, per-account daily budgets and log-in failure counts. */
export class RateLimits {
  /** The token of inner calls: 32 random bytes per process, never logged nor sent out. */
  private readonly innerToken = randomBytes(32);
  private readonly perMinute: RateLimiterAbstract;
  private readonly perDay: RateLimiterAbstract;

  /**
   * @param health of the shared store, when the counters are shared (Redis).
   * @param connected whether the shared store's connection is up (Redis).
   */
  constructor(
    factory: CounterFactory = memoryCounters,
    private readonly health?: SharedStoreHealth,
    private readonly connected?: () => boolean,
  ) {
    this.perMinute = factory({ keyPrefix: "rpm", duration: 60 });
    // Keys carry the UTC date, so a day's counter is never reused; kept 8 days for the usage chart.
    this.perDay = factory({ keyPrefix: "rpd", duration: (USAGE_DAYS + 1) * 86_400 });
  }

  /**
   * The shared store's state for `/ready`: "up", "down" (counting per process meanwhile), or null
   * when the counters are in process memory.
   */
  sharedStore(): "up" | "down" | null {
    if (this.health === undefined) return null;
    return this.health.down || this.connected?.() === false ? "down" : "up";
  }

  /**
   * Counts answered by the in-process fallback because Redis did not answer, since the app started
   * (a request makes one count for its key's minute, and one for its account's day when the account
   * has a daily budget and the route counts toward it); 0 when the counters are in process memory
   * anyway.
   */
  fallbackCount(): number {
    return this.health?.fallbacks ?? 0;
  }

  /**
   * Headers that mark a request made with `app.inject` by this process on behalf of a request that
   * was counted already: such a request is not counted again (the MCP endpoint's tool calls).
   */
  innerCallHeaders(): Record<string, string> {
    return { [INNER_CALL_HEADER]: this.innerToken.toString("base64url") };
  }

  /** True when `headers` carry this process's inner-call token (constant-time comparison). */
  isInnerCall(headers: Record<string, string | string[] | undefined>): boolean {
    const value = headers[INNER_CALL_HEADER];
    if (typeof value !== "string") return false;
    const presented = Buffer.from(value, "base64url");
    return presented.length === this.innerToken.length && timingSafeEqual(presented, this.innerToken);
  }

  /**
   * Counts `points` requests (default one) of an API key against its per-minute limit: more than one
   * for a request that carries several (a `POST /mcp` with n tool calls counts n).
   */
  async hitMinute(keyId: number, limit: number, points = 1): Promise<Hit> {
    const res = await this.count(this.perMinute, String(keyId), points);
    const used = res.consumedPoints;
    return {
      limit,
      used,
      remaining: Math.max(0, limit - used),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      exceeded: used > limit,
    };
  }

  /**
   * Counts `points` requests (default one) of an account for the UTC day of `now`, against its budget
   * `limit` (null: unlimited, counted for the usage chart only).
   */
  async hitDay(accountId: number, limit: number | null, now: Date, points = 1): Promise<Hit> {
    const day = now.toISOString().slice(0, 10);
    const res = await this.count(this.perDay, `${accountId}:${day}`, points);
    const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const used = res.consumedPoints;
    const max = limit ?? Number.POSITIVE_INFINITY;
    return {
      limit: max,
      used,
      remaining: Math.max(0, max - used),
      resetSeconds: Math.max(1, Math.ceil((nextDay - now.getTime()) / 1000)),
      exceeded: used > max,
    };
  }

  /**
   * Takes back one count of {@link hitDay} for account `accountId` on the UTC day of `now` (the same
   * `now` that was counted): for an answer that does not count toward the daily budget after all
   * (a `304 Not Modified`).
   */
  async refundDailyCount(accountId: number, now: Date): Promise<void> {
    await this.perDay.reward(`${accountId}:${now.toISOString().slice(0, 10)}`, 1);
  }

  /**
   * Requests counted toward account `accountId`'s daily budget on each of the last `days` UTC days up
   * to the day of `now` (oldest first): the very counters {@link hitDay} enforces the budget with
   * (shared through Redis when configured; per process otherwise).
   */
  async dailyUsage(accountId: number, now: Date, days = USAGE_DAYS): Promise<DayUsage[]> {
    const list: DayUsage[] = [];
    for (let back = days - 1; back >= 0; back--) {
      const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
      const res = await this.perDay.get(`${accountId}:${day}`);
      list.push({ day, requests: res?.consumedPoints ?? 0 });
    }
    return list;
  }

  /** One count of `points`; tells the shared store's health when the store (not the fallback) answered it. */
  private count(limiter: RateLimiterAbstract, key: string, points: number) {
    const health = this.health;
    if (health === undefined) return limiter.consume(key, points);
    const fallbacks = health.fallbacks;
    return limiter.consume(key, points).then((res) => {
      if (health.fallbacks === fallbacks) health.answered();
      return res;
    });
  }
}

/** Options of the plugin. */
export interface RateLimitOptions {
  /** Shared counters (`REDIS_URL`), or null for process memory. */
  redis: RedisSetting | null;
  /** Sign-ups allowed per address and in all per UTC day. */
  signupLimits: SignupLimits;
}

const rateLimits: FastifyPluginAsync<RateLimitOptions> = async (app, { redis, signupLimits }) => {
  if (redis === null) {
    app.decorate("rateLimits", new RateLimits(memoryCounters));
    app.decorate("accountLimits", new AccountLimits(memoryCounters, signupLimits));
    return;
  }
  const log = app.log.child({ component: "rate-limits" });
  // ioredis is loaded only when Redis is configured.
  const { Redis } = await import("ioredis");
  const client = new Redis(redis.url, {
    // A command while disconnected fails at once (the fallback answers) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    ...REDIS_CONNECTION,
  });
  const health = new SharedStoreHealth(log);
  // Connection errors are reported through the fallback's warning; without a listener they would throw.
  client.on("error", () => {});
  // The service listens only once Redis is connected, or after the connect timeout (errors meanwhile,
  // such as a ready check that timed out, are retried by the client): a process serving before that
  // counted its first requests alone, and a new process (a start, a replaced cluster worker) let a
  // key through more often than its limit.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECTION.connectTimeout);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const counters = redisCounters(client, redis.keyPrefix, health);
  app.decorate("rateLimits", new RateLimits(counters, health, () => client.status === "ready"));
  app.decorate("accountLimits", new AccountLimits(counters, signupLimits));
  app.addHook("onClose", async () => client.disconnect());
};

export default fp(rateLimits, { name: "rate-limits" });
