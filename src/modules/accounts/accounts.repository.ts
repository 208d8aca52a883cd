/**
 * SQL for accounts, and nothing else: no HTTP, no subscription rules (accounts.service.ts decides
 * how a new account starts), no cache invalidation (a change that must take effect at once in this
 * process goes through `updateAccount` in accounts.service.ts). Used by the services, the auth
 * plugin, the CLI and tests. Times are stored as ISO 8601 UTC strings.
 */
import type { Insertable, Kysely, Updateable } from "kysely";
import type { AccountRow, AccountTable, Database } from "../../db/types.ts";

/** Inserts an account row and returns it as stored (with its id). */
export function insertAccount(db: Kysely<Database>, values: Insertable<AccountTable>): Promise<AccountRow> {
  return db.insertInto("accounts").values(values).returningAll().executeTakeFirstOrThrow();
}

/** The account with this id, or undefined. */
export function findAccountById(db: Kysely<Database>, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The account with this email, compared in lower case (emails are stored lower case), or undefined. */
export function findAccountByEmail(db: Kysely<Database>, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

/**
 * Locks account `id`'s row until the transaction `trx` ends, with an update that changes nothing, so
 * that two transactions checking something about the account before writing (the key cap) run one
 * after the other: on PostgreSQL the second waits for the first's row lock and then, in READ
 * COMMITTED, reads what it committed; SQLite transactions take the database's write lock anyway
 * (BEGIN IMMEDIATE, database.ts).
 */
export async function lockAccount(trx: Kysely<Database>, id: number): Promise<void> {
  await trx
    .updateTable("accounts")
    .set((eb) => ({ name: eb.ref("name") }))
    .where("id", "=", id)
    .execute();
}

/**
 * Sets the given columns of account `id` (nothing happens for an unknown id). Does not touch any key
 * cache: callers use `updateAccount` in accounts.service.ts.
 */
export async function updateAccountRow(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<AccountTable>,
): Promise<void> {
  await db.updateTable("accounts").set(changes).where("id", "=", id).execute();
}

/**
 * Deletes account `id` with its audit events; its keys, sessions and mailed links go with it (their
 * foreign keys cascade). Returns false for an unknown id.
 */
export async function deleteAccountRow(db: Kysely<Database>, id: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom("audit_events").where("account_id", "=", id).execute();
    const result = await tx.deleteFrom("accounts").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  });
}
