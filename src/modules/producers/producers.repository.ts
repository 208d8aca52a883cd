/** SQL for producers. */
import type { Kysely } from "kysely";
import { containsWords } from "../../db/contains-words.ts";
import { offsetPage } from "../../db/offset-page.ts";
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
  return offsetPage(
    () => matching(db, search),
    (q) => q.select(["id", "name", "title"]).orderBy("id"),
    offset,
    limit,
  );
}

export function findProducer(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("producers")
    .select(["id", "name", "title", "display_name"])
    .where("id", "=", id)
    .executeTakeFirst();
}
