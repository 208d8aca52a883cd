/**
 * The crosswalk: which catalogue wine a source record (an LWIN row, an Open Food Facts product) is,
 * in memory, without SQL. The import (source-import.service.ts) adds the catalogue's wines, then
 * asks for each record and adds each wine it creates.
 *
 * Same wine = same producer, same wine name, same colour and appellation (docs/catalogue-sources.md),
 * compared as words (crosswalk-words.ts: accents, case, estate titles, particles, word order,
 * vintages and bottle sizes do not count) and fitted word by word (crosswalk-fit.ts). A false link
 * merges two wines for every user, a missed one leaves a duplicate an operator can merge: so a record
 * links only to a wine that fits it well ({@link LINK_MIN}) and clearly better than any other wine
 * ({@link MARGIN}); a near miss or a tie goes to review with the best candidate and a reason.
 * Measured on a labelled set (bench/crosswalk-quality.ts; bench/results/crosswalk-quality.md).
 *
 * Index: producers by their compared words (and, for typos, by each word with one letter left out:
 * the symmetric-deletion scheme of Garbe's SymSpell), a producer's wines in a list; a record is only
 * compared with the wines of the producers its words name.
 */
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";
import {
  candidateWines,
  emptyIndex,
  INDEXED_FROM,
  indexWine,
  TypoNeighbours,
  type WineWordIndex,
} from "./crosswalk-candidates.ts";
import {
  type Fit,
  fitWine,
  type IndexedWine,
  MAX_NEAR_MISS,
  type RecordWords,
  TYPO_MIN,
  typosTo,
} from "./crosswalk-fit.ts";
import { enclosingPlaces, placeKey } from "./crosswalk-places.ts";
import {
  hyphenCompounds,
  producerEstateTitles,
  recordEstateTitles,
  reversedCompound,
} from "./crosswalk-producer.ts";
import { colorOfWord, nameWords, producerWords } from "./crosswalk-words.ts";
import type { SourceRecord } from "./source-record.ts";

/** A wine of the catalogue as the crosswalk compares it. */
export interface CrosswalkWine {
  id: number;
  /** Producer name without its title ("Margaux"). */
  producerName: string;
  /** The producer's estate title ("Château") or null. */
  producerTitle: string | null;
  /** The wine's own name as stored (X-Wines WineName: "Pavillon Rouge du Château Margaux", "Chablis Premier Cru Montmains"). */
  name: string;
  color: Color;
  type: WineType;
  subType: SubType;
  /** English region or appellation name ("Pauillac", "Chablis"). */
  region: string;
  /** The region's names in the other languages (German, French, Italian: "Toskana", "Toscane", "Toscana"); none by default. */
  regionNames?: readonly string[];
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
}

/**
 * The crosswalk's answer for one record: the wine it is (`link`), a wine it may be for an operator
 * to decide (`review`, with why), or no wine of the catalogue (`none`). `score` is the fit, 0–1.
 */
export type CrosswalkDecision =
  | { kind: "link"; wineId: number; score: number }
  | { kind: "review"; wineId: number; score: number; reason: string }
  | { kind: "none" };

/** Least score of a link; a fit below it goes to review. Fitted on the development set (see crosswalk-fit.ts PENALTY). */
export const LINK_MIN = 0.85;
/** Least lead of the best fit over the next one (of any wine); a closer second sends the record to review. */
export const MARGIN = 0.05;

/** A producer of the index: its compared words and its wines. */
interface Producer {
  words: string[];
  /** Words a record may leave out (crosswalk-words.ts producerWords). */
  optional: string[];
  wines: IndexedWine[];
  /** Its wines by their core words, once it has {@link INDEXED_FROM} wines (crosswalk-candidates.ts); built on first use. */
  index?: WineWordIndex;
}

/** Every word with one letter left out, for words of at least {@link TYPO_MIN} letters. */
function deletions(word: string): string[] {
  if (word.length < TYPO_MIN) return [];
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** Appends `value` to the list under `key`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
}

/** Removes `value` from the list under `key`, and the key when the list is empty. */
function pull<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) return;
  const at = list.indexOf(value);
  if (at >= 0) list.splice(at, 1);
  if (list.length === 0) map.delete(key);
}

export class Crosswalk {
  /** Producers by their words joined by spaces. */
  private readonly producers = new Map<string, Producer>();
  /** Producers by each of their words. */
  private readonly byWord = new Map<string, Producer[]>();
  /** Producer words by each of their one-deletion forms (typo look-up). */
  private readonly byDeletion = new Map<string, string[]>();
  /** Core words of the large producers' wines by their typo forms (crosswalk-candidates.ts). */
  private readonly typos = new TypoNeighbours();
  /** Each wine's producer, by wine id. */
  private readonly producerOf = new Map<number, Producer>();
  /** One copy of each word and word list (300,000 wines share few distinct words). */
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, readonly string[]>();

  /** Number of wines indexed. */
  get size(): number {
    return this.producerOf.size;
  }

  /** The one copy of `words` (a list of words or of place keys, which hold spaces: joined by "\n"). */
  private shared(words: string[]): readonly string[] {
    const key = words.join("\n");
    let list = this.lists.get(key);
    if (!list) {
      list = words.map((w) => {
        const known = this.strings.get(w);
        if (known !== undefined) return known;
        this.strings.set(w, w);
        return w;
      });
      this.lists.set(key, list);
    }
    return list;
  }

  /** Indexes a wine (the catalogue's, then each wine an import creates); a wine added again replaces itself. */
  add(wine: CrosswalkWine): void {
    this.remove(wine.id);
    const { required: words, optional } = producerWords(wine.producerName);
    const key = [...words, "|", ...optional].join(" ");
    let producer = this.producers.get(key);
    if (!producer) {
      producer = { words, optional, wines: [] };
      this.producers.set(key, producer);
      for (const word of words) {
        push(this.byWord, word, producer);
        for (const d of deletions(word)) push(this.byDeletion, d, word);
      }
    }
    const places = [...new Set([wine.region, ...(wine.regionNames ?? [])].map(placeKey))].filter(
      (p) => p !== "",
    );
    const indexed: IndexedWine = {
      id: wine.id,
      words: this.shared(nameWords(wine.name).words),
      color: wine.color,
      type: wine.type,
      subType: wine.subType,
      regionWords: this.shared(nameWords(wine.region).words),
      titles: this.shared(producerEstateTitles(wine.producerTitle, wine.producerName)),
      reversedCompounds: this.shared(hyphenCompounds(wine.producerName).map(reversedCompound)),
      places: this.shared(places),
      within: this.shared([...new Set(places.flatMap(enclosingPlaces))]),
      country: wine.country,
    };
    producer.wines.push(indexed);
    if (producer.index) indexWine(producer.index, indexed, producer.words, this.typos);
    this.producerOf.set(wine.id, producer);
  }

  /** Takes a wine out of the index (it was retired or merged); an unknown id is ignored. */
  remove(wineId: number): void {
    const producer = this.producerOf.get(wineId);
    if (!producer) return;
    this.producerOf.delete(wineId);
    producer.wines = producer.wines.filter((w) => w.id !== wineId);
    producer.index = undefined;
    if (producer.wines.length > 0) return;
    this.producers.delete([...producer.words, "|", ...producer.optional].join(" "));
    for (const word of producer.words) {
      pull(this.byWord, word, producer);
      if (!this.byWord.has(word)) for (const d of deletions(word)) pull(this.byDeletion, d, word);
    }
  }

  /** Producer words within one typo of `word` (symmetric deletions, checked by edit distance). */
  private typoWords(word: string): string[] {
    if (word.length < TYPO_MIN) return [];
    const found = new Set<string>();
    for (const key of [word, ...deletions(word)]) {
      for (const w of this.byDeletion.get(key) ?? [])
        if (w !== word && typosTo(word, [w]) === 1) found.add(w);
      if (key !== word && this.byWord.has(key) && key.length >= TYPO_MIN) found.add(key);
    }
    return [...found];
  }

  /**
   * The producers every word of which the record's words hold (exactly or within one typo), with the
   * typos. Producers are counted by the record words that name one of their words (a common word such
   * as "rossi" names thousands); only those named often enough are checked word by word.
   */
  private producersIn(bag: readonly string[]): { producer: Producer; typos: number }[] {
    const hits = new Map<Producer, number>();
    for (const word of bag) {
      const exact = this.byWord.get(word);
      // A colour word is that colour, never a typo of a producer's word ("Tinto" is not "Pinto").
      const words = exact ? [word] : colorOfWord(word) !== undefined ? [] : this.typoWords(word);
      for (const w of words) for (const p of this.byWord.get(w) ?? []) hits.set(p, (hits.get(p) ?? 0) + 1);
    }
    const out: { producer: Producer; typos: number }[] = [];
    for (const [producer, n] of hits) {
      const initials = producer.words.filter((w) => w.length === 1).length;
      if (n < producer.words.length - initials) continue;
      let typos = 0;
      const all = producer.words.every((w) => {
        const t = typosTo(w, bag);
        if (t > 0) typos += t;
        // An initial ("W. & J. Graham's") matches a word it starts, or is left out by a record that
        // writes no initials of its own.
        return t >= 0 || (w.length === 1 && (bag.some((b) => b.startsWith(w)) || !initialsIn(bag)));
      });
      if (all) out.push({ producer, typos });
    }
    return out;
  }

  /**
   * The wines of `producer` worth fitting to `record`: all of a small producer's; of a large one's,
   * those that may fit and those that may be near misses (crosswalk-candidates.ts).
   */
  private candidates(
    producer: Producer,
    record: RecordWords,
  ): { complete: readonly IndexedWine[]; partial: () => readonly IndexedWine[] } {
    if (producer.wines.length < INDEXED_FROM) return { complete: producer.wines, partial: () => [] };
    if (!producer.index) {
      producer.index = emptyIndex();
      for (const wine of producer.wines) indexWine(producer.index, wine, producer.words, this.typos);
    }
    return candidateWines(producer.index, record, this.typos);
  }

  /**
   * The wine `record` is. `accept(wineId)` false takes a wine out of the candidates (it already has
   * a live record of this source); a better-fitting wine that is not accepted still sends the record
   * to review rather than letting it link to a worse one. Never throws.
   */
  match(record: SourceRecord, accept: (wineId: number) => boolean = () => true): CrosswalkDecision {
    const words = recordWords(record);
    if (words.bag.length === 0) return { kind: "none" };
    const fits: Fit[] = [];
    const later: { producer: Producer; typos: number; wines: () => readonly IndexedWine[] }[] = [];
    for (const { producer, typos } of this.producersIn(words.bag)) {
      const { complete, partial } = this.candidates(producer, words);
      for (const wine of complete) {
        const fit = fitWine(wine, producer.words, words, typos, producer.optional);
        if (fit) fits.push(fit);
      }
      later.push({ producer, typos, wines: partial });
    }
    // Wines missing a word can only be near misses, which count only when no wine fits.
    if (!fits.some((f) => f.unexplained.length === 0)) {
      for (const { producer, typos, wines } of later) {
        for (const wine of wines()) {
          const fit = fitWine(wine, producer.words, words, typos, producer.optional);
          if (fit) fits.push(fit);
        }
      }
    }
    return decide(fits, accept);
  }
}

/** Whether a record's words hold an initial (a one-letter word other than the possessive "s" of "Graham's"). */
function initialsIn(bag: readonly string[]): boolean {
  return bag.some((b) => b.length === 1 && b !== "s" && !/\d/.test(b));
}

/** The record's words as the fits compare them. */
export function recordWords(record: SourceRecord): RecordWords {
  const producer = nameWords(record.producer.name).words;
  const wine = nameWords(record.wineName).words;
  const bag = [...producer, ...wine.filter((w) => !producer.includes(w))];
  const appellation = record.appellation ? nameWords(record.appellation).words : [];
  const context = new Set([
    ...appellation,
    ...(record.region ? nameWords(record.region).words : []),
    ...(record.classification ? nameWords(record.classification).words : []),
  ]);
  const appellationPlace = record.appellation ? placeKey(record.appellation) : "";
  const regionPlace = record.region ? placeKey(record.region) : "";
  const around = new Set(
    [appellationPlace, regionPlace].flatMap((p) => (p === "" ? [] : [p, ...enclosingPlaces(p)])),
  );
  const named = new Set(bag.map(colorOfWord).filter((c) => c !== undefined));
  const color = record.color ?? (named.size === 1 ? ([...named][0] as Color) : null);
  return {
    bag,
    producerWords: producer,
    wineWords: wine,
    context,
    appellation,
    titles: recordEstateTitles(record),
    compounds: new Set(hyphenCompounds(`${record.producer.name} ${record.wineName}`)),
    appellationPlace,
    around,
    hasClassification: record.classification !== null && record.classification !== "",
    color,
    colorStated: record.color !== null,
    country: record.country,
    type: record.type,
    subType: record.subType,
    styleStated: record.source === "lwin",
    firstWords: [producer[0], wine[0]].filter((w) => w !== undefined),
    memo: new Map(),
  };
}

/** The decision from every wine's fit (see the module comment). */
function decide(fits: Fit[], accept: (wineId: number) => boolean): CrosswalkDecision {
  const full = fits.filter((f) => f.unexplained.length === 0).sort((a, b) => b.score - a.score);
  const best = full[0];
  if (best) {
    const chosen = full.find((f) => accept(f.wine.id));
    if (!chosen) return { kind: "none" };
    const score = round(chosen.score);
    const review = (reason: string): CrosswalkDecision => ({
      kind: "review",
      wineId: chosen.wine.id,
      score,
      reason,
    });
    if (chosen !== best) return review(`wine ${best.wine.id} fits better and is already linked`);
    const second = full[1];
    if (second && best.score - second.score < MARGIN) {
      const byColor = best.colorUnknown || second.wine.color !== best.wine.color;
      return review(
        byColor
          ? `colour unknown: wines ${best.wine.id} and ${second.wine.id} differ by colour`
          : `wines ${best.wine.id} and ${second.wine.id} fit equally`,
      );
    }
    if (best.doubts.length > 0) return review(best.doubts.join("; "));
    if (best.score < LINK_MIN) return review("weak fit");
    return { kind: "link", wineId: best.wine.id, score };
  }
  const near = fits
    .filter((f) => f.unexplained.length <= MAX_NEAR_MISS && f.nameWordsFound > 0 && accept(f.wine.id))
    .sort((a, b) => b.score - a.score)[0];
  if (near) {
    return {
      kind: "review",
      wineId: near.wine.id,
      score: round(Math.max(0, near.score)),
      reason: `producer matches, wine name only partly (unmatched: ${near.unexplained.join(", ")})`,
    };
  }
  return { kind: "none" };
}

/** A score to three decimals. */
function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}
