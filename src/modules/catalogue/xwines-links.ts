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
  const link = await xwinesLinker(db, catalogue, new Set(catalogue.wines.map((w) => w.id)));
  return { ...catalogue, wines: link(catalogue.wines) };
}

/**
 * The linking of {@link linkNewXWines} for a file read in parts: built once from the database before
 * the import writes anything (the wines of other sources, the X-Wines records stored), given the
 * file's producers, regions and every WineID (`wineIds`). The function it returns takes the file's
 * wines part by part, in file order, and returns each part with the linked wines renumbered (a wine
 * taken by an earlier part is not taken again). Without a new wine or a wine of another source it is
 * the identity, and nothing is held. Reads only.
 */
export async function xwinesLinker(
  db: Kysely<Database>,
  dictionaries: Pick<Catalogue, "producers" | "regions">,
  wineIds: ReadonlySet<number>,
): Promise<(wines: Catalogue["wines"]) => Catalogue["wines"]> {
  const identity = (wines: Catalogue["wines"]) => wines;
  const known = await repo.storedKeys(db, "xwines");
  let fresh = false;
  for (const id of wineIds) if (!known.has(String(id))) fresh = true;
  if (!fresh) return identity;
  const withXWines = await repo.winesWithLiveRecord(db, "xwines");
  const crosswalk = new Crosswalk();
  let candidates = 0;
  for await (const page of keysetPages((after) => repo.catalogueWinePage(db, after))) {
    for (const w of page) {
      if (withXWines.has(w.id)) continue;
      crosswalk.add(w);
      candidates++;
    }
  }
  if (candidates === 0) return identity;
  const producers = new Map(dictionaries.producers.map((p) => [p.id, p]));
  const regions = new Map(dictionaries.regions.map((r) => [r.id, r]));
  const taken = new Set<number>();
  return (wines) =>
    wines.map((w) => {
      if (known.has(String(w.id))) return w;
      const producer = producers.get(w.producerId);
      const region = regions.get(w.regionId);
      if (!producer || !region) return w;
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
      if (decision.kind !== "link") return w;
      taken.add(decision.wineId);
      return { ...w, id: decision.wineId, xwinesId: w.id };
    });
}
