/**
 * The evidence a label gives for one wine, weighed the way a sommelier reads a label: the
 * producer's name counts most, then the wine's name, then its region or appellation; grapes
 * confirm. Evidence is counted in the information of words (inverse document frequency over the
 * catalogue, {@link smoothIdf}: a word on one wine in 300,000 weighs about 13, one on every wine 1):
 *
 * - every word of the wine's producer (without its estate title: "Chemin Royal" = "Château Chemin
 *   Royal"), wine name and region that the label shows counts its information; found within OCR
 *   typos it counts less ({@link EvidenceIndex.found});
 * - every such word the label does not show counts against the wine (coverage both ways: a namesake
 *   whose name holds another château's name or another region loses to the wine whose words are all
 *   on the label). The region counts in its best language;
 * - a year on the label that the wine lists as a vintage, a colour word on the label ("Rosso",
 *   "Blanc") that disagrees with the wine's colour, a country named on the label ("Product of
 *   Italy") that is or is not the wine's.
 *
 * Style words (Brut, Riserva, Spätlese, Grand Cru) are words of the wine's name and count like them.
 * This module measures each of these as a feature ({@link FEATURES}); how much each counts is the
 * fitted weight of label-ranking.ts.
 */
import { fold } from "../../domain/text-folding.ts";
import type { Color } from "../../domain/vocabulary.ts";
import { popCount } from "../../text/bit-count.ts";
import { osaDistance } from "../../text/edit-distance.ts";
import { typoAllowance } from "../../text/text-rules.ts";
import type { LabelFacts } from "./label-text.ts";
import {
  edgeWithTypo,
  FURNITURE,
  isPartOf,
  joinedWithTypo,
  letterMask,
  MIN_JOINED,
  MIN_PART,
  smoothIdf,
} from "./label-words.ts";

/** The fields of a wine's words: producer (without title), wine name, region (one per spelling), grapes. */
export const FIELD = { producer: 0, wine: 1, region: 2, grape: 7 } as const;

/** Region words a label does not show count against the region at this share of those it shows (labels often print only part of it or another language's name); the best spelling is the one with the most found information by this measure. */
const REGION_MISSING = 0.25;

/**
 * The features of one wine against one label (label-ranking.ts weighs them into evidence), in
 * information units (the words' idf) unless noted: producer and wine-name words shown as whole label
 * words, as part of a longer or run-together label word, or with OCR slips (Σ info × found of each
 * kind), and not shown (Σ info × (1 − found)); the region in its best spelling shown and not shown;
 * grape words shown; a listed vintage printed (0/1); a colour word that disagrees (0/1); the wine's
 * country named (0/1); another country named (0/1); the trigram cosine (the matcher's, 0..1).
 */
export const FEATURES = [
  "producer_whole",
  "producer_part",
  "producer_slip",
  "producer_missing",
  "wine_whole",
  "wine_part",
  "wine_slip",
  "wine_missing",
  "region_shown",
  "region_missing",
  "grape_shown",
  "vintage",
  "colour_conflict",
  "country_agrees",
  "country_conflict",
  "cosine",
] as const;
/** Index of each feature in {@link FEATURES}. */
const X = Object.fromEntries(FEATURES.map((f, i) => [f, i])) as Record<(typeof FEATURES)[number], number>;
/** How a word was found on the label: as a whole label word, as part of a longer or run-together one, with slips. */
const WHOLE = 0;
const PART = 1;
const SLIP = 2;
/** Number of features ({@link FEATURES}). */
export const FEATURE_COUNT = FEATURES.length;

/** Share of its rarity that a word of {@link FURNITURE} counts for. */
const FURNITURE_WEIGHT = 0.3;

/** Vintages are kept as years since this one, a byte each (labels' years start at 1900 too). */
const FIRST_YEAR = 1900;

/** Flag of a region word already counted in the producer's or wine's name. */
const COUNTED = 8;
/** Region spellings kept per wine (fields 2–6): the four languages and the local name. */
const MAX_REGION_NAMES = 5;

const COLOR_CODE: Readonly<Record<Color, number>> = { red: 1, white: 2, rose: 3 };

/** What the evidence needs of one wine. */
export interface EvidenceDocument {
  /** Producer's name without its estate title ("Chemin Royal" for "Château Chemin Royal"). */
  producerName: string;
  wine: string;
  /** The region's names: one per language and the local one (duplicates are dropped). */
  regionNames: readonly string[];
  grapes: readonly string[];
  /** ISO 3166-1 alpha-2 of the region, "" when unknown. */
  country: string;
  color: Color | null;
  /** Listed vintages (years). */
  vintages: readonly number[];
}

/** A label's words prepared once per match: the folded words (with {@link letterMask}s), the same run together, years and facts. */
export interface LabelReading {
  words: Set<string>;
  masks: ReadonlyMap<string, number>;
  joined: string;
  years: readonly number[];
  facts: LabelFacts;
}

/** How well one wine's words are covered by a label, both ways, as features. */
export interface Evidence {
  /** The {@link FEATURES} but the cosine (left 0 for the matcher to set). */
  features: Float64Array;
  /** Share (0..1, by information) of the wine's producer, wine name and best region words on the label. */
  coverage: number;
}

/** The found value (0..1) of a coded answer of `found`. */
const foundValue = (coded: number): number => coded - 2 * foundKind(coded);
/** How the word of a coded answer of `found` was found ({@link WHOLE}, {@link PART}, {@link SLIP}). */
const foundKind = (coded: number): number => (coded <= 1 ? WHOLE : coded <= 3 ? PART : SLIP);

/** The words and facts of every wine (in the matcher's document order), in flat typed arrays once sealed. */
export class EvidenceIndex {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  /** While adding: per document, word id × 16 + field (+ {@link COUNTED}), from `starts[doc]` to `starts[doc + 1]`. */
  private entryList: number[] = [];
  private startList: number[] = [0];
  private vintageItems: number[] = [];
  private vintageStartList: number[] = [0];
  private readonly countries: string[] = [""];
  private readonly countryIds = new Map<string, number>([["", 0]]);
  private countryList: number[] = [];
  private colorList: number[] = [];
  /** Sealed arrays (see {@link seal}). */
  private entries = new Int32Array(0);
  private starts = new Int32Array(1);
  /** Listed vintages as years since {@link FIRST_YEAR} (0–255). */
  private vintages = new Uint8Array(0);
  private vintageStarts = new Int32Array(1);
  private countryOf = new Uint8Array(0);
  private colorOf = new Uint8Array(0);
  private idf = new Float32Array(0);
  /** Folded field texts while adding (producers, regions and grapes recur across many wines). */
  private folded = new Map<string, string>();

  /**
   * `fold(text)`, remembered until {@link seal}: the label matcher's indexer folds its fields through
   * here too, so a wine's name, region and grapes are folded once for both indexes.
   */
  foldOnce(text: string): string {
    let folded = this.folded.get(text);
    if (folded === undefined) {
      folded = fold(text);
      this.folded.set(text, folded);
    }
    return folded;
  }

  /**
   * Adds the words of `text` as `field`. Each word counts once, in its first field (producer, then
   * wine name, then region, then grapes): a region word already in the wine's name is stored with
   * {@link COUNTED} so it completes its region name without being counted again.
   */
  private add(text: string, field: number, counted: Set<number>, own: Set<number>): void {
    for (const word of this.foldOnce(text).split(" ")) {
      if (word.length < 3) continue;
      let id = this.ids.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.ids.set(word, id);
        this.words.push(word);
      }
      if (own.has(id)) continue;
      const before = counted.has(id);
      own.add(id);
      const region = field >= FIELD.region && field < FIELD.grape;
      if (before && !region) continue;
      this.entryList.push(id * 16 + field + (before ? COUNTED : 0));
    }
  }

  /** Adds the next document (before {@link seal}). */
  push(d: EvidenceDocument): void {
    const counted = new Set<number>();
    this.add(d.producerName, FIELD.producer, counted, counted);
    this.add(d.wine, FIELD.wine, counted, counted);
    const regions = [...new Set(d.regionNames.map((name) => this.foldOnce(name)))].slice(0, MAX_REGION_NAMES);
    // Each spelling of the region is complete in itself; together they go before the grapes.
    const inRegions: number[] = [];
    for (const [i, name] of regions.entries()) {
      const own = new Set<number>();
      this.add(name, FIELD.region + i, counted, own);
      inRegions.push(...own);
    }
    for (const id of inRegions) counted.add(id);
    this.add(d.grapes.join(" "), FIELD.grape, counted, counted);
    this.startList.push(this.entryList.length);
    for (const year of d.vintages)
      if (year >= FIRST_YEAR && year < FIRST_YEAR + 256) this.vintageItems.push(year - FIRST_YEAR);
    this.vintageStartList.push(this.vintageItems.length);
    let country = this.countryIds.get(d.country);
    if (country === undefined) {
      country = this.countries.length;
      this.countries.push(d.country);
      this.countryIds.set(d.country, country);
    }
    this.countryList.push(country);
    this.colorList.push(d.color ? COLOR_CODE[d.color] : 0);
  }

  /** The sealed index as plain data (typed arrays, maps, arrays) for `node:v8` serialize; see {@link restore}. */
  snapshot(): Record<string, unknown> {
    const { folded: _folded, ...sealed } = this;
    return sealed;
  }

  /** The index of a {@link snapshot} taken by this same code (in this process). */
  static restore(snapshot: Record<string, unknown>): EvidenceIndex {
    return Object.assign(Object.create(EvidenceIndex.prototype) as EvidenceIndex, snapshot, {
      folded: new Map(),
    });
  }

  /**
   * Turns the added documents into typed arrays and computes each word's information (smoothed idf
   * over the documents that hold it, in any field); call once after the last {@link push}.
   */
  seal(): void {
    this.folded = new Map();
    this.entries = Int32Array.from(this.entryList);
    this.starts = Int32Array.from(this.startList);
    this.vintages = Uint8Array.from(this.vintageItems);
    this.vintageStarts = Int32Array.from(this.vintageStartList);
    this.countryOf = Uint8Array.from(this.countryList);
    this.colorOf = Uint8Array.from(this.colorList);
    this.entryList = [];
    this.startList = [];
    this.vintageItems = [];
    this.vintageStartList = [];
    this.countryList = [];
    this.colorList = [];
    const df = new Int32Array(this.words.length);
    const lastDoc = new Int32Array(this.words.length).fill(-1);
    for (let doc = 0; doc + 1 < this.starts.length; doc++) {
      for (let i = this.starts[doc] ?? 0; i < (this.starts[doc + 1] ?? 0); i++) {
        const word = ((this.entries[i] ?? 0) / 16) | 0;
        if (lastDoc[word] === doc) continue;
        lastDoc[word] = doc;
        df[word] = (df[word] ?? 0) + 1;
      }
    }
    const n = this.starts.length - 1;
    this.idf = Float32Array.from(df, (d, word) =>
      FURNITURE.has(this.words[word] ?? "") ? FURNITURE_WEIGHT * smoothIdf(n, d) : smoothIdf(n, d),
    );
  }

  /**
   * How much of `word` (0..1) the label shows: 1 when it is one of its words, the start or end of a
   * longer one ({@link isPartOf}) or, for words of {@link MIN_JOINED} letters or more, inside its
   * words run together; within {@link typoAllowance}, 1 − 0.25 per typo (− 0.5 for words of five
   * letters or fewer); 0.75 with one typo at the start or end of a longer word ({@link edgeWithTypo});
   * with one typo elsewhere inside a longer word or the words run together, as for a typo (a short
   * word is found by chance inside long ones: "ronco" is one slip from "ranco" in "…JURANCON…");
   * else 0.
   * `cache` holds the answers of one label. Returned coded with how the word was found (whole, part,
   * slip): `value + 2 × kind`; {@link foundValue} and {@link foundKind} read it.
   */
  private found(wordId: number, label: LabelReading, cache: Map<number, number>): number {
    const known = cache.get(wordId);
    if (known !== undefined) return known;
    const word = this.words[wordId] ?? "";
    let value = 0;
    let kind = WHOLE;
    if (label.words.has(word)) value = 1;
    else if (
      (word.length >= MIN_JOINED && label.joined.includes(word)) ||
      (word.length >= 3 && [...label.words].some((w) => isPartOf(word, w)))
    ) {
      value = 1;
      kind = PART;
    } else {
      const max = typoAllowance(word.length);
      if (max > 0) {
        let best = max + 1;
        const mask = letterMask(word);
        for (const [w, m] of label.masks) {
          if (best <= 1) break;
          // One edit changes at most two letters of the word's letter set: skip words that differ more.
          if (Math.abs(w.length - word.length) > max || popCount(mask ^ m) > 2 * max) continue;
          best = Math.min(best, osaDistance(word, w, max));
        }
        // A slip in a short word is more often another word: "cote" is one edit from "comte".
        const slip = word.length <= 5 ? 0.5 : 0.25;
        if (best <= max) {
          value = 1 - slip * best;
          kind = SLIP;
        } else if (word.length >= MIN_PART + 1 && [...label.words].some((w) => edgeWithTypo(word, w))) {
          value = 0.75;
          kind = PART;
        } else if (
          (word.length >= 5 &&
            [...label.words].some((w) => w.length > word.length && joinedWithTypo(word, w))) ||
          (word.length >= MIN_JOINED && joinedWithTypo(word, label.joined))
        ) {
          value = 1 - slip;
          kind = PART;
        }
      }
    }
    // One number per word: the value (0..1) plus twice the kind ({@link foundKind} reads it back).
    const coded = value + 2 * kind;
    cache.set(wordId, coded);
    return coded;
  }

  /** The features of document `doc` against the label (see {@link FEATURES}). */
  of(doc: number, label: LabelReading, cache: Map<number, number>): Evidence {
    const idf = this.idf;
    const entries = this.entries;
    const x = new Float64Array(FEATURE_COUNT);
    let coveredInfo = 0;
    let allInfo = 0;
    /** Per region name: found and total information of its words not counted before, and of all its words. */
    const region = [0, 0, 0, 0, 0];
    const regionInfo = [0, 0, 0, 0, 0];
    const regionAll = [0, 0, 0, 0, 0];
    /** The label words the document's words are, whole ({@link taken}), once a word needs them. */
    let taken: ReadonlySet<string> | undefined;
    for (let i = this.starts[doc] ?? 0; i < (this.starts[doc + 1] ?? 0); i++) {
      const entry = entries[i] ?? 0;
      const code = entry % 16;
      const wordId = (entry - code) / 16;
      const info = idf[wordId] ?? 0;
      const coded = this.found(wordId, label, cache);
      let f = foundValue(coded);
      if (f > 0 && foundKind(coded) !== WHOLE) {
        taken ??= this.taken(doc, label, cache);
        if (this.echoes(wordId, label, taken)) f = 0;
      }
      const field = code & 7;
      if (field >= FIELD.region && field < FIELD.grape) {
        const r = field - FIELD.region;
        regionAll[r] = (regionAll[r] ?? 0) + info;
        if (code & COUNTED) continue;
        region[r] = (region[r] ?? 0) + info * f;
        regionInfo[r] = (regionInfo[r] ?? 0) + info;
        continue;
      }
      if (field === FIELD.grape) {
        x[X.grape_shown] = (x[X.grape_shown] ?? 0) + info * f;
        continue;
      }
      const at = field === FIELD.producer ? X.producer_whole : X.wine_whole;
      const shown = at + foundKind(coded);
      x[shown] = (x[shown] ?? 0) + info * f;
      x[at + 3] = (x[at + 3] ?? 0) + info * (1 - f);
      coveredInfo += info * f;
      allInfo += info;
    }
    // The region in its best language; a region whose name is all in the wine's name ("Santenay
    // Rouge" from Santenay) was counted there: none of its spellings counts again.
    let best = -1;
    let bestValue = 0;
    let named = false;
    for (let r = 0; r < MAX_REGION_NAMES; r++) {
      if ((regionAll[r] ?? 0) === 0) continue;
      const info = regionInfo[r] ?? 0;
      if (info === 0) named = true;
      const f = region[r] ?? 0;
      const value = f - REGION_MISSING * (info - f);
      if (best < 0 || value > bestValue) [best, bestValue] = [r, value];
    }
    if (best >= 0 && !named) {
      x[X.region_shown] = region[best] ?? 0;
      x[X.region_missing] = (regionInfo[best] ?? 0) - (region[best] ?? 0);
      coveredInfo += region[best] ?? 0;
      allInfo += regionInfo[best] ?? 0;
    }
    this.facts(doc, label, x);
    return { features: x, coverage: allInfo === 0 ? 0 : coveredInfo / allInfo };
  }

  /** The words of document `doc` that the label shows as whole label words. */
  private taken(doc: number, label: LabelReading, cache: Map<number, number>): Set<string> {
    const taken = new Set<string>();
    for (let i = this.starts[doc] ?? 0; i < (this.starts[doc + 1] ?? 0); i++) {
      const word = ((this.entries[i] ?? 0) / 16) | 0;
      const coded = this.found(word, label, cache);
      if (foundKind(coded) === WHOLE && foundValue(coded) === 1) taken.add(this.words[word] ?? "");
    }
    return taken;
  }

  /**
   * Whether word `wordId`, found only as part of a label word or with slips, is found so only in label
   * words that other words of its document are, whole (`taken`, {@link taken}): one label word seen
   * twice, not two words shown — "BOURGEOIS" on a label of Henri Bourgeois is his name, not a slip of
   * his wine "La Bourgeoise" (which "BOURGEOISF" beside it would be). Such a word counts as not shown.
   */
  private echoes(wordId: number, label: LabelReading, taken: ReadonlySet<string>): boolean {
    if (taken.size === 0) return false;
    const word = this.words[wordId] ?? "";
    const max = typoAllowance(word.length);
    const relates = (w: string) =>
      isPartOf(word, w) ||
      edgeWithTypo(word, w) ||
      (w.length > word.length && word.length >= 5 && joinedWithTypo(word, w)) ||
      (max > 0 && Math.abs(w.length - word.length) <= max && osaDistance(word, w, max) <= max);
    let echo = false;
    for (const w of label.words) {
      if (!relates(w)) continue;
      if (!taken.has(w)) return false;
      echo = true;
    }
    return echo;
  }

  /** Vintage, colour and country features of document `doc` (see {@link FEATURES}), into `x`. */
  private facts(doc: number, label: LabelReading, x: Float64Array): void {
    if (label.years.length > 0) {
      const from = this.vintageStarts[doc] ?? 0;
      const to = this.vintageStarts[doc + 1] ?? 0;
      for (let i = from; i < to; i++) {
        if (label.years.includes(FIRST_YEAR + (this.vintages[i] ?? 0))) {
          x[X.vintage] = 1;
          break;
        }
      }
    }
    const color = this.colorOf[doc] ?? 0;
    if (label.facts.colors.size === 1 && color !== 0) {
      const [named] = label.facts.colors;
      if (named && COLOR_CODE[named] !== color) x[X.colour_conflict] = 1;
    }
    const country = this.countries[this.countryOf[doc] ?? 0] ?? "";
    if (label.facts.countries.size > 0 && country !== "") {
      if (label.facts.countries.has(country)) x[X.country_agrees] = 1;
      else x[X.country_conflict] = 1;
    }
  }
}
