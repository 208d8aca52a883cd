import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ENGLISH_DRINKING, ENGLISH_WINE_TEXTS, GERMAN_REGION, GERMAN_WINE_TEXTS } from "./test-fixtures.ts";
import {
  checkLanguage,
  findUnfilledSlot,
  parseJsonObject,
  validateDrinkingPeriod,
  validateRegionInsight,
  validateWineTexts,
} from "./validate.ts";

const json = (v: unknown): string => JSON.stringify(v);
const reason = (r: { ok: boolean; reason?: string }): string => (r.ok ? "" : (r.reason ?? ""));

const FRENCH =
  "Un vin rouge puissant et sec, avec des tanins fermes et une acidité vive. Il est très agréable avec les viandes rouges et les fromages affinés, et se garde dans une cave fraîche.";
const ITALIAN =
  "Un vino rosso potente e secco, con tannini decisi e una acidità vivace. È molto piacevole con le carni rosse e i formaggi stagionati, e si conserva per diversi anni in una cantina fresca.";
const GERMAN =
  "Ein kraftvoller, trockener Rotwein mit festen Tanninen und einer lebendigen Säure. Er passt sehr gut zu rotem Fleisch und gereiftem Käse und lässt sich im kühlen Keller einige Jahre lagern.";
const ENGLISH =
  "A powerful, dry red wine with firm tannins and a lively acidity. It is very good with red meat and matured cheese, and it keeps for some years in a cool cellar.";

describe("parseJsonObject", () => {
  test("parses objects, tolerates a code fence", () => {
    assert.deepEqual(parseJsonObject('{"a": 1}'), { ok: true, value: { a: 1 } });
    assert.deepEqual(parseJsonObject('```json\n{"a": 1}\n```'), { ok: true, value: { a: 1 } });
  });
  test("rejects invalid JSON and non-objects", () => {
    assert.equal(reason(parseJsonObject('{"a": ')), "invalid JSON");
    assert.equal(reason(parseJsonObject("Sure! Here is the JSON")), "invalid JSON");
    assert.equal(reason(parseJsonObject("[1, 2]")), "JSON is not an object");
    assert.equal(reason(parseJsonObject("null")), "JSON is not an object");
    assert.equal(reason(parseJsonObject('"text"')), "JSON is not an object");
  });
});

describe("findUnfilledSlot", () => {
  test("finds braces and stray values, not words that contain them", () => {
    assert.equal(findUnfilledSlot("A wine from {region}."), "brace");
    assert.equal(findUnfilledSlot("A wine from }"), "brace");
    assert.equal(findUnfilledSlot("Made from undefined grapes."), "undefined");
    assert.equal(findUnfilledSlot("ABV null %"), "null");
    assert.equal(findUnfilledSlot("NaN years"), "NaN");
    assert.equal(findUnfilledSlot("[object Object]"), "[object Object]");
    assert.equal(findUnfilledSlot("Non manca nulla: annullare, banana, nano."), undefined);
  });
});

describe("checkLanguage", () => {
  test("accepts each language in its own language", () => {
    assert.equal(checkLanguage(GERMAN, "de"), undefined);
    assert.equal(checkLanguage(FRENCH, "fr"), undefined);
    assert.equal(checkLanguage(ITALIAN, "it"), undefined);
    assert.equal(checkLanguage(ENGLISH, "en"), undefined);
  });
  test("rejects English for de/fr/it and other languages for en", () => {
    for (const lang of ["de", "fr", "it"] as const)
      assert.match(checkLanguage(ENGLISH, lang) ?? "", /wrong language/);
    for (const text of [GERMAN, FRENCH, ITALIAN])
      assert.match(checkLanguage(text, "en") ?? "", /wrong language/);
    assert.match(checkLanguage(FRENCH, "de") ?? "", /looks like fr/);
    assert.match(checkLanguage(ITALIAN, "fr") ?? "", /looks like it/);
  });
  test("a few English words in a German text are tolerated", () => {
    assert.equal(checkLanguage(`${GERMAN} Ein Wein für den Tisch — the end.`, "de"), undefined);
  });
  test("proper names are ignored", () => {
    const text =
      "Der Wein von The House of the Rising Sun ist ein kraftvoller, trockener Rotwein mit festen Tanninen.";
    assert.match(checkLanguage(text, "de") ?? "", /wrong language/);
    assert.equal(checkLanguage(text, "de", ["The House of the Rising Sun"]), undefined);
    const en =
      "Brunello di Montalcino della Casa is a dry red wine with firm tannins and it is very good with beef.";
    assert.equal(checkLanguage(en, "en", ["Brunello di Montalcino della Casa"]), undefined);
  });
  test("very short texts are not judged", () => {
    assert.equal(checkLanguage("Rotwein, trocken.", "en"), undefined);
  });
});

describe("validateWineTexts", () => {
  test("maps wire keys to WineTexts and trims", () => {
    const r = validateWineTexts(
      json({ ...GERMAN_WINE_TEXTS, pairing: `  ${GERMAN_WINE_TEXTS.pairing}  ` }),
      "de",
    );
    assert.deepEqual(r, {
      ok: true,
      value: {
        description: GERMAN_WINE_TEXTS.description,
        descriptionLong: GERMAN_WINE_TEXTS.text_long,
        tastingNotes: GERMAN_WINE_TEXTS.tasting_notes,
        pairing: GERMAN_WINE_TEXTS.pairing,
      },
    });
  });
  test("rejects missing, non-string, empty, too short or too long fields", () => {
    const { pairing: _, ...noPairing } = GERMAN_WINE_TEXTS;
    assert.match(reason(validateWineTexts(json(noPairing), "de")), /missing key "pairing"/);
    assert.match(reason(validateWineTexts(json({ ...GERMAN_WINE_TEXTS, pairing: 3 }), "de")), /not a string/);
    assert.match(reason(validateWineTexts(json({ ...GERMAN_WINE_TEXTS, pairing: "   " }), "de")), /empty/);
    assert.match(
      reason(validateWineTexts(json({ ...GERMAN_WINE_TEXTS, description: "Ein Rotwein." }), "de")),
      /"description" too short/,
    );
    assert.match(
      reason(validateWineTexts(json({ ...GERMAN_WINE_TEXTS, description: "Ein Wein. ".repeat(70) }), "de")),
      /"description" too long/,
    );
    assert.match(
      reason(
        validateWineTexts(json({ ...GERMAN_WINE_TEXTS, text_long: GERMAN_WINE_TEXTS.description }), "de"),
      ),
      /"text_long" too short/,
    );
  });
  test("rejects unfilled slots and the wrong language", () => {
    assert.match(
      reason(
        validateWineTexts(
          json({ ...GERMAN_WINE_TEXTS, tasting_notes: `${GERMAN_WINE_TEXTS.tasting_notes} {aroma}` }),
          "de",
        ),
      ),
      /unfilled slot/,
    );
    assert.match(reason(validateWineTexts(json(ENGLISH_WINE_TEXTS), "de")), /wrong language/);
    assert.equal(validateWineTexts(json(ENGLISH_WINE_TEXTS), "en").ok, true);
  });
});

describe("validateDrinkingPeriod", () => {
  const w = { from: 3, to: 12 };
  test("uses the computed numbers; accepts equal model numbers, also as digit strings", () => {
    const expected = { ok: true, value: { ...w, ...ENGLISH_DRINKING } };
    assert.deepEqual(validateDrinkingPeriod(json(ENGLISH_DRINKING), "en", w), expected);
    assert.deepEqual(
      validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, from: 3, to: 12 }), "en", w),
      expected,
    );
    assert.deepEqual(
      validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, from: "3", to: "12" }), "en", w),
      expected,
    );
  });
  test("rejects numbers that disagree or are out of range", () => {
    assert.match(
      reason(validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, from: 2 }), "en", w)),
      /"from" disagrees/,
    );
    assert.match(
      reason(validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, to: 15 }), "en", w)),
      /"to" disagrees/,
    );
    assert.match(
      reason(validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, to: 101 }), "en", w)),
      /out of range/,
    );
    assert.match(
      reason(validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, from: -1 }), "en", w)),
      /out of range/,
    );
    assert.match(
      reason(validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, from: 3.5 }), "en", w)),
      /integer/,
    );
    assert.match(
      reason(validateDrinkingPeriod(json(ENGLISH_DRINKING), "en", { from: 5, to: 4 })),
      /computed window/,
    );
    assert.match(
      reason(validateDrinkingPeriod(json(ENGLISH_DRINKING), "en", { from: 0, to: 101 })),
      /computed window/,
    );
  });
  test("rejects missing texts and the wrong language", () => {
    assert.match(
      reason(validateDrinkingPeriod(json({ ...ENGLISH_DRINKING, young: "" }), "en", w)),
      /"young" is empty/,
    );
    assert.match(reason(validateDrinkingPeriod(json(ENGLISH_DRINKING), "fr", w)), /wrong language/);
  });
});

describe("validateRegionInsight", () => {
  const keyGrapes = [{ id: 7, name: "Nebbiolo" }];
  test("maps wire keys and passes keyGrapes through", () => {
    assert.deepEqual(validateRegionInsight(json(GERMAN_REGION), "de", keyGrapes), {
      ok: true,
      value: {
        summary: GERMAN_REGION.summary,
        climateAndTerroir: GERMAN_REGION.climate_and_terroir,
        signatureStyles: GERMAN_REGION.signature_styles,
        keyGrapes,
      },
    });
  });
  test("signature_styles must be an array of 2-5 non-empty strings", () => {
    const bad = (styles: unknown) =>
      reason(validateRegionInsight(json({ ...GERMAN_REGION, signature_styles: styles }), "de", keyGrapes));
    assert.match(bad("Rotwein"), /not an array/);
    assert.match(bad(["Rotweine aus Nebbiolo"]), /2-5 items/);
    assert.match(
      bad(["Rotweine", "Weißweine", "Schaumweine", "Dessertweine", "Likörweine", "Roséweine"]),
      /2-5 items/,
    );
    assert.match(bad(["Rotweine", ""]), /empty/);
    assert.match(bad(["Rotweine", 3]), /not a string/);
    assert.match(bad(["Rotweine", "x".repeat(200)]), /length/);
    assert.match(bad(["Rotweine", "Weine aus {grape}"]), /unfilled slot/);
  });
  test("rejects missing keys, short texts and the wrong language", () => {
    const { climate_and_terroir: _, ...noClimate } = GERMAN_REGION;
    assert.match(
      reason(validateRegionInsight(json(noClimate), "de", keyGrapes)),
      /missing key "climate_and_terroir"/,
    );
    assert.match(
      reason(validateRegionInsight(json({ ...GERMAN_REGION, summary: "Kurz." }), "de", keyGrapes)),
      /"summary" too short/,
    );
    assert.match(reason(validateRegionInsight(json(GERMAN_REGION), "it", keyGrapes)), /wrong language/);
  });
});
