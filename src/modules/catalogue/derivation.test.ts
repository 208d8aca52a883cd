import assert from "node:assert/strict";
import { test } from "node:test";
import { mapAcidity, mapBody, mapType, normalizeCountryCode, splitProducerTitle } from "./derivation.ts";

// Real X-Wines rows: [Type, WineName, Grapes, ABV] → expected colour/type/sub-type.
const typeCases: [string, string, string[], number | null, string][] = [
  ["Red", "Cabernet Sauvignon", ["Cabernet Sauvignon"], 12, "red/wine/still"],
  ["White", "Riesling Trocken", ["Riesling"], 12, "white/wine/still"],
  ["Rosé", "Rioja Rosado", ["Tempranillo", "Garnacha Tinta"], 13.5, "rose/wine/still"],
  ["White", "Solatio Moscato d'Asti", ["Muscat/Moscato"], 5, "white/wine/sparkling"],
  ["Red", "Barbera d'Asti", ["Barbera"], 12.5, "red/wine/still"],
  [
    "Sparkling",
    "Brut Champagne",
    ["Chardonnay", "Pinot Noir", "Pinot Meunier"],
    12.5,
    "white/wine/sparkling",
  ],
  ["Sparkling", "Impérial Rosé Brut Champagne", ["Pinot Noir"], 12, "rose/wine/sparkling"],
  [
    "Sparkling",
    "Cuvée Alexander Rose de Pinot Extra Brut",
    ["Pinot Noir", "Cabernet Sauvignon"],
    12.5,
    "rose/wine/sparkling",
  ],
  ["Sparkling", "Estelado Brut Rosé", ["País/Mission"], 12, "rose/wine/sparkling"],
  ["Sparkling", "Lambrusco dell'Emilia Rosso", ["Lambrusco"], 8, "red/wine/sparkling"],
  ["Sparkling", "Brachetto d'Acqui", ["Brachetto"], 6, "red/wine/sparkling"],
  ["Sparkling", "Perlé Nero", ["Pinot Noir"], 12.5, "white/wine/sparkling"],
  ["Sparkling", "Blanc de Blancs Brut Champagne", ["Pinot Noir"], 12.5, "white/wine/sparkling"],
  [
    "Sparkling",
    "Crescentia Assmannshäuser Höllenberg Blanc de Noirs Extra Brut",
    ["Spätburgunder"],
    12.5,
    "white/wine/sparkling",
  ],
  ["Sparkling", "Moscato d'Asti", ["Muscat/Moscato"], 5.5, "white/wine/sparkling"],
  [
    "Dessert",
    "Sauternes (Premier Grand Cru Classé)",
    ["Sémillon", "Sauvignon Blanc"],
    13.5,
    "white/dessert/still",
  ],
  ["Dessert", "Tokaji Aszú 6 Puttonyos", ["Furmint"], 10, "white/dessert/still"],
  ["Dessert", "Recioto della Valpolicella Classico", ["Cabernet Sauvignon"], 12.5, "red/dessert/still"],
  ["Dessert", "Fior di Vigna Dolce Rosso", ["Brachetto"], 4, "red/dessert/still"],
  ["Dessert", "Dulcis Moscato d'Asti", ["Muscat/Moscato"], 5.5, "white/dessert/sparkling"],
  [
    "Dessert",
    "Vin Santo del Chianti Classico S. Niccolò",
    ["Chardonnay", "Trebbiano", "Malvasia Nera"],
    16,
    "white/dessert/still",
  ],
  ["Dessert", "Licoroso Tinto", ["Cabernet Sauvignon", "Tannat"], 18, "red/fortified/still"],
  ["Dessert", "Medium Dry Sherry", ["Palomino", "Pedro Ximenez"], 16.5, "white/fortified/still"],
  [
    "Dessert",
    "Muscat White South Coast (Мускат Белый Южнобережный)",
    ["Muscat Blanc"],
    16,
    "white/fortified/still",
  ],
  ["Dessert", "STORIA Grappa Merlot", ["Merlot"], 39, "white/dessert/still"],
  ["Dessert", "Marc d'Alsace Riesling", ["Riesling"], 48, "white/dessert/still"],
  [
    "Dessert/Port",
    "Ruby Port",
    ["Tinta Barroca", "Touriga Nacional", "Tinta Roriz"],
    19.5,
    "red/fortified/still",
  ],
  [
    "Dessert/Port",
    "White Reserve Porto",
    ["Rabigato", "Viosinho", "Malvasia Fina", "Côdega de Larinho"],
    19.5,
    "white/fortified/still",
  ],
  ["Dessert/Port", "Oloroso V.O.R.S", ["Palomino"], 21, "white/fortified/still"],
  ["Dessert/Port", "Port", ["Syrah/Shiraz"], 18.2, "red/fortified/still"],
];

test("mapType: colour, type and sub-type of real X-Wines rows", () => {
  for (const [xwinesType, name, grapes, abv, expected] of typeCases) {
    const { color, type, subType } = mapType(xwinesType, name, grapes, abv);
    assert.equal(`${color}/${type}/${subType}`, expected, `${xwinesType} ${name}`);
  }
});

test("mapType: unknown type throws", () => {
  assert.throws(() => mapType("Orange", "Skin Contact", []), /unknown X-Wines Type "Orange"/);
});

test("splitProducerTitle: estate titles of real wineries", () => {
  const cases: [string, string | null, string][] = [
    ["Château Margaux", "Château", "Margaux"],
    ["Casa Perini", "Casa", "Perini"],
    ["Aurora", null, "Aurora"],
    ["Quinta do Crasto", "Quinta", "do Crasto"],
    ["Weingut Max Ferd. Richter", "Weingut", "Max Ferd. Richter"],
    ["Schloss Johannisberg", "Schloss", "Johannisberg"],
    ["Domaine de la Mordorée", "Domaine", "de la Mordorée"],
    ["Chateau Ste. Michelle", "Chateau", "Ste. Michelle"],
    ["Bodegas Urium", "Bodegas", "Urium"],
    ["Bodega Garzón", "Bodega", "Garzón"],
    ["Viña Cobos", "Viña", "Cobos"],
    ["Tenuta San Guido", "Tenuta", "San Guido"],
    ["Cantine due Palme", "Cantine", "due Palme"],
    ["Castello di Ama", "Castello", "di Ama"],
    // Not split: name words, suffixes, brands.
    ["Clos Mogador", null, "Clos Mogador"],
    ["Cave Spring", null, "Cave Spring"],
    ["Dom Pérignon", null, "Dom Pérignon"],
    ["Casablanca", null, "Casablanca"],
    ["South Coast Winery", null, "South Coast Winery"],
    ["Vineland Estates Winery", null, "Vineland Estates Winery"],
    ["Villa Maria", null, "Villa Maria"],
    // Case-insensitive, source spelling kept; nothing left → no split.
    ["CHÂTEAU PALMER", "CHÂTEAU", "PALMER"],
    ["Dom. Leflaive", "Dom.", "Leflaive"],
    ["Domaine", null, "Domaine"],
    ["Azienda Agricola Foradori", "Azienda Agricola", "Foradori"],
  ];
  for (const [source, title, name] of cases) {
    assert.deepEqual(splitProducerTitle(source), { title, name }, source);
    if (title !== null) assert.equal(`${title} ${name}`, source);
  }
});

test("mapBody and mapAcidity: X-Wines grades", () => {
  assert.equal(mapBody("Very light-bodied"), "very_light");
  assert.equal(mapBody("Light-bodied"), "light");
  assert.equal(mapBody("Medium-bodied"), "medium");
  assert.equal(mapBody("Full-bodied"), "full");
  assert.equal(mapBody("Very full-bodied"), "very_full");
  assert.throws(() => mapBody("Heavy"), /Body/);
  assert.equal(mapAcidity("Low"), "low");
  assert.equal(mapAcidity("Medium"), "medium");
  assert.equal(mapAcidity("High"), "high");
  assert.throws(() => mapAcidity("Sharp"), /Acidity/);
});

test("normalizeCountryCode: upper case, UK → GB", () => {
  assert.equal(normalizeCountryCode("UK"), "GB");
  assert.equal(normalizeCountryCode("uk"), "GB");
  assert.equal(normalizeCountryCode("fr"), "FR");
  assert.equal(normalizeCountryCode(" BR "), "BR");
  assert.throws(() => normalizeCountryCode("FRA"), /invalid country code/);
  assert.throws(() => normalizeCountryCode(""), /invalid country code/);
});
