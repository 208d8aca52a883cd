/**
 * Regression tests of issue 17 (style-aware texts) on real wines of the bundled X-Wines catalogue, with
 * the facts as stored (derived style fields, listed vintages, localized names): drinking windows by
 * style and release rules, aromas and serving by style, region insights inside the appellation rules.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../test/helpers.ts";
import { type Db, openDatabase } from "../../db/database.ts";
import { LANGUAGES, type Language } from "../../domain/vocabulary.ts";
import { appellationRule } from "../../domain/wine/appellation-rules.ts";
import type { AromaId } from "../../domain/wine/aromas.ts";
import {
  servingTemperature,
  suggestsDecanting,
  typicalAromas,
} from "../../domain/wine/tasting-and-serving.ts";
import type { WineFacts } from "../../domain/wine/wine-facts.ts";
import { currentVintage, wineStyle } from "../../domain/wine/wine-style.ts";
import { loadRegionFacts, loadWineFacts } from "./content.repository.ts";
import { createOfflineGenerator } from "./generators/offline-generator.ts";
import { AROMAS } from "./writing/lexicon/aromas.ts";
import { FOODS } from "./writing/lexicon/foods.ts";

const gen = createOfflineGenerator();
let db: Db;
const wines = new Map<number, WineFacts>();

/** Issue 17's example wines (X-Wines ids). */
const COLHEITA = 103471;
const BRUNELLO = 137010;
const DOM_RUINART = 111544;
const RODEZ_MULTI_VINTAGE = 116995;
const ROSES = [176059, 100556];
const BRACHETTO = 154979;
/** Further bundled wines of the styles the issue names (see bench/drinking-windows.ts). */
const VINTAGE_PORT = 104797;
const BEAUJOLAIS = 111692;
const NV_CHAMPAGNE = 113288;

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  for (const w of await loadWineFacts(db.kysely, ids)) wines.set(w.id, w);
});
after(() => db.destroy());

function wine(id: number): WineFacts {
  const w = wines.get(id);
  assert.ok(w, `wine ${id} in the bundled catalogue`);
  return w;
}

/** Every text of a wine in one language: wine texts and drinking-period texts. */
async function allTexts(f: WineFacts, lang: Language): Promise<string> {
  const t = await gen.wineTexts(f, lang);
  const d = await gen.drinkingPeriod(f, lang);
  return [...Object.values(t), d.statement, d.young, d.ripe, d.storage].join(" ");
}

/** The localized words of aromas, for scanning texts. */
const aromaWords = (ids: AromaId[], lang: Language) => ids.map((id) => AROMAS[id][lang].toLowerCase());

const YEAR = /\b(1[89]\d\d|20\d\d)\b/g;
/** The calendar year the styles are decided in (which vintage may be named). */
const STYLE_YEAR = new Date().getUTCFullYear();
const DECANT = /decant|dekant|carafe/i;

test("colheita Port 103471: a tawny ready when bottled — no vintage-port ageing, no decanting, served cool", async () => {
  const f = wine(COLHEITA);
  const style = wineStyle(f, STYLE_YEAR);
  assert.equal(style.kind, "colheita_port");
  assert.deepEqual(servingTemperature(f, wineStyle(f, STYLE_YEAR)), [10, 14]);
  assert.equal(suggestsDecanting(f, wineStyle(f, STYLE_YEAR)), false);
  for (const lang of LANGUAGES) {
    const d = await gen.drinkingPeriod(f, lang);
    assert.ok(d.to - d.from <= 15, `${lang}: window ${d.from}–${d.to} is not a decades-long cellar window`);
    assert.ok(d.from >= 7, `${lang}: a colheita is sold after at least 7 years in wood (from ${d.from})`);
    const text = await allTexts(f, lang);
    assert.doesNotMatch(text, DECANT, `${lang}: ${text}`);
    assert.doesNotMatch(text, /decades|Jahrzehnte|décennies|decenni/, lang);
    assert.doesNotMatch(text, /16–18|16 à 18/, lang);
  }
});

test("Brunello 137010: the window opens no earlier than the release rule allows (≥ 2023 for 2018)", async () => {
  const f = wine(BRUNELLO);
  const { vintage, releaseYear } = wineStyle(f, STYLE_YEAR);
  assert.ok(vintage !== null && releaseYear !== null);
  assert.ok(releaseYear >= vintage + 5, `release ${releaseYear}`);
  for (const lang of LANGUAGES) {
    const d = await gen.drinkingPeriod(f, lang);
    assert.ok(vintage + d.from >= 2023, `${lang}: opens ${vintage + d.from}`);
    const years = [...d.statement.matchAll(YEAR)].map((m) => Number(m[0])).filter((y) => y !== vintage);
    assert.ok(years.length > 0 && years.every((y) => y >= releaseYear), `${lang}: ${d.statement}`);
  }
});

test("Dom Ruinart 111544: a prestige cuvée names only a vintage already released, window after release", async () => {
  const f = wine(DOM_RUINART);
  const style = wineStyle(f, STYLE_YEAR);
  assert.equal(style.kind, "sparkling_prestige");
  assert.ok(
    style.vintage !== null && style.vintage + 8 <= new Date().getUTCFullYear(),
    `vintage ${style.vintage}`,
  );
  const newest = f.vintages?.[0];
  assert.ok(newest !== undefined && newest > style.vintage, `listed ${f.vintages}`);
  for (const lang of LANGUAGES) {
    const text = await allTexts(f, lang);
    assert.ok(!text.includes(String(newest)), `${lang}: unreleased ${newest} named: ${text}`);
    assert.ok(text.includes(String(style.vintage)), `${lang}: the released ${style.vintage} named`);
    const d = await gen.drinkingPeriod(f, lang);
    assert.ok(d.from >= 8, `${lang}: from ${d.from}`);
  }
});

test("Eric Rodez 116995 (multi-vintage cuvée) and NV sparkling: no vintage claim in any text", async () => {
  const f = wine(RODEZ_MULTI_VINTAGE);
  assert.equal(wineStyle(f, STYLE_YEAR).vintage, null);
  for (const lang of LANGUAGES) {
    const text = await allTexts(f, lang);
    assert.deepEqual(text.match(YEAR), null, `${lang}: ${text}`);
  }
  // Every non-vintage Champagne of the catalogue: no year in its drinking-period texts.
  const nv = [...wines.values()].filter(
    (w) =>
      appellationRule(w.region.names.en)?.region === "Champagne" &&
      wineStyle(w, STYLE_YEAR).kind === "sparkling_nv",
  );
  assert.ok(nv.length >= 5, `${nv.length} NV champagnes`);
  for (const w of nv) {
    const d = await gen.drinkingPeriod(w, "en");
    assert.deepEqual(`${d.statement} ${d.ripe} ${d.storage}`.match(YEAR), null, `${w.id}: ${d.statement}`);
  }
});

test("rosés 176059 and 100556: rosé aromas, not the red grape's blackberry, pepper, olive, cassis, cedar, graphite", async () => {
  const red: AromaId[] = [
    "blackberry",
    "blackPepper",
    "olive",
    "blackcurrant",
    "cedar",
    "graphite",
    "greenPepper",
  ];
  for (const id of ROSES) {
    const f = wine(id);
    assert.equal(f.color, "rose");
    const ids = typicalAromas(f, wineStyle(f, STYLE_YEAR)).ids;
    assert.ok(
      ids.every((a) => !red.includes(a)),
      `${id}: ${ids.join(", ")}`,
    );
    for (const lang of LANGUAGES) {
      const notes = (await gen.wineTexts(f, lang)).tastingNotes.toLowerCase();
      for (const word of aromaWords(red, lang)) assert.ok(!notes.includes(word), `${id}/${lang}: ${notes}`);
    }
  }
});

test("Brachetto 154979 (4 % ABV): rose, strawberry, raspberry at 8–10 °C", async () => {
  const f = wine(BRACHETTO);
  assert.equal(wineStyle(f, STYLE_YEAR).kind, "sweet_light");
  assert.deepEqual(servingTemperature(f, wineStyle(f, STYLE_YEAR)), [8, 10]);
  const ids = typicalAromas(f, wineStyle(f, STYLE_YEAR)).ids;
  assert.ok(
    ids.length >= 2 && ids.every((a) => ["rose", "strawberry", "raspberry", "redCherry"].includes(a)),
    ids.join(),
  );
  for (const lang of LANGUAGES) {
    const t = await gen.wineTexts(f, lang);
    const all = Object.values(t).join(" ");
    // French sets a no-break space before the unit.
    assert.match(all, /8–10\s°C|8 bis 10\s°C|8 à 10\s°C|8 et 10\s°C/, `${lang}: ${all}`);
    const notes = t.tastingNotes.toLowerCase();
    assert.ok(
      aromaWords(["strawberry", "raspberry", "rose"], lang).some((w) => notes.includes(w)),
      notes,
    );
    for (const word of aromaWords(["jam", "driedFruit"], lang))
      assert.ok(!notes.includes(word), `${lang}: ${notes}`);
  }
});

test("white Champagnes: no red-fruit aromas from their Pinot Noir, in any language", async () => {
  const whites = [...wines.values()].filter(
    (w) => appellationRule(w.region.names.en)?.region === "Champagne" && w.color === "white",
  );
  assert.ok(whites.length >= 10);
  const redFruit: AromaId[] = ["redCherry", "raspberry", "strawberry", "redFruit"];
  for (const w of whites) {
    assert.ok(
      typicalAromas(w, wineStyle(w, STYLE_YEAR)).ids.every((a) => !redFruit.includes(a)),
      `${w.id}: ${typicalAromas(w, wineStyle(w, STYLE_YEAR)).ids}`,
    );
    for (const lang of LANGUAGES) {
      const notes = (await gen.wineTexts(w, lang)).tastingNotes.toLowerCase();
      for (const word of aromaWords(redFruit, lang))
        assert.ok(!notes.includes(word), `${w.id}/${lang}: ${notes}`);
    }
  }
});

test("region insights stay inside the appellation rules: key grapes permitted, no forbidden colour", async () => {
  const regions = await db.kysely.selectFrom("regions").select(["id", "name_en"]).execute();
  const ruled = regions.filter((r) => appellationRule(r.name_en) !== undefined);
  assert.ok(ruled.length >= 30, `${ruled.length} regions with rules`);
  const colourWords: Record<string, Record<Language, RegExp>> = {
    white: { en: /white wine/, de: /Weißwein/, fr: /vins? blancs?/, it: /vin[oi] bianc[oi]/ },
    red: { en: /red wine/, de: /Rotwein/, fr: /vins? rouges?/, it: /vin[oi] ross[oi]/ },
  };
  for (const { id, name_en } of ruled) {
    const rule = appellationRule(name_en);
    const facts = await loadRegionFacts(db.kysely, id);
    assert.ok(rule && facts);
    const follows = facts.wines.some((w) => w.grapes.every((g) => rule.grapes.includes(g.name)));
    if (!follows) continue;
    for (const lang of LANGUAGES) {
      const insight = await gen.regionInsight(facts, lang);
      for (const g of insight.keyGrapes) {
        const grape = facts.wines.flatMap((w) => w.grapes).find((x) => x.id === g.id);
        assert.ok(grape && rule.grapes.includes(grape.name), `${name_en}/${lang}: key grape ${g.name}`);
      }
      for (const [colour, words] of Object.entries(colourWords)) {
        if (rule.colors.includes(colour as "red" | "white")) continue;
        const text = [insight.summary, ...insight.signatureStyles].join(" ");
        assert.doesNotMatch(text, words[lang], `${name_en}/${lang}: ${text}`);
      }
    }
  }
});

test("pairing by style: rosé 176059 without red meat, colheita 103471 without main courses", async () => {
  const cases: [number, string[]][] = [
    [ROSES[0] as number, ["Beef", "Lamb"]],
    [COLHEITA, ["Beef"]],
  ];
  for (const [id, banned] of cases) {
    const f = wine(id);
    assert.ok(
      banned.every((food) => f.foods.includes(food)),
      `${id} lists ${banned} in X-Wines`,
    );
    for (const lang of LANGUAGES) {
      const pairing = (await gen.wineTexts(f, lang)).pairing;
      for (const food of banned) {
        const word = FOODS[food]?.[lang] as string;
        assert.ok(!pairing.includes(word), `${id}/${lang}: "${word}" in ${pairing}`);
      }
    }
  }
});

test("serving by style: vintage Port decanted at 16–18 °C, Beaujolais cool at 12–14 °C", () => {
  const port = wine(VINTAGE_PORT);
  assert.equal(wineStyle(port, STYLE_YEAR).kind, "vintage_port");
  assert.equal(suggestsDecanting(port, wineStyle(port, STYLE_YEAR)), true);
  assert.deepEqual(servingTemperature(port, wineStyle(port, STYLE_YEAR)), [16, 18]);
  assert.deepEqual(servingTemperature(wine(BEAUJOLAIS), wineStyle(wine(BEAUJOLAIS), STYLE_YEAR)), [12, 14]);
});

test("cellar advice only where ageing is meant: Brunello yes, NV Champagne and rosé no", async () => {
  const cellar = /10–14\s°C|10 bis 14\s°C|10 à 14\s°C|10 et 14\s°C/;
  for (const lang of LANGUAGES) {
    assert.match((await gen.drinkingPeriod(wine(BRUNELLO), lang)).storage, cellar, lang);
    for (const id of [NV_CHAMPAGNE, ...ROSES]) {
      const d = await gen.drinkingPeriod(wine(id), lang);
      assert.doesNotMatch(d.storage, cellar, `${id}/${lang}: ${d.storage}`);
      assert.doesNotMatch(d.storage, /70/, `${id}/${lang}: ${d.storage}`);
    }
  }
});

test("region insight states the appellation rules: Brunello reds from Sangiovese, Port fortified", async () => {
  const expected: [string, Record<Language, RegExp>][] = [
    [
      "Brunello di Montalcino",
      {
        en: /allow only red wines, from Sangiovese\./,
        de: /erlauben Rotweine aus Sangiovese\./,
        fr: /n'autorisent que des vins rouges, issus principalement de Sangiovese\./,
        it: /(ammette|prevedono) rossi da Sangiovese\b/,
      },
    ],
    [
      "Port",
      {
        en: /allow only fortified wines, from/,
        de: /erlauben Likörweine aus/,
        fr: /autorisent que des vins mutés|n'autorisent que des vins de liqueur/,
        it: /(ammette|prevedono) solo vini liquorosi da/,
      },
    ],
  ];
  for (const [name, patterns] of expected) {
    const row = await db.kysely
      .selectFrom("regions")
      .select("id")
      .where("name_en", "=", name)
      .executeTakeFirst();
    const facts = row && (await loadRegionFacts(db.kysely, row.id));
    assert.ok(facts, name);
    for (const lang of LANGUAGES)
      assert.match((await gen.regionInsight(facts, lang)).summary, patterns[lang]);
  }
});

test("vintage Champagne waits 3 years on the lees; LBV Port is ready on release and not decanted", async () => {
  const grandVintage = wine(111521);
  const style = wineStyle(grandVintage, STYLE_YEAR);
  assert.equal(style.kind, "sparkling_vintage");
  assert.ok(style.vintage !== null);
  const lbv = wine(104976);
  assert.equal(wineStyle(lbv, STYLE_YEAR).kind, "lbv_port");
  assert.equal(suggestsDecanting(lbv, wineStyle(lbv, STYLE_YEAR)), false);
  for (const lang of LANGUAGES) {
    const d = await gen.drinkingPeriod(grandVintage, lang);
    assert.ok(d.from >= 4, `${lang}: from ${d.from} (tirage from 1 January after harvest + 36 months)`);
    const p = await gen.drinkingPeriod(lbv, lang);
    assert.ok(p.from >= 4 && p.to - p.from <= 10, `${lang}: LBV ${p.from}–${p.to}`);
    assert.doesNotMatch(`${p.ripe} ${(await gen.wineTexts(lbv, lang)).tastingNotes}`, DECANT, lang);
  }
});

test("Prosecco 137907 named 'Millesimato' names its vintage and a window from it; plain Prosecco stays NV", async () => {
  const plain = wine(137907);
  assert.equal(wineStyle(plain, STYLE_YEAR).kind, "sparkling_fresh");
  assert.equal(plain.vintage, null, "presented without vintage (decided at import)");
  const name = `${plain.name} Millesimato`;
  const harvest = plain.vintages?.[0];
  assert.ok(harvest !== undefined);
  assert.equal(currentVintage({ ...plain, name }, STYLE_YEAR), harvest);
  const dated = { ...plain, name, vintage: harvest };
  assert.equal(wineStyle(dated, STYLE_YEAR).vintage, harvest);
  for (const lang of LANGUAGES) {
    const d = await gen.drinkingPeriod(dated, lang);
    assert.match(d.statement, new RegExp(String(harvest)), lang);
    assert.ok(d.to <= 3, `${lang}: a fresh sparkling wine's window stays short (${d.from}–${d.to})`);
    assert.doesNotMatch((await gen.drinkingPeriod(plain, lang)).statement, new RegExp(String(harvest)));
  }
});

test("ageing potential needs standing: Aurora's Brazilian Cabernet 100055 short of a classed growth's 111516", async () => {
  const everyday = await gen.drinkingPeriod(wine(100055), "en");
  const classed = await gen.drinkingPeriod(wine(111516), "en");
  assert.ok(everyday.to <= 15, `100055: ${everyday.from}–${everyday.to}`);
  assert.ok(classed.to >= 20, `111516: ${classed.from}–${classed.to}`);
});

test("a still wine of a vintage opens no earlier than the year after its harvest (rosé 197580, Beaujolais 111692)", async () => {
  for (const id of [197580, 111692]) {
    for (const lang of LANGUAGES) {
      const d = await gen.drinkingPeriod(wine(id), lang);
      assert.ok(d.from >= 1, `${id}/${lang}: from ${d.from}`);
    }
  }
  for (const w of wines.values()) {
    const style = wineStyle(w, STYLE_YEAR);
    if (style.vintage === null || !["red", "white", "rose"].includes(style.kind)) continue;
    assert.ok((await gen.drinkingPeriod(w, "en")).from >= 1, `${w.id}`);
  }
});
