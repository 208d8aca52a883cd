/**
 * The in-memory wine search index: a token dictionary (sorted words in a {@link TokenTrie}), one
 * posting list of wine positions per token, and each wine's own tokens, all in typed arrays with
 * integer ids (positions follow ascending wine id). About 70 bytes per wine plus the dictionary.
 * Built wine by wine ({@link WineIndexBuilder}), from a list or from pages read in the background.
 *
 * Searching (see `IndexSearcher` in `wine-ranking.ts`) expands each query word into matching
 * tokens, takes its candidates from the rarest words' postings (or merges the postings when the
 * words are common), and ranks the wines.
 */

import { indexWords } from "../../text/text-rules.ts";
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
  /** Distinct tokens in order of first occurrence; token id = position. */
  tokens: string[];
  trie: TokenTrie;
  /** Postings of token t: `postDocs[postStart[t] .. postStart[t+1])`, ascending positions, no repeats. */
  postStart: Int32Array;
  postDocs: Int32Array;
  /** Per posting: occurrences of the token among the wine's producer words × 256 + among its wine-name words. */
  postCounts: Uint16Array;
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

/** Wines added between two yields to the event loop in {@link buildWineIndexFrom}. */
export const BUILD_SLICE = 1_000;

/**
 * Accumulates wines in ascending id order into growable typed arrays (tokens interned in the trie as
 * they come), then {@link finish}es the posting lists. Holds about 25 bytes per wine and word plus
 * the dictionary; no per-wine JS object is kept.
 */
export class WineIndexBuilder {
  private readonly trie = new TokenTrie();
  private readonly tokens: string[] = [];
  private readonly aliasSets = new Map<number, Set<number>>();
  private ids = new Int32Array(1024);
  private popularity = new Uint8Array(1024);
  private producerLen = new Uint8Array(1024);
  private primaryLen = new Uint8Array(1024);
  private docStart = new Int32Array(1025);
  private docTokens = new Int32Array(8192);
  private count = 0;

  /** Number of wines added so far. */
  get wines(): number {
    return this.count;
  }

  /**
   * Adds one wine; ids must come in ascending order (positions follow ids).
   * @throws Error when the id is not above the previous one, or past {@link MAX_WINES} wines.
   */
  add(wine: IndexedWine): void {
    const n = this.count;
    if (n >= MAX_WINES) throw new Error(`The search index holds at most ${MAX_WINES} wines.`);
    if (n > 0 && !(wine.id > (this.ids[n - 1] as number)))
      throw new Error("WineIndexBuilder: wines must come in ascending id order.");
    if (n === this.ids.length) this.growWines();
    const p = indexWords(wine.producer);
    const v = indexWords(wine.wine);
    const producerWords = Math.min(p.words.length, MAX_FIELD_WORDS);
    const wineWords = Math.min(v.words.length, MAX_FIELD_WORDS);
    let at = this.docStart[n] as number;
    const room = at + 2 * (producerWords + wineWords);
    if (room > this.docTokens.length) this.docTokens = grown(this.docTokens, room);
    const primaryStart = at;
    for (const [field, words] of [
      [p, producerWords],
      [v, wineWords],
    ] as const) {
      for (let k = 0; k < words; k++) this.docTokens[at++] = this.intern(field.words[k] as string);
    }
    let primary = primaryStart;
    for (const [field, words] of [
      [p, producerWords],
      [v, wineWords],
    ] as const) {
      for (let k = 0; k < words; k++, primary++) {
        const alias = field.aliases[k];
        if (alias === null || alias === undefined) continue;
        const aid = this.intern(alias);
        this.docTokens[at++] = aid;
        const set = this.aliasSets.get(aid) ?? new Set<number>();
        set.add(this.docTokens[primary] as number);
        this.aliasSets.set(aid, set);
      }
    }
    this.ids[n] = wine.id;
    this.popularity[n] = Math.max(0, Math.min(255, Math.round(wine.popularity)));
    this.producerLen[n] = producerWords;
    this.primaryLen[n] = producerWords + wineWords;
    this.docStart[n + 1] = at;
    this.count = n + 1;
  }

  private intern(word: string): number {
    const id = this.trie.intern(word);
    if (id === this.tokens.length) this.tokens.push(word);
    return id;
  }

  private growWines(): void {
    const size = this.ids.length * 2;
    this.ids = grown(this.ids, size);
    this.popularity = grown(this.popularity, size);
    this.producerLen = grown(this.producerLen, size);
    this.primaryLen = grown(this.primaryLen, size);
    this.docStart = grown(this.docStart, size + 1);
  }

  /** The index of the wines added (postings in position order, arrays trimmed to size). */
  finish(): WineIndex {
    const n = this.count;
    const tokenCount = this.tokens.length;
    const docStart = this.docStart.slice(0, n + 1);
    const docTokens = this.docTokens.slice(0, docStart[n] as number);
    // Postings: count distinct tokens per wine, then fill in position order (already ascending).
    const postStart = new Int32Array(tokenCount + 1);
    const seen = new Int32Array(tokenCount).fill(-1);
    for (let d = 0; d < n; d++) {
      for (let k = docStart[d] as number; k < (docStart[d + 1] as number); k++) {
        const t = docTokens[k] as number;
        if (seen[t] === d) continue;
        seen[t] = d;
        postStart[t + 1] = (postStart[t + 1] as number) + 1;
      }
    }
    for (let t = 0; t < tokenCount; t++)
      postStart[t + 1] = (postStart[t + 1] as number) + (postStart[t] as number);
    const postDocs = new Int32Array(postStart[tokenCount] as number);
    const postCounts = new Uint16Array(postDocs.length);
    const fill = postStart.slice(0, tokenCount);
    seen.fill(-1);
    for (let d = 0; d < n; d++) {
      const producerEnd = (docStart[d] as number) + (this.producerLen[d] as number);
      const primaryEnd = (docStart[d] as number) + (this.primaryLen[d] as number);
      for (let k = docStart[d] as number; k < (docStart[d + 1] as number); k++) {
        const t = docTokens[k] as number;
        if (seen[t] !== d) {
          seen[t] = d;
          postDocs[fill[t] as number] = d;
          fill[t] = (fill[t] as number) + 1;
        }
        const at = (fill[t] as number) - 1;
        if (k < producerEnd) postCounts[at] = (postCounts[at] as number) + 256;
        else if (k < primaryEnd) postCounts[at] = (postCounts[at] as number) + 1;
      }
    }
    this.trie.compact();
    return {
      ids: this.ids.slice(0, n),
      popularity: this.popularity.slice(0, n),
      tokens: this.tokens,
      trie: this.trie,
      postStart,
      postDocs,
      postCounts,
      docStart,
      docTokens,
      producerLen: this.producerLen.slice(0, n),
      primaryLen: this.primaryLen.slice(0, n),
      aliasOf: new Map([...this.aliasSets].map(([a, set]) => [a, [...set]])),
    };
  }
}

function grown<T extends Int32Array | Uint8Array>(a: T, atLeast: number): T {
  let size = a.length * 2;
  while (size < atLeast) size *= 2;
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/**
 * Builds the index of `wines` (any order; ids distinct) in one go.
 * @throws Error when there are more than {@link MAX_WINES} wines or an id repeats.
 */
export function buildWineIndex(wines: readonly IndexedWine[]): WineIndex {
  if (wines.length > MAX_WINES) throw new Error(`The search index holds at most ${MAX_WINES} wines.`);
  const builder = new WineIndexBuilder();
  for (const w of [...wines].sort((a, b) => a.id - b.id)) builder.add(w);
  return builder.finish();
}

/**
 * Builds the index from pages of wines (ascending ids across pages, as `indexedWinePages` reads them),
 * yielding to the event loop every {@link BUILD_SLICE} wines so that requests are served meanwhile.
 * @throws Error as {@link WineIndexBuilder.add}, or what reading a page throws.
 */
export async function buildWineIndexFrom(pages: AsyncIterable<readonly IndexedWine[]>): Promise<WineIndex> {
  const builder = new WineIndexBuilder();
  for await (const page of pages) {
    for (let i = 0; i < page.length; i += BUILD_SLICE) {
      const end = Math.min(page.length, i + BUILD_SLICE);
      for (let k = i; k < end; k++) builder.add(page[k] as IndexedWine);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return builder.finish();
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
    index.postCounts,
    index.docStart,
    index.docTokens,
    index.producerLen,
    index.primaryLen,
  ].reduce((sum, a) => sum + a.byteLength, 0);
  const strings = index.tokens.reduce((sum, t) => sum + 16 + 2 * t.length, 0);
  return arrays + strings + index.trie.bytes;
}
