/**
 * Producers and regions of imported source records: the catalogue's own when it already has them
 * (compared folded: "Chateau Leoville Las Cases" is the catalogue's "Château Léoville Las Cases",
 * "Cotes du Rhone" its "Côtes du Rhône"), else new ones with a newly allocated id. Sources without
 * diacritics (the LWIN database writes "Chateau", "Spatlese") get the proper spelling back only
 * where a table of this project knows it — the catalogue's producers and regions, the region-name
 * table (region-name-translations.ts), the appellation rules (domain/wine/appellation-rules.ts) and the
 * estate titles (derivation.ts PRODUCER_TITLES) — never by guessing.
 */
import type { ProducerTable, RegionTable } from "../../db/types.ts";
import { fold } from "../../domain/text-folding.ts";
import type { Localized } from "../../domain/vocabulary.ts";
import { appellationRules } from "../../domain/wine/appellation-rules.ts";
import { PRODUCER_TITLES } from "./derivation.ts";
import { REGION_NAME_TABLE, regionNames } from "./region-name-translations.ts";

/** Allocates ids: hands out `next` and counts up (the caller stores the counter). */
export interface IdAllocator {
  next: Record<"wine" | "producer" | "region", number>;
}

function allocate(ids: IdAllocator, kind: "wine" | "producer" | "region"): number {
  const id = ids.next[kind];
  ids.next[kind] = id + 1;
  return id;
}

/** Proper spellings of titles: folded → the accented form where one exists ("chateau" → "Château"). */
const TITLE_SPELLING = new Map<string, string>();
for (const title of PRODUCER_TITLES) {
  const key = fold(title);
  const known = TITLE_SPELLING.get(key);
  // Prefer the spelling with diacritics ("Château" over "Chateau").
  if (!known || (known === fold(known) && title !== title.normalize("NFD").replace(/\p{M}+/gu, "")))
    TITLE_SPELLING.set(key, title);
}

/** Known region spellings: folded name → localized names. */
function knownRegionNames(): Map<string, Localized> {
  const known = new Map<string, Localized>();
  for (const source of REGION_NAME_TABLE.keys()) {
    const names = regionNames(source);
    for (const name of [source, ...Object.values(names)]) {
      if (!known.has(fold(name))) known.set(fold(name), names);
    }
  }
  for (const rule of appellationRules()) {
    for (const name of [rule.region, ...(rule.aliases ?? [])]) {
      if (!known.has(fold(name))) known.set(fold(name), regionNames(name));
    }
  }
  return known;
}

/**
 * Resolves producers and regions of records to ids, creating what the catalogue lacks. Built from
 * the catalogue's producers and regions; collects the new rows for the caller to insert.
 */
export class SourcePlaces {
  private readonly producers = new Map<string, { id: number; title: string | null }[]>();
  private readonly named = new Map<number, { name: string; title: string | null; display: string }>();
  private readonly regions = new Map<string, number>();
  private readonly regionEn = new Map<number, { nameEn: string; names: string[]; country: string }>();
  private readonly known = knownRegionNames();
  readonly newProducers: ProducerTable[] = [];
  readonly newRegions: RegionTable[] = [];

  constructor(
    producers: readonly { id: number; name: string; title: string | null; display_name: string }[],
    regions: readonly Omit<RegionTable, "search_text">[],
    private readonly ids: IdAllocator,
  ) {
    for (const p of producers) this.addProducer(Number(p.id), p.name, p.title, p.display_name);
    for (const r of regions)
      this.addRegion(Number(r.id), r.country, [r.name_en, r.name_de, r.name_fr, r.name_it]);
  }

  private addProducer(id: number, name: string, title: string | null, display: string) {
    this.named.set(id, { name, title, display });
    const key = fold(name);
    const list = this.producers.get(key);
    if (list) list.push({ id, title });
    else this.producers.set(key, [{ id, title }]);
  }

  private addRegion(id: number, country: string, names: string[]) {
    this.regionEn.set(id, { nameEn: names[0] ?? "", names: names.slice(1, 4), country });
    for (const name of names) {
      const key = `${country}|${fold(name)}`;
      if (!this.regions.has(key)) this.regions.set(key, id);
    }
  }

  /**
   * The producer id of `name` + `title`: the catalogue's producer of the same folded name whose
   * title agrees (same folded title, or either has none), else a new producer with the title's
   * proper spelling.
   */
  producer(name: string, title: string | null): number {
    const list = this.producers.get(fold(name)) ?? [];
    const wanted = title === null ? null : fold(title);
    const found =
      list.find((p) => (p.title === null ? null : fold(p.title)) === wanted) ??
      list.find((p) => p.title === null || wanted === null);
    if (found) return found.id;
    const id = allocate(this.ids, "producer");
    const properTitle = title === null ? null : (TITLE_SPELLING.get(fold(title)) ?? title);
    const display = properTitle ? `${properTitle} ${name}` : name;
    this.newProducers.push({
      id,
      name,
      title: properTitle,
      display_name: display,
      website: null,
      search_text: fold(display),
    });
    this.addProducer(id, name, properTitle, display);
    return id;
  }

  /**
   * The region id of a record: its appellation when it names one, else its region, in `country`:
   * the catalogue's region of that folded name in any language, else a new region named from the
   * known spellings (or as the source writes it). Null when neither name nor country is known.
   */
  region(appellation: string | null, region: string | null, country: string | null): number | null {
    if (country === null) return null;
    for (const name of [appellation, region]) {
      if (!name) continue;
      const found = this.regions.get(`${country}|${fold(name)}`);
      if (found !== undefined) return found;
    }
    const name = appellation || region;
    if (!name) return null;
    const names = this.known.get(fold(name)) ?? regionNames(name);
    const id = allocate(this.ids, "region");
    this.newRegions.push({
      id,
      country,
      name_de: names.de,
      name_en: names.en,
      name_fr: names.fr,
      name_it: names.it,
      search_text: fold([...new Set(Object.values(names))].join(" ")),
    });
    this.addRegion(id, country, [names.en, names.de, names.fr, names.it, name]);
    return id;
  }

  /** Name, title and display name (title + name) of a producer known here. */
  producerOf(id: number): { name: string; title: string | null; display: string } | undefined {
    return this.named.get(id);
  }

  /** English name, the other languages' names (German, French, Italian) and country of a region known here. */
  regionOf(id: number): { nameEn: string; names: string[]; country: string } | undefined {
    return this.regionEn.get(id);
  }

  /** Allocates a wine id. */
  wineId(): number {
    return allocate(this.ids, "wine");
  }

  /** Empties the collected new rows (after the caller inserted them). */
  flush(): { producers: ProducerTable[]; regions: RegionTable[] } {
    const out = { producers: this.newProducers.splice(0), regions: this.newRegions.splice(0) };
    return out;
  }
}
