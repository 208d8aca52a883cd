import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import {
  BODIES,
  COLORS,
  LANGUAGES,
  RESIDUAL_SUGARS,
  SUB_TYPES,
  WINE_TYPES,
} from "../../domain/vocabulary.ts";
import { REGION_RECORDS } from "../../domain/wine/regions/region-records.ts";
import { GRAPE_TABLE } from "./grapes-data.ts";
import { REGION_NAME_TABLE } from "./region-name-translations.ts";
import { parsePythonList, parseXWines, XWINES_COLUMNS } from "./xwines.ts";

const csvPath = new URL("../../../data/xwines-slim-1k-wines.csv", import.meta.url);
const csvText = readFileSync(csvPath, "utf8");
const catalogue = parseXWines(csvText);

const HEADER = XWINES_COLUMNS.join(",");
const GOOD_ROW =
  "100001,Espumante Moscatel,Sparkling,Varietal/100%,['Muscat/Moscato'],\"['Pork', 'Rich Fish']\",7.5," +
  "Medium-bodied,High,BR,Brazil,1001,Serra Gaúcha,10001,Casa Perini,http://www.vinicolaperini.com.br,\"[2020, 'N.V.', 2021]\"";

/** Replaces one column of GOOD_ROW (the Harmonize and Vintages cells are quoted, so rebuild by column). */
function rowWith(column: (typeof XWINES_COLUMNS)[number], value: string): string {
  const cells: Record<string, string> = {
    WineID: "100001",
    WineName: "Espumante Moscatel",
    Type: "Sparkling",
    Elaborate: "Varietal/100%",
    Grapes: "['Muscat/Moscato']",
    Harmonize: "['Pork', 'Rich Fish']",
    ABV: "7.5",
    Body: "Medium-bodied",
    Acidity: "High",
    Code: "BR",
    Country: "Brazil",
    RegionID: "1001",
    RegionName: "Serra Gaúcha",
    WineryID: "10001",
    WineryName: "Casa Perini",
    Website: "http://www.vinicolaperini.com.br",
    Vintages: "[2020, 'N.V.', 2021]",
  };
  cells[column] = value;
  return XWINES_COLUMNS.map((c) => `"${(cells[c] ?? "").replace(/"/g, '""')}"`).join(",");
}

test("parsePythonList: X-Wines list syntax", () => {
  assert.deepEqual(parsePythonList("['Cabernet Sauvignon', 'Merlot']"), ["Cabernet Sauvignon", "Merlot"]);
  assert.deepEqual(parsePythonList(`["Trebbiano D'Abruzzo"]`), ["Trebbiano D'Abruzzo"]);
  assert.deepEqual(parsePythonList("[2020, 2019, 'N.V.']"), [2020, 2019, "N.V."]);
  assert.deepEqual(parsePythonList("[]"), []);
  assert.deepEqual(parsePythonList("  [ ]  "), []);
  assert.deepEqual(parsePythonList("['a',]"), ["a"]);
  assert.deepEqual(parsePythonList("[-1, 2.5, .5, 1e3]"), [-1, 2.5, 0.5, 1000]);
  assert.deepEqual(parsePythonList(String.raw`['It\'s', "say \"hi\"", 'back\\slash', 'a\nb']`), [
    "It's",
    'say "hi"',
    "back\\slash",
    "a\nb",
  ]);
  assert.deepEqual(parsePythonList("['a, b', \"c]\"]"), ["a, b", "c]"]);
  assert.deepEqual(parsePythonList("['Rosé', 'Müller-Thurgau']"), ["Rosé", "Müller-Thurgau"]);
});

test("parsePythonList: malformed input throws", () => {
  for (const bad of [
    "",
    "'a'",
    "['a'",
    "['a' 'b']",
    "['a'] x",
    "[a]",
    "['a\\q']",
    "['unterminated]",
    "[,]",
    "[1,,2]",
  ]) {
    assert.throws(() => parsePythonList(bad), /invalid Python list/, bad);
  }
});

test("parseXWines: counts of the real CSV", () => {
  assert.equal(catalogue.wines.length, 1007);
  assert.equal(catalogue.producers.length, 792);
  assert.equal(catalogue.regions.length, 327);
  assert.equal(catalogue.grapes.length, 188);
});

test("parseXWines: every grape of the CSV is in the grape table", () => {
  const missing = catalogue.grapes.filter((g) => !GRAPE_TABLE.has(g.name)).map((g) => g.name);
  assert.deepEqual(missing, []);
  // The data's 188 varieties, plus those the region records and their appellation rules name for
  // wines of other sources (Melon de Bourgogne for Muscadet): every entry beyond the data's is one a
  // region record names.
  const extra = [...GRAPE_TABLE.keys()].filter((name) => !catalogue.grapes.some((g) => g.name === name));
  for (const name of extra)
    assert.ok(
      REGION_RECORDS.some((r) => r.grapes.includes(name) || r.rules?.grapes.includes(name)),
      `${name}: in the table, not in the data, named by no region record`,
    );
  const names = catalogue.grapes.map((g) => g.name);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b, "en")),
  );
  for (const grape of catalogue.grapes) {
    for (const lang of LANGUAGES) assert.ok(grape.names[lang].length > 0, `${grape.name} ${lang}`);
  }
});

test("parseXWines: every wine has valid enums and an integer flavour profile in 0..10", () => {
  const ids = new Set<number>();
  const producerIds = new Set(catalogue.producers.map((p) => p.id));
  const regionIds = new Set(catalogue.regions.map((r) => r.id));
  const grapeNames = new Set(catalogue.grapes.map((g) => g.name));
  for (const wine of catalogue.wines) {
    assert.ok(!ids.has(wine.id));
    ids.add(wine.id);
    assert.ok(COLORS.includes(wine.color));
    assert.ok(WINE_TYPES.includes(wine.type));
    assert.ok(SUB_TYPES.includes(wine.subType));
    assert.ok(BODIES.includes(wine.body));
    assert.ok(wine.residualSugar === null || RESIDUAL_SUGARS.includes(wine.residualSugar));
    assert.ok(producerIds.has(wine.producerId) && regionIds.has(wine.regionId));
    assert.ok(wine.grapes.length > 0 && wine.grapes.every((g) => grapeNames.has(g)));
    for (const [key, value] of Object.entries(wine.flavor)) {
      assert.ok(Number.isInteger(value) && value >= 0 && value <= 10, `${wine.id} ${key}=${value}`);
    }
    for (let i = 1; i < wine.vintages.length; i++) {
      assert.ok((wine.vintages[i - 1] ?? 0) > (wine.vintages[i] ?? 0), `${wine.id} vintages newest first`);
    }
  }
});

test("parseXWines: every region has four non-empty names and an ISO country code", () => {
  for (const region of catalogue.regions) {
    for (const lang of LANGUAGES) {
      assert.ok(region.names[lang].trim().length > 0, `${region.id} ${lang}`);
      assert.doesNotMatch(region.names[lang], /\p{Script=Cyrillic}/u);
    }
    assert.match(region.country, /^[A-Z]{2}$/);
  }
  assert.ok(!catalogue.regions.some((r) => r.country === "UK"));
  const sourceNames = new Set(
    csvText
      .split("\n")
      .flatMap((line) => [...REGION_NAME_TABLE.keys()].filter((k) => line.includes(`,${k},`))),
  );
  assert.deepEqual(
    [...REGION_NAME_TABLE.keys()].filter((k) => !sourceNames.has(k)),
    [],
    "every translated region occurs in the data",
  );
  const kent = catalogue.regions.find((r) => r.names.en === "Kent");
  assert.equal(kent?.country, "GB");
});

test("parseXWines: a known row end to end (Casa Perini Espumante Moscatel)", () => {
  const wine = catalogue.wines.find((w) => w.id === 100001);
  assert.ok(wine);
  assert.equal(wine.name, "Espumante Moscatel");
  assert.equal(wine.color, "white");
  assert.equal(wine.subType, "sparkling");
  assert.equal(wine.residualSugar, "doux");
  assert.equal(wine.abv, 7.5);
  assert.deepEqual(wine.grapes, ["Muscat/Moscato"]);
  assert.deepEqual(wine.foods, ["Pork", "Rich Fish", "Shellfish"]);
  assert.equal(wine.vintages[0], 2020);
  assert.ok(!wine.vintages.includes(Number.NaN));
  assert.equal(wine.elaboration, "Varietal/100%");
  const producer = catalogue.producers.find((p) => p.id === wine.producerId);
  assert.deepEqual(producer, {
    id: 10001,
    name: "Perini",
    title: "Casa",
    website: "http://www.vinicolaperini.com.br",
  });
  const region = catalogue.regions.find((r) => r.id === wine.regionId);
  assert.deepEqual(region, {
    id: 1001,
    names: { de: "Serra Gaúcha", en: "Serra Gaúcha", fr: "Serra Gaúcha", it: "Serra Gaúcha" },
    country: "BR",
  });
});

test("parseXWines: websites are null when empty", () => {
  const empty = catalogue.producers.filter((p) => p.website === null);
  assert.ok(empty.length > 0);
  for (const p of catalogue.producers) assert.ok(p.website === null || /^https?:\/\//.test(p.website));
});

test("parseXWines: small inputs and vintages", () => {
  const small = parseXWines(`${HEADER}\n${GOOD_ROW}\n`);
  assert.equal(small.wines.length, 1);
  assert.deepEqual(small.wines[0]?.vintages, [2021, 2020]);
  const noAbv = parseXWines(`${HEADER}\n${rowWith("ABV", "")}\n`);
  assert.equal(noAbv.wines[0]?.abv, null);
  const bom = parseXWines(`\uFEFF${HEADER}\r\n${GOOD_ROW}\r\n`);
  assert.equal(bom.wines.length, 1);
  const unknownGrape = parseXWines(
    `${HEADER}\n${rowWith("Grapes", "['Mystery Noir']").replace('"Sparkling"', '"Red"')}\n`,
  );
  assert.deepEqual(unknownGrape.grapes, [
    {
      name: "Mystery Noir",
      names: { de: "Mystery Noir", en: "Mystery Noir", fr: "Mystery Noir", it: "Mystery Noir" },
      color: "red",
      synonyms: [],
    },
  ]);
});

test("parseXWines: malformed input names row and column", () => {
  const cases: [string, RegExp][] = [
    [rowWith("Grapes", "['Merlot'"), /row 1 \(line 2\), column Grapes: invalid Python list/],
    [rowWith("Vintages", "[2020, 'soon']"), /row 1 \(line 2\), column Vintages: expected a year or 'N\.V\.'/],
    [rowWith("WineID", "abc"), /row 1 \(line 2\), column WineID: expected a positive integer/],
    [rowWith("ABV", "strong"), /column ABV: expected a percentage/],
    [rowWith("Type", "Orange"), /column Type: unknown X-Wines Type "Orange"/],
    [rowWith("Body", "Heavy"), /column Body: unknown X-Wines Body/],
    [rowWith("Acidity", "Sharp"), /column Acidity: unknown X-Wines Acidity/],
    [rowWith("Code", "BRA"), /column Code: invalid country code/],
    [rowWith("Grapes", "[2019]"), /column Grapes: expected names/],
  ];
  for (const [row, pattern] of cases) {
    assert.throws(() => parseXWines(`${HEADER}\n${row}\n`), pattern, row);
  }
  assert.throws(
    () => parseXWines(`${HEADER}\n${GOOD_ROW}\n${GOOD_ROW}\n`),
    /row 2 \(line 3\), column WineID: duplicate WineID 100001/,
  );
  const otherWine = rowWith("WineID", "100002").replace("Casa Perini", "Casa Valduga");
  assert.throws(
    () => parseXWines(`${HEADER}\n${GOOD_ROW}\n${otherWine}\n`),
    /WineryID 10001 has conflicting/,
  );
  assert.throws(() => parseXWines("WineID,WineName\n1,x\n"), /missing column\(s\) Type/);
  assert.throws(() => parseXWines(`${HEADER}\n"unterminated\n`), Error);
});
