/**
 * SQL of the source imports (source-import.service.ts): the crosswalk table `wine_sources`, retired
 * and merged wines, review candidates, id counters, each source's last release. All of a source
 * import's writes run in one transaction handed in as `trx`.
 */
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { Database, SourceName, WineSourceTable, WineTable } from "../../db/types.ts";
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";

/** Rows per statement (under SQLite's 32,766 bound parameters for the widest table). */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type Db = Kysely<Database> | Transaction<Database>;

/** A source's record as stored: the wine it is, its status and the fingerprint of its content. */
export interface StoredRecord {
  key: string;
  wineId: number;
  status: "live" | "retired";
  fingerprint: string;
}

/** The records of `source`, all of them or the one with `key`. */
function recordsOf(db: Db, source: SourceName) {
  return db
    .selectFrom("wine_sources")
    .select(["key", "wine_id", "status", "fingerprint"])
    .where("source", "=", source);
}

/** A `wine_sources` row in the import's terms. */
function stored(r: {
  key: string;
  wine_id: number;
  status: "live" | "retired";
  fingerprint: string;
}): StoredRecord {
  return { key: r.key, wineId: Number(r.wine_id), status: r.status, fingerprint: r.fingerprint };
}

/** Every record of `source` stored so far, keyed by its key. */
export async function storedRecords(db: Db, source: SourceName): Promise<Map<string, StoredRecord>> {
  const rows = await recordsOf(db, source).execute();
  return new Map(rows.map((r) => [r.key, stored(r)]));
}

/** The keys of the stored records of `source` (an X-Wines re-import: 300,000 strings, not records). */
export async function storedKeys(db: Db, source: SourceName): Promise<Set<string>> {
  const rows = await db.selectFrom("wine_sources").select("key").where("source", "=", source).execute();
  return new Set(rows.map((r) => r.key));
}

/** One stored record of `source`, or undefined. */
export async function storedRecord(
  db: Db,
  source: SourceName,
  key: string,
): Promise<StoredRecord | undefined> {
  const r = await recordsOf(db, source).where("key", "=", key).executeTakeFirst();
  return r && stored(r);
}

/** A catalogue wine as the import compares it: its names, style, region and where its facts come from. */
export interface CatalogueWineRow {
  id: number;
  name: string;
  color: Color;
  type: WineType;
  subType: SubType;
  producerName: string;
  producerTitle: string | null;
  regionId: number;
  producerId: number;
  /** English name of the wine's region (the crosswalk compares it: this row is a `CrosswalkWine`). */
  region: string;
  /** The region's German, French and Italian names (the crosswalk compares them too). */
  regionNames: string[];
  country: string;
  factsBasis: "source" | "typical";
  body: string;
  acidity: string;
  foods: string;
  residualSugar: string | null;
}

/** One page (at most 5,000) of catalogue wines with an id above `after`, in id order. */
export async function catalogueWinePage(db: Db, after: number): Promise<CatalogueWineRow[]> {
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
      "w.facts_basis",
      "w.body",
      "w.acidity",
      "w.foods",
      "w.residual_sugar",
      "p.id as producer_id",
      "p.name as producer_name",
      "p.title as producer_title",
      "r.id as region_id",
      "r.name_en",
      "r.name_de",
      "r.name_fr",
      "r.name_it",
      "r.country",
    ])
    .where("w.id", ">", after)
    .orderBy("w.id")
    .limit(5000)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    color: r.color,
    type: r.type,
    subType: r.sub_type,
    producerName: r.producer_name,
    producerTitle: r.producer_title,
    regionId: Number(r.region_id),
    producerId: Number(r.producer_id),
    region: r.name_en,
    regionNames: [r.name_de, r.name_fr, r.name_it],
    country: r.country,
    factsBasis: r.facts_basis,
    body: r.body,
    acidity: r.acidity,
    foods: r.foods,
    residualSugar: r.residual_sugar,
  }));
}

/** Ids of the wines that have a live record of `source`. */
export async function winesWithLiveRecord(db: Db, source: SourceName): Promise<Set<number>> {
  const rows = await db
    .selectFrom("wine_sources")
    .select("wine_id")
    .where("source", "=", source)
    .where("status", "=", "live")
    .execute();
  return new Set(rows.map((r) => Number(r.wine_id)));
}

/** Every producer: id, name, title, display name. */
export async function allProducers(db: Db) {
  return db.selectFrom("producers").select(["id", "name", "title", "display_name"]).execute();
}

/** Every region: id, country, names. */
export async function allRegions(db: Db) {
  return db
    .selectFrom("regions")
    .select(["id", "country", "name_de", "name_en", "name_fr", "name_it"])
    .execute();
}

/** Grape ids by name. */
export async function grapeIdsByName(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom("grapes").select(["id", "name"]).execute();
  return new Map(rows.map((g) => [g.name, Number(g.id)]));
}

/** The next ids to allocate per kind. */
export async function idCounters(db: Db): Promise<Record<"wine" | "producer" | "region", number>> {
  const rows = await db.selectFrom("id_counters").select(["kind", "next_id"]).execute();
  const next = { wine: 10_000_001, producer: 10_000_001, region: 10_000_001 };
  for (const r of rows) next[r.kind] = Number(r.next_id);
  return next;
}

/** Stores the next ids to allocate (they only move up). */
export async function saveIdCounters(db: Db, next: Record<"wine" | "producer" | "region", number>) {
  for (const [kind, value] of Object.entries(next) as ["wine" | "producer" | "region", number][]) {
    await db.updateTable("id_counters").set({ next_id: value }).where("kind", "=", kind).execute();
  }
}

/** Inserts rows into `table` in chunks. */
export async function insertRows<T extends "producers" | "regions" | "grapes" | "wines" | "wine_grapes">(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (const part of chunks(rows, table === "wines" ? 300 : CHUNK)) {
    await db
      .insertInto(table)
      .values(part as never)
      .execute();
  }
}

/** Writes records of a source (insert or replace by source + key). */
export async function upsertRecords(db: Db, rows: readonly WineSourceTable[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto("wine_sources")
      .values(part)
      .onConflict((oc) =>
        oc.columns(["source", "key"]).doUpdateSet((eb) => ({
          wine_id: eb.ref("excluded.wine_id"),
          status: eb.ref("excluded.status"),
          fingerprint: eb.ref("excluded.fingerprint"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }
}

/** Sets `updated_at` of the given wines (their facts or identifiers changed). */
export async function touchWines(db: Db, wineIds: readonly number[], at: string): Promise<void> {
  for (const part of chunks(wineIds)) {
    await db.updateTable("wines").set({ updated_at: at }).where("id", "in", part).execute();
  }
}

/** Replaces the facts of one wine (a changed record of the source its facts come from). */
export async function updateWine(
  db: Db,
  id: number,
  row: Updateable<WineTable>,
  grapeIds: readonly number[],
): Promise<void> {
  await db.updateTable("wines").set(row).where("id", "=", id).execute();
  await db.deleteFrom("wine_grapes").where("wine_id", "=", id).execute();
  if (grapeIds.length > 0)
    await db
      .insertInto("wine_grapes")
      .values(grapeIds.map((grape_id, position) => ({ wine_id: id, grape_id, position })))
      .execute();
}

/** The sources that still have a live record of each of the wines `ids` (wines without one are absent). */
export async function liveSourcesOf(db: Db, ids: readonly number[]): Promise<Map<number, Set<SourceName>>> {
  const out = new Map<number, Set<SourceName>>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom("wine_sources")
      .select(["wine_id", "source"])
      .where("wine_id", "in", part)
      .where("status", "=", "live")
      .execute();
    for (const r of rows) {
      const id = Number(r.wine_id);
      out.set(id, (out.get(id) ?? new Set()).add(r.source));
    }
  }
  return out;
}

/**
 * Takes a wine out of the catalogue: its row (with its grape names) becomes the snapshot of a
 * `retired_wines` row (`retired`, or `merged` into `mergedInto`), and the wine, its grapes, texts and
 * drinking periods are deleted. Live records of other sources still on it move to `mergedInto`.
 * Does nothing when the wine is not in the catalogue.
 */
export async function retireWine(
  db: Db,
  id: number,
  status: "retired" | "merged",
  mergedInto: number | null,
  at: string,
): Promise<boolean> {
  const row = await db.selectFrom("wines").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  const grapes = await db
    .selectFrom("wine_grapes as wg")
    .innerJoin("grapes as g", "g.id", "wg.grape_id")
    .select("g.name")
    .where("wg.wine_id", "=", id)
    .orderBy("wg.position")
    .execute();
  const snapshot = JSON.stringify({ ...row, grapes: grapes.map((g) => g.name) });
  await db
    .insertInto("retired_wines")
    .values({ id, status, merged_into: mergedInto, updated_at: at, snapshot })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({ status, merged_into: mergedInto, updated_at: at, snapshot }),
    )
    .execute();
  if (mergedInto !== null) {
    await db
      .updateTable("wine_sources")
      .set({ wine_id: mergedInto, updated_at: at })
      .where("wine_id", "=", id)
      .where("status", "=", "live")
      .execute();
  }
  for (const table of ["wine_grapes", "wine_texts", "drinking_periods"] as const)
    await db.deleteFrom(table).where("wine_id", "=", id).execute();
  await db.deleteFrom("wines").where("id", "=", id).execute();
  return true;
}

/** Records a crosswalk candidate for review (kept when it exists: a decided candidate stays decided). */
export async function addLinkCandidates(
  db: Db,
  rows: readonly { source: SourceName; key: string; wine_id: number; score: number; reason: string }[],
  at: string,
): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto("link_candidates")
      .values(part.map((r) => ({ ...r, status: "pending" as const, created_at: at, decided_at: null })))
      .onConflict((oc) => oc.columns(["source", "key", "wine_id"]).doNothing())
      .execute();
  }
}

/** Pending review candidates with both wines' display names, oldest first. */
export async function pendingCandidates(db: Db) {
  return db
    .selectFrom("link_candidates as c")
    .innerJoin("wine_sources as s", (j) => j.onRef("s.source", "=", "c.source").onRef("s.key", "=", "c.key"))
    .leftJoin("wines as rw", "rw.id", "s.wine_id")
    .leftJoin("wines as cw", "cw.id", "c.wine_id")
    .select([
      "c.source",
      "c.key",
      "c.wine_id as candidate_id",
      "c.score",
      "c.reason",
      "s.wine_id as record_wine_id",
      "rw.display_name as record_wine",
      "cw.display_name as candidate_wine",
    ])
    .where("c.status", "=", "pending")
    .orderBy("c.created_at")
    .orderBy("c.source")
    .orderBy("c.key")
    .execute();
}

/** Marks a candidate confirmed or rejected; false when there is no pending candidate of that record. */
export async function decideCandidate(
  db: Db,
  source: SourceName,
  key: string,
  status: "confirmed" | "rejected",
  at: string,
): Promise<{ wineId: number } | null> {
  const row = await db
    .selectFrom("link_candidates")
    .select("wine_id")
    .where("source", "=", source)
    .where("key", "=", key)
    .where("status", "=", "pending")
    .orderBy("score", "desc")
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable("link_candidates")
    .set({ status, decided_at: at })
    .where("source", "=", source)
    .where("key", "=", key)
    .where("wine_id", "=", row.wine_id)
    .execute();
  return { wineId: Number(row.wine_id) };
}

/** Records the release of `source` just imported, with its live record count. */
export async function saveRelease(db: Db, source: SourceName, release: string, at: string): Promise<number> {
  const row = await db
    .selectFrom("wine_sources")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("source", "=", source)
    .where("status", "=", "live")
    .executeTakeFirst();
  const records = Number(row?.n ?? 0);
  await db
    .insertInto("catalogue_sources")
    .values({ source, release, imported_at: at, records })
    .onConflict((oc) => oc.column("source").doUpdateSet({ release, imported_at: at, records }))
    .execute();
  return records;
}

/** Moves the catalogue version (search indexes and caches of every process rebuild). */
export async function bumpCatalogueVersion(db: Db): Promise<void> {
  await db
    .updateTable("catalogue_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}
