/**
 * Issue 17 (language): the editor's examples, checked on the real wines and regions of the bundled
 * catalogue. Each test asserts that the faulty phrase is gone and the right form is there.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../../test/helpers.ts";
import { namesOf, scrub } from "../../../../test/wine-fixtures.ts";
import { type Db, openDatabase } from "../../../db/database.ts";
import { LANGUAGES, type Language } from "../../../domain/vocabulary.ts";
import type { RegionFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import { loadRegionFacts, loadWineFacts } from "../content.repository.ts";
import { FOODS } from "../writing/lexicon/foods.ts";
import { createOfflineGenerator } from "./offline-generator.ts";

const gen = createOfflineGenerator();
let db: Db;
let wines: Map<number, WineFacts>;
/** Every text of every wine, by language. */
const texts: Record<Language, { wine: WineFacts; fields: Record<string, string> }[]> = {
  de: [],
  en: [],
  fr: [],
  it: [],
};

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  wines = new Map((await loadWineFacts(db.kysely, ids)).map((w) => [w.id, w]));
  for (const wine of wines.values()) {
    for (const lang of LANGUAGES) {
      const t = await gen.wineTexts(wine, lang);
      const d = await gen.drinkingPeriod(wine, lang);
      texts[lang].push({ wine, fields: { ...t, young: d.young, ripe: d.ripe, statement: d.statement } });
    }
  }
});
after(() => db.destroy());

/** All texts of one wine in one language, joined. */
function of(id: number, lang: Language): string {
  const entry = texts[lang].find((t) => t.wine.id === id);
  assert.ok(entry, `wine ${id} is in the catalogue`);
  return Object.values(entry.fields).join(" ");
}

/** All texts of all wines in one language, joined. */
function everything(lang: Language): string {
  return texts[lang].map((t) => Object.values(t.fields).join(" ")).join("\n");
}

async function region(id: number): Promise<RegionFacts> {
  const r = await loadRegionFacts(db.kysely, id);
  assert.ok(r, `region ${id}`);
  return r;
}

async function insight(id: number, lang: Language): Promise<string> {
  const i = await gen.regionInsight(await region(id), lang);
  return [i.summary, i.climateAndTerroir, ...i.signatureStyles].join(" ");
}

const PIODILEI = 138538; // Pio Cesare, Langhe
const CARMENERE = 162506; // Marques de Casa Concha, Central Valley (CL)
const FERROUS = 175542; // Ferrous Pinot Noir, Mornington Peninsula (AU)
const RUINART_R = 111461; // Brut (R de Ruinart) Champagne: Chardonnay, Pinot Noir
const POUILLY = 111803; // Pouilly-Fuissé by Louis Latour
const BRUNELLO = 137010; // Brunello di Montalcino by La Lecciaia
const RHEINGAU = 1104;
const CHAMPAGNE = 1188;
const DOURO_TINTO = 101874; // Kopke, region Porto
const BORDEAUX_SB = 112149; // Bordeaux Sauvignon Blanc by Michel Lynch

test("fr: aromas are 'retrouvés', never 'attendus' ('on peut attendre les arômes')", () => {
  const fr = everything("fr");
  assert.doesNotMatch(fr, /on peut attendre/);
  assert.match(fr, /Au nez, on retrouve les arômes typiques/);
});

test("fr: elision and contraction (d'herbes, des Langhe, de la Vallée Centrale, du, des)", async () => {
  for (const { wine, fields } of texts.fr) {
    const text = scrub(Object.values(fields).join(" "), namesOf(wine));
    assert.doesNotMatch(text, /\bde (herbe|[aeiouéèêà])/i, `${wine.id}`);
    assert.doesNotMatch(text, /\b(de|à) (le|les) /, `${wine.id}`);
  }
  const fr = everything("fr");
  assert.match(fr, /d'herbes/);
  const piodilei = of(PIODILEI, "fr");
  assert.doesNotMatch(piodilei, /\bde Langhe/);
  assert.match(piodilei, /(des|les) Langhe/);
  assert.doesNotMatch(of(CARMENERE, "fr"), /\bde Vallée Centrale/);
  assert.match(of(CARMENERE, "fr"), /(de|dans) la Vallée Centrale/);
  assert.match(await insight(1618, "fr"), /des Langhe/);
});

test("fr/it: a wine named after its appellation takes the article (le Pouilly-Fuissé, il Brunello)", () => {
  const fr = of(POUILLY, "fr");
  assert.doesNotMatch(fr, /(^|[.,] )Pouilly-Fuissé (est|s'accorde)/);
  assert.match(fr, /\b[Ll]e Pouilly-Fuissé/);
  assert.match(of(BRUNELLO, "it"), /\b[Ii]l Brunello di Montalcino\b/);
});

test("it: aromas are 'ritrovati', not 'attesi'; euphonic ed; articulated prepositions", async () => {
  const it = everything("it");
  assert.doesNotMatch(it, /sono attesi i profumi/);
  assert.match(it, /Al naso si ritrovano i profumi tipici/);
  assert.doesNotMatch(it, / e [eèé]/i);
  assert.match(it, / ed e/);
  const piodilei = of(PIODILEI, "it");
  assert.doesNotMatch(piodilei, /\b(da|di|in) Langhe/);
  assert.match(piodilei, /\b(dalle|delle|nelle) Langhe/);
  assert.match(await insight(1618, "it"), /delle Langhe/);
  assert.match(of(CARMENERE, "it"), /(della|dalla|nella) Valle Centrale/);
});

test("it: grape varieties take the article in region summaries (prevale il Sangiovese)", async () => {
  const ids = (await db.kysely.selectFrom("regions").select("id").execute()).map((r) => r.id);
  const summaries: string[] = [];
  for (const id of ids) summaries.push((await gen.regionInsight(await region(id), "it")).summary);
  const all = summaries.join("\n");
  assert.doesNotMatch(all, /prevale [A-Z]/);
  assert.match(all, /prevale il Sangiovese/);
});

test("de: Spätburgunder, Grauburgunder, Weißburgunder, Schwarzriesling only for German and Austrian wines", () => {
  for (const { wine, fields } of texts.de) {
    if (/^(DE|AT)$/.test(wine.region.country)) continue;
    const text = Object.values(fields).join(" ");
    assert.doesNotMatch(
      text,
      /Spätburgunder|Grauburgunder|Weißburgunder|Schwarzriesling|Müllerrebe/,
      `${wine.id} ${wine.name}`,
    );
  }
  assert.match(of(FERROUS, "de"), /Pinot Noir/);
  assert.match(of(RUINART_R, "de"), /Pinot Noir/);
  const german = texts.de.filter(
    (t) => t.wine.region.country === "DE" && t.wine.grapes.some((g) => g.names.de === "Spätburgunder"),
  );
  assert.ok(german.length > 0);
  for (const t of german) assert.match(Object.values(t.fields).join(" "), /Spätburgunder/);
});

test("de: articles with place names (aus den Langhe); tannins no longer 'greifen zu'", async () => {
  const piodilei = of(PIODILEI, "de");
  assert.doesNotMatch(piodilei, /\b(aus|in) Langhe/);
  assert.match(piodilei, /\b(aus|in) den Langhe/);
  assert.match(await insight(1618, "de"), /aus den Langhe/);
  assert.doesNotMatch(everything("de"), /greifen noch deutlich zu/);
});

test("en: the with place names (the Mornington Peninsula, the Central Valley); Port is the Douro", () => {
  const ferrous = of(FERROUS, "en");
  assert.doesNotMatch(ferrous, /(from|in) Mornington Peninsula/);
  assert.match(ferrous, /(from|on) the Mornington Peninsula/);
  assert.doesNotMatch(ferrous, /in the Mornington Peninsula/);
  const carmenere = of(CARMENERE, "en");
  assert.doesNotMatch(carmenere, /(from|in) Central Valley/);
  assert.match(carmenere, /(from|in) the Central Valley/);
  const en = everything("en");
  assert.doesNotMatch(en, /from Port, Portugal/);
  // Countries that take the article keep it in every plan: "in/from the United States", never "in
  // United States" or "United States's".
  assert.doesNotMatch(en, /(in|from) United States|United States's|(in|from) Czech Republic/);
  assert.match(of(DOURO_TINTO, "en"), /the Douro Valley/);
});

test("no tautologies: region named by the wine, grape named by the wine, empty aroma phrases", () => {
  for (const lang of LANGUAGES) {
    assert.doesNotMatch(
      of(BRUNELLO, lang),
      /Brunello di Montalcino (in|aus|dans|nella|della|de la) .*Brunello di Montalcino/,
    );
  }
  assert.doesNotMatch(of(BRUNELLO, "en"), /(in|from) Brunello di Montalcino/);
  assert.match(of(BRUNELLO, "en"), /Italy/);
  assert.doesNotMatch(of(BORDEAUX_SB, "en"), /from Sauvignon Blanc/);
  assert.doesNotMatch(of(BORDEAUX_SB, "fr"), /à partir de Sauvignon Blanc/);
  assert.doesNotMatch(everything("en"), /expect the aromas typical of/i);
});

test("no field repeats a sentence of another field", () => {
  for (const lang of LANGUAGES) {
    for (const { wine, fields } of texts[lang]) {
      const long = fields.descriptionLong ?? "";
      for (const key of ["description", "tastingNotes", "pairing"]) {
        for (const sentence of (fields[key] ?? "").split(/(?<=[.!?]) /)) {
          const fragment =
            sentence.length < 20 || /\b[A-Z][a-z]?\.$/.test(sentence) || wine.name.includes(sentence);
          if (fragment) continue;
          assert.ok(
            !long.includes(sentence),
            `${wine.id}/${lang}/${key} repeats in descriptionLong: ${sentence}`,
          );
        }
      }
    }
  }
});

test("at least three sentence plans per field: wines of one grape read differently", () => {
  for (const lang of LANGUAGES) {
    const chardonnay = texts[lang].filter(
      (t) => t.wine.grapes.length === 1 && t.wine.grapes[0]?.name === "Chardonnay",
    );
    assert.ok(chardonnay.length > 20);
    for (const key of ["description", "descriptionLong", "tastingNotes", "pairing"]) {
      const openings = new Set(
        chardonnay.map((t) =>
          (t.fields[key] ?? "")
            .replace(/[^ ]*\d[^ ]*/g, "#")
            .split(" ")
            .slice(0, 3)
            .join(" "),
        ),
      );
      assert.ok(openings.size >= 3, `${lang}/${key}: ${[...openings].join(" | ")}`);
    }
  }
});

test("a region summary names each grape variety once, synonyms of the catalogue included", async () => {
  // Rheingau lists Pinot Noir and Pinot Nero: both are Spätburgunder in German, Pinot Noir in French.
  const de = await insight(RHEINGAU, "de");
  assert.doesNotMatch(de, /Spätburgunder und Spätburgunder|Spätburgunder, Spätburgunder/);
  assert.match(de, /Spätburgunder/);
  assert.doesNotMatch(
    await insight(RHEINGAU, "fr"),
    /le Pinot Noir et le Pinot Noir|le Pinot Noir, le Pinot Noir/,
  );
  // Champagne lists Pinot Noir and Pinot Nero: in German one "Pinot Noir", not also "Pinot Nero".
  const champagne = await insight(CHAMPAGNE, "de");
  assert.match(champagne, /Pinot Noir/);
  assert.doesNotMatch(champagne, /Pinot Nero/);
});

test("display names say the producer once (no 'Les Menuts Les Menuts', no 'Ruinart Dom Ruinart')", async () => {
  const rows = await db.kysely.selectFrom("wines").select(["id", "display_name"]).execute();
  for (const r of rows) assert.doesNotMatch(r.display_name, /\b(\p{L}+ \p{L}+) \1\b/u, `${r.id}`);
  const byId = new Map(rows.map((r) => [r.id, r.display_name]));
  const menuts = byId.get(112716) ?? "";
  assert.equal(menuts.split("Les Menuts").length - 1, 1, menuts);
  assert.match(menuts, /^Château La Grace Dieu-Les Menuts .*Saint-Émilion Grand Cru$/);
  assert.ok(!byId.get(111544)?.startsWith("Ruinart Dom Ruinart"));
  assert.match(byId.get(111544) ?? "", /^Dom Ruinart Blanc de Blancs/);
});

test("pairing lists stay readable: no food phrase holds a comma ('pork, rich, oily fish')", () => {
  for (const lang of LANGUAGES)
    for (const [key, phrase] of Object.entries(FOODS))
      assert.ok(!phrase[lang].includes(","), `${key}/${lang}: ${phrase[lang]}`);
});

test("fr: one sentence does not say 'issu' twice (place and grape: 'issu de la Moselle, … issu de ce seul cépage')", () => {
  for (const sentence of everything("fr").split(/(?<=[.!?])\s/))
    assert.doesNotMatch(sentence, /\bissue?s?\b.*\bissue?s?\b/, sentence);
});

// ---- Second editor's reading (stop 26): the template errors found on 12 random wines and 6 regions ----

test("palate: alcohol is an aside, not a sensation; the long description states body once", () => {
  const inList = /(alcohol|Alkohol(gehalt)?|d'alcool|di alcol) (and|und|et|e) /;
  for (const lang of LANGUAGES) {
    for (const { wine, fields } of texts[lang]) {
      for (const field of ["tastingNotes", "descriptionLong"])
        assert.doesNotMatch(fields[field] ?? "", inList, `${wine.id}/${lang}/${field}`);
    }
  }
  for (const { wine, fields } of texts.en) {
    const body = /\b(very light-bodied|light-bodied|medium-bodied|full-bodied)\b/g;
    const found = (fields.descriptionLong ?? "").match(body) ?? [];
    assert.ok(found.length <= 1, `${wine.id}: body ${found.length}× in ${fields.descriptionLong}`);
  }
});

test("no dangling 'this single variety' / 'ce seul cépage'; no 'In style,' or 'From the … vintage, it'", () => {
  assert.doesNotMatch(everything("en"), /this single variety|In style, it|From the \d{4} vintage, it/);
  assert.doesNotMatch(everything("fr"), /ce seul cépage/);
  assert.match(everything("en"), /made from a single grape variety/);
});

test("fr pairing: definite article after 'accompagner' and 's'accorder avec', partitive after 'servir avec'", () => {
  const all = everything("fr");
  assert.doesNotMatch(all, /(accompagne volontiers|s'accorde avec) (du|des|de la|de l')/);
  assert.match(all, /accompagne volontiers (le|la|les|l')/);
  assert.match(all, /À servir avec (du|des|de la|de l')/);
});

test("blends name the appellation's principal grape first: Chianti Riserva 136932 leads with Sangiovese", () => {
  for (const lang of LANGUAGES) {
    const text = of(136932, lang);
    assert.ok(text.indexOf("Sangiovese") < text.indexOf("Cabernet Sauvignon"), `${lang}: ${text}`);
  }
});

test("grape names in prose: no 'Syrah/Shiraz' or 'Carignan/Cariñena'; Shiraz for Australia", () => {
  for (const lang of LANGUAGES)
    assert.doesNotMatch(everything(lang), /Syrah\/Shiraz|Carignan\/Cariñena/, lang);
  const australian = texts.en.find(
    (t) => t.wine.region.country === "AU" && /Syrah/.test(t.wine.grapes[0]?.name ?? ""),
  );
  assert.ok(australian);
  assert.match(Object.values(australian.fields).join(" "), /\bShiraz\b/);
});

test("one decanting advice per wine: an hour, never 'a few hours' against 'an hour'", () => {
  assert.doesNotMatch(everything("en"), /a few hours/);
  assert.doesNotMatch(everything("de"), /einige Stunden/);
  assert.doesNotMatch(everything("fr"), /quelques heures/);
  assert.doesNotMatch(everything("it"), /qualche ora/);
});

test("region summaries: counts in words, no sentence opening with a figure, 'both' for two, no false ranking", async () => {
  const moravia = { en: await insight(2295, "en"), it: await insight(2295, "it") };
  assert.match(moravia.en, /two wines from Moravia/);
  assert.match(moravia.en, /one red and one rosé/);
  assert.match(moravia.en, /The grape varieties listed are/);
  assert.doesNotMatch(moravia.en, /most frequent|Most of these/);
  assert.doesNotMatch(moravia.it, /seguono lo Zweigelt/);
  for (const lang of LANGUAGES) assert.doesNotMatch(await insight(1751, lang), /(^|\. )\d/, lang);
  assert.match(await insight(1751, "en"), /both red/);
});

test("Amarone 1506: the rule sentence names the principal grapes in the rules' order", async () => {
  assert.match(await insight(1506, "en"), /reds from Corvina, Corvinone and Rondinella/);
});
