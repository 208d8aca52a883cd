import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { osaDistance } from "../../text/edit-distance.ts";
import { TokenTrie } from "./token-trie.ts";

const words = [
  "barolo",
  "barbaresco",
  "barbera",
  "merlot",
  "merlots",
  "orange",
  "grange",
  "rose",
  "rosenberg",
  "valduga",
];
const tokens = [...words].sort();
const trie = new TokenTrie(tokens);
const name = (hits: { token: number; distance: number }[]) =>
  Object.fromEntries(hits.map((h) => [tokens[h.token], h.distance]));

describe("TokenTrie", () => {
  test("exact lookup and prefix expansion", () => {
    assert.equal(tokens[trie.exact("merlot")], "merlot");
    assert.equal(trie.exact("merl"), -1);
    const out: string[] = [];
    trie.prefix("ros", (t) => out.push(tokens[t] as string));
    assert.deepEqual(out.sort(), ["rose", "rosenberg"]);
    assert.ok(trie.hasPrefix("barb"));
    assert.ok(!trie.hasPrefix("zz"));
  });

  test("rejects repeated tokens; tokens in any order, ids in order of insertion", () => {
    assert.throws(() => new TokenTrie(["a", "a"]));
    const grown = new TokenTrie(["merlot", "barolo"]);
    assert.equal(grown.intern("merlots"), 2);
    assert.equal(grown.intern("barolo"), 1);
    assert.equal(grown.exact("merlots"), 2);
    assert.equal(grown.exact("merlo"), -1);
    const out: number[] = [];
    grown.prefix("merl", (t) => out.push(t));
    assert.deepEqual(out.sort(), [0, 2]);
  });

  test("fuzzy: every token within the allowance, with its distance (transposition = 1)", () => {
    assert.deepEqual(name(trie.fuzzy("grange", 1, false)), { grange: 0, orange: 1 });
    assert.deepEqual(name(trie.fuzzy("mrelot", 1, false)), { merlot: 1 });
    assert.deepEqual(name(trie.fuzzy("valdgua", 1, false)), { valduga: 1 });
    assert.deepEqual(name(trie.fuzzy("barbersco", 2, false)), { barbaresco: 2 });
    assert.deepEqual(name(trie.fuzzy("zinfandel", 2, false)), {});
  });

  test("fuzzy prefix: tokens starting with a string within the allowance", () => {
    assert.deepEqual(name(trie.fuzzy("merlt", 1, true)), { merlot: 1, merlots: 1 });
    assert.deepEqual(name(trie.fuzzy("rosen", 1, true)), { rose: 1, rosenberg: 0 });
  });

  test("fuzzy agrees with osaDistance on every token, before and after compaction", () => {
    const shuffled = [...words.slice(5), ...words.slice(0, 5)];
    const compacted = new TokenTrie(shuffled);
    compacted.compact();
    compacted.intern("zinfandel");
    const found = (t: TokenTrie, list: string[], q: string, k: number, prefix: boolean) =>
      t
        .fuzzy(q, k, prefix)
        .map((h) => `${list[h.token]}:${h.distance}`)
        .sort();
    for (const q of ["barolo", "bralo", "merlott", "oragne", "valduag", "roes", "barbareco", "rosenbreg"]) {
      for (const k of [1, 2]) {
        const expected = tokens.filter((t) => osaDistance(q, t, k) <= k).sort();
        assert.deepEqual(Object.keys(name(trie.fuzzy(q, k, false))).sort(), expected, `${q} within ${k}`);
        for (const prefix of [false, true]) {
          assert.deepEqual(
            found(compacted, [...shuffled, "zinfandel"], q, k, prefix).filter(
              (h) => !h.startsWith("zinfandel"),
            ),
            found(trie, tokens, q, k, prefix),
            `${q} within ${k}`,
          );
        }
      }
    }
    assert.equal(compacted.exact("zinfandel"), words.length);
    assert.equal(compacted.exact("barolo"), shuffled.indexOf("barolo"));
  });
});
