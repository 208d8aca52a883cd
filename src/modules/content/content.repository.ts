/**
 * SQL for generated content (wine texts, drinking periods, region insights) and for the facts the
 * generators are fed. Knows nothing of HTTP and nothing of generation; content.service.ts (used by
 * the routes, the worker, the import and the CLI) calls it. Times are stored as ISO 8601 UTC strings.
 */
import { type Kysely, sql } from "kysely";
import { compiledFirst, compiledOnce } from "../../db/compiled-query.ts";
import type { Database } from "../../db/types.ts";
import type {
  Acidity,
  Body,
  Color,
  Language,
  ResidualSugar,
  SubType,
  WineType,
} from "../../domain/vocabulary.ts";
import type { GrapeFacts, RegionFacts, WineFacts } from "../../domain/wine/wine-facts.ts";
import type { DrinkingPeriodContent, RegionInsightContent, WineTexts } from "./content.types.ts";
import {
  drinkingPeriodRow,
  regionInsightRow,
  upsertDrinkingPeriods,
  upsertRegionInsights,
  upsertWineTexts,
  wineTextsRow,
} from "./content-batch.repository.ts";

/** Loads generator facts for the given wines (missing ids are skipped), in id order. */
export async function loadWineFacts(db: Kysely<Database>, wineIds: number[]): Promise<WineFacts[]> {
  if (wineIds.length === 0) return [];
  const rows = await db
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .innerJoin("regions as r", "r.id", "w.region_id")
    .select([
      "w.id",
      "w.name",
      "w.color",
      "w.type",
      "w.sub_type",
      "w.residual_sugar",
      "w.abv",
      "w.body",
      "w.acidity",
      "w.elaboration",
      "w.facts_basis",
      "w.foods",
      "w.vintage",
      "w.vintages",
      "w.flavor_sweetness",
      "w.flavor_acidity",
      "w.flavor_tannins",
      "w.flavor_alcohol",
      "w.flavor_body",
      "w.flavor_finish",
      "p.display_name as producer_name",
      "r.id as region_id",
      "r.country",
      "r.name_de",
      "r.name_en",
      "r.name_fr",
      "r.name_it",
    ])
    .where("w.id", "in", wineIds)
    .orderBy("w.id")
    .execute();
  const grapeRows = await db
    .selectFrom("wine_grapes as wg")
    .innerJoin("grapes as g", "g.id", "wg.grape_id")
    .select(["wg.wine_id", "g.id", "g.name", "g.name_de", "g.name_fr", "g.name_it", "g.color"])
    .where("wg.wine_id", "in", wineIds)
    .orderBy("wg.wine_id")
    .orderBy("wg.position")
    .execute();
  const grapes = new Map<number, GrapeFacts[]>();
  for (const g of grapeRows) {
    const list = grapes.get(g.wine_id) ?? [];
    list.push({
      id: g.id,
      name: g.name,
      names: { de: g.name_de, en: g.name, fr: g.name_fr, it: g.name_it },
      color: g.color,
    });
    grapes.set(g.wine_id, list);
  }
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    producerName: w.producer_name,
    color: w.color as Color,
    type: w.type as WineType,
    subType: w.sub_type as SubType,
    residualSugar: w.residual_sugar as ResidualSugar | null,
    abv: w.abv,
    body: w.body as Body,
    acidity: w.acidity as Acidity,
    elaboration: w.elaboration,
    grapes: grapes.get(w.id) ?? [],
    foods: JSON.parse(w.foods) as string[],
    region: {
      id: w.region_id,
      names: { de: w.name_de, en: w.name_en, fr: w.name_fr, it: w.name_it },
      country: w.country,
    },
    vintage: w.vintage,
    vintages: JSON.parse(w.vintages) as number[],
    flavor: {
      sweetness: w.flavor_sweetness,
      acidity: w.flavor_acidity,
      tannins: w.flavor_tannins,
      alcohol: w.flavor_alcohol,
      body: w.flavor_body,
      finish: w.flavor_finish,
    },
    factsBasis: w.facts_basis,
  }));
}

/**
 * Loads a region with the facts of its wines, or undefined for an unknown region. The wines are those
 * whose facts are their own (`facts_basis` 'source') when the region has any: a wine whose body and
 * acidity are typical of the region (record-facts.ts) would only count the region's style back into
 * its insight; a region known only from such wines gets them all (colours, and grapes the rules fix,
 * are still facts).
 */
export async function loadRegionFacts(
  db: Kysely<Database>,
  regionId: number,
): Promise<RegionFacts | undefined> {
  const region = await db.selectFrom("regions").selectAll().where("id", "=", regionId).executeTakeFirst();
  if (!region) return undefined;
  const rows = await db
    .selectFrom("wines")
    .select(["id", "facts_basis"])
    .where("region_id", "=", regionId)
    .execute();
  const own = rows.filter((r) => r.facts_basis === "source");
  const ids = own.length > 0 ? own : rows;
  return {
    id: region.id,
    names: { de: region.name_de, en: region.name_en, fr: region.name_fr, it: region.name_it },
    country: region.country,
    wines: await loadWineFacts(
      db,
      ids.map((r) => r.id),
    ),
  };
}

// The statements of a single read by id below are compiled once per database: built and compiled
// per request, such a statement cost 4 % of a cold producer detail at 300,000 wines (load-cold.md).
const wineById = compiledFirst(1, (db: Kysely<Database>, wineId: number) =>
  db.selectFrom("wines").select("id").where("id", "=", wineId),
);
const regionById = compiledFirst(1, (db: Kysely<Database>, regionId: number) =>
  db.selectFrom("regions").select("id").where("id", "=", regionId),
);

/** True when a wine with this id exists. */
export async function wineExists(db: Kysely<Database>, wineId: number): Promise<boolean> {
  return (await wineById(db, wineId)) !== undefined;
}

/** True when a region with this id exists. */
export async function regionExists(db: Kysely<Database>, regionId: number): Promise<boolean> {
  return (await regionById(db, regionId)) !== undefined;
}

/** Stored wine texts of one wine in one language, and in either of two (compiled once per database). */
const textsIn = compiledOnce(2, (db: Kysely<Database>, wineId: number, lang: string) =>
  db.selectFrom("wine_texts").selectAll().where("wine_id", "=", wineId).where("lang", "=", lang),
);
const textsInEither = compiledOnce(3, (db: Kysely<Database>, wineId: number, a: string, b: string) =>
  db.selectFrom("wine_texts").selectAll().where("wine_id", "=", wineId).where("lang", "in", [a, b]),
);

/** Stored wine texts of one wine in the given languages (any order; none when there are none). */
export function findWineTexts(
  db: Kysely<Database>,
  wineId: number,
  langs: readonly [Language] | readonly [Language, Language],
) {
  return langs.length === 1 ? textsIn(db, wineId, langs[0]) : textsInEither(db, wineId, langs[0], langs[1]);
}

/**
 * Whether the drinking period `d` of wine `w` is out of date in `year`: the vintage's window
 * (`vintage + to_years`) ended before `year` but not before the year the period was written in
 * (`created_at`, ISO text), so its statement still speaks of the window as to come (the generator
 * words a window that has ended as past: drinking-texts.ts). False for a non-vintage wine.
 */
function outdatedIn(year: number) {
  const end = sql<number>`w.vintage + d.to_years`;
  return sql<boolean>`(w.vintage is not null and ${end} < ${year} and ${end} >= cast(substr(d.created_at, 1, 4) as integer))`;
}

/**
 * The stored drinking period of a wine in `lang`, or undefined, with `outdated` (0/1 or a boolean,
 * by dialect): whether it is out of date in `year` ({@link outdatedIn}).
 */
export const findDrinkingPeriod = compiledFirst(
  3,
  (db: Kysely<Database>, wineId: number, lang: Language, year: number) =>
    db
      .selectFrom("drinking_periods as d")
      .innerJoin("wines as w", "w.id", "d.wine_id")
      .selectAll("d")
      .select(outdatedIn(year).as("outdated"))
      .where("d.wine_id", "=", wineId)
      .where("d.lang", "=", lang),
);

/** The stored insight of a region in `lang`, or undefined. */
export const findRegionInsight = compiledFirst(2, (db: Kysely<Database>, regionId: number, lang: Language) =>
  db.selectFrom("region_insights").selectAll().where("region_id", "=", regionId).where("lang", "=", lang),
);

/** Stores (or replaces) a wine's texts in one language. */
export const saveWineTexts = (
  db: Kysely<Database>,
  wineId: number,
  lang: Language,
  texts: WineTexts,
  generator: string,
  now: Date,
): Promise<void> => upsertWineTexts(db, [wineTextsRow(wineId, lang, texts, generator, now)]);

/** Stores (or replaces) a wine's drinking period in one language. */
export const saveDrinkingPeriod = (
  db: Kysely<Database>,
  wineId: number,
  lang: Language,
  period: DrinkingPeriodContent,
  generator: string,
  now: Date,
): Promise<void> => upsertDrinkingPeriods(db, [drinkingPeriodRow(wineId, lang, period, generator, now)]);

/** Stores (or replaces) a region's insight in one language. */
export const saveRegionInsight = (
  db: Kysely<Database>,
  regionId: number,
  lang: Language,
  insight: RegionInsightContent,
  generator: string,
  now: Date,
): Promise<void> => upsertRegionInsights(db, [regionInsightRow(regionId, lang, insight, generator, now)]);

/** Ids of wines that have no row in `table` for `lang` (what a bulk generation still has to do). */
export async function winesMissing(
  db: Kysely<Database>,
  table: "wine_texts" | "drinking_periods",
  lang: Language,
): Promise<number[]> {
  const rows = await db
    .selectFrom("wines as w")
    .select("w.id")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom(table).select("wine_id").whereRef("wine_id", "=", "w.id").where("lang", "=", lang)),
      ),
    )
    .orderBy("w.id")
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of wines whose drinking period in `lang` is out of date in `year` ({@link outdatedIn}). */
export async function periodsOutdated(db: Kysely<Database>, lang: Language, year: number): Promise<number[]> {
  const rows = await db
    .selectFrom("drinking_periods as d")
    .innerJoin("wines as w", "w.id", "d.wine_id")
    .select("d.wine_id")
    .where("d.lang", "=", lang)
    .where(outdatedIn(year))
    .orderBy("d.wine_id")
    .execute();
  return rows.map((r) => r.wine_id);
}

/** Ids of regions without an insight in `lang`. */
export async function regionsMissing(db: Kysely<Database>, lang: Language): Promise<number[]> {
  const rows = await db
    .selectFrom("regions as r")
    .leftJoin("region_insights as c", (join) =>
      join.onRef("c.region_id", "=", "r.id").on("c.lang", "=", lang),
    )
    .select("r.id")
    .where("c.region_id", "is", null)
    .orderBy("r.id")
    .execute();
  return rows.map((r) => r.id);
}
