/**
 * Opens the database named by the settings and migrates it. One Kysely instance serves every
 * repository; the queries are dialect-neutral so SQLite (default) and PostgreSQL share them.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
} from "kysely";
import pg from "pg";
import type { DatabaseSetting } from "../config.ts";
import { initialSchema } from "./migrations/2026-11-22-initial-schema.ts";
import { catalogueVersion } from "./migrations/2026-11-23-catalogue-version.ts";
import { winesRegionColorIndex } from "./migrations/2026-11-24-wines-region-color-index.ts";
import { winesListIndexes } from "./migrations/2026-11-25-wines-list-indexes.ts";
import type { Database } from "./types.ts";

export type Dialect = "sqlite" | "postgres";

/** An open database handle. `destroy()` closes the pool or file. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/**
 * Opens the database. SQLite files get WAL journaling, foreign keys and a 5 s busy timeout so that
 * the CLI and a running server can share the file; the parent folder is created when missing.
 */
export function openDatabase(setting: DatabaseSetting): Db {
  if (setting.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: setting.url, max: 10 });
    // An idle connection cut by the server (restart, failover) is dropped from the pool; without a
    // listener the 'error' event would end the process. Queries in flight still fail normally.
    pool.on("error", (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", destroy: () => kysely.destroy() };
  }
  if (setting.path !== ":memory:") mkdirSync(dirname(setting.path), { recursive: true });
  const sqlite = new SQLite(setting.path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { kysely, dialect: "sqlite", destroy: () => kysely.destroy() };
}

/** Prepared statements kept per connection; the service issues a few dozen distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 with its prepared statements reused: Kysely's SQLite driver prepares every query
 * anew, which profiling showed to be most of a simple read's cost. Statements are keyed by their SQL
 * text (parameters stay bound per call); the oldest is dropped past {@link STATEMENT_CACHE_SIZE}.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The dated migrations, oldest first. Names sort by date. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "2026-11-22-initial-schema": initialSchema(dialect),
    "2026-11-23-catalogue-version": catalogueVersion(),
    "2026-11-24-wines-region-color-index": winesRegionColorIndex(),
    "2026-11-25-wines-list-indexes": winesListIndexes(),
  };
}

/**
 * Brings the schema up to date.
 * @throws Error with the failing migration's name when a migration fails.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db.dialect) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
