import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildWineIndex, type IndexedWine } from "./wine-index.ts";
import { IndexSearcher } from "./wine-ranking.ts";

const wines: IndexedWine[] = [
  { id: 1, producer: "Meiomi", wine: "Rosé", popularity: 10 },
  { id: 2, producer: "Rosenberg", wine: "Riesling", popularity: 90 },
  { id: 3, producer: "Penfolds", wine: "Grange", popularity: 50 },
  { id: 4, producer: "Esse", wine: "Orange", popularity: 99 },
  { id: 5, producer: "William Fèvre", wine: "Chablis", popularity: 5 },
  { id: 6, producer: "Domaine Laroche", wine: "Chablis", popularity: 40 },
  { id: 7, producer: "Domaine Laroche", wine: "Chablis Premier Cru", popularity: 80 },
  { id: 8, producer: "Kettmeir", wine: "Müller Thurgau", popularity: 1 },
  { id: 9, producer: "Château Margaux", wine: "Pavillon Rouge", popularity: 3 },
  { id: 10, producer: "Château Palmer", wine: "Margaux", popularity: 70 },
  { id: 11, producer: "Casa Valduga", wine: "Origem Merlot", popularity: 20 },
  { id: 12, producer: "Gamma", wine: "Chablis", popularity: 40 },
];
const searcher = new IndexSearcher(buildWineIndex(wines));
const search = (q: string, limit = 10) => searcher.search(q, limit);

describe("wine ranking", () => {
  test("a whole-word match ranks above a prefix match of the last word", () => {
    assert.deepEqual(search("rose"), [1, 2]);
  });

  test("typo matches only when no wine matches without typos", () => {
    assert.deepEqual(search("grange"), [3]);
    assert.deepEqual(search("grnage"), [3]);
    // Last word: a whole-word typo match (orange) above a typo match of a prefix (orige-m).
    assert.deepEqual(search("orage"), [4, 11]);
  });

  test("the query equal to a whole field first, then fewer extra words, then popularity, then id", () => {
    // Wines named exactly Chablis first: fewest unmatched words (Gamma), then popularity (40 > 5);
    // then the Premier Cru, whose wine name the query does not cover.
    assert.deepEqual(search("chablis"), [12, 6, 5, 7]);
    assert.deepEqual(search("chateau margaux"), [9, 10]);
  });

  test("words matching nothing anywhere are dropped when no wine has them all", () => {
    assert.deepEqual(search("penfolds grange 2015"), [3]);
    assert.deepEqual(search("qqqq zzzz"), []);
    // No wine has both words: every wine having one of them, ranked as usual.
    assert.deepEqual(search("meiomi grange"), [3, 1]);
    assert.deepEqual(search("grange meiomi"), [3, 1]);
  });

  test("missing space, transliteration, abbreviation, order, prefix", () => {
    assert.deepEqual(search("casavalduga"), [11]);
    assert.deepEqual(search("casavald"), [11]);
    assert.deepEqual(search("mueller thurgau"), [8]);
    assert.deepEqual(search("Ch. Palmer"), [10]);
    assert.deepEqual(search("dom laroche chablis"), [6, 7]);
    assert.deepEqual(search("merlot valduga"), [11]);
    assert.deepEqual(search("valduga orig"), [11]);
  });

  test("limit caps the result", () => {
    assert.deepEqual(search("chablis", 2), [12, 6]);
    assert.deepEqual(search("chablis", 0), []);
  });
});

describe("wine ranking of common words (thousands of wines, postings merged)", () => {
  const many: IndexedWine[] = [{ id: 1, producer: "Alpha", wine: "Rosé Brut", popularity: 255 }];
  for (let id = 2; id < 3000; id++) many.push({ id, producer: `P${id}`, wine: "Rosé", popularity: id % 200 });
  many.push({ id: 3000, producer: "Rose", wine: "", popularity: 0 });
  many.push({ id: 3001, producer: "Rosenberg", wine: "Riesling", popularity: 255 });
  const big = new IndexSearcher(buildWineIndex(many));

  test("same rules: whole display name, then whole field, fewer extra words, popularity, id", () => {
    assert.deepEqual(big.search("rose", 3), [3000, 199, 399]);
    assert.deepEqual(big.search("rosé brut", 2), [1]);
    // "ros" starts both "rose" and "rosenberg" (same penalty): the more popular Rosenberg comes next.
    assert.deepEqual(big.search("ros", 2), [3000, 3001]);
  });
});
