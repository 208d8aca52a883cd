/**
 * Issue 17 (language): at least three sentence plans per field and language, chosen by the wine's or
 * region's id, for the drinking texts (young, ripe) and the region insight (climate, style sentences);
 * non-vintage windows counted from purchase. Checked on the wines and regions of the bundled catalogue.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../test/helpers.ts";
import { type Db, openDatabase } from "../../../db/database.ts";
import { LANGUAGES, type Language } from "../../../domain/vocabulary.ts";
import { classifyDrinkingWindow } from "../../../domain/wine/drinking-window.ts";
import type { ClimateId } from "../../../domain/wine/regions/region-record.ts";
import type { RegionFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import { loadRegionFacts, loadWineFacts } from "../content.repository.ts";
import { CLIMATES, deClimate } from "../writing/lexicon/climates.ts";
import { country } from "../writing/lexicon/countries.ts";
import { ACIDITY, BODY, SUGAR } from "../writing/lexicon/style-words.ts";
import { profile } from "./drinking-stages.ts";
import { buildDrinkingPeriod } from "./drinking-texts.ts";
import { curatedRegion } from "./i18n/region-terroir.ts";
import { placePhrase } from "./places.ts";
import { climateAndTerroir } from "./region-climate.ts";
import { permittedWines } from "./region-rules.ts";
import { dataSentence, styleSentence } from "./region-style.ts";

let db: Db;
let wines: WineFacts[];
let regions: RegionFacts[];

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  wines = await loadWineFacts(db.kysely, ids);
  const regionIds = (await db.kysely.selectFrom("regions").select("id").execute()).map((r) => r.id);
  regions = [];
  for (const id of regionIds) {
    const r = await loadRegionFacts(db.kysely, id);
    if (r) regions.push({ ...r, wines: permittedWines(r) });
  }
});
after(() => db.destroy());

/** The first three words, numbers masked: tells sentence plans apart. */
function opening(text: string): string {
  return text
    .replace(/[^ ]*\d[^ ]*/g, "#")
    .split(" ")
    .slice(0, 3)
    .join(" ");
}

/** Lower-case words of a text. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}-]+/u)
    .filter(Boolean);
}

/** Words of the style and climate vocabularies (the values the plans are filled with). */
const VOCABULARY = new Set(
  words(
    [
      JSON.stringify([BODY, SUGAR, ACIDITY, CLIMATES]),
      ...Object.keys(CLIMATES).flatMap((id) =>
        ["e", "es", "en", "er"].map((e) => deClimate(id as ClimateId, e)),
      ),
    ].join(" "),
  ),
);

/**
 * The plan of a region sentence: its words of four letters or more, without the region's and country's
 * names and the vocabulary it is filled with.
 */
function skeleton(sentence: string, r: RegionFacts, lang: Language): string {
  const c = country(r.country);
  const names = [
    ...Object.values(r.names),
    ...(["in", "of", "from"] as const).map((prep) => placePhrase(r.names, lang, prep)),
    ...(c ? [...Object.values(c.name), ...Object.values(c.in)] : []),
  ];
  const masked = new Set(words(names.join(" ")));
  return words(sentence)
    .filter((w) => w.length >= 4 && !masked.has(w) && !VOCABULARY.has(w))
    .join(" ");
}

test("young and ripe: at least three sentence plans per profile in every language", () => {
  const byProfile = new Map<string, WineFacts[]>();
  for (const w of wines) {
    const { rule, to } = classifyDrinkingWindow(w);
    const key = profile(rule, to);
    byProfile.set(key, [...(byProfile.get(key) ?? []), w]);
  }
  const checked = [...byProfile].filter(([, list]) => list.length >= 10);
  assert.ok(checked.length >= 5, `profiles with ≥ 10 wines: ${checked.map(([k]) => k).join(", ")}`);
  for (const lang of LANGUAGES) {
    for (const [key, list] of checked) {
      const periods = list.map((w) => buildDrinkingPeriod(w, lang));
      for (const field of ["young", "ripe"] as const) {
        const plans = new Set(periods.map((d) => opening(d[field])));
        assert.ok(plans.size >= 3, `${lang}/${key}/${field}: ${[...plans].join(" | ")}`);
      }
    }
  }
});

test("young and ripe: every profile, however few wines it has, has three plans (ids varied)", () => {
  const first = new Map<string, WineFacts>();
  for (const w of wines) {
    const { rule, to } = classifyDrinkingWindow(w);
    const key = profile(rule, to);
    if (!first.has(key)) first.set(key, w);
  }
  for (const key of ["fortified", "port", "sweet", "sparkling_aged"]) assert.ok(first.has(key), key);
  for (const lang of LANGUAGES) {
    for (const [key, w] of first) {
      for (const field of ["young", "ripe"] as const) {
        const plans = new Set<string>();
        for (let id = 1; id <= 30; id++) plans.add(opening(buildDrinkingPeriod({ ...w, id }, lang)[field]));
        assert.ok(plans.size >= 3, `${lang}/${key}/${field} (wine ${w.id}): ${[...plans].join(" | ")}`);
      }
    }
  }
});

test("data sentence of the climate text: three plans for one wine and for several, in every language", () => {
  const one = regions.find((r) => r.wines.length === 1);
  const several = regions.find((r) => r.wines.length >= 2 && new Set(r.wines.map((w) => w.body)).size === 1);
  assert.ok(one && several);
  for (const lang of LANGUAGES) {
    for (const r of [one, several]) {
      const plans = new Set<string>();
      for (let id = 1; id <= 30; id++) plans.add(skeleton(dataSentence({ ...r, id }, lang), r, lang));
      assert.ok(plans.size >= 3, `${lang}/${r.wines.length} wines: ${[...plans].join(" | ")}`);
    }
  }
});

test("region climate and style sentences: at least three plans each in every language", () => {
  for (const lang of LANGUAGES) {
    const plans = { curated: new Set<string>(), country: new Set<string>(), style: new Set<string>() };
    for (const r of regions) {
      const climate = climateAndTerroir(r, lang);
      const first = climate.split(/(?<=[.!?]) (?=\p{Lu})/u)[0] ?? "";
      const curated = curatedRegion([r.names.en, r.names[lang], ...Object.values(r.names)]);
      if (first) (curated ? plans.curated : plans.country).add(skeleton(first, r, lang));
      if (r.wines.length >= 2) plans.style.add(skeleton(styleSentence(r, lang), r, lang));
    }
    for (const [kind, set] of Object.entries(plans)) {
      // Two branches each (curated: one sentence; country: one or several climates; style: prevailing
      // style or range of body), so three plans per branch give at least six.
      const least = kind === "curated" ? 3 : 6;
      assert.ok(set.size >= least, `${lang}/${kind}: ${set.size} plans: ${[...set].join(" | ")}`);
    }
  }
});

test("non-vintage wines: the window runs from purchase, not from release, in every language", () => {
  const purchase: Record<Language, RegExp> = {
    en: /\bpurchase\b/,
    de: /\bKauf\b/,
    fr: /\bachat\b/,
    it: /acquisto\b/,
  };
  const release = /\brelease\b|Markteinführung|mise sur le marché|uscita sul mercato/;
  const nv = wines.filter((w) => classifyDrinkingWindow(w).style.vintage === null);
  assert.ok(nv.length >= 10, `${nv.length} non-vintage wines`);
  for (const lang of LANGUAGES) {
    for (const w of nv) {
      const d = buildDrinkingPeriod(w, lang);
      assert.match(d.statement, purchase[lang], `${w.id}/${lang}: ${d.statement}`);
      for (const text of [d.statement, d.ripe, d.storage]) {
        assert.doesNotMatch(text, release, `${w.id}/${lang}: ${text}`);
      }
    }
  }
});
