import assert from "node:assert/strict";
import { test } from "node:test";
import type { ResidualSugar } from "../../domain/vocabulary.ts";
import { deriveResidualSugar, mapType } from "./derivation.ts";

/** Real X-Wines rows: [Type, WineName, Grapes, ABV, expected term]. */
const cases: [string, string, string[], number, ResidualSugar | null][] = [
  // Sparkling label terms.
  ["Sparkling", "Brut Champagne", ["Chardonnay", "Pinot Noir", "Pinot Meunier"], 12.5, "brut"],
  ["Sparkling", "Brut Nature Silver Champagne Grand Cru 'Bouzy'", ["Pinot Noir"], 12, "brut_nature"],
  ["Sparkling", "Sur Lie Nature", ["Chardonnay", "Pinot Noir"], 12, "brut_nature"],
  [
    "Sparkling",
    "Pure Extra Brut Champagne",
    ["Pinot Meunier", "Chardonnay", "Pinot Noir"],
    12.5,
    "extra_brut",
  ],
  ["Sparkling", "Vinho Verde Bruto Muralhas", ["Alvarinho"], 13, "brut"],
  ["Sparkling", "Valdobbiadene Prosecco Superiore Extra Dry", ["Glera/Prosecco"], 11, "extra_dry"],
  ["Sparkling", "Nocturne Champagne (Sec)", ["Chardonnay", "Pinot Noir", "Pinot Meunier"], 12.5, "dry"],
  [
    "Sparkling",
    "Terras de Felgueiras Espumante de Vinho Verde Seco Branco",
    ["Loureiro", "Arinto"],
    11.5,
    "dry",
  ],
  ["Sparkling", "Riche Demi-Sec", ["Pinot Noir", "Riesling", "Chardonnay"], 12.5, "demi_sec"],
  ["Sparkling", "Espumante de Vinho Verde Meio Seco", ["Loureiro", "Arinto de Bucelas"], 11, "demi_sec"],
  // Aromatic sweet sparkling, low alcohol, default brut.
  ["Sparkling", "Moscato d'Asti", ["Muscat/Moscato"], 5.5, "doux"],
  ["Sparkling", "Espumante Moscatel", ["Muscat/Moscato"], 7.5, "doux"],
  ["Sparkling", "Diamante Spumante", ["Muscat/Moscato"], 11.5, "doux"],
  ["Sparkling", "Brachetto d'Acqui", ["Brachetto"], 6, "doux"],
  ["Sparkling", "Lambrusco dell'Emilia Rosso", ["Lambrusco"], 8, "doux"],
  ["Sparkling", "Deseado", ["Torrontés"], 9.8, "demi_sec"],
  ["Sparkling", "Prosecco", ["Glera/Prosecco"], 11, "brut"],
  ["Sparkling", "Blanc de Blancs", ["Chardonnay"], 12.9, "brut"],
  ["White", "Solatio Moscato d'Asti", ["Muscat/Moscato"], 5, "doux"],
  // Still: German terms and Prädikate.
  ["White", "Riesling Trocken", ["Riesling"], 12, "dry"],
  ["Red", "Oberrotweiler Spätburgunder Spätlese Trocken", ["Spätburgunder"], 14, "dry"],
  ["White", "Kinheimer Rosenberg Riesling-Kabinett Trocken", ["Riesling"], 11.5, "dry"],
  ["White", "Rheinhessen Riesling Feinherb", ["Riesling"], 11.5, "off_dry"],
  ["White", "Ürziger Würzgarten Riesling Kabinett", ["Riesling"], 10.5, "off_dry"],
  ["White", "Saarburger Riesling Kabinett", ["Riesling"], 8, "medium_sweet"],
  ["White", "Niersteiner Auflangen Riesling Spätlese", ["Riesling"], 11, "medium_sweet"],
  ["White", "Bernkasteler Badstube Riesling Spätlese", ["Riesling"], 8.5, "sweet"],
  ["Dessert", "Brauneberger Juffer Riesling Auslese", ["Riesling"], 7.5, "sweet"],
  ["Dessert", "Lorenzhöfer Riesling Beerenauslese", ["Riesling"], 10, "sweet"],
  ["Dessert", "Forster Ungeheuer Riesling Eiswein", ["Riesling"], 10.5, "sweet"],
  ["White", "Riesling Icewine", ["Riesling"], 10, "sweet"],
  // Still: other languages and styles.
  ["Dessert", "Sauternes (Grand Cru Classé)", ["Sauvignon Blanc", "Sémillon", "Muscadelle"], 14, "sweet"],
  ["Dessert", "Tokaji Aszú 3 Puttonyos", ["Furmint"], 13.5, "sweet"],
  ["Dessert", "Late Harvest Sauvignon Blanc", ["Sauvignon Blanc"], 12.5, "sweet"],
  ["Dessert", "Riesling Medium Sweet", ["Riesling"], 10.5, "medium_sweet"],
  ["Red", "Semi Sweet Cabernet Sauvignon", ["Cabernet Sauvignon"], 12, "medium_sweet"],
  ["White", "Semi-Dry Riesling", ["Riesling"], 9.3, "off_dry"],
  ["White", "Eins Zwei Dry Riesling", ["Riesling"], 12.5, "dry"],
  ["Red", "Acquasantiera Tinto Seco Fino", ["Cabernet Sauvignon", "Merlot", "Tannat"], 11, "dry"],
  ["Red", "Dolcetto d'Alba", ["Dolcetto"], 13.5, "dry"],
  ["White", "Sancerre Blanc", ["Sauvignon Blanc"], 12.5, "dry"],
  ["White", "Vinho Verde Branco", ["Arinto de Bucelas", "Loureiro", "Trajadura"], 9, "off_dry"],
  ["Rosé", "White Zinfandel", ["Zinfandel"], 10, "off_dry"],
  // Fortified and dessert.
  [
    "Dessert/Port",
    "10 Year Old Tawny Port",
    ["Touriga Nacional", "Tinta Roriz", "Touriga Franca"],
    20,
    "sweet",
  ],
  ["Dessert/Port", "White Reserve Porto", ["Rabigato", "Viosinho"], 19.5, "sweet"],
  ["Dessert", "Don Fino Superior Fino Sherry", ["Palomino"], 15, "dry"],
  ["Dessert/Port", "Oloroso V.O.R.S", ["Palomino"], 21, "dry"],
  ["Dessert", "Character Medium Dry Amontillado Sherry", ["Pedro Ximenez"], 17.5, "off_dry"],
  ["Dessert/Port", "Rare Cream Sherry Superior (Solera Reserva)", ["Palomino", "Pedro Ximenez"], 20, "sweet"],
  ["Dessert", "Don PX Gran Reserva", ["Pedro Ximenez"], 17, "sweet"],
  ["Dessert", "Vin Santo del Chianti Classico", ["Sangiovese", "Malvasia", "Trebbiano"], 15, "sweet"],
  ["Dessert", "Dry Creek Valley Zinfandel", ["Zinfandel"], 14.2, "sweet"],
  // Grape spirits: no wine sweetness term.
  ["Dessert", "Costa Russi Grappa di Nebbiolo", ["Nebbiolo"], 45, null],
  // Plain table wine.
  ["Red", "Cabernet Sauvignon", ["Cabernet Sauvignon"], 12, "dry"],
];

test("deriveResidualSugar: real X-Wines wines", () => {
  for (const [xwinesType, name, grapes, abv, expected] of cases) {
    const { type, subType } = mapType(xwinesType, name, grapes, abv);
    const actual = deriveResidualSugar({ xwinesType, name, grapes, subType, type, abv });
    assert.equal(actual, expected, `${xwinesType} ${name}`);
  }
});

test("deriveResidualSugar: unknown ABV falls back to the word rules and defaults", () => {
  const facts = {
    xwinesType: "Sparkling",
    grapes: ["Chardonnay"],
    subType: "sparkling",
    type: "wine",
    abv: null,
  } as const;
  assert.equal(deriveResidualSugar({ ...facts, name: "Cuvée Prestige" }), "brut");
  assert.equal(deriveResidualSugar({ ...facts, name: "Cuvée Demi Sec" }), "demi_sec");
  assert.equal(deriveResidualSugar({ ...facts, name: "Pas Dosé" }), "brut_nature");
  assert.equal(deriveResidualSugar({ ...facts, name: "Extra Sec" }), "extra_dry");
  assert.equal(deriveResidualSugar({ ...facts, name: "Asti Spumante" }), "doux");
  const still = {
    xwinesType: "White",
    grapes: ["Riesling"],
    subType: "still",
    type: "wine",
    abv: null,
  } as const;
  assert.equal(deriveResidualSugar({ ...still, name: "Riesling Halbtrocken" }), "off_dry");
  assert.equal(deriveResidualSugar({ ...still, name: "Riesling Lieblich" }), "medium_sweet");
  assert.equal(deriveResidualSugar({ ...still, name: "Gewürztraminer Süß" }), "sweet");
  assert.equal(deriveResidualSugar({ ...still, name: "Riesling Trockenbeerenauslese" }), "sweet");
  assert.equal(deriveResidualSugar({ ...still, name: "Riesling" }), "dry");
});
