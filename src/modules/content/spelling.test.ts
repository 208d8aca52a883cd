/**
 * Spelling of every text the offline generator writes for the bundled catalogue (1,007 wines: texts and
 * drinking periods; 327 regions: insights) in de/en/fr/it, checked word by word against the Hunspell
 * dictionaries of nspell (see spelling.ts). Allowed besides the dictionary: words of the catalogue's
 * proper names (wine, producer, region and grape names in every language) and ALLOWED below. The test
 * prints the number of words checked and the time taken.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate } from "../../../test/helpers.ts";
import { recordNames } from "../../../test/wine-fixtures.ts";
import { type Db, openDatabase } from "../../db/database.ts";
import { LANGUAGES, type Language } from "../../domain/vocabulary.ts";
import type { RegionFacts, WineFacts } from "../../domain/wine/wine-facts.ts";
import { loadRegionFacts, loadWineFacts } from "./content.repository.ts";
import { createOfflineGenerator } from "./generators/offline-generator.ts";
import { lookups, speller, tokens } from "./spelling.ts";

/**
 * Proper names the writers use besides the catalogue's and the records': country names
 * (writing/lexicon/countries.ts) and inflected forms of place names, in the forms the texts use.
 */
const PLACE_NAMES = [
  "Ägäis",
  "Alpi",
  "Bodrog",
  "Cantabria",
  "Ceca",
  "Ciron",
  "Dalmatinischen",
  "Dordogna",
  "Dordogne",
  "Ebro",
  "Èbre",
  "False",
  "Garda",
  "Gardasee",
  "Garonna",
  "Garonne",
  "Gironde",
  "Gulf",
  "Haardt",
  "Humboldt",
  "Ontariosee",
  "Pablo",
  "Range",
  "Romania",
  "Serein",
  "Sierra",
  "Tanaro",
  "Taunus",
  "Theiß",
  "Tibisco",
  "Tisza",
  "Vénéties",
  "Vincent",
  "Vogesen",
  "Vosges",
  "Vosgi",
  "Wairau",
];

/**
 * Words the dictionaries (as nspell reads them) lack, by language. Wine, soil and climate terms
 * (Oxford Companion to Wine, 4th ed.; Duden; Le Petit Robert; Treccani): albariza, galestro, llicorella,
 * Kimmeridge/Kimmeridgian, greywacke (Grauwacke, grovacca), loess (lœss), quartzite (Quarzit), terra
 * rossa, poniente (the wind of Jerez), de Mousseux, Tannin(e), reinsortig, keltern, dekantieren, Rebsorte,
 * Petrol (the petrol note of aged Riesling), Serviertemperatur, Mergel, Gneis, Bims, semiarid, en Doux (the
 * EU label term), cellaring, it beva (finestra di beva), semiarido. German words that are in Duden but
 * that nspell does not accept from dictionary-de (adjective and compound forms): listed as they occur.
 * Italian function words missing from dictionary-it 2.0.0 or not derived by nspell: anche, una, fa, viene,
 * riconosce, riconoscono, avviene, fanno, vengono. Label and wine terms quoted in every language:
 * Großes Gewächs, VDP, Prädikat, LBV, Wine of Origin; metodo Martinotti (tank method); botrytized,
 * pomace, (un)oaked, joven (Spanish young wine); Tresterbrand, maischevergoren (skin-fermented);
 * fr passerillé (dried on the vine), surmûri (overripe).
 */
const ALLOWED: Record<Language, string[]> = {
  en: [
    ...["albariza", "galestro", "llicorella", "poniente", "Kimmeridgian", "greywacke", "loess", "quartzite"],
    ...["rossa", "Doux", "rosés", "tannins", "cellaring", "elderflower", "lychee", "schistous", "snowmelt"],
    ...["soufflés", "Galestro", "Llicorella", "Loess", "Rosés", "botrytized", "digestif", "joven", "oaked"],
    ...["unoaked", "pomace", "tannic", "Gewächs", "Prädikat", "VDP"],
  ],
  de: [
    ...["Albariza", "Galestro", "Llicorella", "Poniente", "Kimmeridge", "Grauwacke", "Quarzit", "rossa"],
    ...["Mousseux", "Tannine", "Tanninen", "reinsortig", "gekeltert", "dekantiert", "Rebsorte", "Rebsorten"],
    ...[
      "Petrol",
      "Serviertemperatur",
      "Mergel",
      "Kalkmergel",
      "Schiefermergel",
      "Gneis",
      "Bims",
      "semiarides",
      "semiariden",
    ],
    ...["Roséwein", "Roséweine", "Rollkieseln", "Ahrtal", "Zedernholz", "Lakritz", "Litschi", "Limette"],
    ...["Grapefruit", "Kabeljau", "Barbecue", "Risotto", "frites", "Schmorgerichten", "fruchtig", "knackige"],
    ...["nussige", "röstige", "provenzalischem", "toskanische", "terrassierten", "Appellation", "Brioche"],
    ...["Châteaux", "Crus", "Digestif", "Gekeltert", "Maischevergorene", "maischevergorene", "Rebfläche"],
    ...["Rosés", "Trester", "Tresterbrand", "Tresterbrände", "VDP", "cinerea", "frischesten", "knackig"],
    ...["knackiger", "nussigen", "reinsortiger", "semiaride", "vol", "Origin"],
  ],
  fr: [
    ...["albariza", "galestro", "llicorella", "poniente", "kimméridgiens", "lœss", "carafer", "monocépage"],
    ...["passerillés", "surmûries", "Gewächs", "LBV", "VDP"],
  ],
  it: [
    ...["albariza", "llicorella", "poniente", "kimmeridgiani", "grovacca", "beva", "semiarido"],
    ...["anche", "una", "fa", "viene", "riconosce", "riconoscono", "avviene", "fanno", "vengono"],
    ...["alcolometrico", "botritizzato", "Martinotti", "LBV", "Gewächs", "Großes", "VDP"],
  ],
};

const gen = createOfflineGenerator();
let db: Db;
let wines: WineFacts[] = [];
const regions: RegionFacts[] = [];
before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  const ids = (await db.kysely.selectFrom("wines").select("id").execute()).map((w) => w.id);
  wines = await loadWineFacts(db.kysely, ids);
  const regionIds = (await db.kysely.selectFrom("regions").select("id").execute()).map((r) => r.id);
  for (const id of regionIds) {
    const r = await loadRegionFacts(db.kysely, id);
    if (r) regions.push(r);
  }
});
after(() => db.destroy());

/** Lower-cased words of every proper name of the catalogue and the records. */
function nameWords(): Set<string> {
  const names = [
    ...recordNames(),
    ...wines.flatMap((w) => [
      w.name,
      w.producerName,
      ...Object.values(w.region.names),
      ...w.grapes.flatMap((g) => [g.name, ...Object.values(g.names)]),
    ]),
    ...regions.flatMap((r) => Object.values(r.names)),
  ];
  const out = new Set<string>();
  for (const n of names)
    for (const t of tokens(n)) for (const p of [t, ...t.split(/[-'’]/)]) out.add(p.toLowerCase());
  return out;
}

/** Every generated text in one language. */
async function allTexts(lang: Language): Promise<string[]> {
  const out: string[] = [];
  for (const w of wines) {
    out.push(...Object.values(await gen.wineTexts(w, lang)));
    const p = await gen.drinkingPeriod(w, lang);
    out.push(p.statement, p.young, p.ripe, p.storage);
  }
  for (const r of regions) {
    const i = await gen.regionInsight(r, lang);
    out.push(i.summary, i.climateAndTerroir, ...i.signatureStyles);
  }
  return out;
}

test("every word of every generated text is in the dictionary, a catalogue name or an allowed wine term", async () => {
  assert.equal(wines.length, 1007);
  assert.equal(regions.length, 327);
  const names = nameWords();
  const report: string[] = [];
  const unknownByLang: string[] = [];
  for (const lang of LANGUAGES) {
    const started = Date.now();
    const counts = new Map<string, number>();
    for (const text of await allTexts(lang)) {
      for (const token of tokens(text)) {
        if (names.has(token.toLowerCase())) continue;
        for (const part of lookups(token, lang)) {
          if (names.has(part.toLowerCase())) continue;
          counts.set(part, (counts.get(part) ?? 0) + 1);
        }
      }
    }
    const allowed = new Set([...ALLOWED[lang], ...PLACE_NAMES]);
    const spell = await speller(lang, counts.keys());
    const unknown = [...counts.keys()].filter((w) => !allowed.has(w) && !spell.correct(w));
    report.push(
      `${lang}: ${counts.size} distinct words, ${unknown.length} unknown, ${Date.now() - started} ms`,
    );
    if (unknown.length > 0) unknownByLang.push(`${lang}: ${unknown.sort().join(", ")}`);
  }
  console.log(`# spelling: ${report.join("; ")}`);
  assert.deepEqual(unknownByLang, []);
});
