/**
 * Which wines of a large producer are worth fitting to a record (crosswalk.ts; a synthetic or real
 * producer may hold hundreds of wines, and fitting each costs). A wine's core words are its name's
 * words other than its producer's and those a fit may excuse (its region's, colour and classification
 * words, "Brut", the by-line; crosswalk-fit.ts {@link excusable}). A wine of two or more core words
 * none of which the record writes — exactly, in its appellation, region or classification, run
 * together with another word ("Montredon"), or within one typo — would leave at least two words
 * unexplained: not a fit and not a near miss (crosswalk-fit.ts MAX_NEAR_MISS = 1). So only the wines
 * of which the record names all core words but at most one are fitted; the decision is the same.
 */
import {
  excusable,
  type IndexedWine,
  MAX_NEAR_MISS,
  type RecordWords,
  TYPO_MIN,
  typosTo,
} from "./crosswalk-fit.ts";
import { untransliterated } from "./crosswalk-words.ts";

/** Producers with at least this many wines get a word index (below, fitting all is as cheap). */
export const INDEXED_FROM = 24;

/** The wines of one producer by their core words. */
export interface WineWordIndex {
  /** Wines by each of their core words. */
  byWord: Map<string, IndexedWine[]>;
  /** Number of core words of each wine that has any. */
  coreSize: Map<IndexedWine, number>;
  /** Wines without core words (always fitted). */
  bare: IndexedWine[];
  /** Wines of one core word (near misses of any record of their producer). */
  single: IndexedWine[];
  /** Each wine's place in its producer's list (candidates keep that order). */
  position: Map<IndexedWine, number>;
  /**
   * Core words long enough to be matched with a typo, by each of their forms with one letter left
   * out and by their form without German transliterations (the symmetric-deletion scheme of Garbe's
   * SymSpell, as crosswalk.ts indexes producers): a record word's typos are looked up, not searched.
   */
  byVariant: Map<string, string[]>;
}

/** A word's forms with one letter left out, and without German transliterations ("mueller" → "muller"). */
function variants(word: string): string[] {
  const out = [untransliterated(word)];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/** An empty index. */
export function emptyIndex(): WineWordIndex {
  return {
    byWord: new Map(),
    coreSize: new Map(),
    bare: [],
    single: [],
    position: new Map(),
    byVariant: new Map(),
  };
}

/** Adds a wine (the last of its producer's list) of a producer whose words are `producerWords` to `index`. */
export function indexWine(index: WineWordIndex, wine: IndexedWine, producerWords: readonly string[]): void {
  index.position.set(wine, index.position.size);
  const core = wine.words.filter((w) => !producerWords.includes(w) && !excusable(w, wine));
  if (core.length === 0) {
    index.bare.push(wine);
    return;
  }
  if (core.length === 1) index.single.push(wine);
  index.coreSize.set(wine, core.length);
  for (const word of core) {
    const list = index.byWord.get(word);
    if (list) list.push(wine);
    else {
      index.byWord.set(word, [wine]);
      if (word.length >= TYPO_MIN) for (const v of variants(word)) push(index.byVariant, v, word);
    }
  }
}

/** The core words of `index` that `record` names: exactly, in its context, run together, or within one typo. */
function namedWords(index: WineWordIndex, record: RecordWords): Set<string> {
  const found = new Set<string>();
  const take = (word: string) => {
    if (index.byWord.has(word)) found.add(word);
  };
  for (const word of record.bag) {
    take(word);
    // Two words run together: "montredon" names "mont" and "redon".
    if (word.length >= 6)
      for (let i = 2; i < word.length - 1; i++) {
        take(word.slice(0, i));
        take(word.slice(i));
      }
  }
  for (const word of record.context) take(word);
  // Typos: a core word and a record word within one edit share a form with a letter left out (or
  // one is the other's); checked by typosTo, which also takes transliterations.
  for (const word of record.bag) {
    if (word.length < TYPO_MIN) continue;
    for (const form of [word, ...variants(word)]) {
      if (form !== word && index.byWord.has(form) && typosTo(form, [word]) >= 0) take(form);
      for (const key of index.byVariant.get(form) ?? [])
        if (key !== word && typosTo(key, [word]) >= 0) take(key);
    }
  }
  return found;
}

/**
 * The wines of a producer worth fitting to `record`, in their producer's order (see the module
 * comment): `complete`, those whose core words the record all names (only they can fit), and
 * `partial()`, those missing one (near misses, worth fitting only when no wine fits).
 */
export function candidateWines(
  index: WineWordIndex,
  record: RecordWords,
): { complete: IndexedWine[]; partial: () => IndexedWine[] } {
  const named = new Map<IndexedWine, number>();
  for (const word of namedWords(index, record))
    for (const w of index.byWord.get(word) ?? []) named.set(w, (named.get(w) ?? 0) + 1);
  const inOrder = (list: IndexedWine[]) =>
    list.sort((a, b) => (index.position.get(a) ?? 0) - (index.position.get(b) ?? 0));
  const complete = [...index.bare];
  for (const [w, n] of named) if (n >= (index.coreSize.get(w) ?? 0)) complete.push(w);
  const partial = () => {
    const out: IndexedWine[] = [];
    for (const [w, n] of named) if (n === (index.coreSize.get(w) ?? 0) - MAX_NEAR_MISS) out.push(w);
    for (const w of index.single) if (!named.has(w)) out.push(w);
    return inOrder(out);
  };
  return { complete: inOrder(complete), partial };
}
