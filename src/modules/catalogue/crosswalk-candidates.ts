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
}

/**
 * Core words of all indexed producers long enough to be matched with a typo, by each of their forms
 * with one letter left out and by their form without German transliterations (the symmetric-deletion
 * scheme of Garbe's SymSpell, as crosswalk.ts indexes producers): a record word's typos are looked up,
 * not searched. One for the whole crosswalk (producers share most words); words are never taken out
 * (a word no producer has any more is simply not found in a producer's index).
 */
export class TypoNeighbours {
  private readonly byVariant = new Map<string, string[]>();
  private readonly known = new Set<string>();

  /** Adds a core word. */
  add(word: string): void {
    if (word.length < TYPO_MIN || this.known.has(word)) return;
    this.known.add(word);
    for (const v of [word, ...variants(word)]) push(this.byVariant, v, word);
  }

  /** The known words within one typo of `word` (other than itself), remembered in `memo` for the record. */
  of(word: string, memo: Map<string, string[]>): string[] {
    const key = `§t ${word}`;
    let found = memo.get(key);
    if (found !== undefined) return found;
    const out = new Set<string>();
    if (word.length >= TYPO_MIN) {
      for (const form of [word, ...variants(word)])
        for (const w of this.byVariant.get(form) ?? []) if (w !== word && typosTo(w, [word]) >= 0) out.add(w);
    }
    found = [...out];
    memo.set(key, found);
    return found;
  }
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
  };
}

/** Adds a wine (the last of its producer's list) of a producer whose words are `producerWords` to `index`. */
export function indexWine(
  index: WineWordIndex,
  wine: IndexedWine,
  producerWords: readonly string[],
  typos: TypoNeighbours,
): void {
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
      typos.add(word);
    }
  }
}

/** The core words of `index` that `record` names: exactly, in its context, run together, or within one typo. */
function namedWords(index: WineWordIndex, record: RecordWords, typos: TypoNeighbours): Set<string> {
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
  // Typos: a core word within one edit of a record word (or a transliteration of it).
  for (const word of record.bag) for (const near of typos.of(word, record.memo)) take(near);
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
  typos: TypoNeighbours,
): { complete: IndexedWine[]; partial: () => IndexedWine[] } {
  const named = new Map<IndexedWine, number>();
  for (const word of namedWords(index, record, typos))
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
