/** SQL of billing: webhook event ids (idempotency) and finding the account of a subscription. */
import type { Kysely, Transaction } from "kysely";
import type { AccountRow, Database } from "../../db/types.ts";

/**
 * Records webhook event `id` unless it was recorded before; true when this call recorded it (the
 * event is new). Run it in the transaction that applies the event, so both happen or neither.
 */
export async function recordEvent(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  type: string,
  receivedAt: string,
): Promise<boolean> {
  const result = await db
    .insertInto("billing_events")
    .values({ id, type, received_at: receivedAt })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether event `id` was recorded. */
export async function eventRecorded(db: Kysely<Database>, id: string): Promise<boolean> {
  return (
    (await db.selectFrom("billing_events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined
  );
}

/**
 * The account of a provider subscription: by subscription id, else by customer id, else by our
 * account id (from the subscription's metadata); undefined when none matches.
 */
export async function findBillingAccount(
  db: Kysely<Database> | Transaction<Database>,
  ids: { subscription?: string | null; customer?: string | null; accountId?: number | null },
): Promise<AccountRow | undefined> {
  if (ids.subscription) {
    const row = await db
      .selectFrom("accounts")
      .selectAll()
      .where("billing_subscription_id", "=", ids.subscription)
      .executeTakeFirst();
    if (row) return row;
  }
  if (ids.customer) {
    const row = await db
      .selectFrom("accounts")
      .selectAll()
      .where("billing_customer_id", "=", ids.customer)
      .executeTakeFirst();
    if (row) return row;
  }
  if (ids.accountId) {
    return db.selectFrom("accounts").selectAll().where("id", "=", ids.accountId).executeTakeFirst();
  }
  return undefined;
}
