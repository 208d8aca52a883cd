/** SQL for producers. */
import type { Kysely } from "kysely";
import { containsWords } from "../../db/contains-words.ts";
import type { Database } from "../../db/types.ts";

const matching = (db: Kysely<Database>, search: string | undefined) =>
  db.selectFrom("producers").where(containsWords("producers", search));

/** One page of producers (id order) whose folded display name contains every word of `search`. */
export async function listProducers(
  db: Kysely<Database>,
  search: string | undefined,
  offset: number,
  limit: number,
) {
  const count = await matching(db, search)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const rows = await matching(db, search)
    .select(["id", "name", "title"])
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(count?.n ?? 0), rows };
}

export function findProducer(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("producers")
    .select(["id", "name", "title", "display_name"])
    .where("id", "=", id)
    .executeTakeFirst();
}
