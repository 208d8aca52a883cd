/**
 * SQL that writes an imported catalogue. Upserts by source id, so a re-import keeps every id;
 * grapes keep the id they were given at their first import (matched by name), new grapes get the next.
 */
import type { Kysely, Transaction } from "kysely";
import { refreshPlannerStatistics } from "../../db/planner-statistics.ts";
import type { Database } from "../../db/types.ts";
import { fold } from "../../domain/text-folding.ts";
import type { Catalogue } from "../../domain/vocabulary.ts";
import { staleWineContent } from "../content/stale-content.repository.ts";
import { wineDisplayName } from "./derivation.ts";
import { grapeRow } from "./grapes-data.ts";

/** Ids per `in (…)` list of a read or delete. */
const CHUNK = 500;

/**
 * Bound parameters per statement: SQLite's limit (32,766), below PostgreSQL's 65,535. A multi-row
 * INSERT takes `floor(MAX_PARAMETERS / columns)` rows: 1,365 wines (24 columns), 10,922 grape links.
 */
const MAX_PARAMETERS = 32_766;

/** Wines written per step of an import (one read of their stored facts, one INSERT of each table). */
export const WINES_PER_PART = 1_000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `rows` in slices of as many rows as one statement binds (MAX_PARAMETERS over the row's columns). */
function statementChunks<T extends object>(rows: T[]): T[][] {
  const columns = rows[0] ? Object.keys(rows[0]).length : 1;
  return chunks(rows, Math.max(1, Math.floor(MAX_PARAMETERS / columns)));
}

/** Column names of a row, as `excluded.<column>` references for an upsert. */
function excludedAll<T extends object>(row: T, skip: string[] = ["id"]) {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's excluded refs are typed per table; the column list is the row's own.
  return (eb: any) =>
    Object.fromEntries(
      Object.keys(row)
        .filter((k) => !skip.includes(k))
        .map((k) => [k, eb.ref(`excluded.${k}`)]),
    );
}

/** Assigns grape ids: existing names keep theirs, new names get max+1 in name order. */
async function grapeIds(trx: Transaction<Database>, names: string[]): Promise<Map<string, number>> {
  const existing = await trx.selectFrom("grapes").select(["id", "name"]).execute();
  const ids = new Map(existing.map((g) => [g.name, g.id]));
  let next = existing.reduce((max, g) => Math.max(max, g.id), 0) + 1;
  for (const name of [...names].sort()) if (!ids.has(name)) ids.set(name, next++);
  return ids;
}

/** The wine columns generated texts are written from (content.repository.ts `loadWineFacts`). */
const TEXT_FACTS = [
  "name",
  "color",
  "type",
  "sub_type",
  "residual_sugar",
  "abv",
  "body",
  "acidity",
  "elaboration",
  "foods",
  "vintage",
  "producer_id",
  "region_id",
  "facts_basis",
] as const;

/**
 * Ids of the wines among `rows` already stored with other text facts (TEXT_FACTS or grapes): their
 * stored texts and drinking periods describe the old facts and are to be written again. Also the
 * regions whose wines these rows change (a wine new to the catalogue, a changed wine's region before
 * and after): their insights, written from all their wines' facts, are to be written again too.
 */
async function changedWines(
  trx: Transaction<Database>,
  rows: ({ id: number; region_id: number } & Record<(typeof TEXT_FACTS)[number], unknown>)[],
  wines: Catalogue["wines"],
): Promise<{ changed: number[]; regions: number[]; stored: Map<number, string> }> {
  const ids = rows.map((r) => r.id);
  const stored = await trx
    .selectFrom("wines")
    .select(["id", "updated_at", ...TEXT_FACTS])
    .where("id", "in", ids)
    .execute();
  const storedAt = new Map(stored.map((old) => [old.id, old.updated_at]));
  const regions = new Set(rows.filter((r) => !storedAt.has(r.id)).map((r) => r.region_id));
  if (stored.length === 0) return { changed: [], regions: [...regions], stored: storedAt };
  const grapes = await trx
    .selectFrom("wine_grapes as wg")
    .innerJoin("grapes as g", "g.id", "wg.grape_id")
    .select(["wg.wine_id", "g.name"])
    .where("wg.wine_id", "in", ids)
    .orderBy("wg.wine_id")
    .orderBy("wg.position")
    .execute();
  const storedGrapes = new Map<number, string[]>();
  for (const g of grapes) storedGrapes.set(g.wine_id, [...(storedGrapes.get(g.wine_id) ?? []), g.name]);
  const byId = new Map(rows.map((r, i) => [r.id, { row: r, grapes: [...new Set(wines[i]?.grapes ?? [])] }]));
  const changed = stored.filter((old) => {
    const next = byId.get(old.id);
    if (!next) return false;
    if (TEXT_FACTS.some((c) => String(old[c] ?? "") !== String(next.row[c] ?? ""))) return true;
    return (storedGrapes.get(old.id) ?? []).join("|") !== next.grapes.join("|");
  });
  for (const old of changed) regions.add(old.region_id).add(byId.get(old.id)?.row.region_id ?? old.region_id);
  return { changed: changed.map((old) => old.id), regions: [...regions], stored: storedAt };
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

/** What the wine parts of one catalogue write share: see {@link writeCatalogueParts}. */
interface WriteState {
  at: string;
  grapeIds: Map<string, number>;
  producers: Map<number, { display_name: string }>;
  /** Regions whose stored insights describe what this import changes (see changedWines). */
  staleInsights: Set<number>;
}

/** Writes the grapes, regions and producers of a catalogue (multi-row upserts); the wine parts' state. */
async function writeDictionaries(
  trx: Transaction<Database>,
  dictionaries: Omit<Catalogue, "wines">,
  at: string,
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
    grapeIds: ids,
    producers,
    staleInsights,
    counts: { producers: producerRows.length, regions: regionRows.length, grapes: grapeRows.length },
  };
}

/**
 * Writes one part of the wines (at most {@link WINES_PER_PART} for an import; any number works): their
 * rows, X-Wines records and grape links, each a multi-row statement per MAX_PARAMETERS, after one read
 * of their stored facts (changedWines) and, for changed wines, staleWineContent.
 * @throws Error when a wine names a producer the catalogue does not have.
 */
async function writeWinePart(
  trx: Transaction<Database>,
  state: WriteState,
  part: Catalogue["wines"],
): Promise<void> {
  const rows = part.map((w) => {
    const producer = state.producers.get(w.producerId);
    if (!producer) throw new Error(`Wine ${w.id} names unknown producer ${w.producerId}.`);
    const displayName = wineDisplayName(producer.display_name, w.name);
    return {
      id: w.id,
      name: w.name,
      display_name: displayName,
      color: w.color,
      type: w.type,
      sub_type: w.subType,
      producer_id: w.producerId,
      region_id: w.regionId,
      residual_sugar: w.residualSugar,
      abv: w.abv,
      body: w.body,
      acidity: w.acidity,
      elaboration: w.elaboration,
      foods: JSON.stringify(w.foods),
      vintages: JSON.stringify(w.vintages),
      vintage: w.vintage !== undefined ? w.vintage : (w.vintages[0] ?? null),
      flavor_sweetness: w.flavor.sweetness,
      flavor_acidity: w.flavor.acidity,
      flavor_tannins: w.flavor.tannins,
      flavor_alcohol: w.flavor.alcohol,
      flavor_body: w.flavor.body,
      flavor_finish: w.flavor.finish,
      facts_basis: "source" as const,
    };
  });
  const { changed, regions, stored } = await changedWines(trx, rows, part);
  for (const id of regions) state.staleInsights.add(id);
  // updated_at moves for a new wine and a wine whose facts changed; others keep theirs.
  const changedIds = new Set(changed);
  const dated = rows.map((r) => ({
    ...r,
    updated_at: changedIds.has(r.id) ? state.at : (stored.get(r.id) ?? state.at),
  }));
  // Their texts describe the old facts: taken away and queued to be written again in the background.
  if (changed.length > 0) await staleWineContent(trx, changed, state.at);
  for (const rowsPart of statementChunks(dated)) {
    await trx
      .insertInto("wines")
      .values(rowsPart)
      .onConflict((oc) => oc.column("id").doUpdateSet(excludedAll(rowsPart[0] as object)))
      .execute();
  }
  // The X-Wines record of each wine (the crosswalk table): its WineID, the wine id unless the wine
  // was first known from another source.
  await trx
    .insertInto("wine_sources")
    .values(
      part.map((w) => ({
        source: "xwines" as const,
        key: String(w.xwinesId ?? w.id),
        wine_id: w.id,
        status: "live" as const,
        fingerprint: "",
        updated_at: state.at,
      })),
    )
    .onConflict((oc) => oc.columns(["source", "key"]).doNothing())
    .execute();
  await trx
    .deleteFrom("wine_grapes")
    .where(
      "wine_id",
      "in",
      part.map((w) => w.id),
    )
    .execute();
  const links = part.flatMap((w) =>
    [...new Set(w.grapes)].map((name, position) => ({
      wine_id: w.id,
      grape_id: state.grapeIds.get(name) as number,
      position,
    })),
  );
  for (const linkPart of statementChunks(links))
    await trx.insertInto("wine_grapes").values(linkPart).execute();
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
 * `parts` rolls everything back). The next part is taken while one is written: two parts are held. Statements are multi-row
 * INSERTs of up to 32,766 parameters (SQLite's bound; PostgreSQL allows 65,535): per part of 1,000
 * wines about five round trips on PostgreSQL. Then the planner statistics of the tables written
 * ({@link refreshCatalogueStatistics}). See {@link writeCatalogue} for
 * what is written. `onProgress(done)` after each part.
 */
export async function writeCatalogueParts(
  db: Kysely<Database>,
  dictionaries: Omit<Catalogue, "wines">,
  parts: AsyncIterable<Catalogue["wines"]> | Iterable<Catalogue["wines"]>,
  onProgress: (done: number) => void = () => {},
): Promise<WriteCounts> {
  const at = new Date().toISOString();
  const counts = await db.transaction().execute(async (trx) => {
    const state = await writeDictionaries(trx, dictionaries, at);
    let wines = 0;
    // The next part is read (a file parsed) while this one is written: PostgreSQL works meanwhile.
    const iterator = Symbol.asyncIterator in parts ? parts[Symbol.asyncIterator]() : parts[Symbol.iterator]();
    const ahead = () => {
      const next = Promise.resolve(iterator.next());
      next.catch(() => {}); // awaited below; a failure before that is not unhandled
      return next;
    };
    try {
      for (let next = ahead(); ; ) {
        const { done, value: part } = await next;
        if (done) break;
        next = ahead();
        if (part.length === 0) continue;
        await writeWinePart(trx, state, part);
        wines += part.length;
        onProgress(wines);
      }
    } catch (error) {
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

/**
 * Writes the whole catalogue in one transaction (all or nothing) and moves the catalogue version.
 * Each wine's X-Wines record goes to `wine_sources`; `updated_at` moves for the wines it adds or
 * changes. A wine whose text facts changed (see changedWines) loses its stored texts and drinking
 * periods, queued to be written again by the job runner (stale-content.repository.ts), and a region
 * whose wines, country or names changed loses its insights (written again on demand, or by the
 * import's English generation).
 * `onProgress(done, total)` is called after each part of {@link WINES_PER_PART} wines. Caches of other
 * processes see the new version within a second; a caller in a service process then calls
 * `app.catalogueVersion.changed()` so this one's caches see it at once.
 */
export async function writeCatalogue(
  db: Kysely<Database>,
  catalogue: Catalogue,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<WriteCounts> {
  const { wines, ...dictionaries } = catalogue;
  return writeCatalogueParts(db, dictionaries, chunks(wines, WINES_PER_PART), (done) =>
    onProgress(done, wines.length),
  );
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
