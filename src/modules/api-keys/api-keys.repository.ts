/** SQL for API keys. Knows nothing of HTTP; used by the auth plugin, the CLI and tests. */
import type { Insertable, Kysely } from "kysely";
import type { ApiKeyRow, ApiKeyTable, Database } from "../../db/types.ts";
import { keyChanged } from "./key-cache.ts";

export function insertApiKey(db: Kysely<Database>, values: Insertable<ApiKeyTable>): Promise<ApiKeyRow> {
  return db.insertInto("api_keys").values(values).returningAll().executeTakeFirstOrThrow();
}

export function findKeyByPrefix(db: Kysely<Database>, prefix: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom("api_keys").selectAll().where("prefix", "=", prefix).executeTakeFirst();
}

/** Keys of one account, newest first (hash included; callers must not print it). */
export function listKeysOfAccount(db: Kysely<Database>, accountId: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom("api_keys")
    .selectAll()
    .where("account_id", "=", accountId)
    .orderBy("id", "desc")
    .execute();
}

/**
 * Revokes a key by prefix; returns false when no live key has that prefix. The key stops working
 * at once in this process, within the key cache's lifetime (`AUTH_CACHE_MS`) in others.
 */
export async function revokeKey(db: Kysely<Database>, prefix: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("api_keys")
    .set({ revoked_at: now.toISOString() })
    .where("prefix", "=", prefix)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  keyChanged(prefix);
  return Number(result.numUpdatedRows) > 0;
}

export async function touchKey(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: now.toISOString() }).where("id", "=", id).execute();
}

export async function countKeys(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
