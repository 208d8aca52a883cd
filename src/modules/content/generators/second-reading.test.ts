/**
 * Issue 17: the findings of the second editor's reading (12 other random wines and 6 regions of the
 * bundled catalogue), each checked on the wine or region it was found on. Each test fails on the
 * generator before the fix.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../test/helpers.ts";
import { type Db, openDatabase } from "../../../db/database.ts";
import { LANGUAGES } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { wineStyle } from "../../../domain/wine/wine-style.ts";
import { loadRegionFacts, loadWineFacts } from "../content.repository.ts";
import { createOfflineGenerator } from "./offline-generator.ts";

const NAPA_CABERNET = 184452; // "Cabernet Sauvignon" by Roberts + Rogers
const MASSANDRA_MUSCAT = 162455; // fortified white Muscat, Crimea
const KRANSKOP_NLH = 173765; // Viognier Noble Late Harvest, Breede River Valley
const MEDINA_ROSE = 197580; // Grenache Rosé 2020, Malta
const VALLADO = 101677; // Reserva (Field Blend), Douro: X-Wines "Assemblage/Portuguese Red Blend"
const CAVA = 1969;

const gen = createOfflineGenerator();
let db: Db;
const wines = new Map<number, WineFacts>();

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = [NAPA_CABERNET, MASSANDRA_MUSCAT, KRANSKOP_NLH, MEDINA_ROSE, VALLADO];
  for (const w of await loadWineFacts(db.kysely, ids)) wines.set(w.id, w);
});
after(() => db.destroy());

function wine(id: number): WineFacts {
  const w = wines.get(id);
  assert.ok(w, `wine ${id}`);
  return w;
}

test("fr/it: a wine named after its grape takes the article ('le Cabernet Sauvignon de …')", async () => {
  assert.match((await gen.wineTexts(wine(NAPA_CABERNET), "fr")).description, /^Le Cabernet Sauvignon de /);
  assert.match((await gen.wineTexts(wine(NAPA_CABERNET), "it")).description, /^Il Cabernet Sauvignon di /);
});

test("a fortified white Muscat smells of Muscat, not of walnut and caramel", async () => {
  const notes = (await gen.wineTexts(wine(MASSANDRA_MUSCAT), "en")).tastingNotes;
  assert.doesNotMatch(notes, /walnut|caramel/);
  assert.match(notes, /grape|orange blossom|apricot/);
});

test("'Noble Late Harvest' is a botrytis wine: dessert pairing, soft acidity gives no 'structure'", async () => {
  const f = wine(KRANSKOP_NLH);
  assert.equal(wineStyle(f).kind, "botrytis");
  const t = await gen.wineTexts(f, "en");
  assert.doesNotMatch(t.pairing, /oily fish|pork|poultry/);
  assert.match(t.pairing, /dessert|blue cheese/);
  for (const lang of LANGUAGES)
    assert.doesNotMatch((await gen.wineTexts(f, lang)).description, /structure|Struktur|struttura/i, lang);
});

test("a window that ended before this year is said to be past, with no advice to drink by a past date", async () => {
  const f = wine(MEDINA_ROSE);
  const d = await gen.drinkingPeriod(f, "en");
  assert.ok((f.vintage ?? 0) + d.to < new Date().getUTCFullYear(), "the listed vintage's window is past");
  assert.match(d.statement, /was at its best/);
  for (const lang of LANGUAGES) {
    const p = await gen.drinkingPeriod(f, lang);
    assert.doesNotMatch(`${p.ripe} ${p.storage}`, /\b20\d\d\b/, `${lang}: ${p.ripe}`);
  }
});

test("storage never promises development where the ripe text says ageing will not improve the wine", async () => {
  for (const id of wines.keys()) {
    const d = await gen.drinkingPeriod(wine(id), "en");
    assert.doesNotMatch(d.storage, /hold and develop/, `${id}`);
  }
});

test("Cava 1969: 'both sparkling whites', Macabeo before Chardonnay among equals", async () => {
  const r = await loadRegionFacts(db.kysely, CAVA);
  assert.ok(r);
  const i = await gen.regionInsight(r, "en");
  assert.match(i.summary, /both sparkling whites/);
  assert.doesNotMatch(i.summary, /including two sparkling/);
  assert.equal(i.keyGrapes[0]?.name, "Macabeo");
});

test("a Portuguese wine is not called 'a Portuguese red blend' after 'from the Douro, Portugal'", async () => {
  for (const lang of LANGUAGES) {
    const t = await gen.wineTexts(wine(VALLADO), lang);
    assert.doesNotMatch(
      `${t.description} ${t.descriptionLong}`,
      /Portuguese|portugiesische|portugais|portoghese/,
      lang,
    );
  }
});

test("German: a wine named after its grape or appellation takes the article in its case; rosé not with aged cheese", async () => {
  const de = await gen.wineTexts(wine(NAPA_CABERNET), "de");
  assert.match(`${de.description} ${de.descriptionLong}`, /\b(Der|den|dem) Cabernet Sauvignon\b/);
  assert.doesNotMatch(de.description, /^Cabernet Sauvignon von/);
  const rose = await gen.wineTexts(wine(MEDINA_ROSE), "en");
  assert.doesNotMatch(rose.pairing, /aged cheese|hard cheese|beef/);
  assert.match(rose.pairing, /seafood|salads/);
});

// ---- Third reading (12 more random wines, 6 regions) ----

test("region rules: no grapes after several colours ('reds and whites from Gamay'); Port keeps its grapes", async () => {
  const beaujolais = await loadRegionFacts(db.kysely, 1138);
  const port = await loadRegionFacts(db.kysely, 1031);
  assert.ok(beaujolais && port);
  assert.match(
    (await gen.regionInsight(beaujolais, "en")).summary,
    /The appellation rules permit reds, rosés and whites\./,
  );
  assert.match((await gen.regionInsight(port, "en")).summary, /permit fortified wines from Touriga Nacional/);
  assert.match((await gen.regionInsight(port, "de")).summary, /alle roten Likörweine/);
});

test("no 'mostly' for two wines of two bodies (Frankland River 2112); alcohol a sentence of its own", async () => {
  const frankland = await loadRegionFacts(db.kysely, 2112);
  assert.ok(frankland);
  for (const lang of LANGUAGES) {
    const i = await gen.regionInsight(frankland, lang);
    assert.doesNotMatch(
      `${i.summary} ${i.climateAndTerroir}`,
      /mostly|überwiegend|surtout|perlopiù|meist/,
      lang,
    );
  }
  const notes = (await gen.wineTexts(wine(NAPA_CABERNET), "en")).tastingNotes;
  assert.match(notes, /finish\. Alcohol is 15\.4%\.$/);
});

test("Barbera ages like a medium variety (Barbera d'Alba Superiore 144734 lasts past year 5); no 'long cellaring' under 15 years", async () => {
  const [barbera, vieilleFerme] = await loadWineFacts(db.kysely, [111398, 144734]).then((ws) => [
    ws.find((w) => w.id === 144734),
    ws.find((w) => w.id === 111398),
  ]);
  assert.ok(barbera && vieilleFerme);
  assert.ok((await gen.drinkingPeriod(barbera, "en")).to >= 6);
  const d = await gen.drinkingPeriod(vieilleFerme, "en");
  if (d.to < 15) assert.doesNotMatch(d.storage, /long cellaring/);
});

test("plural 'Côtes …' appellations take the plural article; a house named 'de …' gets no second 'de'", async () => {
  const cotes = await loadRegionFacts(db.kysely, 1262);
  const pouilly = await loadRegionFacts(db.kysely, 1408);
  assert.ok(cotes && pouilly);
  const expected = {
    en: /from the Côtes de Bordeaux/,
    de: /aus den Côtes/,
    fr: /des Côtes de Bordeaux/,
    it: /delle Côtes/,
  };
  for (const lang of LANGUAGES)
    assert.match((await gen.regionInsight(cotes, lang)).summary, expected[lang], lang);
  assert.doesNotMatch((await gen.regionInsight(pouilly, "fr")).summary, /de de /);
});
