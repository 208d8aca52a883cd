/** Schemas of GET /v1/ping (docs/interface.md §2 "Ping response") and of /health and /ready. */
import { Type } from "typebox";

export const PingResponse = Type.Object({
  message: Type.String(),
  authenticated_as: Type.Object({
    user_id: Type.Integer(),
    user_name: Type.String(),
    user_email: Type.String(),
  }),
  api_key: Type.Object({
    name: Type.String(),
    prefix: Type.String(),
    abilities: Type.Array(Type.String()),
    rate_limit_per_minute: Type.Integer(),
  }),
  timestamp: Type.String(),
});

export const StatusResponse = Type.Object({ status: Type.String() });

/**
 * `/ready`: `database_read` only with `DATABASE_READ_URL` (the read replica), `redis` only with
 * `REDIS_URL` ("down": limits are counted per process meanwhile).
 */
export const ReadyResponse = Type.Object({
  status: Type.String(),
  database_read: Type.Optional(Type.Enum(["up", "down"])),
  redis: Type.Optional(Type.Enum(["up", "down"])),
});

/**
 * `/ready` 503: `database` is the primary; with a replica, `database_read` says whether it answers;
 * `search: "building"` when the databases answer but the search index is not built yet (a start).
 */
export const NotReadyResponse = Type.Object({
  status: Type.String(),
  database: Type.Enum(["up", "down"]),
  search: Type.Optional(Type.Enum(["building"])),
  database_read: Type.Optional(Type.Enum(["up", "down"])),
  redis: Type.Optional(Type.Enum(["up", "down"])),
});
