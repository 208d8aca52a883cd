/**
 * The regions of wine list items, kept in memory per catalogue version: a catalogue has a few thousand
 * regions, and joining each listed wine to its region was a large share of a cold list page at
 * 300,000 wines (bench/results/load-cold.md). Filled on demand (the regions a page shows and this map lacks are
 * read in one statement) and emptied when the catalogue version moves, so a region read after an
 * import is never missing or stale past the version change.
 */
import type { SummaryRegion } from "./wines.repository.ts";

/** A region's id with what a wine summary shows of it. */
export type SummaryRegionRow = SummaryRegion & { id: number };

export class SummaryRegions {
  private version = -1;
  private readonly regions = new Map<number, SummaryRegion>();

  /** @param read the regions of these ids (those that exist). */
  constructor(private readonly read: (ids: readonly number[]) => Promise<SummaryRegionRow[]>) {}

  /**
   * The regions `ids` at catalogue `version`, by id (an id that does not exist is absent).
   * @throws the database's error when missing regions cannot be read.
   */
  async of(version: number, ids: readonly number[]): Promise<ReadonlyMap<number, SummaryRegion>> {
    if (version !== this.version) {
      this.regions.clear();
      this.version = version;
    }
    const missing = [...new Set(ids.filter((id) => !this.regions.has(id)))];
    if (missing.length === 0) return this.regions;
    const rows = await this.read(missing);
    if (version === this.version) {
      for (const { id, ...region } of rows) this.regions.set(id, region);
      return this.regions;
    }
    // The version moved while they were read (an import meanwhile): all of them afresh, not kept.
    return new Map((await this.read([...new Set(ids)])).map(({ id, ...region }) => [id, region]));
  }
}
