/**
 * Authentication, subscription state, abilities and rate limits for every v1 route.
 * Runs on `onRequest`, before body parsing and validation, in this order:
 * key (401) → per-minute limit (429 rate_limited; headers on every answer) → subscription (403)
 * → plan feature (403 forbidden) → ability (403 missing_ability) → daily budget (429 quota_exceeded).
 * An inner call (`app.rateLimits.isInnerCall`: a tool of the MCP endpoint calling the API in-process)
 * skips both counts, the request that made it having been counted; every check still runs. A request
 * that carries several calls (a `POST /mcp` with n tool calls) counts the others once its body is read,
 * with `request.countMore(reply, n - 1)`: the same limits, headers and 429s.
 * Routes declare what they need in `config: { ability, feature, budget }`, or `config: { public:
 * true }` for none. Deny by default: a route under the API prefix that declares neither makes the app
 * fail to start (`onRoute`), so no route can be public by omission; every declaration is listed in
 * `app.routeAccess`, from which the tests derive the shared 401/403/429 cases.
 * Keys and accounts come from a short-lived in-process cache ({@link KeyCache}, `AUTH_CACHE_MS`),
 * owned by this plugin and exposed as `app.keyCache` so that writers in this process can invalidate
 * it (`revokeKey` in api-keys.service.ts, `updateAccount` in accounts.service.ts); the counters live
 * in the rate-limit store; `last_used_at` is written at most once a minute per
 * key, after the answer.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { RedisSetting } from "../config.ts";
import type { AccountRow, ApiKeyRow } from "../db/types.ts";
import { AppError, unauthenticated } from "../errors.ts";
import { findAccountById } from "../modules/accounts/accounts.repository.ts";
import { type Access, accessAt, type PlanFeature } from "../modules/accounts/plans.ts";
import { findKeyByPrefix, touchKey } from "../modules/api-keys/api-keys.repository.ts";
import { type Ability, keyHasAbility, keyIsLive, keyPrefix } from "../modules/api-keys/api-keys.service.ts";
import { type CachedKey, KeyCache, verifies } from "../modules/api-keys/key-cache.ts";
import {
  ClusterKeyCacheBus,
  type KeyCacheChange,
  RedisKeyCacheBus,
} from "../modules/api-keys/key-cache-bus.ts";
import type { Hit } from "./rate-limit.ts";

/** Who is calling: set on every authenticated request. */
export interface AuthContext {
  key: ApiKeyRow;
  account: AccountRow;
  access: Access;
  /** The per-minute limit in force: the key's, capped by the plan's maximum. */
  perMinute: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Ability the route needs; null = any valid key (ping). */
    ability?: Ability | null;
    /** No key needed (health, readiness, the OpenAPI document). */
    public?: boolean;
    /** A feature the account's plan must have (`photo`: Enterprise), else 403 `forbidden`. */
    feature?: PlanFeature;
    /** Counts toward the account's daily budget (default true; false for /ping). */
    budget?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext;
    /** When this request was counted toward its account's daily budget (the clock's time), else null. */
    dayCounted: { accountId: number; at: Date } | null;
    /**
     * Takes back this request's count toward the daily budget, if it made one: a `304 Not Modified`
     * carries no data, so it counts toward the minute limit only (docs/api.md "Caching and conditional
     * requests"). Never rejects: a failed refund is logged and the count stays.
     */
    refundDailyCount(): Promise<void>;
    /**
     * Counts `more` requests beyond this one against its key's per-minute limit and then, when the
     * route counts toward it, its account's daily budget, as if that many more had come (a `POST /mcp`
     * carrying n tool calls counts n: docs/api.md "MCP server"). Sets the `X-RateLimit-*` headers on
     * `reply` again. Nothing for an inner call, a route without a key, or `more` ≤ 0.
     * @throws AppError 429 `rate_limited` (with `retry_after`) over the minute limit, 429
     *   `quota_exceeded` over the daily budget, as the request's first count would.
     */
    countMore(reply: FastifyReply, more: number): Promise<void>;
  }
  interface FastifyInstance {
    /** What each route registered after the auth plugin declared, in registration order. */
    routeAccess: RouteAccess[];
    /**
     * The keys and accounts authentication read lately (`AUTH_CACHE_MS`). Pass it to `revokeKey` /
     * `updateAccount` so that a change made in this process applies from the next request.
     */
    keyCache: KeyCache;
  }
}

/** One route's declared access, as recorded at registration. */
export interface RouteAccess {
  method: string;
  /** The route's URL pattern with the prefix, e.g. `/v1/wines/:id`. */
  url: string;
  /** The ability needed, null for any valid key, undefined for a public route. */
  ability: Ability | null | undefined;
  /** The plan feature needed, or null. */
  feature: PlanFeature | null;
  public: boolean;
}

/** How often last_used_at is written at most, per key. */
const TOUCH_INTERVAL_MS = 60_000;

function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === "string") {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ?? null;
  }
  const apiKey = request.headers["x-api-key"];
  return typeof apiKey === "string" ? apiKey.trim() : null;
}

export interface AuthOptions {
  /** The API prefix (`BASE_PATH`, e.g. `/v1`; "" = every route): routes under it must declare access. */
  prefix: string;
  /** Lifetime of a cached key and account in milliseconds (`AUTH_CACHE_MS`); 0 reads them every time. */
  keyCacheMs: number;
  /** Redis (`REDIS_URL`): changes to keys and accounts reach the other processes' caches at once. */
  redis: RedisSetting | null;
}

export default fp<AuthOptions>(
  async (app: FastifyInstance, { prefix, keyCacheMs, redis }) => {
    const clock = app.clock;
    const limits = app.rateLimits;
    app.decorateRequest("auth", null as unknown as AuthContext);
    app.decorateRequest("dayCounted", null);
    app.decorateRequest("refundDailyCount", async function (this: FastifyRequest) {
      const counted = this.dayCounted;
      if (counted === null) return;
      this.dayCounted = null;
      await limits
        .refundDailyCount(counted.accountId, counted.at)
        .catch((err: unknown) => this.log.warn({ err }, "could not take back a daily budget count"));
    });
    const routeAccess: RouteAccess[] = [];
    app.decorate("routeAccess", routeAccess);
    app.addHook("onRoute", (route) => {
      const config = (route.config ?? {}) as FastifyContextConfig;
      const underPrefix = prefix === "" || route.url === prefix || route.url.startsWith(`${prefix}/`);
      if (underPrefix && config.ability === undefined && config.public !== true) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} declares no access: set config.ability (null for any valid key) or config.public.`,
        );
      }
      for (const method of [route.method].flat()) {
        routeAccess.push({
          method,
          url: route.url,
          ability: config.public === true ? undefined : config.ability,
          feature: config.feature ?? null,
          public: config.public === true,
        });
      }
    });
    const keys = new KeyCache(keyCacheMs);
    const apply = (change: KeyCacheChange) => keys.apply(change);
    if (redis !== null) keys.connect(await RedisKeyCacheBus.open(redis, apply));
    else if (ClusterKeyCacheBus.available()) keys.connect(new ClusterKeyCacheBus(apply));
    app.decorate("keyCache", keys);
    app.addHook("onClose", async () => keys.close());

    /** The key of `prefix` with its account from the database (and into the cache); undefined if unknown. */
    const load = async (prefix: string): Promise<CachedKey | undefined> => {
      const row = await findKeyByPrefix(app.db, prefix);
      const account = row && (await findAccountById(app.db, row.account_id));
      return row && account ? keys.set(row, account) : undefined;
    };

    /** Sets the X-RateLimit-* headers of a minute count; 429 `rate_limited` over the limit. */
    const applyMinute = (reply: FastifyReply, minute: Hit) => {
      reply.header("X-RateLimit-Limit", minute.limit);
      reply.header("X-RateLimit-Remaining", minute.remaining);
      reply.header("X-RateLimit-Reset", minute.resetSeconds);
      if (minute.exceeded) {
        throw AppError.tooMany("rate_limited", "Too Many Attempts.", minute.resetSeconds);
      }
    };
    /** 429 `quota_exceeded` when a day count went over the account's budget. */
    const applyDay = (day: Hit) => {
      if (day.exceeded) {
        throw AppError.tooMany(
          "quota_exceeded",
          "The daily request quota of this account is used up.",
          day.resetSeconds,
        );
      }
    };
    app.decorateRequest(
      "countMore",
      async function (this: FastifyRequest, reply: FastifyReply, more: number) {
        const auth = this.auth;
        if (more <= 0 || auth === null || limits.isInnerCall(this.headers)) return;
        applyMinute(reply, await limits.hitMinute(auth.key.id, auth.perMinute, more));
        if (this.routeOptions.config.budget !== false) {
          applyDay(await limits.hitDay(auth.account.id, auth.access.perDay, clock(), more));
        }
      },
    );

    app.addHook("onRequest", async (request, reply) => {
      const config = request.routeOptions.config;
      // Public routes; outside the API prefix also the 404 handler and the /docs pages.
      if (config.public === true || config.ability === undefined) return;
      const now = clock();
      const key = presentedKey(request);
      const prefix = key === null ? null : keyPrefix(key);
      // A cached key costs no await (one promise fewer per request on the hot path).
      const entry = prefix === null ? undefined : (keys.get(prefix) ?? (await load(prefix)));
      if (!key || !entry || !verifies(entry, key) || !keyIsLive(entry.key, now)) {
        throw unauthenticated();
      }
      const { key: row, account } = entry;
      const access = accessAt(account, now);

      const maxPerMinute = access.limits?.maxPerMinute ?? null;
      const perMinute =
        maxPerMinute === null ? row.rate_limit_per_minute : Math.min(row.rate_limit_per_minute, maxPerMinute);
      // An inner call (a tool of the MCP endpoint) was counted with the request that made it.
      const counted = !limits.isInnerCall(request.headers);
      if (counted) applyMinute(reply, await limits.hitMinute(row.id, perMinute));
      if (access.plan === null || access.limits === null) {
        throw new AppError("subscription_inactive", "Your subscription is not active.");
      }
      if (config.feature && !access.limits[config.feature]) {
        throw new AppError("forbidden", "This endpoint requires an Enterprise API subscription");
      }
      if (config.ability !== null && !keyHasAbility(entry.abilities, config.ability)) {
        throw new AppError("missing_ability", `This API key lacks the ability ${config.ability}.`);
      }
      // Counted also without a budget (Enterprise), for the dashboard's usage chart.
      if (config.budget !== false && counted) {
        const day = await limits.hitDay(account.id, access.perDay, now);
        request.dayCounted = { accountId: account.id, at: now };
        applyDay(day);
      }
      request.auth = { key: row, account, access, perMinute };
      if (entry.lastUsedMs === null || now.getTime() - entry.lastUsedMs > TOUCH_INTERVAL_MS) {
        entry.lastUsedMs = now.getTime();
        setImmediate(() => {
          touchKey(app.db, row.id, now).catch((err) => app.log.warn({ err }, "could not record key use"));
        });
      }
    });
  },
  { name: "auth", dependencies: ["db", "rate-limits"] },
);
