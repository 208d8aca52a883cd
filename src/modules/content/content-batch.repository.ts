/**
 * SQL that stores a batch of generated content (wine texts, drinking periods, region insights) in
 * multi-row upserts: the bulk path of content.service.ts `generateMissing` (imports, `winedata
 * generate`); one item at a time goes through content.repository.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import type { Language } from "../../domain/vocabulary.ts";
import type { DrinkingPeriodContent, RegionInsightContent, WineTexts } from "./content.types.ts";

/**
 * One generated item of a batch for {@link saveContentBatch}, with the time it was generated and the
 * name of the generator that wrote it (recorded beside it).
 */
export type GeneratedItem = (
  | { kind: "wine_text"; wineId: number; content: WineTexts }
  | { kind: "drinking_period"; wineId: number; content: DrinkingPeriodContent }
  | { kind: "region_insight"; regionId: number; content: RegionInsightContent }
) & { createdAt: Date; generator: string };

/**
 * Rows per multi-row upsert of {@link saveContentBatch}: at 10 columns at most (drinking periods),
 * 10,000 parameters, within SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
 */
const ROWS_PER_UPSERT = 1_000;

/** The last item of each key (later items replace earlier ones, as one upsert after another would). */
function lastByKey<T>(items: T[], key: (item: T) => number): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

/**
 * Stores (or replaces) a batch of generated items in `lang` in one transaction: all of them or, on an
 * error, none. One multi-row upsert per table and {@link ROWS_PER_UPSERT} rows (an item that a later
 * item of the same wine or region and kind replaces is not written), so a batch of 1,000 wines' texts
 * and periods is two statements on PostgreSQL, not 2,000 round trips.
 */
export async function saveContentBatch(
  db: Kysely<Database>,
  lang: Language,
  items: readonly GeneratedItem[],
): Promise<void> {
  type Of<K extends GeneratedItem["kind"]> = Extract<GeneratedItem, { kind: K }>;
  const texts = lastByKey(
    items.filter((i): i is Of<"wine_text"> => i.kind === "wine_text"),
    (i) => i.wineId,
  ).map((i) => ({
    wine_id: i.wineId,
    lang,
    description: i.content.description,
    description_long: i.content.descriptionLong,
    tasting_notes: i.content.tastingNotes,
    pairing: i.content.pairing,
    generator: i.generator,
    created_at: i.createdAt.toISOString(),
  }));
  const periods = lastByKey(
    items.filter((i): i is Of<"drinking_period"> => i.kind === "drinking_period"),
    (i) => i.wineId,
  ).map((i) => ({
    wine_id: i.wineId,
    lang,
    from_years: i.content.from,
    to_years: i.content.to,
    statement: i.content.statement,
    young: i.content.young,
    ripe: i.content.ripe,
    storage: i.content.storage,
    generator: i.generator,
    created_at: i.createdAt.toISOString(),
  }));
  const insights = lastByKey(
    items.filter((i): i is Of<"region_insight"> => i.kind === "region_insight"),
    (i) => i.regionId,
  ).map((i) => ({
    region_id: i.regionId,
    lang,
    summary: i.content.summary,
    climate_and_terroir: i.content.climateAndTerroir,
    signature_styles: JSON.stringify(i.content.signatureStyles),
    key_grapes: JSON.stringify(i.content.keyGrapes),
    generator: i.generator,
    created_at: i.createdAt.toISOString(),
  }));
  if (texts.length + periods.length + insights.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < texts.length; i += ROWS_PER_UPSERT) {
      await trx
        .insertInto("wine_texts")
        .values(texts.slice(i, i + ROWS_PER_UPSERT))
        .onConflict((oc) =>
          oc.columns(["wine_id", "lang"]).doUpdateSet((eb) => ({
            description: eb.ref("excluded.description"),
            description_long: eb.ref("excluded.description_long"),
            tasting_notes: eb.ref("excluded.tasting_notes"),
            pairing: eb.ref("excluded.pairing"),
            generator: eb.ref("excluded.generator"),
            created_at: eb.ref("excluded.created_at"),
          })),
        )
        .execute();
    }
    for (let i = 0; i < periods.length; i += ROWS_PER_UPSERT) {
      await trx
        .insertInto("drinking_periods")
        .values(periods.slice(i, i + ROWS_PER_UPSERT))
        .onConflict((oc) =>
          oc.columns(["wine_id", "lang"]).doUpdateSet((eb) => ({
            from_years: eb.ref("excluded.from_years"),
            to_years: eb.ref("excluded.to_years"),
            statement: eb.ref("excluded.statement"),
            young: eb.ref("excluded.young"),
            ripe: eb.ref("excluded.ripe"),
            storage: eb.ref("excluded.storage"),
            generator: eb.ref("excluded.generator"),
            created_at: eb.ref("excluded.created_at"),
          })),
        )
        .execute();
    }
    for (let i = 0; i < insights.length; i += ROWS_PER_UPSERT) {
      await trx
        .insertInto("region_insights")
        .values(insights.slice(i, i + ROWS_PER_UPSERT))
        .onConflict((oc) =>
          oc.columns(["region_id", "lang"]).doUpdateSet((eb) => ({
            summary: eb.ref("excluded.summary"),
            climate_and_terroir: eb.ref("excluded.climate_and_terroir"),
            signature_styles: eb.ref("excluded.signature_styles"),
            key_grapes: eb.ref("excluded.key_grapes"),
            generator: eb.ref("excluded.generator"),
            created_at: eb.ref("excluded.created_at"),
          })),
        )
        .execute();
    }
  });
}
