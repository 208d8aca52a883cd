/** SQL for label recognition: what the matcher indexes, and the candidates it returns. */
import type { Kysely } from "kysely";
import { keysetPages } from "../../db/keyset-pages.ts";
import type { Database } from "../../db/types.ts";
import { WINE_SUMMARY_COLUMNS } from "../../db/wine-summary-columns.ts";
import { LOCAL_REGION_NAMES } from "../catalogue/region-name-translations.ts";
import type { LabelDocument } from "./label-indexer.ts";

/**
 * Every wine as the matcher sees it (producer display name and name without title, wine name,
 * region names in every language (and the local one: "Lisboa") and country, grapes, colour, listed vintages),
 * in pages of `pageSize` wines by id, so a large catalogue is read without one long query.
 */
export async function* labelDocumentPages(
  db: Kysely<Database>,
  pageSize = 20_000,
): AsyncGenerator<LabelDocument[]> {
  const pages = keysetPages((after) =>
    db
      .selectFrom("wines as w")
      .innerJoin("producers as p", "p.id", "w.producer_id")
      .innerJoin("regions as r", "r.id", "w.region_id")
      .select([
        "w.id",
        "w.name",
        "w.color",
        "w.vintages",
        "p.name as producer_name",
        "p.display_name",
        "r.name_en",
        "r.name_de",
        "r.name_fr",
        "r.name_it",
        "r.country",
      ])
      .where("w.id", ">", after)
      .orderBy("w.id")
      .limit(pageSize)
      .execute(),
  );
  for await (const wines of pages) {
    // Pages are never empty and follow ascending ids: every wine in this id range is in the page.
    const grapes = await db
      .selectFrom("wine_grapes as wg")
      .innerJoin("grapes as g", "g.id", "wg.grape_id")
      .select(["wg.wine_id", "g.name"])
      .where("wg.wine_id", ">=", wines[0]?.id ?? 0)
      .where("wg.wine_id", "<=", wines.at(-1)?.id ?? 0)
      .execute();
    const byWine = new Map<number, string[]>();
    for (const g of grapes) byWine.set(g.wine_id, [...(byWine.get(g.wine_id) ?? []), g.name]);
    yield wines.map((w) => ({
      id: w.id,
      producer: w.display_name,
      producerName: w.producer_name,
      wine: w.name,
      region: w.name_en,
      regionNames: [
        w.name_en,
        w.name_de,
        w.name_fr,
        w.name_it,
        LOCAL_REGION_NAMES.get(w.name_en) ?? w.name_en,
      ],
      grapes: byWine.get(w.id) ?? [],
      country: w.country,
      color: w.color,
      vintages: JSON.parse(w.vintages) as number[],
    }));
  }
}

/** Candidate rows (with producer, region names and vintages) for the given ids, in no particular order. */
export function candidateRows(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .innerJoin("regions as r", "r.id", "w.region_id")
    .select(WINE_SUMMARY_COLUMNS)
    .select(["w.name", "w.vintages"])
    .where("w.id", "in", ids)
    .execute();
}

/**
 * What a saved matcher index is keyed by besides the catalogue version: `catalogueId`, the random id
 * of this database (`catalogue_version.catalogue_id`; null when the row has none), and `wines`, the
 * wine count, highest id and latest `updated_at`, which tell apart two copies of one database file
 * whose wines have come to differ at the same version. Three reads over indexes (the count scans
 * one).
 */
export async function catalogueIdentity(
  db: Kysely<Database>,
): Promise<{ catalogueId: string | null; wines: string }> {
  const [row, wines] = await Promise.all([
    db.selectFrom("catalogue_version").select("catalogue_id").where("id", "=", 1).executeTakeFirst(),
    db
      .selectFrom("wines")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.max("id").as("last_id"),
        eb.fn.max("updated_at").as("updated"),
      ])
      .executeTakeFirst(),
  ]);
  return {
    catalogueId: row?.catalogue_id ?? null,
    wines: `${Number(wines?.n ?? 0)}:${wines?.last_id ?? 0}:${wines?.updated ?? ""}`,
  };
}
