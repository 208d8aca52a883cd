/**
 * The time source of the whole app, decorated as `app.clock()` (a `Date`): every part whose answer
 * depends on the time reads it here (key expiry and trials, daily budgets, sessions and mailed
 * links, subscriptions, `/ping`'s timestamp, the current vintage of a wine's texts). Tests give
 * `buildApp` a clock of their own (`AppDeps.clock`) to move time; the service uses the system
 * clock. The generation queue alone runs on the system clock whatever this says, since its times are
 * compared across processes (content.service.ts).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Now, as this app sees it (the system clock unless a test gave another). */
    clock: () => Date;
  }
}

/** Options of the plugin: `now`, the time source (default: the system clock). */
export interface ClockOptions {
  now?: () => Date;
}

export default fp<ClockOptions>(
  async (app: FastifyInstance, { now }) => {
    app.decorate("clock", now ?? (() => new Date()));
  },
  { name: "clock" },
);
