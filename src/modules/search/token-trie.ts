/**
 * A compact trie over the distinct words (tokens) of the index, for exact lookup, prefix expansion
 * and typo-tolerant lookup. Nodes live in typed arrays (first child / next sibling, one UTF-16 code
 * unit per edge, token id or -1), about 14 bytes per node; children are in code-unit order.
 *
 * Typo-tolerant lookup walks the trie once computing rows of the optimal string alignment distance
 * (Damerau transpositions count as one edit) and prunes every branch whose row minimum exceeds the
 * allowance, so its cost grows with the allowance, not with the dictionary.
 */

/** A token found by {@link TokenTrie.fuzzy}: its id and edit distance to the query word. */
export interface FuzzyHit {
  token: number;
  distance: number;
}

const MAX_DEPTH = 64;

export class TokenTrie {
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  private readonly label: Uint16Array;
  private readonly tokenAt: Int32Array;
  /** Number of nodes, the root included. */
  readonly nodes: number;

  /**
   * Builds the trie of `tokens` (distinct, sorted by code units, as `Array.prototype.sort()` does);
   * token id = position in that array.
   * @throws Error when the tokens are not sorted and distinct.
   */
  constructor(tokens: readonly string[]) {
    let capacity = 1;
    for (const t of tokens) capacity += t.length;
    this.firstChild = new Int32Array(capacity).fill(-1);
    this.nextSibling = new Int32Array(capacity).fill(-1);
    this.label = new Uint16Array(capacity);
    this.tokenAt = new Int32Array(capacity).fill(-1);
    // path[d] = node at depth d on the path of the previous token; lastChild[node] = its newest child.
    const lastChild = new Int32Array(capacity).fill(-1);
    const path: number[] = [0];
    let count = 1;
    let previous = "";
    tokens.forEach((token, id) => {
      if (id > 0 && !(previous < token)) throw new Error("TokenTrie: tokens must be sorted and distinct.");
      let common = 0;
      while (common < previous.length && common < token.length && previous[common] === token[common])
        common++;
      path.length = common + 1;
      for (let d = common; d < token.length; d++) {
        const parent = path[d] as number;
        const node = count++;
        this.label[node] = token.charCodeAt(d);
        const last = lastChild[parent] as number;
        if (last === -1) this.firstChild[parent] = node;
        else this.nextSibling[last] = node;
        lastChild[parent] = node;
        path.push(node);
      }
      this.tokenAt[path[token.length] as number] = id;
      previous = token;
    });
    this.nodes = count;
  }

  private child(node: number, code: number): number {
    for (let c = this.firstChild[node] as number; c !== -1; c = this.nextSibling[c] as number) {
      const l = this.label[c] as number;
      if (l === code) return c;
      if (l > code) return -1;
    }
    return -1;
  }

  private find(word: string): number {
    let node = 0;
    for (let i = 0; i < word.length && node !== -1; i++) node = this.child(node, word.charCodeAt(i));
    return node;
  }

  /** Id of `word`, or -1 when it is not a token. */
  exact(word: string): number {
    const node = this.find(word);
    return node === -1 ? -1 : (this.tokenAt[node] as number);
  }

  /** True when some token starts with `prefix` (or equals it). */
  hasPrefix(prefix: string): boolean {
    return this.find(prefix) !== -1;
  }

  /** Calls `visit(tokenId)` for every token that starts with `prefix` (the word itself included). */
  prefix(prefix: string, visit: (token: number) => void): void {
    const start = this.find(prefix);
    if (start !== -1) this.subtree(start, visit);
  }

  private subtree(start: number, visit: (token: number) => void): void {
    const stack = [start];
    while (stack.length > 0) {
      const node = stack.pop() as number;
      const t = this.tokenAt[node] as number;
      if (t !== -1) visit(t);
      for (let c = this.firstChild[node] as number; c !== -1; c = this.nextSibling[c] as number)
        stack.push(c);
    }
  }

  /**
   * Tokens within `maxEdits` of `word` (optimal string alignment distance). With `asPrefix`, also
   * tokens that merely start with such a string (as-you-type), each with the smallest distance of
   * any of its prefixes. Exact matches are included with distance 0.
   */
  fuzzy(word: string, maxEdits: number, asPrefix: boolean): FuzzyHit[] {
    const m = word.length;
    if (m + maxEdits >= MAX_DEPTH) return [];
    const rows = Array.from({ length: m + maxEdits + 2 }, () => new Int32Array(m + 1));
    const first = rows[0] as Int32Array;
    for (let j = 0; j <= m; j++) first[j] = j;
    const walk: Walk = {
      rows,
      codes: Int32Array.from({ length: m }, (_, j) => word.charCodeAt(j)),
      path: new Int32Array(m + maxEdits + 2),
      maxEdits,
      asPrefix,
      hits: new Map<number, number>(),
    };
    this.walk(walk, 0, 0, asPrefix && m <= maxEdits ? m : MAX_DEPTH);
    return [...walk.hits].map(([token, distance]) => ({ token, distance }));
  }

  /** One level of the fuzzy walk: the children of `node` (at `depth`) against the query's DP row. */
  private walk(w: Walk, node: number, depth: number, bestPrefix: number): void {
    const { rows, codes, path, maxEdits } = w;
    const m = codes.length;
    const prev = rows[depth] as Int32Array;
    const row = rows[depth + 1] as Int32Array;
    const prev2 = depth > 0 ? (rows[depth - 1] as Int32Array) : prev;
    const before = depth > 0 ? (path[depth - 1] as number) : -1;
    for (let c = this.firstChild[node] as number; c !== -1; c = this.nextSibling[c] as number) {
      const code = this.label[c] as number;
      if (depth + 1 >= rows.length) {
        if (w.asPrefix && bestPrefix <= maxEdits) this.subtree(c, (t) => addHit(w, t, bestPrefix));
        continue;
      }
      path[depth] = code;
      let left = depth + 1;
      row[0] = left;
      let rowMin = left;
      for (let j = 1; j <= m; j++) {
        const q = codes[j - 1] as number;
        let d = left + 1;
        const up = (prev[j] as number) + 1;
        if (up < d) d = up;
        const diag = (prev[j - 1] as number) + (q === code ? 0 : 1);
        if (diag < d) d = diag;
        if (j > 1 && before === q && code === codes[j - 2]) {
          const swap = (prev2[j - 2] as number) + 1;
          if (swap < d) d = swap;
        }
        row[j] = d;
        left = d;
        if (d < rowMin) rowMin = d;
      }
      const full = row[m] as number;
      const best = full < bestPrefix ? full : bestPrefix;
      const t = this.tokenAt[c] as number;
      if (t !== -1 && full <= maxEdits) addHit(w, t, full);
      if (w.asPrefix && best <= maxEdits) {
        if (t !== -1) addHit(w, t, best);
        if (rowMin > maxEdits) {
          // No longer string can do better: everything below shares the prefix distance.
          for (let g = this.firstChild[c] as number; g !== -1; g = this.nextSibling[g] as number) {
            this.subtree(g, (x) => addHit(w, x, best));
          }
          continue;
        }
      }
      if (rowMin <= maxEdits) this.walk(w, c, depth + 1, best);
    }
  }
}

/** State of one fuzzy walk: DP rows per depth, query code units, trie path code units, hits. */
interface Walk {
  rows: Int32Array[];
  codes: Int32Array;
  path: Int32Array;
  maxEdits: number;
  asPrefix: boolean;
  hits: Map<number, number>;
}

function addHit(w: Walk, token: number, distance: number): void {
  const before = w.hits.get(token);
  if (before === undefined || distance < before) w.hits.set(token, distance);
}
