/** SQL for the security events (rules in audit.service.ts), and nothing else. */
import type { Insertable, Kysely } from "kysely";
import type { AuditEventRow, AuditEventTable, Database } from "../../db/types.ts";

/** Stores one event. */
export async function insertAuditEvent(
  db: Kysely<Database>,
  values: Insertable<AuditEventTable>,
): Promise<void> {
  await db.insertInto("audit_events").values(values).execute();
}

/** The newest `limit` events of account `accountId`, newest first. */
export function listAuditEvents(
  db: Kysely<Database>,
  accountId: number,
  limit: number,
): Promise<AuditEventRow[]> {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
