import assert from "node:assert/strict";
import { test } from "node:test";
import { CATEGORIES, wine } from "../../../test/wine-fixtures.ts";
import { classifyDrinkingWindow, drinkingWindow } from "./drinking-window.ts";
import type { WineFacts } from "./wine-facts.ts";
import { wineStyle } from "./wine-style.ts";

/** The calendar year the styles are decided in (which vintage may be named). */
const YEAR = new Date().getUTCFullYear();

for (const c of CATEGORIES) {
  test(`drinking window: ${c.label}`, () => {
    const w = drinkingWindow(c.facts, YEAR);
    assert.ok(Number.isInteger(w.from) && Number.isInteger(w.to), "integers");
    assert.ok(0 <= w.from && w.from <= w.to && w.to <= 100, `0<=from<=to<=100: ${JSON.stringify(w)}`);
    assert.ok(w.from <= c.maxFrom, `from ${w.from} <= ${c.maxFrom}`);
    assert.ok(w.to >= c.minTo && w.to <= c.maxTo, `to ${w.to} in [${c.minTo}, ${c.maxTo}]`);
  });
}

test("drinking window: tannic reds outlast light whites and rosés", () => {
  const [lightWhite, rose, , nebbiolo, cabernet] = CATEGORIES.map((c) => drinkingWindow(c.facts, YEAR));
  assert.ok((nebbiolo?.to ?? 0) > (lightWhite?.to ?? 0) + 10);
  assert.ok((cabernet?.to ?? 0) > (rose?.to ?? 0) + 5);
});

test("drinking window: no window passes 20 years without a long-ageing rule, and the tier sets the length", () => {
  const red = CATEGORIES[4]?.facts;
  assert.ok(red);
  const chile = {
    ...red,
    id: 990,
    name: "Reserva Cabernet Sauvignon",
    region: {
      id: 1,
      names: { de: "Colchagua", en: "Colchagua Valley", fr: "Colchagua", it: "Colchagua" },
      country: "CL",
    },
    body: "very_full" as const,
  };
  const everyday = drinkingWindow(chile, YEAR);
  assert.ok(
    everyday.to - everyday.from <= 10,
    `a Chilean "Reserva" is no legal ageing term: ${JSON.stringify(everyday)}`,
  );
  const pauillac = {
    ...red,
    id: 991,
    name: "Pauillac (Grand Cru Classé)",
    region: {
      id: 2,
      names: { de: "Pauillac", en: "Pauillac", fr: "Pauillac", it: "Pauillac" },
      country: "FR",
    },
  };
  const classed = classifyDrinkingWindow(pauillac, wineStyle(pauillac, YEAR));
  assert.ok(classed.to - classed.from > everyday.to - everyday.from, JSON.stringify(classed));
  assert.match(classed.longAgeing ?? "", /1855/);
  const bordeauxFacts: WineFacts = {
    ...pauillac,
    id: 992,
    name: "Bordeaux Rouge",
    abv: 12,
    region: {
      id: 3,
      names: { de: "Bordeaux", en: "Bordeaux", fr: "Bordeaux", it: "Bordeaux" },
      country: "FR",
    },
  };
  const bordeaux = classifyDrinkingWindow(bordeauxFacts, wineStyle(bordeauxFacts, YEAR));
  assert.ok(bordeaux.to - bordeaux.from <= 10 && bordeaux.longAgeing === undefined, JSON.stringify(bordeaux));
});

test("drinking window: vintage champagne ages longer than non-vintage", () => {
  const nv = CATEGORIES[2]?.facts;
  assert.ok(nv);
  // A vintage champagne says so on its label; without the word it is sold as non-vintage.
  const vintage = drinkingWindow({ ...nv, id: 999, name: "Brut Millésime", vintage: 2012 }, YEAR);
  assert.ok(vintage.from >= 2 && vintage.to >= 8, JSON.stringify(vintage));
});

test("drinking window: bounds hold over a grid of styles", () => {
  const bodies = ["very_light", "light", "medium", "full", "very_full"] as const;
  const acids = ["low", "medium", "high"] as const;
  let id = 5000;
  for (const color of ["red", "white", "rose"] as const)
    for (const type of ["wine", "dessert", "fortified"] as const)
      for (const subType of ["still", "sparkling"] as const)
        for (const body of bodies)
          for (const acidity of acids)
            for (const tannins of [0, 5, 10]) {
              const w = drinkingWindow(
                wine({
                  id: id++,
                  color,
                  type,
                  subType,
                  body,
                  acidity,
                  flavor: { sweetness: 2, acidity: 5, tannins, alcohol: 5, body: 5, finish: 5 },
                }),
                YEAR,
              );
              assert.ok(0 <= w.from && w.from <= w.to && w.to <= 100, JSON.stringify(w));
            }
});
