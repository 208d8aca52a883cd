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
        timestamp: isoWithOffset(app.content.clock()),
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
 *   It does not wait for the label matcher: an instance serves everything else while the matcher is
 *   restored in the background at start (plugins/labels.ts, 1.4 s at 300,000 wines) or built on a
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
        const [database, read] = await Promise.all([
          probe(app.db),
          app.readReplica === null ? null : probe(app.catalogueDb),
        ]);
        const replica = read === null ? {} : { database_read: read };
        if (database === "up" && read !== "down") return { status: "ready", ...replica, ...shared };
        return reply
          .code(503)
          .header("Retry-After", 5)
          .send({ status: "unavailable", database, ...replica, ...shared });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
