/**
 * The state of one source import while it reads its file (source-import.service.ts): the catalogue's
 * wines in the crosswalk and the typical styles, the records seen, and the rows collected for the
 * next write. `take` decides what one record means (docs/catalogue-sources.md, "An import, step by
 * step"); `flush` writes what is collected.
 */
import type { Transaction } from "kysely";
import { keysetPages } from "../../db/keyset-pages.ts";
import type { Database, SourceName, WineSourceTable } from "../../db/types.ts";
import { currentVintage } from "../../domain/wine/wine-style.ts";
import { Crosswalk } from "./crosswalk.ts";
import { wineDisplayName } from "./derivation.ts";
import { catalogueGrape, grapeRow } from "./grapes-data.ts";
import { type RecordFacts, recordFacts } from "./record-facts.ts";
import type { SourcePlaces } from "./source-places.ts";
import type { SourceRecord } from "./source-record.ts";
import * as repo from "./sources.repository.ts";
import { TypicalStyles } from "./typical-styles.ts";

/** The sources a source import reads. */
export type ImportedSource = Exclude<SourceName, "xwines">;

/** Counts of one source import (`winedata import --lwin/--off` prints them). */
export interface SourceImportReport {
  source: ImportedSource;
  /** Records read (not skipped). */
  records: number;
  /** New wines created from records. */
  added: number;
  /** Records whose content changed since the last release (their wine's facts rewritten where they come from it). */
  updated: number;
  unchanged: number;
  /** Records retired (deleted by the source, or left out of a full release). */
  retired: number;
  /** Wines retired because no source has them any more (410). */
  winesRetired: number;
  /** Wines merged into another (LWIN `Combined`, 301). */
  winesMerged: number;
  /** Records linked to a wine already in the catalogue. */
  linked: number;
  /** Records kept apart with a candidate for review. */
  review: number;
  /** Skipped rows by reason. */
  skipped: Record<string, number>;
  /** English texts, drinking periods and region insights written after the import. */
  generated: number;
  /** Stale texts queued to be written again. */
  restaled: number;
  milliseconds: number;
}

/** A wine row to insert, built from a record's facts. */
function wineRow(
  id: number,
  record: SourceRecord,
  facts: RecordFacts,
  producer: { id: number; display: string },
  region: { id: number; nameEn: string },
  year: number,
  at: string,
) {
  const name = record.wineName || record.appellation || record.region || "";
  const vintage = currentVintage(
    {
      ...facts,
      name,
      grapes: facts.grapes.map((g) => ({ name: g })),
      region: { names: { en: region.nameEn } },
    },
    year,
  );
  return {
    id,
    name,
    display_name: wineDisplayName(producer.display, name),
    color: facts.color,
    type: facts.type,
    sub_type: facts.subType,
    producer_id: producer.id,
    region_id: region.id,
    residual_sugar: facts.residualSugar,
    abv: facts.abv,
    body: facts.body,
    acidity: facts.acidity,
    elaboration: facts.elaboration,
    foods: JSON.stringify(facts.foods),
    vintages: JSON.stringify(facts.vintages),
    vintage,
    flavor_sweetness: facts.flavor.sweetness,
    flavor_acidity: facts.flavor.acidity,
    flavor_tannins: facts.flavor.tannins,
    flavor_alcohol: facts.flavor.alcohol,
    flavor_body: facts.flavor.body,
    flavor_finish: facts.flavor.finish,
    updated_at: at,
    facts_basis: facts.factsBasis,
  };
}

/** The import's state while it reads a file. */
export class ImportRun {
  readonly report: SourceImportReport;
  readonly places: SourcePlaces;
  readonly crosswalk = new Crosswalk();
  readonly typical = new TypicalStyles();
  /** Wines in the catalogue: their style facts (to tell a fact change from an identifier change). */
  readonly active = new Map<number, { key: string; typical: boolean }>();
  /** Wines with a live record of this source (an LWIN wine has one LWIN; a wine has many GTINs). */
  readonly ownSource = new Set<number>();
  /**
   * In an Open Food Facts import, the wines with a live LWIN record: their facts come from the LWIN
   * database, so a changed product does not rewrite them. Empty in an LWIN import.
   */
  private readonly lwinWines = new Set<number>();
  readonly seen = new Set<string>();
  readonly combined: SourceRecord[] = [];
  /** New records that could neither link nor become a wine on the first reading. */
  private readonly deferred: SourceRecord[] = [];
  readonly touched = new Set<number>();
  readonly stale = new Set<number>();
  readonly lostRecord = new Set<number>();
  readonly written = new Map<string, number>();
  private wines: ReturnType<typeof wineRow>[] = [];
  private wineGrapes: { wine_id: number; grape_id: number; position: number }[] = [];
  private records: WineSourceTable[] = [];
  private candidates: { source: SourceName; key: string; wine_id: number; score: number; reason: string }[] =
    [];
  private grapes: Map<string, number> = new Map();
  private newGrapes: ReturnType<typeof catalogueGrape>[] = [];
  dirty = false;

  constructor(
    readonly trx: Transaction<Database>,
    readonly source: ImportedSource,
    readonly stored: Map<string, repo.StoredRecord>,
    places: SourcePlaces,
    readonly at: string,
    readonly year: number,
  ) {
    this.places = places;
    this.report = {
      source,
      records: 0,
      added: 0,
      updated: 0,
      unchanged: 0,
      retired: 0,
      winesRetired: 0,
      winesMerged: 0,
      linked: 0,
      review: 0,
      skipped: {},
      generated: 0,
      restaled: 0,
      milliseconds: 0,
    };
  }

  /** Loads the catalogue's wines into the crosswalk and the typical styles, and the grape ids. */
  async load(): Promise<void> {
    for await (const page of keysetPages((after) => repo.catalogueWinePage(this.trx, after))) {
      for (const w of page) {
        this.crosswalk.add(w);
        this.active.set(w.id, { key: styleKey(w), typical: w.factsBasis === "typical" });
        if (w.factsBasis === "source") {
          this.typical.add({
            regionId: w.regionId,
            country: w.country,
            color: w.color,
            type: w.type,
            subType: w.subType,
            body: w.body as never,
            acidity: w.acidity as never,
            foods: JSON.parse(w.foods) as string[],
            residualSugar: w.residualSugar as never,
          });
        }
      }
    }
    for (const id of await repo.winesWithLiveRecord(this.trx, this.source)) this.ownSource.add(id);
    if (this.source === "off")
      for (const id of await repo.winesWithLiveRecord(this.trx, "lwin")) this.lwinWines.add(id);
    this.grapes = await repo.grapeIdsByName(this.trx);
  }

  skip(reason: string): void {
    this.report.skipped[reason] = (this.report.skipped[reason] ?? 0) + 1;
  }

  record(key: string, wineId: number, status: "live" | "retired", fingerprint: string): void {
    this.records.push({
      source: this.source,
      key,
      wine_id: wineId,
      status,
      fingerprint,
      updated_at: this.at,
    });
    this.written.set(key, wineId);
    this.dirty = true;
  }

  /** One record of the file. */
  async take(r: SourceRecord): Promise<void> {
    if (this.seen.has(r.key)) return this.skip("duplicate_key");
    this.seen.add(r.key);
    const old = this.stored.get(r.key);
    if (r.status !== "live") {
      if (!old) return this.skip("retired_before_first_import");
      this.report.records++;
      if (old.status === "retired") {
        this.report.unchanged++;
        return;
      }
      if (r.status === "combined") {
        this.combined.push(r);
        return;
      }
      this.retireRecord(r.key, old, r.fingerprint);
      return;
    }
    this.report.records++;
    const wine = old ? this.active.get(old.wineId) : undefined;
    if (old && wine && old.status === "live" && old.fingerprint === r.fingerprint) {
      this.report.unchanged++;
      return;
    }
    if (old && wine && old.status === "live") {
      this.report.updated++;
      this.record(r.key, old.wineId, "live", r.fingerprint);
      if (wine.typical && !this.lwinWines.has(old.wineId)) await this.rewrite(old.wineId, r, wine);
      return;
    }
    await this.place(r);
  }

  retireRecord(key: string, old: repo.StoredRecord, fingerprint: string): void {
    this.record(key, old.wineId, "retired", fingerprint);
    this.report.retired++;
    this.lostRecord.add(old.wineId);
    this.touched.add(old.wineId);
  }

  /** A changed record whose wine's facts come from it: the wine's facts are written again. */
  private async rewrite(
    wineId: number,
    r: SourceRecord,
    wine: { key: string; typical: boolean },
  ): Promise<void> {
    const placed = this.placeOf(r);
    if (typeof placed === "string") return this.skip(placed);
    const facts = recordFacts(r, placed.region, this.typical);
    if (!facts) return this.skip("unknown_color");
    await this.flush();
    const row = wineRow(wineId, r, facts, placed.producer, placed.region, this.year, this.at);
    const { id: _id, ...changes } = row;
    await repo.updateWine(this.trx, wineId, changes, await this.grapeIds(facts));
    const key = styleKey({
      ...row,
      subType: row.sub_type,
      regionId: row.region_id,
      producerId: row.producer_id,
    });
    if (key !== wine.key) this.stale.add(wineId);
    this.active.set(wineId, { key, typical: facts.factsBasis === "typical" });
  }

  /** Producer and region of a record (new ones allocated), or why it has none (a skip reason). */
  private placeOf(r: SourceRecord) {
    if (r.producer.name === "") return "missing_name";
    const regionId = this.places.region(r.appellation, r.region, r.country);
    const region = regionId === null ? undefined : this.places.regionOf(regionId);
    if (regionId === null || !region) return "unknown_region";
    const producerId = this.places.producer(r.producer.name, r.producer.title);
    const producer = this.places.producerOf(producerId) ?? {
      name: r.producer.name,
      title: r.producer.title,
      display: r.producer.title ? `${r.producer.title} ${r.producer.name}` : r.producer.name,
    };
    return {
      producer: { id: producerId, ...producer },
      region: { id: regionId, nameEn: region.nameEn, names: region.names, country: region.country },
    };
  }

  /**
   * A record new to the catalogue: linked to the wine it is, or a new wine. One that can be neither
   * (no producer, no place, no colour) is tried again once the whole file is read (`retryDeferred`):
   * a wine a later record of the same file creates may be the one it is, and a re-import of the
   * same file must find nothing new to link.
   */
  private async place(r: SourceRecord, last = false): Promise<void> {
    const accept = (id: number) => this.active.has(id) && (this.source === "off" || !this.ownSource.has(id));
    const decision = this.crosswalk.match(r, accept);
    if (decision.kind === "link") {
      this.record(r.key, decision.wineId, "live", r.fingerprint);
      this.ownSource.add(decision.wineId);
      this.touched.add(decision.wineId);
      this.report.linked++;
      return;
    }
    const placed = this.placeOf(r);
    const facts = typeof placed === "string" ? null : recordFacts(r, placed.region, this.typical);
    if (typeof placed === "string" || !facts) {
      if (!last) this.deferred.push(r);
      else this.skip(typeof placed === "string" ? placed : "unknown_color");
      return;
    }
    const id = this.places.wineId();
    const row = wineRow(id, r, facts, placed.producer, placed.region, this.year, this.at);
    this.wines.push(row);
    const grapeIds = await this.grapeIds(facts);
    for (const [position, grape_id] of grapeIds.entries())
      this.wineGrapes.push({ wine_id: id, grape_id, position });
    this.record(r.key, id, "live", r.fingerprint);
    // As a later import loads it from the database: the catalogue's producer, the region's names.
    this.crosswalk.add({
      id,
      producerName: placed.producer.name,
      producerTitle: placed.producer.title,
      name: row.name,
      color: row.color,
      type: row.type,
      subType: row.sub_type,
      region: placed.region.nameEn,
      regionNames: placed.region.names,
      country: placed.region.country,
    });
    this.active.set(id, {
      key: styleKey({ ...row, subType: row.sub_type, regionId: row.region_id, producerId: row.producer_id }),
      typical: facts.factsBasis === "typical",
    });
    this.ownSource.add(id);
    this.report.added++;
    if (decision.kind === "review") {
      this.candidates.push({
        source: this.source,
        key: r.key,
        wine_id: decision.wineId,
        score: decision.score,
        reason: decision.reason,
      });
      this.report.review++;
    }
    if (this.wines.length >= 1000) await this.flush();
  }

  /** Tries the deferred records again, now that every wine of the file is in the crosswalk. */
  async retryDeferred(): Promise<void> {
    for (const r of this.deferred.splice(0)) await this.place(r, true);
  }

  /** Grape ids of a wine's facts, new grapes allocated (the next id after the highest). */
  private async grapeIds(facts: RecordFacts): Promise<number[]> {
    return facts.grapes.map((name) => {
      const known = this.grapes.get(name);
      if (known !== undefined) return known;
      const id = Math.max(0, ...this.grapes.values()) + 1;
      this.grapes.set(name, id);
      this.newGrapes.push(catalogueGrape(name, facts.color === "white" ? "white" : "red"));
      return id;
    });
  }

  /** Writes what is collected: producers, regions, grapes, wines and their grapes, records, candidates. */
  async flush(): Promise<void> {
    const { producers, regions } = this.places.flush();
    await repo.insertRows(this.trx, "producers", producers);
    await repo.insertRows(this.trx, "regions", regions);
    const grapes = this.newGrapes.splice(0).map((g) => grapeRow(this.grapes.get(g.name) as number, g));
    await repo.insertRows(this.trx, "grapes", grapes);
    await repo.insertRows(this.trx, "wines", this.wines.splice(0));
    await repo.insertRows(this.trx, "wine_grapes", this.wineGrapes.splice(0));
    await repo.upsertRecords(this.trx, this.records.splice(0));
    await repo.addLinkCandidates(this.trx, this.candidates.splice(0), this.at);
  }
}

/** The facts of a wine whose change means its texts describe something else. */
function styleKey(w: {
  name: string;
  color: string;
  type: string;
  subType: string;
  regionId: number;
  producerId: number;
  body: string;
  acidity: string;
  residualSugar?: string | null;
  residual_sugar?: string | null;
}): string {
  return [
    w.name,
    w.color,
    w.type,
    w.subType,
    w.regionId,
    w.producerId,
    w.body,
    w.acidity,
    w.residualSugar ?? w.residual_sugar,
  ].join("|");
}
