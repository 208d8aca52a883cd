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
import { expandWord, type QueryTerm } from "./query-terms.ts";
import { queryWords } from "./text-rules.ts";
import { documentFrequency, type WineIndex } from "./wine-index.ts";

const DOC_BITS = 2 ** 21;
/** Cost nibble of a term a token does not match (costs are typos × 4 + penalty, at most 2 × 4 + 2). */
const NO_MATCH = 15;

/** Reusable scratch state for searching one index (not re-entrant; searches are synchronous). */
export class IndexSearcher {
  private generation = 0;
  private readonly docStamp: Int32Array;
  private readonly mask: Int32Array;
  private readonly typos: Int32Array;
  private readonly penalty: Int32Array;
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
      for (const a of [this.docStamp, this.tokenStamp, this.matchStamp]) a.fill(0);
    }
    return ++this.generation;
  }

  /**
   * One pass: the wines matching the most words (of those that match something), with their mask,
   * typos and penalty set. Candidates come from the postings of the rarest words first, each wine
   * checked against every word through its own tokens: a wine matching c of n words holds one of any
   * n − c + 1 words, so once the r rarest words gave a wine matching n − r + 1 words, no other wine can
   * match more. A pass that is not `last` (whose answer only stands if it matches every word) stops
   * as soon as it is sure not to.
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
    const touched: number[] = [];
    let coverage = 0;
    for (let r = 0; r < sources.length; r++) {
      for (const t of (sources[r] as { tokens: number[] }).tokens) {
        const end = index.postStart[t + 1] as number;
        for (let p = index.postStart[t] as number; p < end; p++) {
          const d = index.postDocs[p] as number;
          if (this.docStamp[d] === gen) continue;
          this.docStamp[d] = gen;
          const matched = this.verify(d, live, phrases, gen);
          if (matched > 0) touched.push(d);
          if (matched > coverage) coverage = matched;
        }
      }
      // Every wine matching live.length − r words or more is among the touched.
      if (!last || coverage >= live.length - r) break;
    }
    if (!last && coverage < words.length) return { coverage, ids: [] };
    return { coverage, ids: this.rank(touched, gen, limit) };
  }

  /**
   * Number of the `live` terms wine `d` matches; sets its mask of matched terms and their typos and
   * penalty (cheapest match per term).
   */
  private verify(d: number, live: number[], phrases: PhraseSets[][], gen: number): number {
    const index = this.index;
    const best = this.best;
    for (const i of live) best[i] = NO_MATCH;
    const end = index.docStart[d + 1] as number;
    for (let k = index.docStart[d] as number; k < end; k++) {
      const t = index.docTokens[k] as number;
      if (this.matchStamp[t] !== gen) continue;
      const lo = this.costLo[t] as number;
      const hi = this.costHi[t] as number;
      for (const i of live) {
        const c = i < 8 ? (lo >>> (4 * i)) & 15 : (hi >>> (4 * (i - 8))) & 15;
        if (c < (best[i] as number)) best[i] = c;
      }
    }
    let mask = 0;
    let matched = 0;
    let typos = 0;
    let penalty = 0;
    for (const i of live) {
      for (const phrase of phrases[i] as PhraseSets[]) {
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
    return matched;
  }

  private coverage(touched: number[]): number {
    let best = 0;
    for (const d of touched) best = Math.max(best, popcount(this.mask[d] as number));
    return best;
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
      }
      this.tokenMask[x] = (this.tokenMask[x] as number) | (1 << term);
    };
    mark(t);
    for (const target of this.index.aliasOf.get(t) ?? []) mark(target);
  }

  private rank(touched: number[], gen: number, limit: number): number[] {
    const index = this.index;
    const best = this.coverage(touched);
    if (best === 0) return [];
    let typoFree = false;
    for (const d of touched) {
      if (popcount(this.mask[d] as number) === best && this.typos[d] === 0) typoFree = true;
    }
    const keys = new Float64Array(limit).fill(-1);
    const docs = new Int32Array(limit);
    let kept = 0;
    for (const d of touched) {
      const mask = this.mask[d] as number;
      if (popcount(mask) !== best || (typoFree && this.typos[d] !== 0)) continue;
      const start = index.docStart[d] as number;
      const producerEnd = start + (index.producerLen[d] as number);
      const end = start + (index.primaryLen[d] as number);
      let unmatched = 0;
      let producerAll = true;
      let wineAll = true;
      let producerTerms = 0;
      let wineTerms = 0;
      for (let k = start; k < end; k++) {
        const t = index.docTokens[k] as number;
        const covered = this.tokenStamp[t] === gen;
        const termBits = covered ? (this.tokenMask[t] as number) : 0;
        if (!covered) unmatched++;
        if (k < producerEnd) {
          producerAll &&= covered;
          producerTerms |= termBits;
        } else {
          wineAll &&= covered;
          wineTerms |= termBits;
        }
      }
      const wineEmpty = end === producerEnd;
      let field = 0;
      if (producerAll && wineAll) field = 3;
      else if (
        (wineAll && !wineEmpty && (wineTerms & mask) === mask) ||
        (producerAll && (producerTerms & mask) === mask)
      )
        field = 2;
      else if (wineAll || producerAll) field = 1;
      let key = best;
      key = key * 32 + (31 - Math.min(31, this.typos[d] as number));
      key = key * 32 + (31 - Math.min(31, this.penalty[d] as number));
      key = key * 4 + field;
      key = key * 32 + (31 - Math.min(31, unmatched));
      key = key * 256 + (index.popularity[d] as number);
      key = key * DOC_BITS + (DOC_BITS - 1 - d);
      if (kept === limit && key <= (keys[limit - 1] as number)) continue;
      let pos = kept < limit ? kept++ : limit - 1;
      while (pos > 0 && (keys[pos - 1] as number) < key) {
        keys[pos] = keys[pos - 1] as number;
        docs[pos] = docs[pos - 1] as number;
        pos--;
      }
      keys[pos] = key;
      docs[pos] = d;
    }
    return Array.from(docs.subarray(0, kept), (d) => index.ids[d] as number);
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
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
