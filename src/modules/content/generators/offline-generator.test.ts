import assert from "node:assert/strict";
import { test } from "node:test";
import {
  all,
  assertClean,
  CATEGORIES,
  grape,
  NON_EN,
  namesOf,
  region,
  wine,
} from "../../../../test/wine-fixtures.ts";
import { LANGUAGES, type Language } from "../../../domain/vocabulary.ts";
import { createOfflineGenerator } from "./offline-generator.ts";

const gen = createOfflineGenerator();

test("wine texts: every text non-empty, no slots, no English in de/fr/it", async () => {
  for (const c of CATEGORIES) {
    for (const lang of LANGUAGES) {
      const t = await gen.wineTexts(c.facts, lang);
      for (const [k, v] of Object.entries(t))
        assertClean(v, lang, namesOf(c.facts), `${c.label}/${lang}/${k}`);
      const d = await gen.drinkingPeriod(c.facts, lang);
      for (const k of ["statement", "young", "ripe", "storage"] as const)
        assertClean(d[k], lang, namesOf(c.facts), `${c.label}/${lang}/${k}`);
    }
  }
});

test("wine texts: description names the style with correct articles", async () => {
  const f = wine({ id: 1, acidity: "high" });
  const d = Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (l) => [l, (await gen.wineTexts(f, l)).description])),
  );
  assert.match(d.en, /a full-bodied dry red wine/);
  assert.match(d.de, /(ein|einen) vollmundige[rn] trockene[rn] Rotwein/);
  assert.match(d.fr, /un vin rouge sec et corsé/);
  assert.match(d.it, /un vino rosso secco e corposo/);
  assert.match(d.en, /Mendoza, Argentina/);
  assert.match(d.de, /Argentinien/);
  assert.match(d.fr, /Argentine/);
});

test("wine texts: sparkling, fortified and dessert nouns", async () => {
  const [, , brut, , , , port, sauternes] = CATEGORIES.map((c) => c.facts);
  assert.ok(brut && port && sauternes);
  assert.match((await gen.wineTexts(brut, "de")).description, /Schaumwein \(Brut\)/);
  assert.match((await gen.wineTexts(brut, "fr")).description, /vin blanc effervescent brut/);
  assert.match((await gen.wineTexts(brut, "it")).description, /vino spumante bianco brut/);
  assert.match((await gen.wineTexts(port, "de")).description, /Likörwein/);
  assert.match((await gen.wineTexts(port, "it")).description, /vino liquoroso rosso dolce/);
  assert.match((await gen.wineTexts(sauternes, "fr")).description, /vin de dessert blanc doux/);
});

test("wine texts: decimal comma in de/fr/it, point in en", async () => {
  const f = wine({ id: 2, abv: 13.5 });
  const text = async (l: Language) => Object.values(await gen.wineTexts(f, l)).join(" ");
  assert.ok((await text("en")).includes("13.5%"));
  assert.ok((await text("de")).includes("13,5 %"));
  assert.ok((await text("fr")).includes("13,5 %"));
  assert.ok((await text("it")).includes("13,5%"));
  for (const l of NON_EN) assert.ok(!(await text(l)).includes("13.5"), l);
});

test("wine texts: pairing joins foods naturally", async () => {
  const f = wine({ id: 3, foods: ["Beef", "Lamb", "Poultry"] });
  assert.match((await gen.wineTexts(f, "en")).pairing, /beef, lamb and poultry/);
  assert.match((await gen.wineTexts(f, "de")).pairing, /Rindfleisch, Lamm und Geflügel/);
  assert.match((await gen.wineTexts(f, "fr")).pairing, /le bœuf, l'agneau et la volaille/);
  assert.match((await gen.wineTexts(f, "it")).pairing, /il manzo, l'agnello e il pollame/);
  const none = wine({ id: 4, foods: [] });
  for (const l of LANGUAGES) assert.ok((await gen.wineTexts(none, l)).pairing.length > 10);
});

test("wine texts: two wines with the same grape and style differ", async () => {
  const a = wine({ id: 11, name: "Malbec Reserva", producerName: "Bodega Uno" });
  const b = wine({ id: 12, name: "Malbec Reserva", producerName: "Bodega Dos" });
  const c = wine({
    id: 13,
    name: "Malbec",
    producerName: "Bodega Uno",
    region: { id: 2, names: all("San Juan"), country: "AR" },
  });
  for (const l of LANGUAGES) {
    const texts = await Promise.all([a, b, c].map((w) => gen.wineTexts(w, l)));
    assert.equal(new Set(texts.map((t) => t.description)).size, 3, l);
    assert.equal(new Set(texts.map((t) => t.descriptionLong)).size, 3, l);
  }
});

test("generator is deterministic", async () => {
  const f = CATEGORIES[3]?.facts;
  assert.ok(f);
  assert.deepEqual(await gen.wineTexts(f, "it"), await gen.wineTexts(f, "it"));
  assert.deepEqual(await gen.drinkingPeriod(f, "fr"), await gen.drinkingPeriod(f, "fr"));
});

test("drinking period: statement years, storage conditions", async () => {
  for (const c of CATEGORIES) {
    for (const lang of LANGUAGES) {
      const d = await gen.drinkingPeriod(c.facts, lang);
      assert.ok(0 <= d.from && d.from <= d.to && d.to <= 100);
      // Cellar conditions only for wines meant for ageing; the others are told when to open them.
      const cellar = d.storage.includes("10") && d.storage.includes("14") && d.storage.includes("70");
      assert.equal(
        cellar,
        d.to > 3 && !["brut sparkling (NV)", "rosé", "Moscato d'Asti"].includes(c.label),
        d.storage,
      );
      if (c.facts.vintage !== null) {
        assert.ok(d.statement.includes(String(c.facts.vintage + d.to)), `${lang}: ${d.statement}`);
        if (d.from !== d.to) assert.ok(d.statement.includes(String(c.facts.vintage + d.from)), d.statement);
      }
    }
  }
  const nv = CATEGORIES[2]?.facts;
  assert.ok(nv);
  assert.match((await gen.drinkingPeriod(nv, "en")).statement, /purchase/);
});

test("region insight: one wine and many wines", async () => {
  const one = region(1, "Mendoza", "AR", [wine({ id: 21 })]);
  const many = region(2, "Langhe", "IT", [
    ...CATEGORIES.slice(3, 5).map((c) => c.facts),
    wine({ id: 22, grapes: [grape("Nebbiolo", "red")] }),
    wine({ id: 23, color: "white", body: "medium", grapes: [grape("Arneis", "white")] }),
  ]);
  const unknown = region(3, "Somewhere", "ZZ", [wine({ id: 24 })]);
  for (const lang of LANGUAGES) {
    for (const r of [one, many, unknown]) {
      const ins = await gen.regionInsight(r, lang);
      const names = [...Object.values(r.names), ...r.wines.flatMap(namesOf)];
      assertClean(ins.summary, lang, names, `${r.names.en}/${lang}/summary`);
      assertClean(ins.climateAndTerroir, lang, names, `${r.names.en}/${lang}/climate`);
      assert.ok(ins.signatureStyles.length >= 1);
      for (const s of ins.signatureStyles) assertClean(s, lang, names, `${r.names.en}/${lang}/style`);
      assert.ok(ins.keyGrapes.length >= 1 && ins.keyGrapes.length <= 5);
    }
    const m = await gen.regionInsight(many, lang);
    assert.equal(m.keyGrapes[0]?.name, "Nebbiolo");
  }
  assert.match(
    (await gen.regionInsight(one, "en")).signatureStyles[0] ?? "",
    /^Full-bodied dry reds from Malbec$/,
  );
  assert.match((await gen.regionInsight(one, "de")).climateAndTerroir, /Anden/);
  assert.match((await gen.regionInsight(many, "en")).summary, /four wines/);
});
