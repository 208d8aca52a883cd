/**
 * Query evaluation and ranking over a {@link WineIndex}.
 *
 * Matching: each query word becomes a {@link QueryTerm}; a wine matches a term through its cheapest
 * token or phrase (typos first, then penalty). Candidates come from merging posting lists; no wine is
 * looked at unless one of its tokens matched.
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
  private readonly termSeen: Int32Array;
  private readonly termCost: Int32Array;
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
    this.termSeen = new Int32Array(n);
    this.termCost = new Int32Array(n);
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
      for (const a of [this.docStamp, this.termSeen, this.tokenStamp, this.matchStamp]) a.fill(0);
    }
    return ++this.generation;
  }

  /**
   * One pass. The wines matching every word that matches something are found from the rarest
   * word's postings, each checked against the other words through its own tokens; only when there
   * are none (and `last`, the pass whose answer stands whatever its coverage) are all postings merged
   * to find the wines matching the most words. A pass that is not `last` stops as soon as it is sure
   * not to match every word.
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
    const touched = this.conjunctive(terms, live, gen);
    if (touched.length > 0) return { coverage: live.length, ids: this.rank(touched, gen, limit) };
    if (!last) return { coverage: 0, ids: [] };
    const merged = this.disjunctive(terms, gen);
    return { coverage: this.coverage(merged), ids: this.rank(merged, gen, limit) };
  }

  /** Wines matching every term of `live`, with their mask, typos and penalty set. */
  private conjunctive(terms: QueryTerm[], live: number[], gen: number): number[] {
    const index = this.index;
    const sets = terms.map((term) =>
      term.phrases.map((phrase) => ({ penalty: phrase.penalty, parts: phrase.parts.map((p) => new Set(p)) })),
    );
    let driver = live[0] as number;
    let smallest = Number.POSITIVE_INFINITY;
    for (const i of live) {
      const term = terms[i] as QueryTerm;
      let size = 0;
      for (const m of term.tokens) size += documentFrequency(index, m.token);
      for (const phrase of term.phrases) size += Math.min(...phrase.parts.map((p) => postingsSize(index, p)));
      if (size < smallest) {
        smallest = size;
        driver = i;
      }
    }
    let liveMask = 0;
    for (const i of live) liveMask |= 1 << i;
    const touched: number[] = [];
    const visit = (d: number) => {
      if (this.docStamp[d] === gen) return;
      this.docStamp[d] = gen;
      if (this.verify(d, live, sets, gen)) {
        this.mask[d] = liveMask;
        touched.push(d);
      }
    };
    const term = terms[driver] as QueryTerm;
    const sources: number[][] = [term.tokens.map((m) => m.token)];
    for (const phrase of term.phrases) {
      let part = phrase.parts[0] as number[];
      for (const p of phrase.parts) if (postingsSize(index, p) < postingsSize(index, part)) part = p;
      sources.push(part);
    }
    for (const source of sources) {
      for (const t of source) {
        const end = index.postStart[t + 1] as number;
        for (let p = index.postStart[t] as number; p < end; p++) visit(index.postDocs[p] as number);
      }
    }
    return touched;
  }

  /** True when wine `d` matches every term of `live`; sets its typos and penalty (cheapest match per term). */
  private verify(d: number, live: number[], phrases: PhraseSets[][], gen: number): boolean {
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
    let typos = 0;
    let penalty = 0;
    for (const i of live) {
      for (const phrase of phrases[i] as PhraseSets[]) {
        if (phrase.penalty < (best[i] as number) && hasPhrase(index, d, phrase.parts))
          best[i] = phrase.penalty;
      }
      const c = best[i] as number;
      if (c === NO_MATCH) return false;
      typos += c >> 2;
      penalty += c & 3;
    }
    this.typos[d] = typos;
    this.penalty[d] = penalty;
    return true;
  }

  /** Every wine matching some term (all postings merged), with its mask, typos and penalty set. */
  private disjunctive(terms: QueryTerm[], gen: number): number[] {
    const index = this.index;
    const touched: number[] = [];
    terms.forEach((term, i) => {
      const termTouched: number[] = [];
      const stamp = gen * 16 + i;
      const offer = (d: number, cost: number) => {
        if (this.termSeen[d] !== stamp) {
          this.termSeen[d] = stamp;
          this.termCost[d] = cost;
          termTouched.push(d);
        } else if (cost < (this.termCost[d] as number)) this.termCost[d] = cost;
      };
      for (const m of term.tokens) {
        const cost = m.typos * 256 + m.penalty;
        const end = index.postStart[m.token + 1] as number;
        for (let p = index.postStart[m.token] as number; p < end; p++)
          offer(index.postDocs[p] as number, cost);
      }
      for (const phrase of term.phrases) {
        for (const d of phraseDocs(index, phrase.parts)) offer(d, phrase.penalty);
      }
      for (const d of termTouched) {
        // -gen: the conjunctive step of this pass stamped wines with gen.
        if (this.docStamp[d] !== -gen) {
          this.docStamp[d] = -gen;
          this.mask[d] = 0;
          this.typos[d] = 0;
          this.penalty[d] = 0;
          touched.push(d);
        }
        const cost = this.termCost[d] as number;
        this.mask[d] = (this.mask[d] as number) | (1 << i);
        this.typos[d] = (this.typos[d] as number) + (cost >> 8);
        this.penalty[d] = (this.penalty[d] as number) + (cost & 255);
      }
    });
    return touched;
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

/** Positions of wines holding, for every part, at least one of the part's tokens (ascending). */
function phraseDocs(index: WineIndex, parts: number[][]): number[] {
  const size = (part: number[]) =>
    part.reduce((s, t) => s + (index.postStart[t + 1] as number) - (index.postStart[t] as number), 0);
  const ordered = [...parts].sort((a, b) => size(a) - size(b));
  const [first, ...others] = ordered as [number[], ...number[][]];
  const sets = others.map((part) => new Set(part));
  const out: number[] = [];
  const seen = new Set<number>();
  for (const t of first) {
    const end = index.postStart[t + 1] as number;
    for (let p = index.postStart[t] as number; p < end; p++) {
      const d = index.postDocs[p] as number;
      if (seen.has(d)) continue;
      seen.add(d);
      const s = index.docStart[d] as number;
      const e = index.docStart[d + 1] as number;
      let ok = true;
      for (const set of sets) {
        let found = false;
        for (let k = s; k < e && !found; k++) found = set.has(index.docTokens[k] as number);
        if (!found) {
          ok = false;
          break;
        }
      }
      if (ok) out.push(d);
    }
  }
  return out;
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
