import type { Kysely } from "kysely";

/**
 * `wines_region_color_idx` on wines (region_id, color, id): the list filter by region and colour
 * (`GET /wines?color=…&region_id=…&page=…`). Its count becomes an index-only scan and the page walks
 * the index in id order without reading the rows it skips (the list rows of bench/results/load.md).
 */
export function winesRegionColorIndex() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex("wines_region_color_idx")
        .on("wines")
        .columns(["region_id", "color", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex("wines_region_color_idx").execute();
    },
  };
}
