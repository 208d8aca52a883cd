/** Makes the open database available as `app.db` (Kysely) and closes it with the app. */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Db } from "../db/database.ts";
import type { Database } from "../db/types.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Kysely<Database>;
    database: Db;
  }
}

export default fp<{ database: Db; closeOnExit: boolean }>(
  async (app: FastifyInstance, { database, closeOnExit }) => {
    app.decorate("db", database.kysely);
    app.decorate("database", database);
    if (closeOnExit) app.addHook("onClose", () => database.destroy());
  },
  { name: "db" },
);
