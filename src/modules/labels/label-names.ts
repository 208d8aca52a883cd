/**
 * The names a label can be recognised by when its text as a whole fits no wine well (issue 36,
 * "never empty when something was read"): each producer's full name and each region's (appellation's)
 * names, as folded word sequences, with the wines that carry them. A name is found on a label only as
 * whole words in a row ({@link NameIndex.find}): "mata" is not found in "…MATARO…", and "Esporão" is
 * found in "ESPORAO" (folding removes accents and case, text-folding.ts).
 *
 * Which names count (decided once, at {@link NameIndex.seal}, from the catalogue itself):
 * - a producer by its display name ("Château Chemin Royal") and by its name without the estate title
 *   ("Chemin Royal"); estate titles are the words a display name has beyond its name, over the whole
 *   catalogue ("chateau", "domaine", "casa", …);
 * - a name of one word counts only when that word is distinctive: {@link MIN_WORD} letters or more,
 *   no title, no word printed on labels of every kind (FURNITURE in label-words.ts), in fewer than
 *   {@link COMMON_PRODUCERS} producers' names (or {@link COMMON_SHARE} of them in a large catalogue):
 *   "Baron" or "Château" alone is no producer; and, for a producer, no region's name ("Margaux" alone
 *   is the appellation; "Château Margaux" is the estate);
 * - a name of several words counts when one of its words is distinctive or two of them are neither
 *   titles, particles nor such common words ("Louis Latour");
 * - a region name counts when it names at most {@link REGION_SHARE} of the catalogue's wines (a name on
 *   a fifth of the wines says little of which wine a label shows) and, as one word, is distinctive as
 *   above.
 */
import { fold } from "../../domain/text-folding.ts";
import { FURNITURE, PARTICLES as NAME_PARTICLES } from "./label-words.ts";

/** Shortest word that can be a name by itself. */
const MIN_WORD = 4;
/** A word in this many producers' names (or more) is common: no producer by itself. */
const COMMON_PRODUCERS = 3;
/** …or in this share of the producers of a large catalogue (one in a thousand). */
const COMMON_SHARE = 0.001;
/**
 * Largest share of the catalogue's wines a region name may hold to count: beyond one in fifty it is
 * a region ("Champagne", "Napa Valley", "Mendoza" at 1k) rather than an appellation that narrows the
 * wine. Tried with bench/label-matcher.ts's simulation at 1k, counting these candidates too (3,000
 * labels of its 150 left-out wines; 2,000 labels of known wines): 5 %, 2 % and 1 % leave 86 %, 85 %
 * and 84 % of the left-out wines' labels with candidates (73 % before names counted), and put the
 * right wine first for 9, 8 and 7 known labels that had no candidate.
 */
const REGION_SHARE = 0.02;
/** Longest name looked for, in words. */
const MAX_NAME_WORDS = 8;
/** Particles before names, folded: label-words.ts PARTICLES and the articles and elided forms names also begin with. */
const PARTICLES = new Set([...NAME_PARTICLES, "les", "los", "las", "the", "d", "l", "s"]);

/** What the names found on a label point to: the producers' wines, or else the regions' (document numbers). */
export interface NamedWines {
  by: "producer" | "region";
  /** The names found, folded, as printed on the label. */
  names: string[];
  /** The wines, as the matcher's document numbers, ascending. */
  docs: number[];
}

/** One producer while adding: its display name, its name without title, and its wines. */
interface Producer {
  display: string;
  name: string;
  docs: number[];
}

/** A name found on a label: words `from` to `to` (exclusive) of the label's words. */
interface Found {
  key: string;
  from: number;
  to: number;
}

export class NameIndex {
  /** While adding (emptied by {@link seal}). */
  private producerList = new Map<string, Producer>();
  private regionList = new Map<string, number[]>();
  private wines = 0;
  /** Sealed: name (folded words joined by a space) → its wines' document numbers, ascending. */
  private producers = new Map<string, Int32Array>();
  private regions = new Map<string, Int32Array>();
  /** Folded names while adding: producers and regions recur across many wines (emptied by {@link seal}). */
  private folded = new Map<string, string>();

  private fold(text: string): string {
    let folded = this.folded.get(text);
    if (folded === undefined) {
      folded = fold(text);
      this.folded.set(text, folded);
    }
    return folded;
  }

  /** Adds document `doc` (the next one) with its producer's display name and name, and its region's names. */
  push(doc: number, producer: string, producerName: string, regionNames: readonly string[]): void {
    this.wines = doc + 1;
    const display = this.fold(producer);
    let p = this.producerList.get(display);
    if (p === undefined) {
      p = { display, name: this.fold(producerName), docs: [] };
      this.producerList.set(display, p);
    }
    p.docs.push(doc);
    for (const region of new Set(regionNames.map((name) => this.fold(name)))) {
      if (region === "") continue;
      const docs = this.regionList.get(region) ?? [];
      docs.push(doc);
      this.regionList.set(region, docs);
    }
  }

  /** The sealed index as plain data (maps of typed arrays) for `node:v8` serialize; see {@link restore}. */
  snapshot(): Record<string, unknown> {
    return { producers: this.producers, regions: this.regions, wines: this.wines };
  }

  /** The index of a {@link snapshot} taken by this same code (in this process). */
  static restore(snapshot: Record<string, unknown>): NameIndex {
    return Object.assign(new NameIndex(), snapshot);
  }

  /** Decides which names count (see the module comment); call once after the last {@link push}. */
  seal(): void {
    const titles = new Set<string>();
    const producersWith = new Map<string, number>();
    for (const p of this.producerList.values()) {
      const own = new Set(p.name.split(" "));
      for (const word of new Set(p.display.split(" "))) {
        if (!own.has(word)) titles.add(word);
        producersWith.set(word, (producersWith.get(word) ?? 0) + 1);
      }
    }
    const common = Math.max(COMMON_PRODUCERS, COMMON_SHARE * this.producerList.size);
    const weak = (w: string) => w.length < 3 || PARTICLES.has(w) || titles.has(w) || FURNITURE.has(w);
    const distinctive = (w: string) =>
      !weak(w) && w.length >= MIN_WORD && (producersWith.get(w) ?? 0) < common;
    const counts = (words: string[]) =>
      words.length === 1
        ? distinctive(words[0] ?? "")
        : words.some(distinctive) ||
          words.filter((w) => !weak(w) && (producersWith.get(w) ?? 0) < common).length >= 2;
    const regions = new Map<string, Int32Array>();
    for (const [name, docs] of this.regionList) {
      if (docs.length <= REGION_SHARE * this.wines && counts(name.split(" ")))
        regions.set(name, Int32Array.from(docs));
    }
    const producers = new Map<string, number[]>();
    for (const p of this.producerList.values()) {
      for (const name of new Set([p.display, p.name])) {
        const words = name.split(" ");
        if (name === "" || words.length > MAX_NAME_WORDS || !counts(words)) continue;
        if (words.length === 1 && this.regionList.has(name)) continue;
        producers.set(name, [...(producers.get(name) ?? []), ...p.docs]);
      }
    }
    this.producers = new Map([...producers].map(([name, docs]) => [name, Int32Array.from(docs).sort()]));
    this.regions = regions;
    this.producerList = new Map();
    this.regionList = new Map();
    this.folded = new Map();
  }

  /**
   * The wines named on a label whose folded words, in reading order, are `words`: those of the
   * producers whose name it shows, else those of the regions it names, else null. A name inside a
   * longer name found ("Chablis" in "Petit Chablis") does not count beside it; of several regions,
   * the one with the fewest wines counts (the appellation, not the wider region around it, nor a
   * region named on the back label among others).
   */
  find(words: readonly string[]): NamedWines | null {
    for (const [by, names] of [
      ["producer", this.producers],
      ["region", this.regions],
    ] as const) {
      const found: Found[] = [];
      for (let from = 0; from < words.length; from++) {
        let key = "";
        for (let to = from + 1; to <= Math.min(words.length, from + MAX_NAME_WORDS); to++) {
          key = key === "" ? (words[to - 1] ?? "") : `${key} ${words[to - 1]}`;
          if (names.has(key)) found.push({ key, from, to });
        }
      }
      const kept = found.filter(
        (f) =>
          !found.some((g) => g !== f && g.from <= f.from && g.to >= f.to && g.to - g.from > f.to - f.from),
      );
      if (kept.length === 0) continue;
      const size = (f: Found) => names.get(f.key)?.length ?? 0;
      const fewest = Math.min(...kept.map(size));
      const counted = by === "region" ? kept.filter((f) => size(f) === fewest) : kept;
      const docs = new Set<number>();
      for (const f of counted) for (const doc of names.get(f.key) ?? []) docs.add(doc);
      return { by, names: [...new Set(counted.map((f) => f.key))], docs: [...docs].sort((a, b) => a - b) };
    }
    return null;
  }
}
