/**
 * The four writers over the whole bundled catalogue (1,007 wines, 327 regions), as the offline
 * generator serves them:
 * - golden samples: a fixed set of wines and regions rendered to test/fixtures/texts/<lang>.md, read
 *   and reviewed as diffs (`UPDATE_TEXTS=1 npm test -- src/modules/content/writing/writing.test.ts`
 *   writes them anew);
 * - properties every text keeps, in every language.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../test/helpers.ts";
import { assertClean, namesOf, recordNames } from "../../../../test/wine-fixtures.ts";
import { type Db, openDatabase } from "../../../db/database.ts";
import { LANGUAGES, type Language } from "../../../domain/vocabulary.ts";
import type { RegionFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import { loadRegionFacts, loadWineFacts } from "../content.repository.ts";
import type { DrinkingPeriodContent, RegionInsightContent, WineTexts } from "../content.types.ts";
import { createOfflineGenerator } from "../generators/offline-generator.ts";

/** Texts are written as in mid-2026, so that the named vintages stay put. */
const gen = createOfflineGenerator(() => new Date("2026-06-01T00:00:00Z"));
/** Wines of the golden samples: one of each kind a shop sells (X-Wines ids). */
const SAMPLE_WINES = [
  111429, // Saint-Estèphe Grand Cru Classé (Château Montrose)
  137010, // Brunello di Montalcino
  113288, // NV Champagne
  104797, // Vintage Port
  105141, // Fino Sherry
  111478, // Sauternes Premier Grand Cru Classé
  108976, // Mosel Riesling Spätlese
  114325, // Côtes de Provence rosé
  163659, // a rosé named only "Rosé"
  143949, // Valdepeñas "Gran Reserva"
  102079, // Vinho Verde
  143130, // a grappa
];
/** Regions of the golden samples (English names). */
const SAMPLE_REGIONS = ["Barolo", "Champagne", "Mendoza", "Fino Sherry", "Mosel", "Vin de France"];

let db: Db;
const wines = new Map<number, WineFacts>();
const regions: RegionFacts[] = [];
type Rendered = { texts: WineTexts; period: DrinkingPeriodContent };
const rendered: Record<Language, Map<number, Rendered>> = {
  de: new Map(),
  en: new Map(),
  fr: new Map(),
  it: new Map(),
};
const insights: Record<Language, Map<number, RegionInsightContent>> = {
  de: new Map(),
  en: new Map(),
  fr: new Map(),
  it: new Map(),
};

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").orderBy("id").execute()).map((w) => w.id);
  for (const w of await loadWineFacts(db.kysely, ids)) wines.set(w.id, w);
  const regionIds = (await db.kysely.selectFrom("regions").select("id").orderBy("id").execute()).map(
    (r) => r.id,
  );
  for (const id of regionIds) {
    const r = await loadRegionFacts(db.kysely, id);
    if (r) regions.push(r);
  }
  for (const lang of LANGUAGES) {
    for (const w of wines.values()) {
      rendered[lang].set(w.id, {
        texts: await gen.wineTexts(w, lang),
        period: await gen.drinkingPeriod(w, lang),
      });
    }
    for (const r of regions) insights[lang].set(r.id, await gen.regionInsight(r, lang));
  }
});
after(() => db.destroy());

/** Every customer text of a wine, field by field. */
function wineFields(r: Rendered): string[] {
  return [
    r.texts.description,
    r.texts.descriptionLong,
    r.texts.tastingNotes,
    r.texts.pairing,
    r.period.statement,
    r.period.young,
    r.period.ripe,
    r.period.storage,
  ];
}
/** A region insight's texts; with `labels`, its signature styles too (short labels, not sentences). */
function insightFields(i: RegionInsightContent, labels: boolean): string[] {
  return [i.summary, i.climateAndTerroir, ...(labels ? i.signatureStyles : [])];
}
/** Every text of the catalogue in `lang`, with the wine or region it belongs to. */
function allTexts(lang: Language, labels = true): { item: string; text: string }[] {
  const out: { item: string; text: string }[] = [];
  for (const [id, r] of rendered[lang])
    for (const text of wineFields(r)) out.push({ item: `wine ${id}`, text });
  for (const [id, i] of insights[lang])
    for (const text of insightFields(i, labels)) out.push({ item: `region ${id}`, text });
  return out;
}
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=[«"„A-ZÀ-ÖØ-Þ])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

for (const lang of LANGUAGES) {
  test(`${lang}: the golden sample of wines and regions reads as reviewed (test/fixtures/texts/${lang}.md)`, () => {
    const lines = [`# Golden sample (${lang})`, ""];
    for (const id of SAMPLE_WINES) {
      const w = wines.get(id);
      const r = rendered[lang].get(id);
      assert.ok(w && r, `wine ${id} is in the bundled catalogue`);
      lines.push(`## ${w.name} — ${w.producerName} (${id})`, "");
      lines.push(
        `**Description.** ${r.texts.description}`,
        "",
        `**Long description.** ${r.texts.descriptionLong}`,
        "",
      );
      lines.push(`**Tasting notes.** ${r.texts.tastingNotes}`, "", `**Pairing.** ${r.texts.pairing}`, "");
      lines.push(`**Drinking window** (${r.period.from}–${r.period.to}). ${r.period.statement}`, "");
      lines.push(`${r.period.young}`, "", `${r.period.ripe}`, "", `${r.period.storage}`, "");
    }
    for (const name of SAMPLE_REGIONS) {
      const region = regions.find((r) => r.names.en === name);
      assert.ok(region, `region ${name} is in the bundled catalogue`);
      const i = insights[lang].get(region.id);
      assert.ok(i);
      lines.push(`## Region: ${name} (${region.id})`, "", i.summary, "", i.climateAndTerroir, "");
      lines.push(`Signature styles: ${i.signatureStyles.join(" · ")}`, "");
      lines.push(`Key grapes: ${i.keyGrapes.map((g) => g.name).join(", ")}`, "");
    }
    const text = `${lines.join("\n").trimEnd()}\n`;
    const file = new URL(`../../../../test/fixtures/texts/${lang}.md`, import.meta.url);
    if (process.env.UPDATE_TEXTS === "1" || !existsSync(file)) writeFileSync(file, text);
    assert.equal(text, readFileSync(file, "utf8"), "the texts changed: review the diff, then UPDATE_TEXTS=1");
  });

  test(`${lang}: no text is empty, says undefined or NaN, doubles a space or speaks of the catalogue`, () => {
    for (const { item, text } of allTexts(lang)) {
      assert.ok(text.trim().length > 0, `${item}: an empty text`);
      assert.doesNotMatch(text, /\b(undefined|NaN|null)\b|\[object/, `${item}: ${text}`);
      assert.doesNotMatch(text, / {2}|\s[,.]/, `${item}: ${text}`);
      assert.doesNotMatch(text, /\b(catalogue|catalog|katalog|catalogo)\b/i, `${item}: ${text}`);
    }
  });

  test(`${lang}: every sentence begins with a capital and ends with a full stop`, () => {
    for (const { item, text } of allTexts(lang, false)) {
      for (const s of sentencesOf(text)) {
        assert.match(s, /^[«"„(\d\p{Lu}]/u, `${item}: "${s}"`);
        assert.match(s, /[.!?»"”)]$/, `${item}: "${s}"`);
      }
    }
  });

  test(`${lang}: no sentence of eight or more words is written for more than 60 wines or regions`, () => {
    const items = new Map<string, Set<string>>();
    for (const { item, text } of allTexts(lang)) {
      for (const s of sentencesOf(text)) {
        if (s.split(/\s+/).length < 8) continue;
        const set = items.get(s) ?? new Set<string>();
        set.add(item);
        items.set(s, set);
      }
    }
    const worst = [...items.entries()].sort((a, b) => b[1].size - a[1].size)[0];
    assert.ok(!worst || worst[1].size <= 60, `${worst?.[1].size} × "${worst?.[0]}"`);
  });

  test(`${lang}: no English words in a text of another language, proper names aside`, () => {
    if (lang === "en") return;
    const names = recordNames();
    for (const [id, r] of rendered[lang]) {
      const w = wines.get(id) as WineFacts;
      for (const text of wineFields(r)) assertClean(text, lang, [...namesOf(w), ...names], `wine ${id}`);
    }
    for (const region of regions) {
      const i = insights[lang].get(region.id) as RegionInsightContent;
      const regionNames = [...Object.values(region.names), ...region.wines.flatMap(namesOf), ...names];
      for (const text of insightFields(i, true)) assertClean(text, lang, regionNames, `region ${region.id}`);
    }
  });

  test(`${lang}: at least 95 % of the wines have a description of their own`, () => {
    const descriptions = new Set([...rendered[lang].values()].map((r) => r.texts.description));
    assert.ok(descriptions.size / wines.size >= 0.95, `${descriptions.size} of ${wines.size}`);
  });

  test(`${lang}: every region insight has signature styles and key grapes of the catalogue`, () => {
    for (const [id, i] of insights[lang]) {
      assert.ok(i.signatureStyles.length > 0, `region ${id}: no signature style`);
      assert.ok(
        i.keyGrapes.length > 0 && i.keyGrapes.every((g) => Number.isInteger(g.id) && g.id > 0 && g.name),
      );
    }
  });

  test(`${lang}: a grape spirit gets no wine's drinking window`, () => {
    const grappa = rendered[lang].get(143130);
    assert.ok(grappa);
    assert.equal(grappa.period.to, 0);
    assert.equal(grappa.period.from, 0);
  });
}
