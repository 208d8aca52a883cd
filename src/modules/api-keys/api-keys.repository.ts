/**
 * SQL for API keys, and nothing else: no HTTP, no cache invalidation (a revocation that must take
 * effect at once in this process goes through `revokeKey` in api-keys.service.ts). Used by the
 * services, the auth plugin, the CLI and tests. Times are stored as ISO 8601 UTC strings.
 */
import type { Insertable, Kysely } from "kysely";
import type { ApiKeyRow, ApiKeyTable, Database } from "../../db/types.ts";

/** Inserts a key row and returns it as stored (with its id). */
export function insertApiKey(db: Kysely<Database>, values: Insertable<ApiKeyTable>): Promise<ApiKeyRow> {
  return db.insertInto("api_keys").values(values).returningAll().executeTakeFirstOrThrow();
}

/** The key with public prefix `prefix` (`wds_` + 8 characters), revoked or not; undefined if none. */
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
 * How many keys account `accountId` holds that are active at `now`: not revoked and not past their
 * `expires_at` (ISO strings of one format compare in time order).
 */
export async function countActiveKeys(db: Kysely<Database>, accountId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", accountId)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now.toISOString())]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Sets `revoked_at` to `now` on the key `prefix` unless it is revoked already; returns false when no
 * unrevoked key has that prefix. Does not touch any key cache: callers use `revokeKey` in
 * api-keys.service.ts.
 */
export async function markKeyRevoked(db: Kysely<Database>, prefix: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("api_keys")
    .set({ revoked_at: now.toISOString() })
    .where("prefix", "=", prefix)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records that key `id` was used at `now` (`last_used_at`). */
export async function touchKey(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: now.toISOString() }).where("id", "=", id).execute();
}

/** How many keys exist, revoked ones included. */
export async function countKeys(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("api_keys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
