/**
 * How well one wine's words fit the query, from the words in display order (producer words, then
 * wine-name words): the position-dependent parts of the ranking key (`wine-ranking.ts`, keys 2, 5–7).
 *
 * Every word of the wine is given to at most one query word occurrence (a multiset match): a query
 * word reaching it (its own token, a typo, a prefix or an alias of it) takes it while it has room,
 * one word per query word, or as many as the parts of its phrase (split words: "casavalduga" →
 * casa + valduga; "cs" → cabernet + sauvignon). So "bodegas rubio" leaves the second "Rubio" of
 * "Bodegas Rubio & Rubio" unmatched, and "clarke clarke cellars" finds only one Clarke in "Clarke
 * Cellars". The assignment is done three times: over the producer's words, over the wine name's,
 * and over both (the display name); each field may use each query word once.
 *
 * - field: 3 = the display name's every word is matched and it holds every matched query word;
 *   2 = the same of the wine name (not empty) or of the producer alone; 1 = every word of the wine
 *   name (not empty) or of the producer is matched; else 0.
 * - order: query word pairs (i, i+1) found as adjacent words in that order in the display name
 *   ("Winery Estate" has the pair of the query "winery estate", "Estate Winery" has none).
 * - unmatched: for field 0–1, the display name's words left without a query word plus the
 *   matched query words left without a word of it (a repeated query word it has once); for field
 *   2–3, 0: the rest of a wine matched exactly by its name or its producer is not the query's
 *   business, and such wines rank by popularity.
 * - near: query words the wine does not match (matching no token anywhere) for which a word of the
 *   wine that no query word took is a near token ({@link WineFit.markNearTerms}: one edit beyond the
 *   word's typo allowance).
 */

import { popCount } from "../../text/bit-count.ts";
import { typoAllowance } from "../../text/text-rules.ts";
import type { QueryTerm } from "./query-terms.ts";
import type { WineIndex } from "./wine-index.ts";

/** Query words matching nothing of NEAR_MIN letters or more have near tokens (see {@link WineFit.markNearTerms}). */
const NEAR_MIN = 3;

/** Most query terms (one bit each in the term masks). */
const MAX_TERMS = 16;

/** Fit of one wine (fields overwritten by each {@link WineFit.measure}). */
export class WineFit {
  field = 0;
  order = 0;
  unmatched = 0;
  near = 0;
  /** Words of the wine each query term may take (1, or the parts of its longest phrase). */
  private readonly room = new Int8Array(MAX_TERMS);
  /** Every term takes one word at most (the assignment is then plain bit arithmetic). */
  private single = true;
  /** Tokens near a query word that matches nothing: stamp (pass generation) and term bits. */
  private readonly nearStamp: Int32Array;
  private readonly nearMask: Int32Array;
  /** Terms of the current pass with near tokens (0: none, nothing to look for). */
  private nearTerms = 0;
  private nearGen = 0;
  /** The tokens marked near in this pass (each once). */
  private readonly nearList: number[] = [];
  private readonly useProducer = new Int8Array(MAX_TERMS);
  private readonly useWine = new Int8Array(MAX_TERMS);
  private readonly useDisplay = new Int8Array(MAX_TERMS);

  /**
   * @param tokenStamp generation stamp per token: `gen` when some query term reaches the token.
   * @param tokenMask term bits per token stamped `gen` (the terms reaching it).
   */
  constructor(
    private readonly index: WineIndex,
    private readonly tokenStamp: Int32Array,
    private readonly tokenMask: Int32Array,
  ) {
    this.nearStamp = new Int32Array(index.tokens.length);
    this.nearMask = new Int32Array(index.tokens.length);
  }

  /** The most {@link near} can be in this pass (the terms with near tokens). */
  get nearBound(): number {
    return popCount(this.nearTerms);
  }

  /** Forgets the near tokens: a new pass (`gen`) begins. */
  clearNear(gen: number): void {
    this.nearTerms = 0;
    this.nearGen = gen;
    this.nearList.length = 0;
  }

  /** The tokens marked near a query word in this pass, and each one's term bits ({@link nearBits}). */
  get nearTokens(): readonly number[] {
    return this.nearList;
  }

  /** Term bits of near token `t` (one of {@link nearTokens}): the query words it is near. */
  nearBits(t: number): number {
    return this.nearMask[t] as number;
  }

  /**
   * Marks the near tokens of the `terms` that are no word of the catalogue (no token matches them
   * whole without a typo; a prefix or an abbreviation does not count) and have 3 letters or more: the tokens one edit beyond the word's typo allowance (1 edit for 3 letters, 2 for 4–7,
   * 3 for 8 or more). They make no match; they rank first, among the wines that do not match the
   * word, those holding one ({@link near}). So a word that is no word of the catalogue and matches
   * only other wines' words, with typos ("fereia" → Fereira, typed for Ferreira, two edits away),
   * split ("oen" = o + en, typed for Open: 3 letters get no typo) or as the start of a longer word
   * ("roe" → Roero, typed for Rose), still points to the wine it was typed for.
   */
  markNearTerms(terms: readonly QueryTerm[]): void {
    terms.forEach((term, i) => {
      if (term.word.length < NEAR_MIN || term.tokens.some((m) => m.typos === 0 && m.penalty === 0)) return;
      const edits = typoAllowance(term.word.length) + 1;
      // A word that matches something (a typo, a split, a prefix) looks for near words of 2 edits at
      // most: 3-edit look-ups of long words cost more than the rare wine they would find.
      if (edits > 2 && (term.tokens.length > 0 || term.phrases.length > 0)) return;
      for (const hit of this.index.trie.fuzzy(term.word, edits, false)) this.markNear(hit.token, i);
    });
  }

  /** Marks token `t` as near query term `term` (a word that matches nothing), for this pass. */
  markNear(t: number, term: number): void {
    if (this.nearStamp[t] !== this.nearGen) {
      this.nearStamp[t] = this.nearGen;
      this.nearMask[t] = 0;
      this.nearList.push(t);
    }
    this.nearMask[t] = (this.nearMask[t] as number) | (1 << term);
    this.nearTerms |= 1 << term;
  }

  /** Sets each query term's room (`rooms[i]` ≥ 1 words for term i) for the following measures. */
  setRooms(rooms: readonly number[]): void {
    this.room.fill(1);
    rooms.forEach((r, i) => {
      this.room[i] = r;
    });
    this.single = rooms.every((r) => r <= 1);
  }

  /**
   * Measures wine position `d` against the terms of `mask` (those it matched) in pass `gen`; the
   * result is in {@link field}, {@link order} and {@link unmatched}. Reads the wine's words only.
   */
  measure(d: number, gen: number, mask: number): void {
    const index = this.index;
    const docTokens = index.docTokens;
    const tokenStamp = this.tokenStamp;
    const tokenMask = this.tokenMask;
    const single = this.single;
    if (!single) {
      this.useProducer.fill(0);
      this.useWine.fill(0);
      this.useDisplay.fill(0);
    }
    const start = index.docStart[d] as number;
    const producerEnd = start + (index.producerLen[d] as number);
    const primaryEnd = start + (index.primaryLen[d] as number);
    let prev = 0;
    let pairs = 0;
    let freeProducer = 0;
    let freeWine = 0;
    let freeDisplay = 0;
    let heldProducer = 0;
    let heldWine = 0;
    let heldDisplay = 0;
    let near = 0;
    const nearStamp = this.nearTerms === 0 ? null : this.nearStamp;
    for (let k = start; k < primaryEnd; k++) {
      const t = docTokens[k] as number;
      let bits = tokenStamp[t] === gen ? (tokenMask[t] as number) & mask : 0;
      pairs |= (prev << 1) & bits;
      prev = bits;
      if (nearStamp !== null && bits === 0 && nearStamp[t] === this.nearGen) {
        // A word near a query word the wine does not match stands for it in the fit ("donati
        // nebiool": Donati Nebbiolo is the display name, Donati Etichetta Nera Nebbiolo is not).
        const nearBits = (this.nearMask[t] as number) & ~mask;
        near |= nearBits;
        bits = nearBits;
      }
      if (single) {
        // Each term takes one word: the lowest term of `bits` not taken yet.
        const shown = bits & ~heldDisplay;
        if (shown === 0) freeDisplay++;
        heldDisplay |= shown & -shown;
        if (k < producerEnd) {
          const own = bits & ~heldProducer;
          if (own === 0) freeProducer++;
          heldProducer |= own & -own;
        } else {
          const own = bits & ~heldWine;
          if (own === 0) freeWine++;
          heldWine |= own & -own;
        }
        continue;
      }
      const shown = this.take(bits, this.useDisplay);
      if (shown === 0) freeDisplay++;
      heldDisplay |= shown;
      if (k < producerEnd) {
        const own = this.take(bits, this.useProducer);
        if (own === 0) freeProducer++;
        heldProducer |= own;
      } else {
        const own = this.take(bits, this.useWine);
        if (own === 0) freeWine++;
        heldWine |= own;
      }
    }
    const wineNamed = primaryEnd > producerEnd;
    const producerAll = freeProducer === 0;
    const wineAll = wineNamed && freeWine === 0;
    let field = 0;
    if (freeDisplay === 0 && (heldDisplay & mask) === mask) field = 3;
    else if ((wineAll && (heldWine & mask) === mask) || (producerAll && (heldProducer & mask) === mask))
      field = 2;
    else if (wineAll || producerAll) field = 1;
    this.field = field;
    this.order = popCount(pairs);
    this.unmatched = field >= 2 ? 0 : freeDisplay + popCount(mask & ~heldDisplay);
    this.near = popCount(near & ~mask); // a term the wine matched (by a split) is no near miss
  }

  /**
   * Bounds from above, without reading the wine's words, the fit {@link measure} would give wine
   * `d` for the terms of `mask`: a field is only covered when it has no more words than those terms
   * can take, and only matched terms next to each other in the query can make pairs. Sets
   * {@link field}, {@link order} and {@link unmatched} (the best each can be).
   */
  bound(d: number, mask: number): void {
    let room = 0;
    // Words near a query word the wine does not match count as matched words (see measure).
    for (let rest = mask | (this.nearTerms & ~mask); rest !== 0; rest &= rest - 1)
      room += this.room[31 - Math.clz32(rest & -rest)] as number;
    const producerWords = this.index.producerLen[d] as number;
    const words = this.index.primaryLen[d] as number;
    const wineWords = words - producerWords;
    let field = 0;
    if (words <= room) field = 3;
    else if (producerWords <= room || (wineWords > 0 && wineWords <= room)) field = 2;
    this.field = field;
    this.order = popCount(mask & (mask >>> 1));
    this.unmatched = field >= 2 ? 0 : words - room;
    this.near = this.nearBound;
  }

  /** The lowest term of `bits` with room left in `use` (taken: its bit), else 0. */
  private take(bits: number, use: Int8Array): number {
    let rest = bits;
    while (rest !== 0) {
      const bit = rest & -rest;
      const i = 31 - Math.clz32(bit);
      if ((use[i] as number) < (this.room[i] as number)) {
        use[i] = (use[i] as number) + 1;
        return bit;
      }
      rest &= rest - 1;
    }
    return 0;
  }
}
