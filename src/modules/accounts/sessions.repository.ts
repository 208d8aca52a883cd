/**
 * SQL for dashboard sessions, and nothing else (rules in sessions.service.ts). Rows are keyed by the
 * SHA-256 of the cookie's token.
 */
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, SessionRow, SessionTable } from "../../db/types.ts";

/** Stores a new session. */
export async function insertSession(db: Kysely<Database>, values: Insertable<SessionTable>): Promise<void> {
  await db.insertInto("sessions").values(values).execute();
}

/** The session with id `id`, or undefined. */
export function findSession(db: Kysely<Database>, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Sets columns of session `id`. */
export async function updateSession(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<SessionTable>,
): Promise<void> {
  await db.updateTable("sessions").set(changes).where("id", "=", id).execute();
}

/**
 * Clears the flash of session `id` if it still is `flash`; true when this call cleared it (so two
 * requests racing for one flash cannot both show it).
 */
export async function clearFlash(db: Kysely<Database>, id: string, flash: string): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ flash: null })
    .where("id", "=", id)
    .where("flash", "=", flash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes session `id`. */
export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/** Deletes every session of account `accountId` except `keepId` (when given); returns how many. */
export async function deleteSessionsOfAccount(
  db: Kysely<Database>,
  accountId: number,
  keepId?: string,
): Promise<number> {
  let query = db.deleteFrom("sessions").where("account_id", "=", accountId);
  if (keepId !== undefined) query = query.where("id", "!=", keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the sessions that ended before `nowIso`; returns how many. */
export async function deleteExpiredSessions(db: Kysely<Database>, nowIso: string): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", nowIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
