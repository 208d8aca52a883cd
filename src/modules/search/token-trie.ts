/**
 * A compact trie over the distinct words (tokens) of the index, for exact lookup, prefix expansion
 * and typo-tolerant lookup. Nodes live in typed arrays (first child / next sibling, one UTF-16 code
 * unit per edge, token id or -1), about 14 bytes per node (arrays grow by doubling); children are
 * kept in code-unit order. Tokens are added one by one ({@link TokenTrie.intern}), so the trie is
 * also the index's token dictionary: no sort and no map of strings is needed to build it.
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
  private firstChild: Int32Array;
  private nextSibling: Int32Array;
  private label: Uint16Array;
  private tokenAt: Int32Array;
  /** Number of nodes, the root included. */
  nodes = 1;
  /** Number of tokens; token ids are 0 … tokens − 1 in order of insertion. */
  tokens = 0;

  /**
   * A trie of `tokens` (distinct, any order); token id = position in that array. More tokens can be
   * added with {@link add}.
   * @throws Error when a token repeats.
   */
  constructor(tokens: readonly string[] = []) {
    let capacity = 1;
    for (const t of tokens) capacity += t.length;
    this.firstChild = new Int32Array(Math.max(capacity, 1024)).fill(-1);
    this.nextSibling = new Int32Array(this.firstChild.length).fill(-1);
    this.label = new Uint16Array(this.firstChild.length);
    this.tokenAt = new Int32Array(this.firstChild.length).fill(-1);
    for (const t of tokens) {
      const before = this.tokens;
      if (this.intern(t) !== before) throw new Error(`TokenTrie: token "${t}" repeats.`);
    }
  }

  /** Id of `word`, added as the next token id when it is new. */
  intern(word: string): number {
    let node = 0;
    for (let i = 0; i < word.length; i++) node = this.childOrNew(node, word.charCodeAt(i));
    let t = this.tokenAt[node] as number;
    if (t === -1) {
      t = this.tokens++;
      this.tokenAt[node] = t;
    }
    return t;
  }

  /** The child of `node` labelled `code`, inserted in code-unit order among its siblings when missing. */
  private childOrNew(node: number, code: number): number {
    let before = -1;
    let c = this.firstChild[node] as number;
    while (c !== -1) {
      const l = this.label[c] as number;
      if (l === code) return c;
      if (l > code) break;
      before = c;
      c = this.nextSibling[c] as number;
    }
    if (this.nodes === this.label.length) this.grow();
    const fresh = this.nodes++;
    this.label[fresh] = code;
    this.nextSibling[fresh] = c;
    if (before === -1) this.firstChild[node] = fresh;
    else this.nextSibling[before] = fresh;
    return fresh;
  }

  private grow(): void {
    const size = this.label.length * 2;
    const widen = (a: Int32Array) => {
      const b = new Int32Array(size).fill(-1);
      b.set(a);
      return b;
    };
    this.firstChild = widen(this.firstChild);
    this.nextSibling = widen(this.nextSibling);
    this.tokenAt = widen(this.tokenAt);
    const label = new Uint16Array(size);
    label.set(this.label);
    this.label = label;
  }

  /** Bytes held by the node arrays. */
  get bytes(): number {
    return this.label.length * 14;
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
    // Distances are capped at maxEdits + 1; cells outside the band |row − column| ≤ maxEdits are never
    // written, so they keep that cap (their true distance is larger anyway).
    const cap = maxEdits + 1;
    const rows = Array.from({ length: m + maxEdits + 2 }, () => new Int32Array(m + 1).fill(cap));
    const first = rows[0] as Int32Array;
    for (let j = 0; j <= Math.min(m, maxEdits); j++) first[j] = j;
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

  /**
   * One level of the fuzzy walk: the children of `node` (at `depth`) against the query's DP row,
   * computed only within the band of columns depth + 1 ± maxEdits.
   */
  private walk(w: Walk, node: number, depth: number, bestPrefix: number): void {
    const { rows, codes, path, maxEdits } = w;
    const m = codes.length;
    const cap = maxEdits + 1;
    const prev = rows[depth] as Int32Array;
    const row = rows[depth + 1] as Int32Array;
    const prev2 = depth > 0 ? (rows[depth - 1] as Int32Array) : prev;
    const before = depth > 0 ? (path[depth - 1] as number) : -1;
    const i = depth + 1;
    const lo = i - maxEdits > 1 ? i - maxEdits : 1;
    const hi = i + maxEdits < m ? i + maxEdits : m;
    const edge = i < cap ? i : cap;
    for (let c = this.firstChild[node] as number; c !== -1; c = this.nextSibling[c] as number) {
      const code = this.label[c] as number;
      if (depth + 1 >= rows.length) {
        if (w.asPrefix && bestPrefix <= maxEdits) this.subtree(c, (t) => addHit(w, t, bestPrefix));
        continue;
      }
      path[depth] = code;
      row[0] = edge;
      let left = row[lo - 1] as number;
      let rowMin = edge;
      for (let j = lo; j <= hi; j++) {
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
        if (d > cap) d = cap;
        row[j] = d;
        left = d;
        if (d < rowMin) rowMin = d;
      }
      const full = hi === m ? (row[m] as number) : cap;
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

  /**
   * Renumbers the nodes depth first (children in code order) and trims the arrays to size, so that
   * walks read memory mostly forward. Token ids do not change.
   */
  compact(): void {
    const n = this.nodes;
    const renum = new Int32Array(n);
    const order = new Int32Array(n);
    const stack = new Int32Array(n);
    let top = 0;
    let next = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top] as number;
      renum[node] = next;
      order[next++] = node;
      const from = top;
      for (let c = this.firstChild[node] as number; c !== -1; c = this.nextSibling[c] as number)
        stack[top++] = c;
      stack.subarray(from, top).reverse(); // first child on top
    }
    const firstChild = new Int32Array(n);
    const nextSibling = new Int32Array(n);
    const label = new Uint16Array(n);
    const tokenAt = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const old = order[k] as number;
      const fc = this.firstChild[old] as number;
      const ns = this.nextSibling[old] as number;
      firstChild[k] = fc === -1 ? -1 : (renum[fc] as number);
      nextSibling[k] = ns === -1 ? -1 : (renum[ns] as number);
      label[k] = this.label[old] as number;
      tokenAt[k] = this.tokenAt[old] as number;
    }
    this.firstChild = firstChild;
    this.nextSibling = nextSibling;
    this.label = label;
    this.tokenAt = tokenAt;
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
