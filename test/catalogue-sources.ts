/**
 * Test support for the multi-source catalogue: what an import of LWIN or Open Food Facts writes,
 * written directly (a source record linked to a wine, a wine changed, retired or merged), and the
 * catalogue version moved as an import moves it, so that caches follow.
 */
import type { Kysely } from "kysely";
import type { Database, SourceName } from "../src/db/types.ts";
import {
  bumpCatalogueVersion,
  retireWine as takeOutWine,
  upsertRecords,
} from "../src/modules/catalogue/sources.repository.ts";
import type { TestService } from "./helpers.ts";

/** Links the live record `key` of `source` to wine `wineId` (replacing an earlier link of that key). */
export async function linkSource(
  db: Kysely<Database>,
  source: SourceName,
  key: string,
  wineId: number,
  at = new Date().toISOString(),
): Promise<void> {
  await upsertRecords(db, [
    { source, key, wine_id: wineId, status: "live", fingerprint: "test", updated_at: at },
  ]);
}

/** Sets wine `id`'s updated_at to `at` (RFC 3339 UTC, `toISOString` form), as an import changing it. */
export async function touchWine(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable("wines").set({ updated_at: at }).where("id", "=", id).execute();
}

/**
 * Takes wine `id` out of the catalogue as an import does: its records retired, then the import's own
 * `retireWine` (its row kept as the snapshot, its texts, grapes and drinking periods deleted, a
 * `retired_wines` row with `status`, and `mergedInto` for a merge, at `at`).
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
    await tx
      .updateTable("wine_sources")
      .set({ status: "retired", updated_at: at })
      .where("wine_id", "=", id)
      .execute();
    if (!(await takeOutWine(tx, id, status, mergedInto, at)))
      throw new Error(`wine ${id} is not in the catalogue`);
  });
}

/** Moves the catalogue version, as the end of an import does, and tells the app at once. */
export async function catalogueChanged(s: TestService): Promise<void> {
  await bumpCatalogueVersion(s.app.db);
  s.app.catalogueVersion.changed();
}
