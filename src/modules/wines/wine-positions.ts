/**
 * The wine list without a producer filter, paged from memory: every wine's id in id order with its
 * colour, sub-type and region (typed arrays: about ten bytes per wine) and its list item's columns
 * (wine-list-columns.ts), loaded once per catalogue version (read in pages with the event loop free
 * between them on the first such list after a start or an import, since one read of every row would
 * hold it); per colour/sub-type filter the matching ids,
 * derived on first use; and the ids grouped by region (each region's in id order), built once per
 * version on the first list by region. A count is an array length (or, within a region, a walk of its
 * few thousand kinds at most) and a page deep in the list an array slice, where SQL would walk an
 * index up to the page (`OFFSET`) and count by scanning it, which grows with the catalogue
 * (bench/results/load.md and load-cold.md, the list rows).
 */
import { setImmediate as turn } from "node:timers/promises";
import { COLORS, type Color, SUB_TYPES, type SubType } from "../../domain/vocabulary.ts";
import {
  type ProducerNames,
  type WineListColumns,
  WineListColumnsBuilder,
  type WineListSource,
} from "./wine-list-columns.ts";
import type { WineListRow } from "./wines.repository.ts";

/** Wines grouped by region: region `r`'s are `ids[from] … ids[to - 1]` with `ranges.get(r) = { from, to }`. */
interface ByRegion {
  ranges: Map<number, { from: number; to: number }>;
  ids: Int32Array;
  kinds: Uint8Array;
}

/** Ids in id order with their kind (colour index × 2 + sub-type index; 255 = neither known) and region. */
interface Loaded {
  version: number;
  ids: Int32Array;
  kinds: Uint8Array;
  regions: Int32Array;
  /** Derived id lists per `color|subType` filter. */
  lists: Map<string, Int32Array>;
  byRegion: ByRegion | null;
  /** Every wine's list item columns. */
  columns: WineListColumns;
}

/** What a list is filtered by (each optional). */
export interface PositionFilters {
  color?: Color;
  subType?: SubType;
  regionId?: number;
}

const kindOf = (color: string, subType: string) => {
  const c = (COLORS as readonly string[]).indexOf(color);
  const s = (SUB_TYPES as readonly string[]).indexOf(subType);
  return c < 0 || s < 0 ? 255 : c * SUB_TYPES.length + s;
};

/** Which kinds (`kindOf`) pass a colour/sub-type filter: 1 at each accepted kind. */
function acceptedKinds(color: Color | undefined, subType: SubType | undefined): Uint8Array {
  const accepted = new Uint8Array(256);
  COLORS.forEach((c) => {
    SUB_TYPES.forEach((s) => {
      if ((color === undefined || c === color) && (subType === undefined || s === subType)) {
        accepted[kindOf(c, s)] = 1;
      }
    });
  });
  return accepted;
}

/** The wines of `loaded` grouped by region (a counting sort: each region's wines stay in id order). */
function groupByRegion(loaded: Loaded): ByRegion {
  const counts = new Map<number, number>();
  for (const r of loaded.regions) counts.set(r, (counts.get(r) ?? 0) + 1);
  const ranges = new Map<number, { from: number; to: number }>();
  let at = 0;
  for (const [r, n] of counts) {
    ranges.set(r, { from: at, to: at }); // `to` moves up as the region's wines are placed
    at += n;
  }
  const ids = new Int32Array(loaded.ids.length);
  const kinds = new Uint8Array(loaded.ids.length);
  loaded.regions.forEach((r, i) => {
    const range = ranges.get(r) as { from: number; to: number };
    ids[range.to] = loaded.ids[i] as number;
    kinds[range.to] = loaded.kinds[i] as number;
    range.to++;
  });
  return { ranges, ids, kinds };
}

/** Positions of wines in the unfiltered, colour/sub-type and region filtered lists. */
export class WinePositions {
  private loaded: Loaded | null = null;
  private pending: { version: number; loaded: Promise<Loaded> } | null = null;

  /**
   * @param load every wine's list columns, in id order, in pages.
   * @param loadProducers every producer's names, in pages.
   */
  constructor(
    private readonly load: () => AsyncIterable<WineListSource[]>,
    private readonly loadProducers: () => AsyncIterable<ProducerNames[]>,
  ) {}

  /** Loads the positions of catalogue `version` ahead of the first list that needs them. */
  async prepare(version: number): Promise<void> {
    await this.at(version);
  }

  /**
   * How many wines match `filters` at catalogue `version`, and the ids at positions `offset` …
   * `offset + limit - 1` of their list in id order (fewer past the end).
   */
  async page(
    version: number,
    filters: PositionFilters,
    offset: number,
    limit: number,
  ): Promise<{ total: number; ids: number[] }> {
    const loaded = await this.at(version);
    if (filters.regionId !== undefined) return this.regionPage(loaded, filters, offset, limit);
    const list = this.list(loaded, filters.color, filters.subType);
    return { total: list.length, ids: Array.from(list.subarray(offset, offset + limit)) };
  }

  /**
   * The list rows of wines `ids` at catalogue `version`, from memory, in the order of `ids` (a wine
   * not in that version is left out).
   */
  async rows(version: number, ids: readonly number[]): Promise<WineListRow[]> {
    return (await this.at(version)).columns.rows(ids);
  }

  /** A page of one region's wines, filtered by kind by a walk of that region's wines. */
  private regionPage(
    loaded: Loaded,
    { color, subType, regionId }: PositionFilters,
    offset: number,
    limit: number,
  ): { total: number; ids: number[] } {
    loaded.byRegion ??= groupByRegion(loaded);
    const { ranges, ids, kinds } = loaded.byRegion;
    const range = ranges.get(regionId as number);
    if (range === undefined) return { total: 0, ids: [] };
    const { from, to } = range;
    if (color === undefined && subType === undefined) {
      return {
        total: to - from,
        ids: Array.from(ids.subarray(from + offset, Math.min(to, from + offset + limit))),
      };
    }
    const accepted = acceptedKinds(color, subType);
    const page: number[] = [];
    let total = 0;
    for (let i = from; i < to; i++) {
      if (accepted[kinds[i] as number] !== 1) continue;
      if (total >= offset && page.length < limit) page.push(ids[i] as number);
      total++;
    }
    return { total, ids: page };
  }
  private at(version: number): Promise<Loaded> | Loaded {
    if (this.loaded?.version === version) return this.loaded;
    if (this.pending?.version === version) return this.pending.loaded;
    const loaded = this.read(version)
      .then((result) => {
        if (this.pending?.loaded === loaded) this.loaded = result;
        return result;
      })
      .finally(() => {
        if (this.pending?.loaded === loaded) this.pending = null;
      });
    this.pending = { version, loaded };
    return loaded;
  }

  /**
   * Reads every page, letting other work run between pages, into one id, one kind and one region
   * array and the list columns; then the producers' names.
   */
  private async read(version: number): Promise<Loaded> {
    const columns = new WineListColumnsBuilder();
    const idPages: Int32Array[] = [];
    const kindPages: Uint8Array[] = [];
    const regionPages: Int32Array[] = [];
    let total = 0;
    for await (const rows of this.load()) {
      const ids = new Int32Array(rows.length);
      const kinds = new Uint8Array(rows.length);
      const regions = new Int32Array(rows.length);
      rows.forEach((row, i) => {
        ids[i] = row.id;
        kinds[i] = kindOf(row.color, row.sub_type);
        regions[i] = row.region_id;
        columns.add(row);
      });
      idPages.push(ids);
      kindPages.push(kinds);
      regionPages.push(regions);
      total += rows.length;
      await turn(); // requests waiting meanwhile are served between pages
    }
    const ids = new Int32Array(total);
    const kinds = new Uint8Array(total);
    const regions = new Int32Array(total);
    let at = 0;
    idPages.forEach((page, i) => {
      ids.set(page, at);
      kinds.set(kindPages[i] as Uint8Array, at);
      regions.set(regionPages[i] as Int32Array, at);
      at += page.length;
    });
    const producers: ProducerNames[] = [];
    for await (const rows of this.loadProducers()) {
      producers.push(...rows);
      await turn();
    }
    const built = columns.build(ids, regions, producers);
    return { version, ids, kinds, regions, lists: new Map(), byRegion: null, columns: built };
  }

  private list(loaded: Loaded, color: Color | undefined, subType: SubType | undefined): Int32Array {
    if (color === undefined && subType === undefined) return loaded.ids;
    const name = `${color ?? ""}|${subType ?? ""}`;
    let list = loaded.lists.get(name);
    if (list === undefined) {
      const accepted = acceptedKinds(color, subType);
      let n = 0;
      for (const kind of loaded.kinds) n += accepted[kind] as number;
      const out = new Int32Array(n);
      let j = 0;
      loaded.kinds.forEach((kind, i) => {
        if (accepted[kind] === 1) out[j++] = loaded.ids[i] as number;
      });
      loaded.lists.set(name, out);
      list = out;
    }
    return list;
  }
}
