/**
 * The wine list without a region or producer filter, paged from memory: every wine's id in id order
 * with its colour and sub-type, loaded once per catalogue version (typed arrays: a few bytes per wine;
 * read in pages with the event loop free between them on the first such list after a start or an
 * import, since one read of every row would hold it), and per colour/sub-type filter the matching
 * ids, derived on first use. A count is an array length and a page deep in the list an array slice,
 * where SQL would walk the index up to the page (`OFFSET`) and count by scanning it, which grows with
 * the catalogue (bench/results/load.md, the list rows).
 */
import { setImmediate as turn } from "node:timers/promises";
import { COLORS, type Color, SUB_TYPES, type SubType } from "../../domain/vocabulary.ts";

/** One wine as loaded: id, colour, sub-type. */
export interface WineKind {
  id: number;
  color: string;
  sub_type: string;
}

/** Ids in id order with their kind (colour index × 2 + sub-type index; 255 = neither known). */
interface Loaded {
  version: number;
  ids: Int32Array;
  kinds: Uint8Array;
  /** Derived id lists per `color|subType` filter. */
  lists: Map<string, Int32Array>;
}

const kindOf = (color: string, subType: string) => {
  const c = (COLORS as readonly string[]).indexOf(color);
  const s = (SUB_TYPES as readonly string[]).indexOf(subType);
  return c < 0 || s < 0 ? 255 : c * SUB_TYPES.length + s;
};

/** Positions of wines in the unfiltered and colour/sub-type filtered lists. */
export class WinePositions {
  private loaded: Loaded | null = null;
  private pending: { version: number; loaded: Promise<Loaded> } | null = null;

  /** @param load every wine's id, colour and sub-type, in id order, in pages. */
  constructor(private readonly load: () => AsyncIterable<WineKind[]>) {}

  /** Loads the positions of catalogue `version` ahead of the first list that needs them. */
  async prepare(version: number): Promise<void> {
    await this.at(version);
  }

  /**
   * How many wines match `color`/`subType` (either may be absent) at catalogue `version`, and the
   * ids at positions `offset` … `offset + limit - 1` (fewer past the end).
   */
  async page(
    version: number,
    color: Color | undefined,
    subType: SubType | undefined,
    offset: number,
    limit: number,
  ): Promise<{ total: number; ids: number[] }> {
    const loaded = await this.at(version);
    const list = this.list(loaded, color, subType);
    return { total: list.length, ids: Array.from(list.subarray(offset, offset + limit)) };
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

  /** Reads every page, letting other work run between pages, into one id and one kind array. */
  private async read(version: number): Promise<Loaded> {
    const idPages: Int32Array[] = [];
    const kindPages: Uint8Array[] = [];
    let total = 0;
    for await (const rows of this.load()) {
      const ids = new Int32Array(rows.length);
      const kinds = new Uint8Array(rows.length);
      rows.forEach((row, i) => {
        ids[i] = row.id;
        kinds[i] = kindOf(row.color, row.sub_type);
      });
      idPages.push(ids);
      kindPages.push(kinds);
      total += rows.length;
      await turn(); // requests waiting meanwhile are served between pages
    }
    const ids = new Int32Array(total);
    const kinds = new Uint8Array(total);
    let at = 0;
    idPages.forEach((page, i) => {
      ids.set(page, at);
      kinds.set(kindPages[i] as Uint8Array, at);
      at += page.length;
    });
    return { version, ids, kinds, lists: new Map() };
  }

  private list(loaded: Loaded, color: Color | undefined, subType: SubType | undefined): Int32Array {
    if (color === undefined && subType === undefined) return loaded.ids;
    const name = `${color ?? ""}|${subType ?? ""}`;
    let list = loaded.lists.get(name);
    if (list === undefined) {
      const accepted = new Uint8Array(256);
      COLORS.forEach((c) => {
        SUB_TYPES.forEach((s) => {
          if ((color === undefined || c === color) && (subType === undefined || s === subType)) {
            accepted[kindOf(c, s)] = 1;
          }
        });
      });
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
