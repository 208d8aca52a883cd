import assert from "node:assert/strict";
import { test } from "node:test";
import { fold } from "../../domain/text-folding.ts";
import { catalogueGrape, GRAPE_TABLE, grapeColor } from "./grapes-data.ts";
import { regionNames, stripNonLatinSuffix } from "./region-name-translations.ts";
import { terms } from "./text-match.ts";

test("grape table: colours of well-known varieties", () => {
  const expected: [string, "red" | "white"][] = [
    ["Muscat/Moscato", "white"],
    ["Pinot Gris", "white"],
    ["Pinot Grigio", "white"],
    ["Gewürztraminer", "white"],
    ["Touriga Nacional", "red"],
    ["Pinot Meunier", "red"],
    ["Muscat of Hamburg", "red"],
    ["Antão Vaz", "white"],
    ["Alvarelhão", "red"],
    ["Sémillon", "white"],
    ["Lemberger", "red"],
  ];
  for (const [name, color] of expected) assert.equal(grapeColor(name), color, name);
  assert.equal(grapeColor("Not A Grape"), undefined);
});

test("grape table: localized names and synonyms", () => {
  assert.deepEqual(GRAPE_TABLE.get("Pinot Noir")?.names, {
    de: "Spätburgunder",
    en: "Pinot Noir",
    fr: "Pinot Noir",
    it: "Pinot Nero",
  });
  assert.deepEqual(GRAPE_TABLE.get("Pinot Gris")?.names, {
    de: "Grauburgunder",
    en: "Pinot Gris",
    fr: "Pinot Gris",
    it: "Pinot Grigio",
  });
  assert.equal(GRAPE_TABLE.get("Pinot Blanc")?.names.de, "Weißburgunder");
  assert.equal(GRAPE_TABLE.get("Pinot Blanc")?.names.it, "Pinot Bianco");
  assert.deepEqual(GRAPE_TABLE.get("Muscat/Moscato")?.names, {
    de: "Muskateller",
    en: "Muscat",
    fr: "Muscat",
    it: "Moscato",
  });
  assert.equal(GRAPE_TABLE.get("Syrah/Shiraz")?.names.en, "Syrah/Shiraz");
  assert.ok(GRAPE_TABLE.get("Syrah/Shiraz")?.synonyms.includes("Shiraz"));
  assert.ok(GRAPE_TABLE.get("Tempranillo")?.synonyms.includes("Tinta Roriz"));
  assert.ok(GRAPE_TABLE.get("Grenache")?.synonyms.includes("Cannonau"));
  assert.ok(GRAPE_TABLE.get("Primitivo")?.synonyms.includes("Zinfandel"));
  assert.ok(GRAPE_TABLE.get("Monastrell")?.synonyms.includes("Mataro"));
  assert.ok(GRAPE_TABLE.get("Carignan/Cariñena")?.synonyms.includes("Mazuelo"));
  assert.deepEqual(GRAPE_TABLE.get("Riesling")?.names, {
    de: "Riesling",
    en: "Riesling",
    fr: "Riesling",
    it: "Riesling",
  });
  for (const [name, facts] of GRAPE_TABLE) {
    assert.ok(!facts.synonyms.includes(name), `${name} lists itself as synonym`);
    for (const s of facts.synonyms) assert.ok(s.length > 0, name);
  }
});

test("catalogueGrape: unknown variety imports with the fallback colour", () => {
  assert.deepEqual(catalogueGrape("Mystery Blanc", "white"), {
    name: "Mystery Blanc",
    names: { de: "Mystery Blanc", en: "Mystery Blanc", fr: "Mystery Blanc", it: "Mystery Blanc" },
    color: "white",
    synonyms: [],
  });
  assert.equal(catalogueGrape("Merlot", "white").color, "red");
});

test("regionNames: translated regions and proper names", () => {
  assert.deepEqual(regionNames("Bourgogne"), {
    de: "Burgund",
    en: "Burgundy",
    fr: "Bourgogne",
    it: "Borgogna",
  });
  assert.deepEqual(regionNames("Toscana"), { de: "Toskana", en: "Tuscany", fr: "Toscane", it: "Toscana" });
  assert.deepEqual(regionNames("Piemonte"), { de: "Piemont", en: "Piedmont", fr: "Piémont", it: "Piemonte" });
  assert.deepEqual(regionNames("Rhone Valley"), {
    de: "Rhônetal",
    en: "Rhône Valley",
    fr: "Vallée du Rhône",
    it: "Valle del Rodano",
  });
  assert.deepEqual(regionNames("Alsace"), { de: "Elsass", en: "Alsace", fr: "Alsace", it: "Alsazia" });
  assert.deepEqual(regionNames("Mosel"), { de: "Mosel", en: "Mosel", fr: "Moselle", it: "Mosella" });
  assert.equal(regionNames("Puglia").en, "Apulia");
  assert.equal(regionNames("Franken").en, "Franconia");
  assert.equal(regionNames("California").de, "Kalifornien");
  assert.equal(regionNames("Porto").en, "Port");
  assert.equal(regionNames("Südtirol-Alto Adige").it, "Alto Adige");
  assert.deepEqual(regionNames("Côtes-du-Rhône"), {
    de: "Côtes-du-Rhône",
    en: "Côtes-du-Rhône",
    fr: "Côtes-du-Rhône",
    it: "Côtes-du-Rhône",
  });
  assert.deepEqual(regionNames("Napa Valley").fr, "Napa Valley");
  assert.deepEqual(regionNames("Anapa (Анапа)"), { de: "Anapa", en: "Anapa", fr: "Anapa", it: "Anapa" });
  assert.equal(regionNames("Crimeia (Крим)").en, "Crimea");
  assert.equal(regionNames("Central Valley (CL)").en, "Central Valley");
});

test("stripNonLatinSuffix keeps Latin brackets", () => {
  assert.equal(stripNonLatinSuffix("Odessa (Одеса)"), "Odessa");
  assert.equal(stripNonLatinSuffix("Central Valley (CL)"), "Central Valley (CL)");
  assert.equal(stripNonLatinSuffix("Bordeaux"), "Bordeaux");
});

test("text matching: whole words, accents and hyphens ignored", () => {
  assert.equal(fold("Riesling-Kabinett (Trocken)"), "riesling kabinett trocken");
  assert.equal(fold("Süß Pas Dosé"), "suss pas dose");
  const sec = terms("Sec");
  assert.ok(sec.test("Nocturne Champagne (Sec)"));
  assert.ok(!sec.test("Sancerre"));
  assert.ok(terms("Demi-Sec").test("Riche Demi Sec"));
  assert.ok(!terms("Dolce").test("Dolcetto d'Alba"));
  assert.ok(terms("Rosé").test("Espumante Brut Rose"));
  assert.ok(terms("Moscato d'Asti").test("Moncalvina Moscato d’Asti 'Canelli'"));
});
