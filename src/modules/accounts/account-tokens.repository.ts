/**
 * SQL for the single-use links sent by mail (rules in account-tokens.service.ts), and nothing else.
 * Rows are keyed by the SHA-256 of the token.
 */
import type { Insertable, Kysely } from "kysely";
import type { AccountTokenPurpose, AccountTokenRow, AccountTokenTable, Database } from "../../db/types.ts";

/** Stores a new token. */
export async function insertAccountToken(
  db: Kysely<Database>,
  values: Insertable<AccountTokenTable>,
): Promise<void> {
  await db.insertInto("account_tokens").values(values).execute();
}

/** The token with id `id` for `purpose`, or undefined. */
export function findAccountToken(
  db: Kysely<Database>,
  id: string,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenRow | undefined> {
  return db
    .selectFrom("account_tokens")
    .selectAll()
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
}

/**
 * Marks token `id` used at `usedAt` if it is still unused and not expired at that time; true when
 * this call did (of two requests racing for one link, one wins).
 */
export async function markAccountTokenUsed(
  db: Kysely<Database>,
  id: string,
  usedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("account_tokens")
    .set({ used_at: usedAt })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", usedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every unused token of `accountId` for `purpose` used (a newer link replaces older ones). */
export async function retireAccountTokens(
  db: Kysely<Database>,
  accountId: number,
  purpose: AccountTokenPurpose,
  usedAt: string,
): Promise<void> {
  await db
    .updateTable("account_tokens")
    .set({ used_at: usedAt })
    .where("account_id", "=", accountId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}
