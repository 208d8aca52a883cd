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
 * Ranking key, best first: (1) query words matched; (2) total typos, fewer first; (3) total penalty
 * (prefix, abbreviation, split), fewer first; (4) field fit: 3 = the query covers every word of the
 * display name, 2 = it is exactly the wine name or the producer (every word of that field matched and
 * every matched query word found there), 1 = it covers some field, 0 otherwise; (5) words of the
 * display name left unmatched, fewer first; (6) popularity (listed vintages), more first; (7) wine id.
 */
import { type MergeScratch, mergePostings } from "./posting-merge.ts";
import { expandWord, type QueryTerm } from "./query-terms.ts";
import { fieldFit, offer, popcount, rankKey, type Top } from "./rank-key.ts";
import { queryWords } from "./text-rules.ts";
import { documentFrequency, type WineIndex } from "./wine-index.ts";

/** Cost nibble of a term a token does not match (costs are typos × 4 + penalty, at most 2 × 4 + 2). */
const NO_MATCH = 15;
/**
 * Posting merge instead of the wine-by-wine scan when all matching postings together are fewer than
 * MERGE_RATIO × the rarest word's (reading a posting in order costs far less than a wine's tokens at
 * random), and more than MERGE_MIN (below, either is cheap and the scan needs no more arrays).
 */
const MERGE_RATIO = 4;
const MERGE_MIN = 2_000;

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
  }

  /**
   * Ids of the best `limit` wines for `q` (free text), best first; [] when no word matches.
   * Runs the typo-free pass, and the typo pass only when needed (see the module comment).
   */
  search(q: string, limit: number): number[] {
    const words = queryWords(q);
    if (words.length === 0 || limit <= 0) return [];
    const plain = this.run(words, () => false, limit, false);
    if (plain.coverage === words.length) return plain.ids;
    // Typos first only in words that are no token (nor start one, for the last word), then in all.
    const unknown = (w: string, i: number) =>
      this.index.trie.exact(w) === -1 && !(i === words.length - 1 && this.index.trie.hasPrefix(w));
    if (words.some(unknown)) {
      const some = this.run(words, unknown, limit, false);
      if (some.coverage === words.length) return some.ids;
    }
    return this.run(words, () => true, limit, true).ids;
  }

  private nextGeneration(): number {
    if (this.generation >= 2 ** 26) {
      this.generation = 0;
      for (const a of [this.docStamp, this.docMark, this.tokenStamp, this.matchStamp, this.merge?.termSeen])
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
    withTypos: (word: string, i: number) => boolean,
    limit: number,
    last: boolean,
  ): { coverage: number; ids: number[] } {
    const index = this.index;
    const gen = this.nextGeneration();
    const terms = words.map((w, i) => expandWord(index, w, i === words.length - 1, withTypos(w, i)));
    this.covered = [];
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
    if (live.length === 0 || (!last && live.length < words.length)) return { coverage: 0, ids: [] };
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
    const top: Top = { keys: new Float64Array(limit).fill(-1), docs: new Int32Array(limit), kept: 0 };
    let coverage = 0;
    const total = sources.reduce((sum, x) => sum + x.size, 0);
    if (total > MERGE_MIN && total < MERGE_RATIO * (sources[0] as { size: number }).size) {
      coverage = this.merged(terms, gen, top);
    } else {
      coverage = this.scanned(sources, live, phrases, gen, top, last);
    }
    if (coverage === 0 || (!last && coverage < words.length)) return { coverage, ids: [] };
    // The wines kept are the best by key; those left out by the module's rules come last among them.
    const first = top.docs[0] as number;
    const typoFree = this.typos[first] === 0;
    const ids: number[] = [];
    for (let k = 0; k < top.kept; k++) {
      const d = top.docs[k] as number;
      if (popcount(this.mask[d] as number) !== coverage || (typoFree && this.typos[d] !== 0)) break;
      ids.push(index.ids[d] as number);
    }
    return { coverage, ids };
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
    };
    const s = this.merge;
    const count = mergePostings(index, s, terms, this.covered, gen);
    let coverage = 0;
    for (let k = 0; k < count; k++)
      coverage = Math.max(coverage, popcount(s.mask[s.touched[k] as number] as number));
    for (let k = 0; k < count; k++) {
      const d = s.touched[k] as number;
      const mask = s.mask[d] as number;
      const matched = popcount(mask);
      if (matched < coverage) continue;
      const producerWords = index.producerLen[d] as number;
      const wineWords = (index.primaryLen[d] as number) - producerWords;
      const producerAll = s.coverProducer[d] === producerWords;
      const wineAll = s.coverWine[d] === wineWords;
      const field = fieldFit(
        producerAll,
        wineAll,
        wineWords === 0,
        s.termsProducer[d] as number,
        s.termsWine[d] as number,
        mask,
      );
      const unmatched =
        producerWords + wineWords - (s.coverProducer[d] as number) - (s.coverWine[d] as number);
      offer(
        top,
        rankKey(index, d, matched, s.typos[d] as number, s.penalty[d] as number, field, unmatched),
        d,
      );
    }
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
   * their typos and penalty (kept in `mask`, `typos`, `penalty`), field fit and unmatched words, and
   * offers its ranking key to `top`. Returns the number of terms matched.
   */
  private score(d: number, live: number[], phrases: PhraseSets[][], gen: number, top: Top): number {
    const index = this.index;
    const best = this.best;
    const tokenStamp = this.tokenStamp;
    const tokenMask = this.tokenMask;
    const matchStamp = this.matchStamp;
    const costLo = this.costLo;
    const costHi = this.costHi;
    const docTokens = index.docTokens;
    const terms = live.length;
    for (let x = 0; x < terms; x++) best[live[x] as number] = NO_MATCH;
    const start = index.docStart[d] as number;
    const end = index.docStart[d + 1] as number;
    const producerEnd = start + (index.producerLen[d] as number);
    const primaryEnd = start + (index.primaryLen[d] as number);
    let unmatched = 0;
    let producerAll = true;
    let wineAll = true;
    let producerTerms = 0;
    let wineTerms = 0;
    for (let k = start; k < end; k++) {
      const t = docTokens[k] as number;
      if (k < primaryEnd) {
        const covered = tokenStamp[t] === gen;
        const termBits = covered ? (tokenMask[t] as number) : 0;
        if (!covered) unmatched++;
        if (k < producerEnd) {
          if (!covered) producerAll = false;
          producerTerms |= termBits;
        } else {
          if (!covered) wineAll = false;
          wineTerms |= termBits;
        }
      }
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
    const field = fieldFit(producerAll, wineAll, primaryEnd === producerEnd, producerTerms, wineTerms, mask);
    offer(top, rankKey(index, d, matched, typos, penalty, field, unmatched), d);
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

/** A phrase match with its parts as sets, for checking one wine. */
interface PhraseSets {
  penalty: number;
  parts: Set<number>[];
}

/** True when wine `d` holds, for every part, at least one of the part's tokens. */
function hasPhrase(index: WineIndex, d: number, parts: Set<number>[]): boolean {
  const s = index.docStart[d] as number;
  const e = index.docStart[d + 1] as number;
  for (const set of parts) {
    let found = false;
    for (let k = s; k < e && !found; k++) found = set.has(index.docTokens[k] as number);
    if (!found) return false;
  }
  return true;
}

/** Postings of all of `tokens` together (an upper bound of the wines holding one of them). */
function postingsSize(index: WineIndex, tokens: number[]): number {
  let size = 0;
  for (const t of tokens) size += documentFrequency(index, t);
  return size;
}
