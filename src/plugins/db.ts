/**
 * The app's databases, decorated on the instance and closed with it:
 * - `app.db` (`app.dbHandle`: its handle, to close it or read its dialect) — the primary, `DATABASE_URL`: accounts, keys and their
 *   use, generated texts, generation jobs, every write;
 * - `app.catalogueDb` — where catalogue reads go (wines, producers, regions, grapes, the search
 *   index, the label matcher, the catalogue version): the read replica of `DATABASE_READ_URL`
 *   (`app.readReplica`: its handle), or the very same instance as `app.db` without one.
 * The replica is opened here (no migrations: it is read-only and follows the primary's schema) with
 * the same time limits and outage handling as the primary; its lost/regained connection lines say
 * `read replica`.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import { type Db, openDatabase } from "../db/database.ts";
import type { Database } from "../db/types.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The primary database (Kysely): accounts, keys, texts, jobs, and every write. */
    db: Kysely<Database>;
    /** The primary's handle (dialect, close); `app.db` is its Kysely instance. */
    dbHandle: Db;
    /** Catalogue reads: the read replica's Kysely, or `app.db` itself when none is configured. */
    catalogueDb: Kysely<Database>;
    /** The read replica's handle (`DATABASE_READ_URL`), or null when catalogue reads use the primary. */
    readReplica: Db | null;
  }
}

/** Options of the plugin. */
export interface DbOptions {
  /** The primary, open and migrated. */
  database: Db;
  /** Close the primary when the app closes (it was opened for the app). */
  closeOnExit: boolean;
  /** `DATABASE_READ_URL`: opened by the plugin and closed with the app; null: no replica. */
  read: Config["databaseRead"];
  /** An open read replica to use instead of opening `read` (tests); the app does not close it. */
  readDatabase?: Db;
}

export default fp<DbOptions>(
  async (app: FastifyInstance, { database, closeOnExit, read, readDatabase }) => {
    const log = app.log.child({ component: "database" });
    // The lost/regained connection lines go to the app's log (the database was opened before it).
    database.setLog(log);
    const replica = readDatabase ?? (read ? openDatabase(read, { log, role: "read replica" }) : null);
    replica?.setLog(log);
    app.decorate("db", database.kysely);
    app.decorate("dbHandle", database);
    app.decorate("catalogueDb", replica?.kysely ?? database.kysely);
    app.decorate("readReplica", replica);
    app.addHook("onClose", async () => {
      await Promise.all([
        closeOnExit ? database.destroy() : undefined,
        replica && !readDatabase ? replica.destroy() : undefined,
      ]);
    });
  },
  { name: "db" },
);
