/** SQL for wines: list with filters, search, detail, and the wines of a producer or region. */
import { type Compilable, type Kysely, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-query.ts";
import { keysetPages } from "../../db/keyset-pages.ts";
import type { OffsetPage } from "../../db/offset-page.ts";
import type { Database } from "../../db/types.ts";
import { WINE_SUMMARY_COLUMNS } from "../../db/wine-summary-columns.ts";
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";

/**
 * The `source_keys` column of wine `w`: its live source records (`wine_sources`) as `source:key`
 * joined by "," in no particular order, null without any; sources.service.ts `wineOriginOf` reads
 * it. A correlated subquery over the `wine_sources (wine_id)` index, so the identifiers come in the
 * wine's own statement: one round trip per detail or list page on PostgreSQL (the separate statement
 * it replaced was half of a cold detail's database time). `string_agg` is PostgreSQL's and SQLite's
 * (3.44 and later) alike.
 */
const liveSourceKeys = sql<string | null>`(select string_agg(ws.source || ':' || ws.key, ',')
  from wine_sources ws where ws.wine_id = w.id and ws.status = 'live')`.as("source_keys");

/** Filters of `GET /wines`; all optional. */
export interface WineFilters {
  color?: Color;
  subType?: SubType;
  producerId?: number;
  regionId?: number;
}

function filtered(db: Kysely<Database>, f: WineFilters) {
  let q = db.selectFrom("wines as w");
  if (f.color) q = q.where("w.color", "=", f.color);
  if (f.subType) q = q.where("w.sub_type", "=", f.subType);
  if (f.producerId !== undefined) q = q.where("w.producer_id", "=", f.producerId);
  if (f.regionId !== undefined) q = q.where("w.region_id", "=", f.regionId);
  return q;
}

/** Wines `w` joined to their producer `p` and region `r`. */
const summaries = (db: Kysely<Database>) =>
  db
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .innerJoin("regions as r", "r.id", "w.region_id");

/** A region as a wine summary shows it: country and names. */
export interface SummaryRegion {
  country: string;
  name_de: string;
  name_en: string;
  name_fr: string;
  name_it: string;
}

/**
 * A wine summary without its region's columns, with its live source records (`source_keys`, see
 * {@link liveSourceKeys}): {@link wineSummariesByIds}, {@link listWines}.
 */
export type WineListRow = WineSummaryFields & { source_keys: string | null };

/** A wine summary's own columns, without its region's: what every wine summary shows. */
export type WineSummaryFields = Omit<WineSummaryRow, keyof SummaryRegion>;

/** A wine summary as read: the columns {@link WINE_SUMMARY_COLUMNS} (see wine-presenter.ts). */
export interface WineSummaryRow extends SummaryRegion {
  id: number;
  display_name: string;
  vintage: number | null;
  color: Color;
  type: WineType;
  sub_type: SubType;
  residual_sugar: string | null;
  /** When the wine's facts or identifiers last changed (RFC 3339 UTC, as the import wrote it). */
  updated_at: string;
  producer_id: number;
  producer_name: string;
  producer_title: string | null;
  producer_display_name: string;
  region_id: number;
}

/** Which filters a list query has: its shape (the values are bound at each run). */
const shapeOf = (f: WineFilters) =>
  `${f.color ? "c" : ""}${f.subType ? "s" : ""}${f.producerId !== undefined ? "p" : ""}${f.regionId !== undefined ? "r" : ""}`;

/** The filter values of `f` in {@link filtered}'s order (those present). */
const filterValues = (f: WineFilters): (string | number)[] =>
  [f.color, f.subType, f.producerId, f.regionId].filter((v) => v !== undefined);

/** A list query per filter shape, compiled once per database (a map of at most 16 shapes each). */
function byShape<R>(
  build: (db: Kysely<Database>, f: WineFilters, ...rest: number[]) => Compilable<R>,
  extra: number,
) {
  const queries = new Map<string, (db: Kysely<Database>, ...values: (string | number)[]) => Promise<R[]>>();
  return (db: Kysely<Database>, f: WineFilters, ...rest: number[]) => {
    const shape = shapeOf(f);
    let query = queries.get(shape);
    if (query === undefined) {
      const n = filterValues(f).length;
      // Placeholders in filter order, then the `extra` numbers (limit, offset).
      query = compiledOnce(n + extra, (kdb: Kysely<Database>, ...slots: (string | number)[]) => {
        const [c, st, p, r] = [
          shape.includes("c"),
          shape.includes("s"),
          shape.includes("p"),
          shape.includes("r"),
        ];
        let i = 0;
        const placeholders: WineFilters = {
          color: c ? (slots[i++] as Color) : undefined,
          subType: st ? (slots[i++] as SubType) : undefined,
          producerId: p ? (slots[i++] as number) : undefined,
          regionId: r ? (slots[i++] as number) : undefined,
        };
        return build(kdb, placeholders, ...(slots.slice(i) as number[]));
      });
      queries.set(shape, query);
    }
    return query(db, ...filterValues(f), ...rest);
  };
}

const countMatching = byShape((db, f) => filtered(db, f).select((eb) => eb.fn.countAll<number>().as("n")), 0);
/**
 * A page of the wines matching `f`, each row with the count of all of them (`total`: an uncorrelated
 * subquery, which PostgreSQL and SQLite evaluate once per statement), so a page is one round trip.
 */
const pageMatching = byShape(
  (db, f, limit = 0, offset = 0) =>
    summaries(db)
      .select(WINE_SUMMARY_COLUMNS)
      .select(liveSourceKeys)
      .select(() =>
        filtered(db, f)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .as("total"),
      )
      .where("w.id", "in", filtered(db, f).select("w.id").orderBy("w.id").limit(limit).offset(offset))
      .orderBy("w.id"),
  2,
);

/**
 * One page of wines (id order) with producer and region, plus the total matching the filters: one
 * statement, and a second (the count alone) only for a page past the last. The page's ids come from
 * the filter's index alone (a covering index walk, see the dated list-index migrations); only those
 * rows are read and joined. Both statements are compiled once per filter shape.
 */
export async function listWines(db: Kysely<Database>, filters: WineFilters, offset: number, limit: number) {
  const rows = await pageMatching(db, filters, limit, offset);
  const first = rows[0];
  if (first !== undefined) return { total: Number(first.total), rows };
  const [count] = await countMatching(db, filters);
  return { total: Number(count?.n ?? 0), rows };
}

/** Columns of {@link WINE_SUMMARY_COLUMNS} from the wine and its producer only. */
const WINE_LIST_COLUMNS = WINE_SUMMARY_COLUMNS.filter(
  (c): c is Exclude<(typeof WINE_SUMMARY_COLUMNS)[number], `r.${string}`> => !c.startsWith("r."),
);

/** The list rows of `n` wines by id (id order), compiled once per `n` and database. */
const summariesOf = new Map<number, (db: Kysely<Database>, ...ids: number[]) => Promise<WineListRow[]>>();

/**
 * The list rows of wines `ids` (id order), without their regions' columns: the caller holds the
 * regions (joining them cost a quarter of a cold list page at 300,000 wines).
 */
export async function wineSummariesByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<WineListRow[]> {
  if (ids.length === 0) return [];
  let query = summariesOf.get(ids.length);
  if (query === undefined) {
    query = compiledOnce(ids.length, (kdb: Kysely<Database>, ...slots: number[]) =>
      kdb
        .selectFrom("wines as w")
        .innerJoin("producers as p", "p.id", "w.producer_id")
        .select([...WINE_LIST_COLUMNS, "w.region_id"])
        .select(liveSourceKeys)
        .where("w.id", "in", slots)
        .orderBy("w.id"),
    );
    summariesOf.set(ids.length, query);
  }
  return query(db, ...ids);
}

/** The country and names of regions `ids`, for wine summaries (ids not found are left out). */
export function summaryRegions(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom("regions")
    .select(["id", "country", "name_de", "name_en", "name_fr", "name_it"])
    .where("id", "in", [...ids])
    .execute();
}

/**
 * Every wine's list columns (a list row without its producer's names, with its live source records)
 * in ascending id order, in pages of at most `pageSize` rows (keyset paging: each page is one short
 * statement, and the caller's event loop runs between pages, where one read of every row would hold
 * it for the whole read).
 */
export function wineListPages(db: Kysely<Database>, pageSize = 10_000) {
  return keysetPages((after) =>
    db
      .selectFrom("wines as w")
      .select([
        "w.id",
        "w.color",
        "w.sub_type",
        "w.region_id",
        "w.display_name",
        "w.vintage",
        "w.type",
        "w.residual_sugar",
        "w.updated_at",
        "w.producer_id",
      ])
      .select(liveSourceKeys)
      .where("w.id", ">", after)
      .orderBy("w.id")
      .limit(pageSize)
      .execute(),
  );
}

/** Every producer's names as list items show them, in pages of at most `pageSize` (keyset paging). */
export function producerNamePages(db: Kysely<Database>, pageSize = 10_000) {
  return keysetPages((after) =>
    db
      .selectFrom("producers")
      .select(["id", "name", "title", "display_name"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(pageSize)
      .execute(),
  );
}

/**
 * The search result rows of wines `ids`, in the order of `ids` (ranked by the search); ids that no
 * longer exist are skipped.
 */
export async function searchRowsByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .select([
      "w.id",
      "w.display_name",
      "w.color",
      "w.residual_sugar",
      "p.name as producer_name",
      "p.title as producer_title",
      "p.display_name as producer_display_name",
    ])
    .where("w.id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}

/**
 * A wine's detail row joined to its producer `p` and region `r`, to its stored texts in `lang`
 * (`text_*`, null when there are none) and to one of its grapes (`grape_*`, null for a wine without
 * grapes): one row per grape, in no particular order (`grape_position` gives the source order; an
 * ORDER BY here made SQLite sort the rows, texts and all). Compiled once per database.
 */
const wineDetailRows = compiledOnce(2, (db: Kysely<Database>, id: number, lang: string) =>
  db
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .innerJoin("regions as r", "r.id", "w.region_id")
    .leftJoin("wine_texts as t", (join) => join.onRef("t.wine_id", "=", "w.id").on("t.lang", "=", lang))
    .leftJoin("wine_grapes as wg", "wg.wine_id", "w.id")
    .leftJoin("grapes as g", "g.id", "wg.grape_id")
    .select([
      "w.id",
      "w.name",
      "w.display_name",
      "w.color",
      "w.type",
      "w.sub_type",
      "w.producer_id",
      "w.region_id",
      "w.residual_sugar",
      "w.abv",
      "w.vintages",
      "w.updated_at",
      "w.facts_basis",
      "w.flavor_sweetness",
      "w.flavor_acidity",
      "w.flavor_tannins",
      "w.flavor_alcohol",
      "w.flavor_body",
      "w.flavor_finish",
      "p.name as producer_name",
      "p.title as producer_title",
      "p.display_name as producer_display_name",
      "r.country",
      "r.name_de",
      "r.name_en",
      "r.name_fr",
      "r.name_it",
      "g.id as grape_id",
      "g.name as grape_name",
      "g.name_de as grape_name_de",
      "g.name_fr as grape_name_fr",
      "g.name_it as grape_name_it",
      "wg.position as grape_position",
      "t.lang as text_lang",
      "t.description as text_description",
      "t.description_long as text_description_long",
      "t.tasting_notes as text_tasting_notes",
      "t.pairing as text_pairing",
    ])
    .select(liveSourceKeys)
    .where("w.id", "=", id),
);

/** A wine's stored texts in one language, as {@link findWine} reads them. */
export interface StoredWineTexts {
  lang: string;
  description: string;
  description_long: string;
  tasting_notes: string;
  pairing: string;
}

/**
 * A wine with producer, region, grapes (`{ id, name, name_de, name_fr, name_it }[]`, in source
 * order), its live source records (`source_keys`, see {@link liveSourceKeys}) and its stored texts in `textsLang` (undefined when there are none, or when `textsLang` is
 * null: texts not read from this database), or undefined: one statement (the wine's row once per
 * grape).
 */
export async function findWine(db: Kysely<Database>, id: number, textsLang: string | null) {
  // "" matches no stored language: the join finds nothing.
  const rows = await wineDetailRows(db, id, textsLang ?? "");
  const first = rows[0];
  if (first === undefined) return undefined;
  // Grapes in source order (a wine has a few).
  const ordered =
    rows.length > 1 ? rows.slice().sort((a, b) => Number(a.grape_position) - Number(b.grape_position)) : rows;
  const grapes = [];
  for (const g of ordered) {
    if (g.grape_id === null) continue;
    // A joined grape row has every name (not null in the grapes table).
    grapes.push({
      id: g.grape_id,
      name: g.grape_name as string,
      name_de: g.grape_name_de as string,
      name_fr: g.grape_name_fr as string,
      name_it: g.grape_name_it as string,
    });
  }
  const texts: StoredWineTexts | undefined =
    first.text_lang === null
      ? undefined
      : {
          lang: first.text_lang,
          description: first.text_description as string,
          description_long: first.text_description_long as string,
          tasting_notes: first.text_tasting_notes as string,
          pairing: first.text_pairing as string,
        };
  // The first row is the wine (its grape_* and text_* columns are left in: not read).
  return Object.assign(first, { grapes, texts });
}

/**
 * Up to `limit` wines of a producer or a region (id order) as summaries, and how many it has in all
 * (`include_wines` of the producer and region details): the statements of {@link listWines}, compiled
 * once; `limit` 0 reads the count only.
 */
export async function winesOf(
  db: Kysely<Database>,
  of: { producerId: number } | { regionId: number },
  limit: number,
): Promise<OffsetPage<WineSummaryRow>> {
  const filters = "producerId" in of ? { producerId: of.producerId } : { regionId: of.regionId };
  if (limit > 0) return listWines(db, filters, 0, limit);
  const [count] = await countMatching(db, filters);
  return { total: Number(count?.n ?? 0), rows: [] };
}
