/**
 * One wine across sources for X-Wines releases: an X-Wines wine new to the catalogue that is a wine
 * first known from another source (the LWIN database, Open Food Facts) is that wine. It keeps that
 * wine's id (ids are stable) and brings its X-Wines facts (grapes, alcohol, body, acidity: the wine's
 * own, `facts_basis` `source`); its WineID is recorded as its X-Wines identifier.
 */
import type { Kysely } from "kysely";
import { keysetPages } from "../../db/keyset-pages.ts";
import type { Database } from "../../db/types.ts";
import type { Catalogue } from "../../domain/vocabulary.ts";
import { Crosswalk } from "./crosswalk.ts";
import type { SourceRecord } from "./source-record.ts";
import * as repo from "./sources.repository.ts";

/**
 * `catalogue` with each new X-Wines wine the crosswalk links (sure links only) renumbered to the wine
 * it is, its WineID kept in `xwinesId`. Wines X-Wines already had, and catalogues without any wine
 * from another source, come back unchanged. Reads only.
 */
export async function linkNewXWines(db: Kysely<Database>, catalogue: Catalogue): Promise<Catalogue> {
  const known = await repo.storedRecords(db, "xwines");
  const fresh = catalogue.wines.filter((w) => !known.has(String(w.id)));
  if (fresh.length === 0) return catalogue;
  const withXWines = await repo.winesWithLiveRecord(db, "xwines");
  const crosswalk = new Crosswalk();
  let candidates = 0;
  for await (const page of keysetPages((after) => repo.catalogueWinePage(db, after))) {
    for (const w of page) {
      if (withXWines.has(w.id)) continue;
      crosswalk.add({
        id: w.id,
        producerName: w.producerName,
        producerTitle: w.producerTitle,
        name: w.name,
        color: w.color,
        type: w.type,
        subType: w.subType,
        region: w.regionEn,
        regionNames: w.regionOtherNames,
        country: w.country,
      });
      candidates++;
    }
  }
  if (candidates === 0) return catalogue;
  const producers = new Map(catalogue.producers.map((p) => [p.id, p]));
  const regions = new Map(catalogue.regions.map((r) => [r.id, r]));
  const taken = new Set<number>();
  const renumbered = new Map<number, number>();
  for (const w of fresh) {
    const producer = producers.get(w.producerId);
    const region = regions.get(w.regionId);
    if (!producer || !region) continue;
    const record: SourceRecord = {
      source: "xwines",
      key: String(w.id),
      status: "live",
      combinedInto: null,
      producer: { name: producer.name, title: producer.title },
      wineName: w.name,
      color: w.color,
      type: w.type,
      subType: w.subType,
      country: region.country,
      region: region.names.en,
      appellation: region.names.en,
      classification: null,
      gtins: [],
      grapes: w.grapes,
      abv: w.abv,
      vintage: null,
      fingerprint: "",
    };
    const decision = crosswalk.match(record, (id) => !taken.has(id));
    if (decision.kind !== "link") continue;
    taken.add(decision.wineId);
    renumbered.set(w.id, decision.wineId);
  }
  if (renumbered.size === 0) return catalogue;
  return {
    ...catalogue,
    wines: catalogue.wines.map((w) => {
      const id = renumbered.get(w.id);
      return id === undefined ? w : { ...w, id, xwinesId: w.id };
    }),
  };
}
