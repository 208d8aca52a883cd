/** SQL for producers. */
import type { Kysely } from "kysely";
import { compiledFirst } from "../../db/compiled-query.ts";
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

/**
 * The producer `id` (id, name, estate title or null, display name), or undefined: a statement
 * compiled once (built and compiled per request it was a share of a cold producer detail at
 * 300,000 wines: bench/results/load-cold.md).
 */
export const findProducer = compiledFirst(1, (db: Kysely<Database>, id: number) =>
  db.selectFrom("producers").select(["id", "name", "title", "display_name"]).where("id", "=", id),
);
