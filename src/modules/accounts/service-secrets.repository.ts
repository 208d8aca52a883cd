/** SQL for the service's shared secrets (`service_secrets`), and nothing else. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** Stores `value` under `name` unless a value is stored already (the first process to start wins). */
export async function insertServiceSecretIfMissing(
  db: Kysely<Database>,
  name: string,
  value: string,
): Promise<void> {
  await db
    .insertInto("service_secrets")
    .values({ name, value })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

/** The secret stored under `name`, or undefined. */
export async function findServiceSecret(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("service_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirst();
  return row?.value;
}
