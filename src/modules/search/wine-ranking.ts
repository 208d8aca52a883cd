/**
 * Query evaluation and ranking over a {@link WineIndex}.
 *
 * Matching: each query word becomes a {@link QueryTerm}; a wine matches a term through its cheapest
 * token or phrase (typos first, then penalty). Candidates come from the posting lists of the rarest
 * words and are checked through their own tokens (see `run`); no wine is looked at unless one of its
 * tokens matched.
 *
 * Typo passes (Typesense's rule): typo-tolerant matches are only looked up when the typo-free pass
 * leaves no wine matching every query word: first for the words that are no token (the last word: that
 * start no token), and if that is not enough, for every word of 4 letters or more. Only the wines matching the most query words are
 * ranked (words matching nothing anywhere are dropped), and when one of them needs no typo, those
 * needing typos are left out.
 *
 * Ranking key, best first: (1) query words matched; (2) near: query words of 3 letters or more
 * that are no word of the catalogue, which the wine does not match, but which are one edit beyond
 * their typo allowance from a word of the wine ("muiiwod" for Muirwood, "oen" for Open, "fereia"
 * for Ferreira, "roe" for Rose: such a word makes no match, and so no result, but ranks the wines
 * having one first); (3) total typos, fewer first; (4) total penalty (prefix, abbreviation, split), fewer
 * first; (5) field fit: 3 = the query is the display name (each of its words matched by one query
 * word, or near one that matches nothing (2), each matched query word found), 2 = it is exactly the wine name or the producer, 1 = it
 * covers the wine name or the producer, 0 otherwise; (6) order: query word pairs adjacent and in
 * the query's order in the display name, more first; (7) words left unmatched on either side (extra
 * words of the wine, repeated query words it lacks), fewer first, counted for field fit 0–1 only;
 * (8) popularity (listed vintages), more first; (9) wine id.
 * Keys 2 and 5–7 are measured in `wine-fit.ts`: a wine named exactly as the query (or made by the
 * producer the query names) ranks among its namesakes by popularity, not by the length of its other
 * field.
 */

import { queryWords, typoAllowance } from "../../text/text-rules.ts";
import { type MergeScratch, mergePostings, rankMerged, type Tally } from "./posting-merge.ts";
import { expandWord, hasPhrase, type PhraseSets, postingsSize, type QueryTerm } from "./query-terms.ts";
import { emptyParts, type KeyParts, newTop, offer, popcount, rankKey, type Top } from "./rank-key.ts";
import { WineFit } from "./wine-fit.ts";
import type { WineIndex } from "./wine-index.ts";

/** Cost nibble of a term a token does not match (costs are typos × 4 + penalty, at most 2 × 4 + 2). */
const NO_MATCH = 15;
/**
 * Posting merge instead of the wine-by-wine scan when all matching postings together are fewer than
 * MERGE_RATIO × the rarest word's (reading a posting in order costs far less than a wine's tokens at
 * random), and more than MERGE_MIN (below, either is cheap and the scan needs no more arrays).
 */
const MERGE_RATIO = 4;
const MERGE_MIN = 2_000;
/** One ranked answer: wine ids best first, and how many wines match in all (see {@link IndexSearcher.searchWithTotal}). */
export interface RankedIds {
  ids: number[];
  total: number;
}

/** Result of one pass: best coverage, the ids kept and the matches in all. */
interface Pass extends RankedIds {
  coverage: number;
}

/** Reusable scratch state for searching one index (not re-entrant; searches are synchronous). */
export class IndexSearcher {
  private generation = 0;
  private readonly docStamp: Int32Array;
  /** Wines of the rarest word's postings in the current pass (stamp). */
  private readonly docMark: Int32Array;
  private readonly mask: Int32Array;
  private readonly typos: Int32Array;
  private readonly penalty: Int32Array;
  /** Per-wine arrays of the posting merge (see `posting-merge.ts`), made on its first use. */
  private merge: MergeScratch | null = null;
  /** Tokens marked in `tokenStamp` by the current pass. */
  private covered: number[] = [];
  /** Tokens a query word reaches (aliases' words included), for field fit: stamp and term bits. */
  private readonly tokenStamp: Int32Array;
  private readonly tokenMask: Int32Array;
  /** Tokens matching a query word: stamp and cost nibble per term (terms 0–7 low, 8–11 high). */
  private readonly matchStamp: Int32Array;
  private readonly costLo: Int32Array;
  private readonly costHi: Int32Array;
  private readonly best = new Int32Array(16);
  private readonly fit: WineFit;
  private readonly parts: KeyParts = emptyParts();
  private readonly tally: Tally = { all: new Int32Array(17), typoFree: new Int32Array(17) };

  constructor(readonly index: WineIndex) {
    const n = index.ids.length;
    const tokens = index.tokens.length;
    this.docStamp = new Int32Array(n);
    this.docMark = new Int32Array(n);
    this.mask = new Int32Array(n);
    this.typos = new Int32Array(n);
    this.penalty = new Int32Array(n);
    this.tokenStamp = new Int32Array(tokens);
    this.tokenMask = new Int32Array(tokens);
    this.matchStamp = new Int32Array(tokens);
    this.costLo = new Int32Array(tokens);
    this.costHi = new Int32Array(tokens);
    this.fit = new WineFit(index, this.tokenStamp, this.tokenMask);
  }

  /**
   * Ids of the best `limit` wines for `q` (free text), best first; [] when no word matches.
   * Runs the typo-free pass, and the typo passes only when needed (see the module comment).
   */
  search(q: string, limit: number): number[] {
    return this.searchWithTotal(q, limit).ids;
  }

  /**
   * {@link search}, with `total`: how many wines match `q` under the same rules, i.e. how many ids
   * there would be without `limit` (the wines matching the most query words, and of those only the
   * ones matched without typos when there are some). 0 when no word matches.
   */
  searchWithTotal(q: string, limit: number): RankedIds {
    const words = queryWords(q);
    if (words.length === 0 || limit <= 0) return { ids: [], total: 0 };
    const plain = this.run(words, () => 0, limit, false);
    if (plain.coverage === words.length) return answer(plain);
    // Typos first only in words that are no token (nor start one, for the last word), then in all.
    const unknown = (w: string, i: number) =>
      this.index.trie.exact(w) === -1 && !(i === words.length - 1 && this.index.trie.hasPrefix(w));
    if (words.some(unknown)) {
      const some = this.run(words, (w, i) => (unknown(w, i) ? typoAllowance(w.length) : 0), limit, false);
      if (some.coverage === words.length) return answer(some);
    }
    return answer(this.run(words, (w) => typoAllowance(w.length), limit, true));
  }

  private nextGeneration(): number {
    if (this.generation >= 2 ** 26) {
      this.generation = 0;
      for (const a of [
        this.docStamp,
        this.docMark,
        this.tokenStamp,
        this.matchStamp,
        this.merge?.termSeen,
        this.merge?.nearSeen,
      ])
        a?.fill(0);
    }
    return ++this.generation;
  }

  /**
   * One pass: the best `limit` wines among those matching the most words (of the words that match
   * something). Candidates come from the postings of the rarest words first, each wine scored in one
   * scan of its own tokens ({@link score}): a wine matching c of n words holds one of any n − c + 1
   * words, so once the r rarest words gave a wine matching n − r + 1 words, no other wine can match
   * more. A pass that is not `last` (whose answer only stands if it matches every word) stops as soon
   * as it is sure not to.
   */
  private run(
    words: string[],
    allowance: (word: string, i: number) => number,
    limit: number,
    last: boolean,
  ): Pass {
    const index = this.index;
    const gen = this.nextGeneration();
    const terms = words.map((w, i) => expandWord(index, w, i === words.length - 1, allowance(w, i)));
    this.covered = [];
    this.tally.all.fill(0);
    this.tally.typoFree.fill(0);
    const live: number[] = [];
    terms.forEach((term, i) => {
      if (term.tokens.length > 0 || term.phrases.length > 0) live.push(i);
      for (const m of term.tokens) {
        this.markMatch(m.token, gen, i, m.typos * 4 + m.penalty);
        this.markToken(m.token, gen, i);
      }
      for (const phrase of term.phrases) {
        for (const part of phrase.parts) for (const t of part) this.markToken(t, gen, i);
      }
    });
    const none: Pass = { coverage: 0, ids: [], total: 0 };
    if (live.length === 0 || (!last && live.length < words.length)) return none;
    this.fit.setRooms(terms.map((term) => Math.max(1, ...term.phrases.map((phrase) => phrase.parts.length))));
    this.fit.clearNear(gen);
    if (last) this.fit.markNearTerms(terms);
    const phrases = terms.map((term) =>
      term.phrases.map((phrase) => ({ penalty: phrase.penalty, parts: phrase.parts.map((p) => new Set(p)) })),
    );
    // Sources of each live word: its tokens' postings and, per phrase, its rarest part's postings.
    const sources = live.map((i) => {
      const term = terms[i] as QueryTerm;
      const tokens = term.tokens.map((m) => m.token);
      for (const phrase of term.phrases) {
        let part = phrase.parts[0] as number[];
        for (const p of phrase.parts) if (postingsSize(index, p) < postingsSize(index, part)) part = p;
        tokens.push(...part);
      }
      return { tokens, size: postingsSize(index, tokens) };
    });
    sources.sort((x, y) => x.size - y.size);
    const top = newTop(limit);
    let coverage = 0;
    const postings = sources.reduce((sum, x) => sum + x.size, 0);
    if (postings > MERGE_MIN && postings < MERGE_RATIO * (sources[0] as { size: number }).size) {
      coverage = this.merged(terms, gen, top);
    } else {
      coverage = this.scanned(sources, live, phrases, gen, top, last);
    }
    if (coverage === 0 || (!last && coverage < words.length)) return { ...none, coverage };
    // The wines kept are the best by key; those left out by the module's rules come last among them.
    const first = top.docs[0] as number;
    const typoFree = this.typos[first] === 0;
    const ids: number[] = [];
    for (let k = 0; k < top.kept; k++) {
      const d = top.docs[k] as number;
      if (popcount(this.mask[d] as number) !== coverage || (typoFree && this.typos[d] !== 0)) break;
      ids.push(index.ids[d] as number);
    }
    return {
      coverage,
      ids,
      total: (typoFree ? this.tally.typoFree : this.tally.all)[coverage] as number,
    };
  }

  /** Every wine of the terms' postings merged and ranked into `top`; returns the best coverage. */
  private merged(terms: QueryTerm[], gen: number, top: Top): number {
    const index = this.index;
    const n = index.ids.length;
    this.merge ??= {
      docStamp: this.docStamp,
      termSeen: new Int32Array(n),
      termCost: new Int32Array(n),
      mask: this.mask,
      typos: this.typos,
      penalty: this.penalty,
      coverProducer: new Uint8Array(n),
      coverWine: new Uint8Array(n),
      termsProducer: new Int32Array(n),
      termsWine: new Int32Array(n),
      tokenMask: this.tokenMask,
      touched: new Int32Array(n),
      nearSeen: new Int32Array(n),
      nearWine: new Int32Array(n),
    };
    const s = this.merge;
    const count = mergePostings(index, s, terms, this.covered, gen);
    let coverage = 0;
    for (let k = 0; k < count; k++)
      coverage = Math.max(coverage, popcount(s.mask[s.touched[k] as number] as number));
    rankMerged(index, s, count, coverage, gen, this.fit, top, this.docMark, this.tally);
    return coverage;
  }

  /**
   * The wines of the rarest terms' postings, each scored through its own tokens, into `top`;
   * returns the best coverage.
   */
  private scanned(
    sources: { tokens: number[] }[],
    live: number[],
    phrases: PhraseSets[][],
    gen: number,
    top: Top,
    last: boolean,
  ): number {
    const index = this.index;
    let coverage = 0;
    if (sources.length >= 2) {
      // A wine matching every word is in the postings of both rarest words: mark the first's, score
      // only the second's that are marked (postings read in order; few wines scored).
      for (const t of (sources[0] as { tokens: number[] }).tokens) {
        const end = index.postStart[t + 1] as number;
        for (let p = index.postStart[t] as number; p < end; p++)
          this.docMark[index.postDocs[p] as number] = gen;
      }
      for (const t of (sources[1] as { tokens: number[] }).tokens) {
        const end = index.postStart[t + 1] as number;
        for (let p = index.postStart[t] as number; p < end; p++) {
          const d = index.postDocs[p] as number;
          if (this.docMark[d] !== gen || this.docStamp[d] === gen) continue;
          this.docStamp[d] = gen;
          const matched = this.score(d, live, phrases, gen, top);
          if (matched > coverage) coverage = matched;
        }
      }
      // Some wine matches every word, or none does (and only the last pass looks further).
      if (coverage === live.length || !last) return coverage;
    }
    for (let r = 0; r < sources.length; r++) {
      for (const t of (sources[r] as { tokens: number[] }).tokens) {
        const end = index.postStart[t + 1] as number;
        for (let p = index.postStart[t] as number; p < end; p++) {
          const d = index.postDocs[p] as number;
          if (this.docStamp[d] === gen) continue;
          this.docStamp[d] = gen;
          const matched = this.score(d, live, phrases, gen, top);
          if (matched > coverage) coverage = matched;
        }
      }
      // Every wine matching live.length − r words or more has been scored.
      if (!last || coverage >= live.length - r) break;
    }
    return coverage;
  }

  /**
   * Scores wine `d` in one scan of its tokens: the `live` terms it matches (cheapest match per term),
   * their typos and penalty (kept in `mask`, `typos`, `penalty`), counts it in the tally, measures its
   * fit ({@link WineFit}: a second scan of its words) and offers its ranking key to `top`. Returns the
   * number of terms matched.
   */
  private score(d: number, live: number[], phrases: PhraseSets[][], gen: number, top: Top): number {
    const index = this.index;
    const best = this.best;
    const matchStamp = this.matchStamp;
    const costLo = this.costLo;
    const costHi = this.costHi;
    const docTokens = index.docTokens;
    const terms = live.length;
    for (let x = 0; x < terms; x++) best[live[x] as number] = NO_MATCH;
    const end = index.docStart[d + 1] as number;
    for (let k = index.docStart[d] as number; k < end; k++) {
      const t = docTokens[k] as number;
      if (matchStamp[t] !== gen) continue;
      const lo = costLo[t] as number;
      const hi = costHi[t] as number;
      for (let x = 0; x < terms; x++) {
        const i = live[x] as number;
        const c = i < 8 ? (lo >>> (4 * i)) & 15 : (hi >>> (4 * (i - 8))) & 15;
        if (c < (best[i] as number)) best[i] = c;
      }
    }
    let mask = 0;
    let matched = 0;
    let typos = 0;
    let penalty = 0;
    for (let x = 0; x < terms; x++) {
      const i = live[x] as number;
      const termPhrases = phrases[i] as PhraseSets[];
      for (let f = 0; f < termPhrases.length; f++) {
        const phrase = termPhrases[f] as PhraseSets;
        if (phrase.penalty < (best[i] as number) && hasPhrase(index, d, phrase.parts))
          best[i] = phrase.penalty;
      }
      const c = best[i] as number;
      if (c === NO_MATCH) continue;
      mask |= 1 << i;
      matched++;
      typos += c >> 2;
      penalty += c & 3;
    }
    this.mask[d] = mask;
    this.typos[d] = typos;
    this.penalty[d] = penalty;
    if (matched === 0) return 0;
    this.tally.all[matched] = (this.tally.all[matched] as number) + 1;
    if (typos === 0) this.tally.typoFree[matched] = (this.tally.typoFree[matched] as number) + 1;
    const fit = this.fit;
    const parts = this.parts;
    parts.matched = matched;
    parts.typos = typos;
    parts.penalty = penalty;
    if (top.kept === top.keys.length) {
      // Not measured when even the best fit it can have would not enter the top.
      fit.bound(d, mask);
      parts.order = fit.order;
      parts.field = fit.field;
      parts.unmatched = fit.unmatched;
      parts.near = fit.near;
      if (rankKey(index, d, parts) <= (top.keys[top.kept - 1] as number)) return matched;
    }
    fit.measure(d, gen, mask);
    parts.order = fit.order;
    parts.field = fit.field;
    parts.unmatched = fit.unmatched;
    parts.near = fit.near;
    offer(top, rankKey(index, d, parts), d);
    return matched;
  }

  /** Records that token `t` matches term `term` at cost nibble `cost` (keeping the cheapest). */
  private markMatch(t: number, gen: number, term: number, cost: number): void {
    if (this.matchStamp[t] !== gen) {
      this.matchStamp[t] = gen;
      this.costLo[t] = -1;
      this.costHi[t] = -1;
    }
    const costs = term < 8 ? this.costLo : this.costHi;
    const shift = 4 * (term < 8 ? term : term - 8);
    const packed = costs[t] as number;
    if (cost < ((packed >>> shift) & 15)) costs[t] = (packed & ~(15 << shift)) | (cost << shift);
  }

  private markToken(t: number, gen: number, term: number): void {
    const mark = (x: number) => {
      if (this.tokenStamp[x] !== gen) {
        this.tokenStamp[x] = gen;
        this.tokenMask[x] = 0;
        this.covered.push(x);
      }
      this.tokenMask[x] = (this.tokenMask[x] as number) | (1 << term);
    };
    mark(t);
    for (const target of this.index.aliasOf.get(t) ?? []) mark(target);
  }
}

function answer(pass: Pass): RankedIds {
  return { ids: pass.ids, total: pass.total };
}
