/**
 * The wine parts of a catalogue write (catalogue.repository.ts writeCatalogueParts): each part's
 * stored facts read and its statements compiled ({@link prepareWinePart}), then written
 * ({@link writeWinePart}).
 */
import type { CompiledQuery, Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types.ts";
import type { Catalogue } from "../../domain/vocabulary.ts";
import { wineDisplayName } from "./derivation.ts";
import { excludedAll, statementChunks } from "./statement-chunks.ts";

/**
 * Takes away the stored texts of wines whose facts changed and queues them to be written again, in
 * the write's transaction (the content module's `staleWineContent`, content.service.ts, passed in by
 * catalogue.service.ts so that this repository holds only its own SQL). `at`: ISO 8601 UTC.
 * @returns the number of generation jobs queued.
 */
export type StaleContent = (trx: Kysely<Database>, wineIds: number[], at: string) => Promise<number>;

/** What the wine parts of one catalogue write share (catalogue.repository.ts writeCatalogueParts). */
export interface WriteState {
  at: string;
  /** Called with each part's changed wines before its upserts. */
  staleContent: StaleContent;
  grapeIds: Map<string, number>;
  producers: Map<number, { display_name: string }>;
  /** Regions whose stored insights describe what this import changes (see changedWines). */
  staleInsights: Set<number>;
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

/**
 * One part of the wines (at most {@link WINES_PER_PART} for an import; any number works) read and
 * compiled, ready to be written by {@link writeWinePart}: its rows after one read of their stored facts
 * (changedWines), and its statements — the wines, X-Wines records and grape links, each a multi-row
 * statement per MAX_PARAMETERS.
 */
export interface PreparedPart {
  wines: number;
  /** Wines whose stored texts describe other facts (`staleContent` before the upserts). */
  changed: number[];
  statements: CompiledQuery[];
}

/**
 * Reads the stored facts of `part`'s wines and compiles its statements (see {@link PreparedPart}).
 * Adds the regions whose insights the part changes to `state.staleInsights`. Reads and writes only
 * the part's own wines, so it may run while another part's statements are being written.
 * @throws Error when a wine names a producer the catalogue does not have.
 */
export async function prepareWinePart(
  trx: Transaction<Database>,
  state: WriteState,
  part: Catalogue["wines"],
): Promise<PreparedPart> {
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
  const statements = statementChunks(dated).map((rowsPart) =>
    trx
      .insertInto("wines")
      .values(rowsPart)
      .onConflict((oc) => oc.column("id").doUpdateSet(excludedAll(rowsPart[0] as object)))
      .compile(),
  );
  // The X-Wines record of each wine (the crosswalk table): its WineID, the wine id unless the wine
  // was first known from another source.
  statements.push(
    trx
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
      .compile(),
    trx
      .deleteFrom("wine_grapes")
      .where(
        "wine_id",
        "in",
        part.map((w) => w.id),
      )
      .compile(),
  );
  const links = part.flatMap((w) =>
    [...new Set(w.grapes)].map((name, position) => ({
      wine_id: w.id,
      grape_id: state.grapeIds.get(name) as number,
      position,
    })),
  );
  for (const linkPart of statementChunks(links))
    statements.push(trx.insertInto("wine_grapes").values(linkPart).compile());
  return { wines: part.length, changed, statements };
}

/** Writes a part {@link prepareWinePart} read: `staleContent` for its changed wines, then its statements. */
export async function writeWinePart(
  trx: Transaction<Database>,
  state: WriteState,
  prepared: PreparedPart,
): Promise<void> {
  // Their texts describe the old facts: taken away and queued to be written again in the background.
  if (prepared.changed.length > 0) await state.staleContent(trx, prepared.changed, state.at);
  for (const statement of prepared.statements) await trx.executeQuery(statement);
}
