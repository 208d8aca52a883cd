/** SQL of the system endpoints. */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.ts";

/** Resolves once the database answers `select 1`; rejects with the driver's error when it cannot. */
export async function databaseAnswers(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
