import { type Kysely, sql } from "kysely";

/**
 * Indexes for `GET /wines` filtered by region with a sub-type, and planner statistics.
 *
 * - `wines_region_sub_idx` (region_id, sub_type, id) and `wines_region_color_sub_idx` (region_id,
 *   color, sub_type, id): with `wines_region_idx` and `wines_region_color_idx` every combination of
 *   region with colour and/or sub-type has an index whose equality prefix is the filter and whose
 *   next column is the id, so the count is an index-only range and a page walks ids in order without
 *   reading the rows it skips (EXPLAIN QUERY PLAN: `SEARCH … USING COVERING INDEX`). Producer filters
 *   select at most a few dozen wines through `wines_producer_idx`.
 * - `ANALYZE wines`: without statistics SQLite took the colour index for colour + sub-type + producer,
 *   which walks most of the table instead of a few dozen rows. Imports refresh the statistics
 *   (`writeCatalogue`).
 * Lists without a region or producer filter are paged from memory (`wine-positions.ts`).
 */
export function winesListIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex("wines_region_sub_idx")
        .on("wines")
        .columns(["region_id", "sub_type", "id"])
        .execute();
      await db.schema
        .createIndex("wines_region_color_sub_idx")
        .on("wines")
        .columns(["region_id", "color", "sub_type", "id"])
        .execute();
      await sql`analyze wines`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex("wines_region_color_sub_idx").execute();
      await db.schema.dropIndex("wines_region_sub_idx").execute();
    },
  };
}
