/**
 * SQL that stores generated content (wine texts, drinking periods, region insights): each table's
 * row and its upsert, written once for one item (content.repository.ts `saveWineTexts` …) and for a
 * batch in multi-row upserts (`saveContentBatch`: the bulk path of content.service.ts
 * `generateMissing`, used by imports and `winedata generate`).
 */
import type { Kysely } from "kysely";
import { refreshPlannerStatistics } from "../../db/planner-statistics.ts";
import type { Database } from "../../db/types.ts";
import type { Language } from "../../domain/vocabulary.ts";
import type { DrinkingPeriodContent, RegionInsightContent, WineTexts } from "./content.types.ts";

/** A `wine_texts` row: a wine's texts in `lang`, by `generator`, written at `at`. */
export const wineTextsRow = (
  wineId: number,
  lang: Language,
  texts: WineTexts,
  generator: string,
  at: Date,
) => ({
  wine_id: wineId,
  lang,
  description: texts.description,
  description_long: texts.descriptionLong,
  tasting_notes: texts.tastingNotes,
  pairing: texts.pairing,
  generator,
  created_at: at.toISOString(),
});

/** A `drinking_periods` row: a wine's drinking period in `lang`, by `generator`, written at `at`. */
export const drinkingPeriodRow = (
  wineId: number,
  lang: Language,
  period: DrinkingPeriodContent,
  generator: string,
  at: Date,
) => ({
  wine_id: wineId,
  lang,
  from_years: period.from,
  to_years: period.to,
  statement: period.statement,
  young: period.young,
  ripe: period.ripe,
  storage: period.storage,
  generator,
  created_at: at.toISOString(),
});

/** A `region_insights` row: a region's insight in `lang`, by `generator`, written at `at`. */
export const regionInsightRow = (
  regionId: number,
  lang: Language,
  insight: RegionInsightContent,
  generator: string,
  at: Date,
) => ({
  region_id: regionId,
  lang,
  summary: insight.summary,
  climate_and_terroir: insight.climateAndTerroir,
  signature_styles: JSON.stringify(insight.signatureStyles),
  key_grapes: JSON.stringify(insight.keyGrapes),
  generator,
  created_at: at.toISOString(),
});

/**
 * Stores (or replaces, by wine and language) `rows` of wine texts in one multi-row upsert: one row
 * (content.repository.ts saveWineTexts) or a batch ({@link saveContentBatch}). Each row's columns
 * replace the stored ones.
 */
export async function upsertWineTexts(db: Kysely<Database>, rows: ReturnType<typeof wineTextsRow>[]) {
  await db
    .insertInto("wine_texts")
    .values(rows)
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

/** {@link upsertWineTexts} for drinking periods (by wine and language). */
export async function upsertDrinkingPeriods(
  db: Kysely<Database>,
  rows: ReturnType<typeof drinkingPeriodRow>[],
) {
  await db
    .insertInto("drinking_periods")
    .values(rows)
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

/** {@link upsertWineTexts} for region insights (by region and language). */
export async function upsertRegionInsights(
  db: Kysely<Database>,
  rows: ReturnType<typeof regionInsightRow>[],
) {
  await db
    .insertInto("region_insights")
    .values(rows)
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
  ).map((i) => wineTextsRow(i.wineId, lang, i.content, i.generator, i.createdAt));
  const periods = lastByKey(
    items.filter((i): i is Of<"drinking_period"> => i.kind === "drinking_period"),
    (i) => i.wineId,
  ).map((i) => drinkingPeriodRow(i.wineId, lang, i.content, i.generator, i.createdAt));
  const insights = lastByKey(
    items.filter((i): i is Of<"region_insight"> => i.kind === "region_insight"),
    (i) => i.regionId,
  ).map((i) => regionInsightRow(i.regionId, lang, i.content, i.generator, i.createdAt));
  if (texts.length + periods.length + insights.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < texts.length; i += ROWS_PER_UPSERT) {
      await upsertWineTexts(trx, texts.slice(i, i + ROWS_PER_UPSERT));
    }
    for (let i = 0; i < periods.length; i += ROWS_PER_UPSERT) {
      await upsertDrinkingPeriods(trx, periods.slice(i, i + ROWS_PER_UPSERT));
    }
    for (let i = 0; i < insights.length; i += ROWS_PER_UPSERT) {
      await upsertRegionInsights(trx, insights.slice(i, i + ROWS_PER_UPSERT));
    }
  });
}

/** The planner statistics of the content tables, brought up to date after a bulk generation. */
export const refreshContentStatistics = (db: Kysely<Database>): Promise<void> =>
  refreshPlannerStatistics(db, ["wine_texts", "drinking_periods", "region_insights"]);
