import assert from "node:assert/strict";
import { test } from "node:test";
import { alcoholScore, deriveFlavorProfile, tanninScore } from "./derivation.ts";

test("alcoholScore: ≤ 8 % → 2, 12.5 % → 5, ≥ 15 % → 9, fortified and spirits 10", () => {
  assert.equal(alcoholScore(5, "wine"), 2);
  assert.equal(alcoholScore(8, "wine"), 2);
  assert.equal(alcoholScore(12.5, "wine"), 5);
  assert.equal(alcoholScore(13.5, "wine"), 7);
  assert.equal(alcoholScore(15, "wine"), 9);
  assert.equal(alcoholScore(16, "dessert"), 9);
  assert.equal(alcoholScore(19.5, "fortified"), 10);
  assert.equal(alcoholScore(43, "dessert"), 10);
  assert.equal(alcoholScore(null, "wine"), 5);
  assert.equal(alcoholScore(null, "fortified"), 10);
});

test("tanninScore: whites and rosés low, reds by grape and body", () => {
  assert.equal(tanninScore("white", "still", "medium", ["Chardonnay"]), 0);
  assert.equal(tanninScore("white", "still", "full", ["Chardonnay"]), 1);
  assert.equal(tanninScore("rose", "still", "light", ["Grenache"]), 1);
  // Barolo (Nebbiolo, very full) vs Beaujolais (Gamay, light).
  assert.equal(tanninScore("red", "still", "very_full", ["Nebbiolo"]), 10);
  assert.equal(tanninScore("red", "still", "light", ["Gamay"]), 3);
  assert.equal(tanninScore("red", "still", "full", ["Cabernet Sauvignon", "Merlot"]), 8);
  assert.equal(tanninScore("red", "still", "medium", ["Pinot Noir"]), 4);
  assert.equal(tanninScore("red", "sparkling", "medium", ["Lambrusco"]), 2);
});

test("deriveFlavorProfile: a Barolo, a Moscato d'Asti, a Port, a Brut Champagne", () => {
  assert.deepEqual(
    deriveFlavorProfile({
      color: "red",
      type: "wine",
      subType: "still",
      residualSugar: "dry",
      abv: 14,
      body: "very_full",
      acidity: "high",
      grapes: ["Nebbiolo"],
    }),
    { sweetness: 0, acidity: 8, tannins: 10, alcohol: 7, body: 9, finish: 9 },
  );
  assert.deepEqual(
    deriveFlavorProfile({
      color: "white",
      type: "wine",
      subType: "sparkling",
      residualSugar: "doux",
      abv: 5.5,
      body: "light",
      acidity: "high",
      grapes: ["Muscat/Moscato"],
    }),
    { sweetness: 8, acidity: 9, tannins: 0, alcohol: 2, body: 3, finish: 4 },
  );
  assert.deepEqual(
    deriveFlavorProfile({
      color: "red",
      type: "fortified",
      subType: "still",
      residualSugar: "sweet",
      abv: 19.5,
      body: "very_full",
      acidity: "high",
      grapes: ["Tinta Barroca", "Touriga Nacional", "Tinta Roriz"],
    }),
    { sweetness: 8, acidity: 7, tannins: 9, alcohol: 10, body: 9, finish: 10 },
  );
  const champagne = deriveFlavorProfile({
    color: "white",
    type: "wine",
    subType: "sparkling",
    residualSugar: "brut",
    abv: 12.5,
    body: "medium",
    acidity: "high",
    grapes: ["Chardonnay", "Pinot Noir"],
  });
  assert.deepEqual(champagne, { sweetness: 1, acidity: 9, tannins: 0, alcohol: 5, body: 5, finish: 5 });
});

test("deriveFlavorProfile: sparkling 'dry' (sec) is sweeter than brut, still dry is not", () => {
  const base = {
    color: "white",
    type: "wine",
    abv: 12,
    body: "medium",
    acidity: "medium",
    grapes: [],
  } as const;
  const sec = deriveFlavorProfile({ ...base, subType: "sparkling", residualSugar: "dry" });
  const brut = deriveFlavorProfile({ ...base, subType: "sparkling", residualSugar: "brut" });
  const still = deriveFlavorProfile({ ...base, subType: "still", residualSugar: "dry" });
  assert.ok(sec.sweetness > brut.sweetness);
  assert.equal(still.sweetness, 0);
  const spirit = deriveFlavorProfile({
    ...base,
    type: "dessert",
    subType: "still",
    residualSugar: null,
    abv: 43,
  });
  assert.equal(spirit.sweetness, 0);
  assert.equal(spirit.alcohol, 10);
});
