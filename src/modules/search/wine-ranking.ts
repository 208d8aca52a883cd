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
import { expandWord } from "./query-terms.ts";
import { queryWords } from "./text-rules.ts";
import type { WineIndex } from "./wine-index.ts";

const DOC_BITS = 2 ** 21;

/** Reusable scratch state for searching one index (not re-entrant; searches are synchronous). */
export class IndexSearcher {
  private generation = 0;
  private readonly docStamp: Int32Array;
  private readonly termSeen: Int32Array;
  private readonly termCost: Int32Array;
  private readonly mask: Int32Array;
  private readonly typos: Int32Array;
  private readonly penalty: Int32Array;
  private readonly tokenStamp: Int32Array;
  private readonly tokenMask: Int32Array;

  constructor(readonly index: WineIndex) {
    const n = index.ids.length;
    this.docStamp = new Int32Array(n);
    this.termSeen = new Int32Array(n);
    this.termCost = new Int32Array(n);
    this.mask = new Int32Array(n);
    this.typos = new Int32Array(n);
    this.penalty = new Int32Array(n);
    this.tokenStamp = new Int32Array(index.tokens.length);
    this.tokenMask = new Int32Array(index.tokens.length);
  }

  /**
   * Ids of the best `limit` wines for `q` (free text), best first; [] when no word matches.
   * Runs the typo-free pass, and the typo pass only when needed (see the module comment).
   */
  search(q: string, limit: number): number[] {
    const words = queryWords(q);
    if (words.length === 0 || limit <= 0) return [];
    const plain = this.run(words, () => false, limit);
    if (plain.coverage === words.length) return plain.ids;
    // Typos first only in words that are no token (nor start one, for the last word), then in all.
    const unknown = (w: string, i: number) =>
      this.index.trie.exact(w) === -1 && !(i === words.length - 1 && this.index.trie.hasPrefix(w));
    if (words.some(unknown)) {
      const some = this.run(words, unknown, limit);
      if (some.coverage === words.length) return some.ids;
    }
    return this.run(words, () => true, limit).ids;
  }

  private nextGeneration(): number {
    if (this.generation >= 2 ** 26) {
      this.generation = 0;
      for (const a of [this.docStamp, this.termSeen, this.tokenStamp]) a.fill(0);
    }
    return ++this.generation;
  }

  private run(
    words: string[],
    withTypos: (word: string, i: number) => boolean,
    limit: number,
  ): { coverage: number; ids: number[] } {
    const index = this.index;
    const gen = this.nextGeneration();
    const terms = words.map((w, i) => expandWord(index, w, i === words.length - 1, withTypos(w, i)));
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
        this.markToken(m.token, gen, i);
        const cost = m.typos * 256 + m.penalty;
        const end = index.postStart[m.token + 1] as number;
        for (let p = index.postStart[m.token] as number; p < end; p++)
          offer(index.postDocs[p] as number, cost);
      }
      for (const phrase of term.phrases) {
        for (const part of phrase.parts) for (const t of part) this.markToken(t, gen, i);
        for (const d of phraseDocs(index, phrase.parts)) offer(d, phrase.penalty);
      }
      for (const d of termTouched) {
        if (this.docStamp[d] !== gen) {
          this.docStamp[d] = gen;
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
    return { coverage: this.coverage(touched), ids: this.rank(touched, gen, limit) };
  }

  private coverage(touched: number[]): number {
    let best = 0;
    for (const d of touched) best = Math.max(best, popcount(this.mask[d] as number));
    return best;
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
