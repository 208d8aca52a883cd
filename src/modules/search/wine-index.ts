/**
 * The in-memory wine search index: a token dictionary (sorted words in a {@link TokenTrie}), one
 * posting list of wine positions per token, and each wine's own tokens, all in typed arrays with
 * integer ids (positions follow ascending wine id). About 60 bytes per wine plus the dictionary.
 *
 * Searching (see {@link searchIndex} in `wine-ranking.ts`) expands each query word into matching
 * tokens, merges their posting lists, and ranks the wines.
 */

import { indexWords } from "./text-rules.ts";
import { TokenTrie } from "./token-trie.ts";

/** One wine as the index sees it. */
export interface IndexedWine {
  /** Wine id (positive integer). */
  id: number;
  /** Producer display name (title and name), e.g. "Casa Valduga". */
  producer: string;
  /** Wine name without the producer, e.g. "Origem Merlot". */
  wine: string;
  /** Popularity signal, larger first among equally good matches: number of listed vintages. */
  popularity: number;
}

/** Most wines one index holds (positions use 21 bits of the ranking key). */
export const MAX_WINES = 2 ** 21 - 1;

/** Immutable index data; build with {@link buildWineIndex}. */
export interface WineIndex {
  /** Wine ids by position, ascending. */
  ids: Int32Array;
  /** Popularity by position, clamped to 0–255. */
  popularity: Uint8Array;
  /** Distinct tokens, sorted; token id = position. */
  tokens: string[];
  trie: TokenTrie;
  /** Postings of token t: `postDocs[postStart[t] .. postStart[t+1])`, ascending positions, no repeats. */
  postStart: Int32Array;
  postDocs: Int32Array;
  /**
   * Tokens of wine d: `docTokens[docStart[d] .. docStart[d+1])`: first the producer's words
   * (`producerLen[d]`), then the wine name's words (up to `primaryLen[d]` in all), then the
   * transliteration aliases of those words.
   */
  docStart: Int32Array;
  docTokens: Int32Array;
  producerLen: Uint8Array;
  primaryLen: Uint8Array;
  /** Alias token → the word tokens it transliterates ("mueller" → "muller"). */
  aliasOf: Map<number, number[]>;
}

/** Words kept per name field; longer names are cut (ranking keys count at most 255 per field). */
const MAX_FIELD_WORDS = 100;

/**
 * Builds the index of `wines` (any order; ids distinct).
 * @throws Error when there are more than {@link MAX_WINES} wines.
 */
export function buildWineIndex(wines: readonly IndexedWine[]): WineIndex {
  if (wines.length > MAX_WINES) throw new Error(`The search index holds at most ${MAX_WINES} wines.`);
  const sorted = [...wines].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const perDoc = sorted.map((w) => {
    const p = indexWords(w.producer);
    const v = indexWords(w.wine);
    const words = [...p.words.slice(0, MAX_FIELD_WORDS), ...v.words.slice(0, MAX_FIELD_WORDS)];
    const aliases = [...p.aliases.slice(0, MAX_FIELD_WORDS), ...v.aliases.slice(0, MAX_FIELD_WORDS)];
    return { words, aliases, producerLen: Math.min(p.words.length, MAX_FIELD_WORDS) };
  });

  const distinct = new Set<string>();
  for (const d of perDoc) {
    for (const w of d.words) distinct.add(w);
    for (const a of d.aliases) if (a !== null) distinct.add(a);
  }
  const tokens = [...distinct].sort();
  const tokenId = new Map(tokens.map((t, i) => [t, i]));
  const idOf = (t: string) => tokenId.get(t) as number;

  const docStart = new Int32Array(n + 1);
  const producerLen = new Uint8Array(n);
  const primaryLen = new Uint8Array(n);
  const aliasSets = new Map<number, Set<number>>();
  const perDocIds: number[][] = perDoc.map((d, i) => {
    const primary = d.words.map(idOf);
    const aliasIds: number[] = [];
    d.aliases.forEach((a, k) => {
      if (a === null) return;
      const aid = idOf(a);
      aliasIds.push(aid);
      const set = aliasSets.get(aid) ?? new Set<number>();
      set.add(primary[k] as number);
      aliasSets.set(aid, set);
    });
    producerLen[i] = d.producerLen;
    primaryLen[i] = primary.length;
    return [...primary, ...aliasIds];
  });
  for (let i = 0; i < n; i++) docStart[i + 1] = (docStart[i] as number) + (perDocIds[i] as number[]).length;
  const docTokens = new Int32Array(docStart[n] as number);
  perDocIds.forEach((list, i) => {
    docTokens.set(list, docStart[i] as number);
  });

  // Postings: count distinct tokens per wine, then fill in position order (already ascending).
  const counts = new Int32Array(tokens.length + 1);
  const seen = new Int32Array(tokens.length).fill(-1);
  perDocIds.forEach((list, d) => {
    for (const t of list) {
      if (seen[t] === d) continue;
      seen[t] = d;
      counts[t + 1] = (counts[t + 1] as number) + 1;
    }
  });
  const postStart = new Int32Array(tokens.length + 1);
  for (let t = 0; t < tokens.length; t++)
    postStart[t + 1] = (postStart[t] as number) + (counts[t + 1] as number);
  const postDocs = new Int32Array(postStart[tokens.length] as number);
  const fill = postStart.slice(0, tokens.length);
  seen.fill(-1);
  perDocIds.forEach((list, d) => {
    for (const t of list) {
      if (seen[t] === d) continue;
      seen[t] = d;
      postDocs[fill[t] as number] = d;
      fill[t] = (fill[t] as number) + 1;
    }
  });

  return {
    ids: Int32Array.from(sorted, (w) => w.id),
    popularity: Uint8Array.from(sorted, (w) => Math.max(0, Math.min(255, Math.round(w.popularity)))),
    tokens,
    trie: new TokenTrie(tokens),
    postStart,
    postDocs,
    docStart,
    docTokens,
    producerLen,
    primaryLen,
    aliasOf: new Map([...aliasSets].map(([a, set]) => [a, [...set]])),
  };
}

/** Number of wines holding token `t`. */
export function documentFrequency(index: WineIndex, t: number): number {
  return (index.postStart[t + 1] as number) - (index.postStart[t] as number);
}

/** Approximate bytes held by the index's typed arrays and token strings (for the benchmark). */
export function indexBytes(index: WineIndex): number {
  const arrays = [
    index.ids,
    index.popularity,
    index.postStart,
    index.postDocs,
    index.docStart,
    index.docTokens,
    index.producerLen,
    index.primaryLen,
  ].reduce((sum, a) => sum + a.byteLength, 0);
  const strings = index.tokens.reduce((sum, t) => sum + 16 + 2 * t.length, 0);
  return arrays + strings + index.trie.nodes * 14;
}
