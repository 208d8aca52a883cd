/**
 * SQL that writes an imported catalogue. Upserts by source id, so a re-import keeps every id;
 * grapes keep the id they were given at their first import (matched by name), new grapes get the next.
 */
import type { Kysely, Transaction } from "kysely";
import { refreshPlannerStatistics } from "../../db/planner-statistics.ts";
import type { Database } from "../../db/types.ts";
import { fold } from "../../domain/text-folding.ts";
import type { Catalogue } from "../../domain/vocabulary.ts";
import { grapeRow } from "./grapes-data.ts";
import { chunks, excludedAll, statementChunks } from "./statement-chunks.ts";
import {
  prepareWinePart,
  type StaleContent,
  type WriteState,
  writeWinePart,
} from "./wine-parts.repository.ts";

export type { StaleContent } from "./wine-parts.repository.ts";

/** Wines written per step of an import (one read of their stored facts, one INSERT of each table). */
export const WINES_PER_PART = 1_000;

/** Assigns grape ids: existing names keep theirs, new names get max+1 in name order. */
async function grapeIds(trx: Transaction<Database>, names: string[]): Promise<Map<string, number>> {
  const existing = await trx.selectFrom("grapes").select(["id", "name"]).execute();
  const ids = new Map(existing.map((g) => [g.name, g.id]));
  let next = existing.reduce((max, g) => Math.max(max, g.id), 0) + 1;
  for (const name of [...names].sort()) if (!ids.has(name)) ids.set(name, next++);
  return ids;
}

/** Ids of the regions among `rows` already stored with another country or name (an insight states them). */
async function renamedRegions(
  trx: Transaction<Database>,
  rows: { id: number; country: string; name_de: string; name_en: string; name_fr: string; name_it: string }[],
): Promise<number[]> {
  const stored = new Map<number, string>();
  const key = (r: (typeof rows)[number]) =>
    [r.country, r.name_de, r.name_en, r.name_fr, r.name_it].join("\n");
  for (const part of chunks(rows.map((r) => r.id))) {
    const found = await trx
      .selectFrom("regions")
      .select(["id", "country", "name_de", "name_en", "name_fr", "name_it"])
      .where("id", "in", part)
      .execute();
    for (const r of found) stored.set(r.id, key(r));
  }
  return rows.filter((r) => stored.has(r.id) && stored.get(r.id) !== key(r)).map((r) => r.id);
}

/** Counts written by {@link writeCatalogue}. */
export interface WriteCounts {
  wines: number;
  producers: number;
  regions: number;
  grapes: number;
}

/** Writes the grapes, regions and producers of a catalogue (multi-row upserts); the wine parts' state. */
async function writeDictionaries(
  trx: Transaction<Database>,
  dictionaries: Omit<Catalogue, "wines">,
  at: string,
  staleContent: StaleContent,
): Promise<WriteState & { counts: Omit<WriteCounts, "wines"> }> {
  const ids = await grapeIds(
    trx,
    dictionaries.grapes.map((g) => g.name),
  );
  const grapeRows = dictionaries.grapes.map((g) => grapeRow(ids.get(g.name) as number, g));
  for (const part of statementChunks(grapeRows)) {
    await trx
      .insertInto("grapes")
      .values(part)
      .onConflict((oc) => oc.column("id").doUpdateSet(excludedAll(part[0] as object)))
      .execute();
  }

  const regionRows = dictionaries.regions.map((r) => ({
    id: r.id,
    country: r.country,
    name_de: r.names.de,
    name_en: r.names.en,
    name_fr: r.names.fr,
    name_it: r.names.it,
    search_text: fold([...new Set(Object.values(r.names))].join(" ")),
  }));
  // Regions whose stored insights describe what this import changes (see changedWines).
  const staleInsights = new Set<number>(await renamedRegions(trx, regionRows));
  for (const part of statementChunks(regionRows)) {
    await trx
      .insertInto("regions")
      .values(part)
      .onConflict((oc) => oc.column("id").doUpdateSet(excludedAll(part[0] as object)))
      .execute();
  }

  const producerRows = dictionaries.producers.map((p) => {
    const display = p.title ? `${p.title} ${p.name}` : p.name;
    return {
      id: p.id,
      name: p.name,
      title: p.title,
      display_name: display,
      website: p.website,
      search_text: fold(display),
    };
  });
  const producers = new Map(producerRows.map((p) => [p.id, p]));
  for (const part of statementChunks(producerRows)) {
    await trx
      .insertInto("producers")
      .values(part)
      .onConflict((oc) => oc.column("id").doUpdateSet(excludedAll(part[0] as object)))
      .execute();
  }

  return {
    at,
    staleContent,
    grapeIds: ids,
    producers,
    staleInsights,
    counts: { producers: producerRows.length, regions: regionRows.length, grapes: grapeRows.length },
  };
}

/** Deletes the stale region insights and moves the catalogue version (the write's last statements). */
async function finishWrite(trx: Transaction<Database>, state: WriteState): Promise<void> {
  for (const part of chunks([...state.staleInsights])) {
    await trx.deleteFrom("region_insights").where("region_id", "in", part).execute();
  }
  // Search indexes held in memory (any process) compare this number to the one they were built at.
  await trx
    .updateTable("catalogue_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}

/** The planner statistics of the tables a catalogue write changes, brought up to date. */
export const refreshCatalogueStatistics = (db: Kysely<Database>): Promise<void> =>
  refreshPlannerStatistics(db, ["wines", "wine_grapes", "wine_sources", "producers", "regions", "grapes"]);

/**
 * Writes a catalogue whose wines come in parts (an import streaming its file): the grapes, regions and
 * producers of `dictionaries` first, then each part of `parts` as it comes, then the stale region
 * insights and the catalogue version, all in ONE transaction (all or nothing; an error thrown by
 * `parts` rolls everything back). While a part is written, the next one is read and compiled
 * (wine-parts.repository.ts) and the one after it taken from `parts`: three parts are held at most.
 * Statements are multi-row INSERTs of up to 32,766 parameters (SQLite's bound; PostgreSQL allows
 * 65,535): per part of 1,000 wines about five round trips on PostgreSQL. Then the planner statistics
 * of the tables written ({@link refreshCatalogueStatistics}). `onProgress(done)` after each part is
 * written.
 *
 * What is written: each wine's X-Wines record goes to `wine_sources`; `updated_at` moves for the wines
 * it adds or changes. A wine whose text facts changed (see changedWines) is handed to `staleContent`
 * (its stored texts and drinking periods taken away and queued to be written again), and a region
 * whose wines, country or names changed loses its insights (written again on demand, or by the
 * import's English generation). Caches of other processes see the new catalogue version within a
 * second; a caller in a service process then calls `app.catalogueVersion.changed()` so this one's
 * caches see it at once.
 */
export async function writeCatalogueParts(
  db: Kysely<Database>,
  dictionaries: Omit<Catalogue, "wines">,
  parts: AsyncIterable<Catalogue["wines"]> | Iterable<Catalogue["wines"]>,
  staleContent: StaleContent,
  onProgress: (done: number) => void = () => {},
): Promise<WriteCounts> {
  const at = new Date().toISOString();
  const counts = await db.transaction().execute(async (trx) => {
    const state = await writeDictionaries(trx, dictionaries, at, staleContent);
    let wines = 0;
    // The next part is taken (a file parsed) while this one is prepared and the one before written.
    const iterator = Symbol.asyncIterator in parts ? parts[Symbol.asyncIterator]() : parts[Symbol.iterator]();
    const ahead = () => {
      const next = Promise.resolve(iterator.next());
      next.catch(() => {}); // awaited below; a failure before that is not unhandled
      return next;
    };
    // A part is read and compiled while the one before it is written: its read goes out before
    // that part's statements, which touch other wines only (a wine is in one part), and its rows and
    // statements are built while the database works (PostgreSQL; SQLite runs each one at once).
    let writing: Promise<void> = Promise.resolve();
    let preparing: Promise<unknown> = Promise.resolve();
    try {
      for (let next = ahead(); ; ) {
        const { done, value: part } = await next;
        if (done) break;
        next = ahead();
        if (part.length === 0) continue;
        const prepared = prepareWinePart(trx, state, part);
        preparing = prepared;
        prepared.catch(() => {}); // awaited below, after the part before it is written
        await writing;
        const ready = await prepared;
        writing = writeWinePart(trx, state, ready).then(() => {
          wines += ready.wines;
          onProgress(wines);
        });
        writing.catch(() => {}); // awaited by the next part or after the last
      }
      await writing;
    } catch (error) {
      // No statement of this write is left running when the transaction rolls back.
      await Promise.allSettled([writing, preparing]);
      // Closes the parts' source (a file being read) once the part being read is done.
      Promise.resolve(iterator.return?.()).catch(() => {});
      throw error;
    }
    await finishWrite(trx, state);
    return { wines, ...state.counts };
  });
  // Fresh planner statistics: the list queries pick their index by the filter's selectivity, and the
  // English texts written next read wine_grapes, producers, regions and grapes by 1,000 ids.
  await refreshCatalogueStatistics(db);
  return counts;
}

export async function countWines(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("wines")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The catalogue version (imports so far; 0 when the row is missing). One primary-key read. */
export async function catalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("catalogue_version")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}
