import assert from "node:assert/strict";
import { test } from "node:test";
import { catalogueTemplate } from "../../../test/helpers.ts";
import { openDatabase } from "../../db/database.ts";
import { type LabelDocument, LabelMatcher } from "./label-matcher.ts";
import { labelDocumentPages } from "./labels.repository.ts";
import { MatcherThread } from "./matcher-thread.ts";
import { labelWords, WordCoverage } from "./word-coverage.ts";

/** Real catalogue entries (X-Wines) that real labels confuse, plus a few neighbours. */
const wines: LabelDocument[] = [
  { id: 1, producer: "Casa Valduga", wine: "Origem Merlot", region: "Vale dos Vinhedos", grapes: ["Merlot"] },
  {
    id: 2,
    producer: "Casa Valduga",
    wine: "Terroir Merlot",
    region: "Vale dos Vinhedos",
    grapes: ["Merlot"],
  },
  { id: 3, producer: "Casa Perini", wine: "Aquarela Moscatel Espumante", region: "Serra Gaúcha", grapes: [] },
  {
    id: 4,
    producer: "Château Fonréaud",
    wine: "Château Chemin Royal Moulis-en-Médoc",
    region: "Moulis-en-Médoc",
    grapes: ["Merlot", "Cabernet Sauvignon"],
  },
  { id: 5, producer: "Les Portes de Bordeaux", wine: "Bordeaux", region: "Bordeaux", grapes: ["Merlot"] },
  { id: 6, producer: "Louis Latour", wine: "Santenay Rouge", region: "Santenay", grapes: ["Pinot Noir"] },
  {
    id: 7,
    producer: "Louis Latour",
    wine: "Bourgogne Cuvée Latour",
    region: "Burgundy",
    grapes: ["Pinot Noir"],
  },
  {
    id: 8,
    producer: "Louis Latour",
    wine: "Bourgogne Chardonnay",
    region: "Burgundy",
    grapes: ["Chardonnay"],
  },
  {
    id: 9,
    producer: "Weingut Dr. Loosen",
    wine: "Blue Slate Riesling",
    region: "Mosel",
    grapes: ["Riesling"],
  },
];
const matcher = LabelMatcher.of(wines);
const top = (text: string) => matcher.match(text, 5)[0]?.id;

test("the words of a label find their wine, case- and accent-insensitive", () => {
  assert.equal(top("CASA VALDUGA ORIGEM MERLOT 2019 Vale dos Vinhedos"), 1);
  assert.equal(top("casa valduga terroir merlot"), 2);
  assert.equal(top("WEINGUT DR. LOOSEN BLUE SLATE RIESLING MOSEL"), 9);
});

test("OCR slips and run-together words still find the wine", () => {
  assert.equal(top("CASAVALDUGA 0RIGEM MERL0T"), 1);
  assert.equal(top("Casa Va1duga Orlgem Merlt"), 1);
  assert.equal(top("AQVARELA rnoscatel Espumante CASA PERlNI"), 3);
});

test("whole-label evidence on the bundled catalogue (read in pages): real OCR reads that single loud words used to win", async () => {
  const db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const catalogue = await LabelMatcher.build(labelDocumentPages(db.kysely, 400));
  await db.destroy();
  // Château Fonréaud's label (dev photo 116418 turned 90°): the estate's name is not printed,
  // "Bordeaux" is, twice — and "Les Portes de Bordeaux · Bordeaux · Bordeaux" is all Bordeaux.
  const fonreaud =
    "BORDEAUX- FRANCE CRU BOURGEOIS MOULIS-EN-MEDOC CHEMIN ROYAL CHATEAU GRAND VIN DE BORDEAUX";
  assert.equal(catalogue.match(fonreaud, 1)[0]?.id, 116418);
  // Louis Latour Santenay (dev photo 117009 turned 270°): "Latour" is also in "Bourgogne Cuvée Latour".
  const santenay =
    "PRODUIT DEFRANCE ABEAUNETEORFRANGE Latour Louu APLLATION SANTENAYCOMROLEE amlenay GRAND VIN DE BOURGOGNE";
  assert.equal(catalogue.match(santenay, 1)[0]?.id, 117009);
});

test("scores are between 0 and 1, best first, at most `limit`; nothing shared gives nothing", () => {
  const matches = matcher.match("Louis Latour Bourgogne", 2);
  assert.equal(matches.length, 2);
  assert.ok(matches.every((m) => m.score > 0 && m.score <= 1));
  assert.ok((matches[0]?.score ?? 0) >= (matches[1]?.score ?? 0));
  assert.deepEqual(matcher.match("", 5), []);
  assert.deepEqual(matcher.match("xq zz 12", 5), []);
  const exact = matcher.match("Weingut Dr. Loosen Blue Slate Riesling Mosel Riesling", 1)[0];
  assert.ok(exact && exact.score > 0.8, JSON.stringify(exact));
});

test("a large catalogue: trigrams shared by thousands of wines are not walked, yet the label's wine wins", () => {
  const many: LabelDocument[] = [];
  for (let i = 0; i < 5000; i++) {
    many.push({
      id: 10_000 + i,
      producer: `Domaine Number ${i}`,
      wine: "Bourgogne Rouge",
      region: "Burgundy",
      grapes: [],
    });
  }
  many.push(...wines);
  const big = LabelMatcher.of(many);
  assert.equal(big.match("GRAND VIN DE BOURGOGNE SANTENAY LOUIS LATOUR ROUGE", 3)[0]?.id, 6);
  assert.equal(big.match("DOMAINE NUMBER 4321 BOURGOGNE ROUGE", 3)[0]?.id, 14_321);
});

test("word coverage: rare words count more, typos count partly, short words are not found inside others", () => {
  const coverage = new WordCoverage([
    "Louis Latour Santenay Rouge Santenay",
    "Erasmo Cabernet Franc Maule Valley",
    "x",
  ]);
  assert.equal(coverage.of(0, labelWords("LOUIS LATOUR SANTENAY ROUGE")), 1);
  const typo = coverage.of(0, labelWords("LOUIS LATOUR SANTENAI ROUGE"));
  assert.ok(typo > 0.85 && typo < 1, String(typo));
  // Of the four equally rare words, only "latour" (six letters) is looked for inside "louislatour".
  assert.equal(coverage.of(0, labelWords("louislatour")), 0.25);
  assert.equal(coverage.of(1, labelWords("PRODUIT DEFRANCE")), 0);
  assert.equal(coverage.of(2, labelWords("x")), 0);
});

test("the matcher in its own thread answers as the matcher does, and rejects once stopped", async () => {
  async function* pages() {
    yield wines.slice(0, 4);
    yield wines.slice(4);
  }
  const thread = await MatcherThread.build(pages());
  for (const text of ["CASA VALDUGA ORIGEM MERLOT", "Louis Latour Santenay 2018", "nothing in common qqq"]) {
    assert.deepEqual(await thread.match(text, 3), matcher.match(text, 3));
  }
  await thread.close();
  await assert.rejects(thread.match("Casa Valduga", 3), /stopped/);
});
