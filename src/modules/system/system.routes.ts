/** GET /ping (authenticated, in v1) and the unauthenticated /health and /ready. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuthErrors } from "../../http/schemas.ts";
import { databaseAnswers } from "./system.repository.ts";
import { NotReadyResponse, PingResponse, ReadyResponse, StatusResponse } from "./system.schemas.ts";

/** ISO 8601 with a numeric offset, as the original service prints it: 2026-03-05T12:00:00+00:00. */
export function isoWithOffset(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/**
 * The v1 ping. Counts toward the per-minute limit, not the daily budget. Its answer names the
 * account (email included), so no cache may keep it: `Cache-Control: no-store`.
 */
export const pingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/ping",
    {
      config: { ability: null, budget: false },
      schema: {
        tags: ["system"],
        summary: "Check that the key works",
        response: {
          200: PingResponse,
          ...AuthErrors,
        },
      },
    },
    async (request, reply) => {
      const { key, account } = request.auth;
      reply.header("cache-control", "no-store");
      return {
        message: "API authentication successful",
        authenticated_as: { user_id: account.id, user_name: account.name, user_email: account.email },
        api_key: {
          name: key.name,
          prefix: key.prefix,
          abilities: JSON.parse(key.abilities) as string[],
          rate_limit_per_minute: request.auth.perMinute,
        },
        timestamp: isoWithOffset(app.clock()),
      };
    },
  );
};

/** Longest time `/ready` waits for the database, in milliseconds; past it the database counts as down. */
export const READY_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness, outside the base path and without authentication.
 * - `/health`: 200 `{status: "ok"}` while the process serves HTTP.
 * - `/ready`: 200 `{status: "ready"}` when the database answers `select 1` within
 *   {@link READY_TIMEOUT_MS}; else 503 `{status: "unavailable", database: "down"}` with `Retry-After`
 *   (a load balancer takes the instance out, and back once the database answers again).
 *   With a read replica (`DATABASE_READ_URL`) both answers also carry `database_read: "up" | "down"`
 *   and the 503 says which of the two is down (`database: "up"` when only the replica is): either one
 *   down makes the instance unready, since catalogue reads need the replica and everything else the
 *   primary. Both are asked at once, each within the same limit.
 *   With `REDIS_URL` both answers also carry `redis: "up" | "down"`; Redis alone does not make the
 *   instance unready (limits are then counted per process, see plugins/rate-limit.ts).
 *   The search index counts too: while the first one is built after a start (in its thread, 3–4 s
 *   at 300,000 wines), `/ready` waits for it within the same limit and then answers 503
 *   `{status: "unavailable", database: "up", search: "building"}` (Retry-After 2), so a load
 *   balancer sends no search to an instance that would make it wait; a rebuild after an import does
 *   not count (the previous index answers meanwhile).
 *   It does not wait for the label matcher: an instance serves everything else while the matcher is
 *   restored in the background at start (plugins/labels.ts; bench/results/photo-memory-300k-snapshot.md) or built on a
 *   first photo, and a photo that finds it not ready within its budget gets 503 with `Retry-After`.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/health",
    {
      config: { public: true },
      schema: { hide: true, response: { 200: StatusResponse } },
    },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/ready",
    {
      config: { public: true },
      schema: {
        hide: true,
        response: {
          200: ReadyResponse,
          503: NotReadyResponse,
        },
      },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer in time")), READY_TIMEOUT_MS);
      });
      // A probe that fails after the timeout is still handled: Promise.race subscribed to it.
      const probe = (db: typeof app.db) =>
        Promise.race([databaseAnswers(db), timeout]).then(
          () => "up" as const,
          () => "down" as const,
        );
      const redis = app.rateLimits.sharedStore();
      const shared = redis === null ? {} : { redis };
      try {
        const [database, read, searchReady] = await Promise.all([
          probe(app.db),
          app.readReplica === null ? null : probe(app.catalogueDb),
          app.wineSearch.ready(READY_TIMEOUT_MS),
        ]);
        const replica = read === null ? {} : { database_read: read };
        const up = database === "up" && read !== "down";
        if (up && searchReady) return { status: "ready", ...replica, ...shared };
        const search = up ? { search: "building" as const } : {};
        return reply
          .code(503)
          .header("Retry-After", up ? 2 : 5)
          .send({ status: "unavailable", database, ...search, ...replica, ...shared });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
