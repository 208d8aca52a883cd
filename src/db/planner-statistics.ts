/** Query planner statistics after bulk writes, on PostgreSQL and SQLite alike. */
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "./types.ts";

/**
 * Brings the query planner's statistics of `tables` up to date after a bulk write to them (an import,
 * a bulk generation), so its plans fit the tables as they now are. Called by the writers themselves
 * (catalogue and content repositories). PostgreSQL: `ANALYZE` of those tables (a sample of each; this
 * server runs no autovacuum, and one that does would analyze only after its own delay, so the first
 * requests after an import would be planned on the empty tables' estimates: bitmap scans expecting
 * 2,542 grapes a wine, at 300,000 wines). SQLite: `ANALYZE` of each, limited to 1,000 rows an index
 * (`analysis_limit`, https://www.sqlite.org/lang_analyze.html#approx), a fraction of a second.
 */
export async function refreshPlannerStatistics(
  db: Kysely<Database>,
  tables: readonly (keyof Database)[],
): Promise<void> {
  const names = sql.join(tables.map((table) => sql.table(table)));
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze ${names}`.execute(db);
    return;
  }
  await sql`pragma analysis_limit = 1000`.execute(db);
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
}
