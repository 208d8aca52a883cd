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

  test("the query equal to a whole field first, then popularity, then id", () => {
    // Wines named exactly Chablis first, by popularity (40, 40, 5; the tie by id), whatever the
    // length of their producer's name; then the Premier Cru, whose wine name the query does not cover.
    assert.deepEqual(search("chablis"), [6, 12, 5, 7]);
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
    assert.deepEqual(search("chablis", 2), [6, 12]);
    assert.deepEqual(search("chablis", 0), []);
  });
});

describe("wine ranking among namesakes", () => {
  const namesakes: IndexedWine[] = [
    { id: 20, producer: "Bodegas Rubio", wine: "Malbec", popularity: 10 },
    // Every word of the query, but an extra one: a repeated producer word, a longer wine name.
    { id: 21, producer: "Bodegas Rubio & Rubio", wine: "Malbec", popularity: 90 },
    { id: 23, producer: "Bodegas Rubio", wine: "Malbec Reserva", popularity: 95 },
    // Exactly the query's words, in another order.
    { id: 22, producer: "Rubio Bodegas", wine: "Malbec", popularity: 80 },
    { id: 24, producer: "Rubio", wine: "Bodegas Malbec", popularity: 99 },
    { id: 25, producer: "Clarke Cellars", wine: "Shiraz", popularity: 99 },
    { id: 26, producer: "Clarke & Clarke Cellars", wine: "Shiraz", popularity: 1 },
    // A wine name shared by producers with short and long names, popularity deciding.
    { id: 30, producer: "Ca' del Baio Famiglia Grasso", wine: "Langhe Chardonnay", popularity: 60 },
    { id: 31, producer: "Vietti", wine: "Langhe Chardonnay", popularity: 20 },
    { id: 32, producer: "Gaja", wine: "Langhe Chardonnay", popularity: 45 },
    { id: 35, producer: "Rossi", wine: "Chardonnay Langhe", popularity: 99 },
    { id: 36, producer: "Rossi", wine: "Langhe Chardonnay Riserva", popularity: 99 },
    { id: 50, producer: "Caymus", wine: "Cabernet Sauvignon", popularity: 90 },
    { id: 51, producer: "Muirwood", wine: "Cabernet Sauvignon", popularity: 1 },
  ];
  const s = new IndexSearcher(buildWineIndex(namesakes));

  test("the exact producer and wine name first, then its words in another order, then extra words", () => {
    assert.deepEqual(s.search("Bodegas Rubio Malbec", 10), [20, 24, 22, 23, 21]);
    // A query word the wine lacks counts too: "Clarke Cellars" has one Clarke of two.
    assert.deepEqual(s.search("Clarke & Clarke Cellars Shiraz", 10), [26, 25]);
    assert.deepEqual(s.search("clarke clarke cellars", 10), [26, 25]);
  });

  test("a wine name alone: the wines of that name by popularity, then other orders, then longer names", () => {
    assert.deepEqual(s.search("langhe chardonnay", 10), [30, 32, 31, 35, 36]);
    assert.deepEqual(s.searchWithTotal("langhe chardonnay", 2), { ids: [30, 32], total: 5 });
  });

  test("a word matching nothing (two typos in 7 letters) ranks first the wines with a word near it", () => {
    // "muiiwod" is two edits from "muirwood": no match (one typo below 8 letters), but a sign.
    assert.deepEqual(s.searchWithTotal("muiiwod cabernet sauvignon", 10), { ids: [51, 50], total: 2 });
    assert.deepEqual(s.search("cabernet sauvignon", 10), [50, 51]);
    assert.deepEqual(s.search("muiiwod", 10), []);
  });

  test("a word near a query word that matches nothing counts for the field fit: the exact name first", () => {
    const near = new IndexSearcher(
      buildWineIndex([
        { id: 80, producer: "Donati", wine: "Etichetta Nera Nebbiolo", popularity: 50 },
        { id: 81, producer: "Donati", wine: "Riserva Caruso Nebbiolo", popularity: 40 },
        { id: 82, producer: "Donati", wine: "Nebbiolo", popularity: 1 },
        { id: 83, producer: "Donati", wine: "Barbera", popularity: 99 },
      ]),
    );
    // "nebiool" is two edits from "nebbiolo" (one typo allowed below 8 letters): no match, but the
    // query is then the display name of wine 82, and only the producer of 80 and 81.
    assert.deepEqual(near.search("donati nebiool", 10), [82, 80, 81, 83]);
    assert.deepEqual(near.search("nebiool donati", 10), [82, 80, 81, 83]);
  });

  test("a word that is no word of the catalogue, matching only another wine's word with a typo, is a near miss too", () => {
    const typo = new IndexSearcher(
      buildWineIndex([
        { id: 90, producer: "Fereira Wines", wine: "Tinto", popularity: 10 },
        { id: 91, producer: "Quinta de Soares", wine: "Brut", popularity: 50 },
        { id: 92, producer: "Quinta de Ferreira", wine: "Brut", popularity: 1 },
      ]),
    );
    // "fereia": one typo from Fereira (wine 90, which has nothing else of the query), two from Ferreira.
    assert.deepEqual(typo.search("quinta de fereia brut", 10), [92, 91]);
  });

  test("a last word that only starts other wines' words is a near miss too", () => {
    const prefix = new IndexSearcher(
      buildWineIndex([
        { id: 93, producer: "Harper-Walker", wine: "Limited Release", popularity: 50 },
        { id: 94, producer: "Harper-Walker", wine: "Limited Release Rose", popularity: 1 },
        { id: 95, producer: "Vietti", wine: "Roero Arneis", popularity: 10 },
      ]),
    );
    // "roe": "rose" with a letter dropped (3 letters: no typo); it starts "roero", which wine 94 lacks.
    assert.deepEqual(prefix.search("harper walker limited release roe", 10), [94, 93]);
  });

  test("a short typo that only splits into other wines' words still ranks first the wine with a word near it", () => {
    const split = new IndexSearcher(
      buildWineIndex([
        { id: 60, producer: "Palmer Wines", wine: "Gewürztraminer-Riesling", popularity: 40 },
        { id: 61, producer: "Open", wine: "Riesling-Gewürztraminer", popularity: 1 },
        { id: 62, producer: "Hayes Vineyards", wine: "Gewurztraminer-Riesling", popularity: 30 },
        // "o" and "en" are words of the catalogue: "oen" splits into them (a missing space).
        { id: 63, producer: "Quinta O Casal", wine: "Tinto", popularity: 5 },
        { id: 64, producer: "Domaine du Pic", wine: "En Rouge", popularity: 5 },
      ]),
    );
    // "oen": "open" with a letter dropped; 3 letters get no typo, so it matches no word of wine 61.
    assert.deepEqual(split.search("oen gewurztraminer riesling", 3), [61, 60, 62]);
    assert.deepEqual(split.search("open gewurztraminer riesling", 3), [61]);
  });
});

describe("umlauts a source dropped", () => {
  const dropped = new IndexSearcher(
    buildWineIndex([
      { id: 70, producer: "Weingut Huber", wine: "Spätburgunder", popularity: 1 },
      { id: 71, producer: "Weingut Huber", wine: "Spatburgunder", popularity: 9 },
      { id: 72, producer: "Kettmeir", wine: "Muller-Thurgau", popularity: 5 },
      { id: 75, producer: "Weingut Huber", wine: "Spätburgunder Trocken Alte Reben", popularity: 99 },
    ]),
  );

  test("a word typed with an e-digraph finds the name written without its umlaut as the same word", () => {
    // LWIN writes "Spatburgunder", "Muller-Thurgau": "spaetburgunder" is the word both spellings
    // fold to, so the two wines of that exact name rank as namesakes (popularity), before the longer name.
    assert.deepEqual(dropped.search("huber spaetburgunder", 10), [71, 70, 75]);
    assert.deepEqual(dropped.search("mueller thurgau", 10), [72]);
    assert.deepEqual(dropped.searchWithTotal("weingut huber spatburgunder", 10), {
      ids: [71, 70, 75],
      total: 3,
    });
  });
});

describe("total of matches", () => {
  test("every wine the ranking would return without the limit", () => {
    assert.deepEqual(searcher.searchWithTotal("chablis", 1), { ids: [6], total: 4 });
    // "ros": prefix of rose and rosenberg.
    assert.equal(searcher.searchWithTotal("ros", 1).total, 2);
    // Typo matches only when no wine matches without typos; words matching nothing are ignored.
    assert.deepEqual(searcher.searchWithTotal("grange", 5), { ids: [3], total: 1 });
    assert.deepEqual(searcher.searchWithTotal("grnage", 5), { ids: [3], total: 1 });
    assert.deepEqual(searcher.searchWithTotal("penfolds grange 2015", 5), { ids: [3], total: 1 });
    assert.deepEqual(searcher.searchWithTotal("qqqq zzzz", 5), { ids: [], total: 0 });
  });
});

describe("wine ranking of common words (thousands of wines, postings merged)", () => {
  const many: IndexedWine[] = [{ id: 1, producer: "Alpha", wine: "Rosé Brut", popularity: 255 }];
  for (let id = 2; id < 3000; id++) many.push({ id, producer: `P${id}`, wine: "Rosé", popularity: id % 200 });
  many.push({ id: 3000, producer: "Rose", wine: "", popularity: 0 });
  many.push({ id: 3001, producer: "Rosenberg", wine: "Riesling", popularity: 255 });
  many.push({ id: 3002, producer: "Muirwood", wine: "Rosé", popularity: 0 });
  const big = new IndexSearcher(buildWineIndex(many));

  test("same rules: whole display name, then whole field, fewer extra words, popularity, id", () => {
    assert.deepEqual(big.search("rose", 3), [3000, 199, 399]);
    assert.deepEqual(big.search("rosé brut", 2), [1]);
    // "ros" starts both "rose" and "rosenberg" (same penalty): the more popular Rosenberg comes next.
    assert.deepEqual(big.search("ros", 2), [3000, 3001]);
  });

  test("the total counts every match, also when the postings are merged", () => {
    // Rosé Brut, Rosé 2–2999, Rose, Rosenberg (the last word as a prefix) and Muirwood Rosé: 3002.
    assert.equal(big.searchWithTotal("rose", 3).total, 3002);
    assert.equal(big.searchWithTotal("rose brut", 3).total, 1);
    assert.equal(big.searchWithTotal("p17 rose", 3).total, 1);
  });

  test("exact keys for every wine whose bound can beat the top: a near word of the least popular", () => {
    assert.deepEqual(big.search("muiiwod rose", 2), [3002, 3000]);
    assert.deepEqual(big.search("rose muiiwod", 2), [3002, 3000]);
  });

  test("a wine whose near word completes its display name is measured, whatever the limit", () => {
    // "caroinf" is no word, two edits from Carolina. Forty "Carolina Q… Rosé" hold the near word and
    // fill the best bounds; "Rosé Carolina" (least popular) is the whole display name with it (field
    // 3), which its counts alone do not show: it comes first at every limit, as without one.
    const near = [...many];
    for (let id = 3003; id < 3043; id++)
      near.push({ id, producer: `Carolina Q${id}`, wine: "Rosé", popularity: 200 });
    near.push({ id: 3100, producer: "Rosé", wine: "Carolina", popularity: 0 });
    const searcher = new IndexSearcher(buildWineIndex(near));
    const all = searcher.search("rose caroinf", 100);
    assert.deepEqual(all.slice(0, 3), [3100, 3003, 3004]);
    for (const limit of [1, 2, 5, 20])
      assert.deepEqual(searcher.search("rose caroinf", limit), all.slice(0, limit));
  });
});
