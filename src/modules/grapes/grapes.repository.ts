/** SQL for grape varieties. */
import type { Kysely } from "kysely";
import { compiledFirst } from "../../db/compiled-query.ts";
import { containsWords } from "../../db/contains-words.ts";
import { offsetPage } from "../../db/offset-page.ts";
import type { Database } from "../../db/types.ts";

const matching = (db: Kysely<Database>, search: string | undefined) =>
  db.selectFrom("grapes").where(containsWords("grapes", search));

/** One page of grapes (id order) whose names or synonyms contain every word of `search`. */
export async function listGrapes(
  db: Kysely<Database>,
  search: string | undefined,
  offset: number,
  limit: number,
) {
  return offsetPage(
    () => matching(db, search),
    (q) => q.select(["id", "name", "name_de", "name_fr", "name_it", "color"]).orderBy("id"),
    offset,
    limit,
  );
}

const grapeById = compiledFirst(1, (db: Kysely<Database>, id: number) =>
  db.selectFrom("grapes").selectAll().where("id", "=", id),
);
const winesWithGrape = compiledFirst(1, (db: Kysely<Database>, id: number) =>
  db
    .selectFrom("wine_grapes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("grape_id", "=", id),
);

/** A grape with its synonyms and the number of wines that contain it, or undefined (statements compiled once). */
export async function findGrape(db: Kysely<Database>, id: number) {
  const grape = await grapeById(db, id);
  if (!grape) return undefined;
  const count = await winesWithGrape(db, id);
  return { ...grape, wines_count: Number(count?.n ?? 0) };
}
