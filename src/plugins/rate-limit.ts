/**
 * Request counters for rate limits (rate-limiter-flexible), decorated as `app.rateLimits`. Windows
 * are fixed: a minute from a key's first request, and the UTC calendar day for the account budget.
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
 */
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import type { RedisSetting } from "../config.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The per-minute and per-day counters. */
    rateLimits: RateLimits;
  }
}

/** Longest wait for one Redis command, in milliseconds, before the in-process counters take over. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** Makes a counter store with the given window length in seconds. */
export type CounterFactory = (options: { keyPrefix: string; duration: number }) => RateLimiterAbstract;

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

/** Per-key per-minute limits and per-account daily budgets. */
export class RateLimits {
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
    // Keys carry the UTC date, so a day's counter is never reused; two days of TTL is ample.
    this.perDay = factory({ keyPrefix: "rpd", duration: 2 * 86_400 });
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

  /** Counts one request of an API key against its per-minute limit. */
  async hitMinute(keyId: number, limit: number): Promise<Hit> {
    const res = await this.count(this.perMinute, String(keyId));
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
    const res = await this.count(this.perDay, `${accountId}:${day}`);
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

  /** One count; tells the shared store's health when the store (not the fallback) answered it. */
  private count(limiter: RateLimiterAbstract, key: string) {
    const health = this.health;
    if (health === undefined) return limiter.consume(key, 1);
    const fallbacks = health.fallbacks;
    return limiter.consume(key, 1).then((res) => {
      if (health.fallbacks === fallbacks) health.answered();
      return res;
    });
  }
}

/** Options of the plugin. */
export interface RateLimitOptions {
  /** Shared counters (`REDIS_URL`), or null for process memory. */
  redis: RedisSetting | null;
}

const rateLimits: FastifyPluginAsync<RateLimitOptions> = async (app, { redis }) => {
  if (redis === null) {
    app.decorate("rateLimits", new RateLimits(memoryCounters));
    return;
  }
  const log = app.log.child({ component: "rate-limits" });
  const client = new Redis(redis.url, {
    // A command while disconnected fails at once (the fallback answers) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever, at most a second apart.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  const health = new SharedStoreHealth(log);
  // Connection errors are reported through the fallback's warning; without a listener they would throw.
  client.on("error", () => {});
  app.decorate(
    "rateLimits",
    new RateLimits(redisCounters(client, redis.keyPrefix, health), health, () => client.status === "ready"),
  );
  app.addHook("onClose", async () => client.disconnect());
};

export default fp(rateLimits, { name: "rate-limits" });
