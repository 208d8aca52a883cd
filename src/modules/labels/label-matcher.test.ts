import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { deserialize, serialize } from "node:v8";
import { catalogueTemplate } from "../../../test/helpers.ts";
import { openDatabase } from "../../db/database.ts";
import { fold } from "../../domain/text-folding.ts";
import { EvidenceIndex, FEATURES } from "./label-evidence.ts";
import type { LabelDocument } from "./label-indexer.ts";
import { AMBIGUOUS_BELOW, LabelMatcher, type MatcherSnapshot } from "./label-matcher.ts";
import { NameIndex } from "./label-names.ts";
import { labelFacts, yearsOnLabel } from "./label-text.ts";
import { joinedWithTypo, labelWords, letterMask } from "./label-words.ts";
import { labelDocumentPages } from "./labels.repository.ts";
import { MatcherThread } from "./matcher-thread.ts";

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
const top = (text: string) => matcher.match(text, 5).matches[0]?.id;

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
  assert.equal(catalogue.match(fonreaud, 1).matches[0]?.id, 116418);
  // Louis Latour Santenay (dev photo 117009 turned 270°): "Latour" is also in "Bourgogne Cuvée Latour".
  const santenay =
    "PRODUIT DEFRANCE ABEAUNETEORFRANGE Latour Louu APLLATION SANTENAYCOMROLEE amlenay GRAND VIN DE BOURGOGNE";
  assert.equal(catalogue.match(santenay, 1).matches[0]?.id, 117009);
});

test("a slip inside a long word is no evidence for a short name; the region's local name is", async () => {
  const db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  // A synthetic wine of the 300k catalogue (`import --synthetic 300000 --seed 1`) that took this label.
  const ronco: LabelDocument = {
    id: 1258249,
    producer: "Ronco",
    wine: "Riserva Conti Nebbiolo",
    region: "Barolo",
    grapes: ["Nebbiolo"],
    country: "IT",
    color: "red",
    vintages: [2016],
  };
  const documents: LabelDocument[] = [];
  async function* pages() {
    for await (const page of labelDocumentPages(db.kysely, 400)) {
      documents.push(...page);
      yield page;
    }
    yield [ronco];
  }
  const catalogue = await LabelMatcher.build(pages());
  await db.destroy();
  // Domaine Larroudé (dev photo 126285 turned 180°): "Ronco" and "Conti" are one slip from pieces
  // of "APPELATONJURANCONCONTRLEE"; "PRODUIT DEFRANCE" names France.
  const larroude =
    "2016 omaine urancon APPELATONJURANCONCONTRLEE Mlson Beuteilleaa FamileESTOUEIGTVoerns ARLDneARROUDE PRODUIT DEFRANCE Nanaeng mourD-P";
  assert.equal(catalogue.match(larroude, 1).matches[0]?.id, 126285);
  // Portuguese labels print "Lisboa": the matcher knows the region by it too (Mundus, 103433).
  const mundus = documents.find((d) => d.id === 103433) as LabelDocument;
  assert.deepEqual(mundus.regionNames, ["Lisbon", "Lissabon", "Lisbonne", "Lisbona", "Lisboa"]);
  const adega = { ...mundus, producer: "Adega Mar", producerName: "Mar", wine: "Regional Tinto" };
  const lisboa = LabelMatcher.of([adega, { ...adega, id: 2, region: "Tejo", regionNames: ["Tejo"] }]);
  assert.equal(lisboa.match("ADEGA MAR VINHO REGIONAL LISBOA", 2).matches[0]?.id, 103433);
});

test("score and confidences are between 0 and 1, best evidence first, at most `limit`; nothing shared gives nothing", () => {
  const { score, matches } = matcher.match("Louis Latour Bourgogne", 2);
  assert.equal(matches.length, 2);
  assert.ok(score > 0 && score <= 1);
  assert.ok(matches.every((m) => m.score > 0 && m.score <= 1 && m.confidence > 0 && m.confidence < 1));
  assert.ok((matches[0]?.evidence ?? 0) >= (matches[1]?.evidence ?? 0));
  assert.ok((matches[0]?.confidence ?? 0) + (matches[1]?.confidence ?? 0) <= 1);
  assert.deepEqual(matcher.match("", 5), { score: 0, matches: [] });
  assert.deepEqual(matcher.match("xq zz 12", 5), { score: 0, matches: [] });
  const exact = matcher.match("Weingut Dr. Loosen Blue Slate Riesling Mosel Riesling", 1);
  assert.ok(exact.score > 0.8, JSON.stringify(exact));
  assert.ok((exact.matches[0]?.confidence ?? 0) > 0.9, JSON.stringify(exact));
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
  assert.equal(big.match("GRAND VIN DE BOURGOGNE SANTENAY LOUIS LATOUR ROUGE", 3).matches[0]?.id, 6);
  assert.equal(big.match("DOMAINE NUMBER 4321 BOURGOGNE ROUGE", 3).matches[0]?.id, 14_321);
});

/** A namesake of `base` with some fields changed. */
const namesake = (base: LabelDocument, id: number, change: Partial<LabelDocument>): LabelDocument => ({
  ...base,
  id,
  ...change,
});

test("namesakes: the producer weighs most, title-insensitive; words a label does not show count against", () => {
  const fonreaud: LabelDocument = {
    id: 1,
    producer: "Château Fonréaud",
    producerName: "Fonréaud",
    wine: "Château Chemin Royal Moulis-en-Médoc",
    region: "Moulis-en-Médoc",
    grapes: ["Merlot"],
    country: "FR",
    color: "red",
  };
  const lambert = namesake(fonreaud, 2, {
    producer: "Château Lambert",
    producerName: "Lambert",
    wine: "Grand Vin Château Chemin Royal Moulis-en-Médoc",
    region: "Côtes de Bourg",
  });
  // Another producer's wine whose name holds the same words and more: "Grand Vin" and its region
  // are not on the label.
  const m = LabelMatcher.of([fonreaud, lambert]);
  assert.equal(m.match("CHATEAU CHEMIN ROYAL MOULIS-EN-MEDOC", 3).matches[0]?.id, 1);
  assert.equal(m.match("LAMBERT CHEMIN ROYAL MOULIS", 3).matches[0]?.id, 2);
  // The estate itself, its title not on the label: "Chemin Royal" = "Château Chemin Royal".
  const estate = namesake(fonreaud, 3, {
    producer: "Château Chemin Royal",
    producerName: "Chemin Royal",
    wine: "Médoc",
  });
  assert.equal(LabelMatcher.of([fonreaud, estate]).match("CHEMIN ROYAL MEDOC", 3).matches[0]?.id, 3);
});

test("namesakes: region, country, vintage and colour read on the label separate them", () => {
  const brut: LabelDocument = {
    id: 1,
    producer: "Domaine Martin",
    producerName: "Martin",
    wine: "Brut",
    region: "Champagne",
    grapes: ["Chardonnay"],
    country: "FR",
    color: "white",
    vintages: [2015, 2016],
  };
  const m = LabelMatcher.of([
    brut,
    namesake(brut, 2, { region: "Crémant d'Alsace" }),
    namesake(brut, 3, { region: "Maipo Valley", country: "CL" }),
    namesake(brut, 4, { vintages: [2019, 2020] }),
    namesake(brut, 5, { color: "rose" }),
  ]);
  const best = (text: string) => m.match(text, 5).matches[0]?.id;
  assert.equal(best("DOMAINE MARTIN BRUT CREMANT D'ALSACE"), 2);
  assert.equal(best("MARTIN BRUT PRODUCT OF CHILE"), 3);
  assert.equal(best("MARTIN BRUT PRODUCTOFCHILE"), 3);
  assert.equal(best("DOMAINE MARTIN BRUT 2019"), 4);
  assert.equal(best("DOMAINE MARTIN BRUT ROSÉ"), 5);
});

test("right producer, right wine: one label word counts once, and the colour printed decides", () => {
  // Henri Bourgeois (X-Wines): "BOURGEOIS" is the producer's name; as a slip of "La Bourgeoise" it
  // once counted twice for the white, over the "ROSE" the label prints.
  const producer = { producer: "Henri Bourgeois", region: "Sancerre", grapes: [], country: "FR" };
  const m = LabelMatcher.of([
    { id: 1, ...producer, wine: "Sancerre La Bourgeoise Blanc", color: "white", grapes: ["Sauvignon Blanc"] },
    { id: 2, ...producer, wine: "Sancerre Les Baronnes Rosé", color: "rose", grapes: ["Pinot Noir"] },
    { id: 3, ...producer, wine: "Sancerre Rouge Les Baronnes", color: "red", grapes: ["Pinot Noir"] },
  ]);
  const features = (text: string, id: number) => m.features(text).find((w) => w.id === id)?.features;
  const white = features("HENRI BOURGEOIS SANCERRE ROSE", 1);
  assert.ok(white);
  assert.equal(white[FEATURES.indexOf("wine_slip")], 0, "the producer's word is no slip of the wine's");
  assert.equal(white[FEATURES.indexOf("colour_conflict")], 1);
  assert.equal(m.match("HENRI BOURGEOIS SANCERRE ROSE", 3).matches[0]?.id, 2);
  // A wine word read with a real slip still counts: "BOURGEOISF" is "Bourgeoise".
  const slipped = features("HENRI BOURGEOIS LA BOURGEOISF SANCERRE", 1);
  assert.ok(slipped && (slipped[FEATURES.indexOf("wine_slip")] ?? 0) > 0);
  assert.equal(m.match("HENRI BOURGEOIS LA BOURGEOISF SANCERRE BLANC", 1).matches[0]?.id, 1);
});

test("confidence: a clear label is sure, one that fits two wines equally is not", () => {
  const clear = matcher.match("CASA VALDUGA TERROIR MERLOT VALE DOS VINHEDOS", 3).matches;
  assert.equal(clear[0]?.id, 2);
  assert.ok((clear[0]?.confidence ?? 0) > 0.8, JSON.stringify(clear));
  // Origem Merlot and Terroir Merlot: the label shows neither name.
  const unsure = matcher.match("CASA VALDUGA MERLOT VALE DOS VINHEDOS", 3).matches;
  assert.deepEqual(new Set(unsure.slice(0, 2).map((c) => c.id)), new Set([1, 2]));
  // Neither is sure: the answer says ambiguous.
  assert.ok((unsure[0]?.confidence ?? 1) < AMBIGUOUS_BELOW, JSON.stringify(unsure));
});

test("a name run into its particle is found; words printed on every kind of label weigh little", () => {
  const ama: LabelDocument = {
    id: 1,
    producer: "Castello di Ama",
    producerName: "di Ama",
    wine: "Al Poggio Chardonnay di Toscana",
    region: "Tuscany",
    grapes: ["Chardonnay"],
  };
  const m = LabelMatcher.of([
    ama,
    namesake(ama, 2, { producer: "Cantina Poggio Alto", producerName: "Poggio Alto", wine: "Toscana" }),
    namesake(ama, 3, { producer: "Quinta de Vinhos", producerName: "de Vinhos", wine: "Chardonnay" }),
  ]);
  assert.equal(m.match("CHARDONNAY DITOSCANA AL POGGIO CASTELLO DIAMA ITALY", 3).matches[0]?.id, 1);
  // "Vinhos" on a label says little: the producer "de Vinhos" does not win on it.
  assert.equal(m.match("VINHOS AL POGGIO CHARDONNAY TOSCANA", 3).matches[0]?.id, 1);
});

test("a word run together with its neighbours is found with one OCR slip, short words are not", () => {
  assert.ok(joinedWithTypo("latour", "pouissatour"));
  assert.ok(joinedWithTypo("santenay", "appellationsantenaicontrolee"));
  assert.ok(!joinedWithTypo("latour", "pouisbonjour"));
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

test("a matcher saved to a file and restored in a thread of its own answers as the one it was saved from", async () => {
  const dir = mkdtempSync(join(tmpdir(), "matcher-test-"));
  const file = join(dir, "index.v8");
  try {
    async function* pages() {
      yield wines;
    }
    const built = await MatcherThread.build(pages(), file);
    assert.equal(await built.saved, file);
    await built.close();
    const restored = await MatcherThread.restore(file);
    for (const text of [
      "CASA VALDUGA ORIGEM MERLOT",
      "Louis Latour Santenay 2018",
      "CHATEAU FONREAUD 2015",
    ]) {
      const matches = await restored.match(text, 3);
      assert.deepEqual(matches, matcher.match(text, 3));
      assert.ok(matches.matches.length > 0);
    }
    await restored.close();
    // The same index through node:v8 in this thread.
    const copy = LabelMatcher.restore(deserialize(serialize(matcher.snapshot())) as MatcherSnapshot);
    assert.deepEqual(copy.match("Casa Perini Aquarela", 2), matcher.match("Casa Perini Aquarela", 2));
    await assert.rejects(MatcherThread.restore(join(dir, "missing.v8")), /ENOENT/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a short name one slip from the start of a long label word counts more than one a slip from its middle", () => {
  const index = new EvidenceIndex();
  const wine = { wine: "", regionNames: [], grapes: [], country: "", color: null, vintages: [] };
  index.push({ ...wine, producerName: "Ronco" });
  index.push({ ...wine, producerName: "Louis" });
  index.seal();
  const text = "APPELATONJURANCONCONTRLEE COUISPATOU";
  const words = labelWords(text);
  const label = {
    ...words,
    masks: new Map([...words.words].map((w) => [w, letterMask(w)])),
    years: yearsOnLabel(text),
    facts: labelFacts(words.words),
  };
  // Both words are equally rare; "couis…" is "Louis" run into the next word with one slip (found
  // 0.75), "…ranco…" inside a long word is a chance likeness, a slip in a short word (0.5): the
  // producer's information shown (whole, part or slipped: features 0–2) is info × found, so 0.75
  // against 0.5 of it.
  const shown = (x: Float64Array) => (x[0] ?? 0) + (x[1] ?? 0) + (x[2] ?? 0);
  const ronco = shown(index.of(0, label, new Map()).features);
  const louis = shown(index.of(1, label, new Map()).features);
  assert.ok(ronco > 0);
  assert.equal(Math.round((louis / ronco) * 100) / 100, 1.5);
});

test("names that count when no wine fits: whole words, title optional, no common word alone, the narrowest region", () => {
  const names = new NameIndex();
  const wines: [string, string, string][] = [
    ["Château Chemin Royal", "Chemin Royal", "Moulis-en-Médoc"],
    ["Château Pichon Baron", "Pichon Baron", "Pauillac"],
    ["Baron de Ley", "Baron de Ley", "Rioja"],
    ["Château Baron", "Baron", "Bordeaux"],
    ["Te Mata", "Te Mata", "Hawke's Bay"],
    ["Château Margaux", "Margaux", "Margaux"],
    ["Domaine Mallard", "Mallard", "Chablis"],
    ["Domaine Ferrand", "Ferrand", "Petit Chablis"],
    ...Array.from({ length: 60 }, (_, i): [string, string, string] => [
      `Estate ${i}`,
      `Estate ${i}`,
      "Barossa Valley",
    ]),
  ];
  for (const [doc, [producer, name, region]] of wines.entries()) names.push(doc, producer, name, [region]);
  names.seal();
  const named = (text: string) => {
    const found = names.find(fold(text).split(" "));
    return found ? `${found.by}: ${found.docs}` : "";
  };
  assert.equal(named("CHEMIN ROYAL 2015"), "producer: 0"); // without its title
  assert.equal(named("GRAND VIN TE MATA"), "producer: 4");
  assert.equal(named("TE MATAKANA"), ""); // not inside a longer word
  assert.equal(named("BARON 2015"), ""); // in three producers' names: common
  assert.equal(named("CHATEAU BARON"), ""); // a title and a common word: no more distinctive
  assert.equal(named("CHATEAU MARGAUX"), "producer: 5");
  assert.equal(named("MARGAUX"), "region: 5"); // alone it is the appellation
  assert.equal(named("PETIT CHABLIS"), "region: 7"); // not Chablis inside it
  assert.equal(named("CHABLIS PAUILLAC"), "region: 1,6"); // two appellations of one wine each
  assert.equal(named("BAROSSA VALLEY"), ""); // 60 of 68 wines: a region that narrows nothing
});
