/**
 * Test support for the multi-source catalogue: what an import of LWIN or Open Food Facts writes,
 * written directly (a source record linked to a wine, a wine changed, retired or merged), and the
 * catalogue version moved as an import moves it, so that caches follow.
 */
import type { Kysely } from "kysely";
import type { Database, SourceName } from "../src/db/types.ts";
import type { TestService } from "./helpers.ts";

/** Links the live record `key` of `source` to wine `wineId` (replacing an earlier link of that key). */
export async function linkSource(
  db: Kysely<Database>,
  source: SourceName,
  key: string,
  wineId: number,
  at = new Date().toISOString(),
): Promise<void> {
  await db.deleteFrom("wine_sources").where("source", "=", source).where("key", "=", key).execute();
  await db
    .insertInto("wine_sources")
    .values({ source, key, wine_id: wineId, status: "live", fingerprint: "test", updated_at: at })
    .execute();
}

/** Sets wine `id`'s updated_at to `at` (RFC 3339 UTC, `toISOString` form), as an import changing it. */
export async function touchWine(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable("wines").set({ updated_at: at }).where("id", "=", id).execute();
}

/**
 * Takes wine `id` out of the catalogue as an import does: its list facts kept as the snapshot, its
 * records retired, its rows (texts, grapes, drinking periods, the wine) deleted, a `retired_wines` row
 * with `status` (and `mergedInto` for a merge) at `at`.
 */
export async function retireWine(
  db: Kysely<Database>,
  id: number,
  {
    status,
    mergedInto = null,
    at = new Date().toISOString(),
  }: {
    status: "retired" | "merged";
    mergedInto?: number | null;
    at?: string;
  },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const wine = await tx
      .selectFrom("wines")
      .select(["display_name", "color", "type", "sub_type", "residual_sugar", "producer_id", "region_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    for (const table of ["wine_grapes", "wine_texts", "drinking_periods"] as const)
      await tx.deleteFrom(table).where("wine_id", "=", id).execute();
    await tx
      .updateTable("wine_sources")
      .set({ status: "retired", updated_at: at })
      .where("wine_id", "=", id)
      .execute();
    await tx.deleteFrom("wines").where("id", "=", id).execute();
    await tx
      .insertInto("retired_wines")
      .values({ id, status, merged_into: mergedInto, updated_at: at, snapshot: JSON.stringify(wine) })
      .execute();
  });
}

/** Moves the catalogue version, as the end of an import does, and tells the app at once. */
export async function catalogueChanged(s: TestService): Promise<void> {
  await s.app.db
    .updateTable("catalogue_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
  s.app.catalogueVersion.changed();
}
