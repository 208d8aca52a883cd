/**
 * SQL of the catalogue's sources: the records (`wine_sources`) behind each wine, wines by a source's
 * key (an LWIN, a GTIN-14), retired and merged wines (`retired_wines`), and each source's last import
 * (`catalogue_sources`). Schema: db/migrations/2026-11-28-catalogue-sources.ts.
 */
import type { Kysely } from "kysely";
import type { Database, SourceName } from "../../db/types.ts";

/** The wines whose live record of `source` has key `key` (an LWIN7, a GTIN-14), ascending. */
export async function wineIdsByKey(db: Kysely<Database>, source: SourceName, key: string): Promise<number[]> {
  const rows = await db
    .selectFrom("wine_sources")
    .select("wine_id")
    .where("source", "=", source)
    .where("key", "=", key)
    .where("status", "=", "live")
    .orderBy("wine_id")
    .execute();
  return rows.map((r) => Number(r.wine_id));
}

/** A retired or merged wine's row (`snapshot` as stored: JSON text), or undefined. */
export function retiredWine(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("retired_wines")
    .select(["id", "status", "merged_into", "updated_at", "snapshot"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Whether wine `id` is in the catalogue (the `wines` table). */
export async function wineExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom("wines").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** Each source's last import as recorded (sources never imported have no row). */
export function catalogueSourceRows(db: Kysely<Database>) {
  return db.selectFrom("catalogue_sources").select(["source", "release", "imported_at", "records"]).execute();
}

/** Live records per source, counted (for sources whose import recorded no count). */
export async function liveRecordCounts(db: Kysely<Database>): Promise<Map<SourceName, number>> {
  const rows = await db
    .selectFrom("wine_sources")
    .select(["source", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "=", "live")
    .groupBy("source")
    .execute();
  return new Map(rows.map((r) => [r.source, Number(r.n)]));
}
