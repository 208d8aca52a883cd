import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parse } from "csv-parse/sync";
import Value from "typebox/value";
import { BUNDLED_XWINES } from "../../../modules/catalogue/catalogue.service.ts";
import { parsePythonList } from "../../../modules/catalogue/xwines.ts";
import { fold } from "../../text-folding.ts";
import { GrapeRecordSchema, indexGrapeRecords } from "./grape-record.ts";
import { GRAPE_RECORDS, grapeProseName, grapeRecord } from "./grape-records.ts";

const rows: { Grapes: string }[] = parse(readFileSync(BUNDLED_XWINES, "utf8"), { columns: true });
const csvGrapes = new Set(rows.flatMap((r) => parsePythonList(r.Grapes).map(String)));

test("every record validates, names are unique and the records are sorted by name", () => {
  for (const r of GRAPE_RECORDS) assert.ok(Value.Check(GrapeRecordSchema, r), r.name);
  assert.doesNotThrow(() => indexGrapeRecords(GRAPE_RECORDS));
  const names = GRAPE_RECORDS.map((r) => r.name);
  assert.equal(new Set(names.map(fold)).size, names.length);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b, "en")),
  );
  for (const r of GRAPE_RECORDS) {
    assert.ok(!r.synonyms.includes(r.name), `${r.name} lists itself as synonym`);
    for (const lang of ["de", "en", "fr", "it"] as const)
      assert.ok(r.names[lang].trim(), `${r.name} ${lang}`);
  }
});

test("every grape of the bundled CSV has a record of its own key", () => {
  assert.equal(csvGrapes.size, 188);
  const missing = [...csvGrapes].filter((name) => grapeRecord(name)?.name !== name);
  assert.deepEqual(missing, []);
});

test("Italian names in -a of the brief's list are feminine; il Sangiovese, lo Chardonnay masculine", () => {
  for (const name of ["Corvina", "Rondinella", "Barbera", "Molinara", "Malvasia", "Glera/Prosecco"])
    assert.equal(grapeRecord(name)?.gender.it, "f", name);
  for (const name of ["Sangiovese", "Nebbiolo", "Chardonnay"])
    assert.equal(grapeRecord(name)?.gender.it, "m", name);
  for (const r of GRAPE_RECORDS) {
    const head = fold(r.names.it).split(" ")[0] ?? "";
    assert.equal(r.gender.it, head.endsWith("a") ? "f" : "m", `${r.name}: it ${r.names.it}`);
  }
});

test("German and French genders: der Riesling, der Spätburgunder, der Grüne Veltliner; le Chardonnay, la Syrah", () => {
  for (const name of ["Riesling", "Spätburgunder", "Grüner Veltliner", "Blaufränkisch", "Bacchus"])
    assert.equal(grapeRecord(name)?.gender.de, "m", name);
  assert.equal(grapeRecord("Touriga Nacional")?.gender.de, "f");
  for (const name of ["Chardonnay", "Mourvedre", "Grenache", "Pinot Noir"])
    assert.equal(grapeRecord(name)?.gender.fr, "m", name);
  for (const name of ["Syrah/Shiraz", "Marsanne", "Roussanne", "Malvasia"])
    assert.equal(grapeRecord(name)?.gender.fr, "f", name);
});

test("synonyms, usual names and combined spellings resolve, accents and case ignored", () => {
  // A synonym several records share (Cannonau: Garnacha, Garnacha Tinta, Grenache) finds the first by name.
  const cases: [string, string][] = [
    ["Shiraz", "Syrah/Shiraz"],
    ["syrah", "Syrah/Shiraz"],
    ["Cannonau", "Garnacha"],
    ["Mataro", "Monastrell"],
    ["mourvèdre", "Mourvedre"],
    ["Grauburgunder", "Pinot Grigio"],
    ["Weißburgunder", "Weissburgunder"],
    ["Kékfrankos", "Blaufränkisch"],
    ["Prosecco", "Glera/Prosecco"],
    ["Glera", "Glera/Prosecco"],
    ["Zinfandel/Primitivo", "Zinfandel"],
    ["GEWURZTRAMINER", "Gewürztraminer"],
  ];
  for (const [name, key] of cases) assert.equal(grapeRecord(name)?.name, key, name);
  assert.equal(grapeRecord("Not A Grape"), undefined);
  // Every synonym resolves to a record that has it (another record's name or synonym may come first).
  for (const r of GRAPE_RECORDS) {
    for (const s of r.synonyms) {
      const found = grapeRecord(s);
      assert.ok(found, `${r.name}: synonym ${s}`);
      assert.ok(
        fold(found.name) === fold(s) || found.synonyms.some((x) => fold(x) === fold(s)),
        `${r.name}: synonym ${s} → ${found.name}`,
      );
    }
  }
});

test("varieties under another name share its aromas and ageing", () => {
  for (const [a, b] of [
    ["Tinta Roriz", "Tempranillo"],
    ["Spätburgunder", "Pinot Noir"],
    ["Garnacha", "Grenache"],
    ["Monastrell", "Mourvedre"],
  ] as [string, string][]) {
    const ra = grapeRecord(a);
    const rb = grapeRecord(b);
    assert.deepEqual([ra?.aromas, ra?.aged, ra?.ageing], [rb?.aromas, rb?.aged, rb?.ageing], `${a} ~ ${b}`);
  }
  assert.equal(grapeRecord("Nebbiolo")?.ageing, "long");
  assert.equal(grapeRecord("Gamay")?.ageing, "short");
});

test("a grape's prose name: the country's own (Shiraz in Australia), else the language's, never a combined key", () => {
  const syrah = grapeRecord("Syrah/Shiraz");
  const pinot = grapeRecord("Pinot Noir");
  assert.ok(syrah && pinot);
  assert.equal(grapeProseName(syrah, "en", "au"), "Shiraz");
  assert.equal(grapeProseName(syrah, "de", "ZA"), "Shiraz");
  assert.equal(grapeProseName(syrah, "fr", "FR"), "Syrah");
  assert.equal(grapeProseName(syrah, "it", "IT"), "Syrah");
  assert.equal(grapeProseName(pinot, "de", "DE"), "Spätburgunder");
  assert.equal(grapeProseName(pinot, "it", "IT"), "Pinot Nero");
  const unknown = { name: "Zinfandel/Primitivo", names: { de: "", en: "", fr: "", it: "" } };
  assert.equal(grapeProseName(unknown, "en", "US"), "Zinfandel");
});
