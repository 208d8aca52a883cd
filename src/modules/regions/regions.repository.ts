/** SQL for regions. */
import type { Kysely } from "kysely";
import { compiledFirst } from "../../db/compiled-query.ts";
import { containsWords } from "../../db/contains-words.ts";
import { offsetPage } from "../../db/offset-page.ts";
import type { Database } from "../../db/types.ts";

/** Filters of `GET /regions`: country code (any case; `UK` is read as `GB`) and a name search. */
export interface RegionFilters {
  country?: string;
  search?: string;
}

function matching(db: Kysely<Database>, f: RegionFilters) {
  let q = db.selectFrom("regions");
  if (f.country) {
    const code = f.country.toUpperCase();
    q = q.where("country", "=", code === "UK" ? "GB" : code);
  }
  return q.where(containsWords("regions", f.search));
}

/** One page of regions (id order) and the total. */
export async function listRegions(
  db: Kysely<Database>,
  filters: RegionFilters,
  offset: number,
  limit: number,
) {
  return offsetPage(
    () => matching(db, filters),
    (q) => q.select(["id", "country", "name_de", "name_en", "name_fr", "name_it"]).orderBy("id"),
    offset,
    limit,
  );
}

/** The region `id` (id, country, names in the four languages), or undefined: a statement compiled once. */
export const findRegion = compiledFirst(1, (db: Kysely<Database>, id: number) =>
  db
    .selectFrom("regions")
    .select(["id", "country", "name_de", "name_en", "name_fr", "name_it"])
    .where("id", "=", id),
);
