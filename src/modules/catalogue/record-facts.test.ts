import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";
import { appellationRule, appellationRules } from "../../domain/wine/appellation-rules.ts";
import { deriveFlavorProfile } from "./flavor-profile.ts";
import { fixedGrape, recordFacts } from "./record-facts.ts";
import type { SourceRecord } from "./source-record.ts";
import { TypicalStyles } from "./typical-styles.ts";

function lwin(over: Partial<SourceRecord>): SourceRecord {
  return {
    source: "lwin",
    key: "1000001",
    status: "live",
    combinedInto: null,
    producer: { name: "Raveneau", title: "Domaine" },
    wineName: "",
    color: null,
    type: "wine",
    subType: "still",
    country: "FR",
    region: "Burgundy",
    appellation: null,
    classification: null,
    gtins: [],
    grapes: [],
    abv: null,
    vintage: null,
    fingerprint: "f",
    ...over,
  };
}

/** A catalogue whose Chablis (region 7) whites are light-bodied with high acidity, with fish. */
function chablisStyles(): TypicalStyles {
  const styles = new TypicalStyles();
  for (let i = 0; i < 6; i++)
    styles.add({
      regionId: 7,
      country: "FR",
      color: "white",
      type: "wine",
      subType: "still",
      body: i < 4 ? "light" : "full",
      acidity: "high",
      foods: ["Shellfish", "Fish"],
      residualSugar: "dry",
    });
  return styles;
}

const chablis = { id: 7, nameEn: "Chablis", country: "FR" };

function grapeOf(region: string, color: Color, subType: SubType = "still", type: WineType = "wine") {
  return fixedGrape(appellationRule(region), { color, type, subType });
}

describe("recordFacts", () => {
  test("an LWIN Chablis: white and Chardonnay from the rules, the rest typical of Chablis whites, no abv", () => {
    const facts = recordFacts(lwin({ appellation: "Chablis", vintage: 2019 }), chablis, chablisStyles());
    assert.ok(facts);
    assert.deepEqual(
      { ...facts, flavor: undefined },
      {
        color: "white",
        type: "wine",
        subType: "still",
        grapes: ["Chardonnay"],
        residualSugar: "dry",
        abv: null,
        body: "light",
        acidity: "high",
        flavor: undefined,
        elaboration: "",
        foods: ["Fish", "Shellfish"],
        vintages: [2019],
        factsBasis: "typical",
      },
    );
    const expected = deriveFlavorProfile({ ...facts, abv: null });
    assert.deepEqual(facts.flavor, expected);
    // Unknown alcohol scores as a typical table wine, and a white has (almost) no tannin.
    assert.equal(facts.flavor.alcohol, 5);
    assert.equal(facts.flavor.tannins, 0);
  });

  test("the grapes the record names win over the rules; a stated abv is kept", () => {
    const facts = recordFacts(
      lwin({ color: "white", grapes: ["Chardonnay", "Pinot Blanc"], abv: 12.5 }),
      chablis,
      chablisStyles(),
    );
    assert.deepEqual([facts?.grapes, facts?.abv], [["Chardonnay", "Pinot Blanc"], 12.5]);
  });

  test("no colour and an appellation of several colours (or none known): null, the engine skips the record", () => {
    const styles = new TypicalStyles();
    assert.equal(recordFacts(lwin({}), { id: 1, nameEn: "Bordeaux", country: "FR" }, styles), null);
    assert.equal(recordFacts(lwin({}), { id: 1, nameEn: "Napa Valley", country: "US" }, styles), null);
    assert.equal(recordFacts(lwin({}), { id: 1, nameEn: "Barolo", country: "IT" }, styles)?.color, "red");
  });

  test("a region without a rule: the record's appellation's rule applies", () => {
    const facts = recordFacts(
      lwin({ appellation: "Barolo", region: "Piedmont", country: "IT" }),
      { id: 99, nameEn: "Piedmont", country: "IT" },
      new TypicalStyles(),
    );
    assert.deepEqual([facts?.color, facts?.grapes], ["red", ["Nebbiolo"]]);
  });

  test("a red without a known grape: tannin scored medium for the typical body, no high-tannin claim", () => {
    const facts = recordFacts(
      lwin({ color: "red" }),
      { id: 1, nameEn: "Bordeaux", country: "FR" },
      new TypicalStyles(),
    );
    assert.ok(facts);
    assert.deepEqual(facts.grapes, []);
    // Default red style: full body → 6 + 1.
    assert.deepEqual([facts.body, facts.flavor.tannins, facts.flavor.alcohol], ["full", 7, 5]);
    const barolo = recordFacts(lwin({}), { id: 2, nameEn: "Barolo", country: "IT" }, new TypicalStyles());
    assert.equal(barolo?.flavor.tannins, 9);
  });

  test("residual sugar: a label word wins over the typical term, which wins over the default", () => {
    const styles = new TypicalStyles();
    for (let i = 0; i < 5; i++)
      styles.add({
        regionId: 3,
        country: "FR",
        color: "white",
        type: "wine",
        subType: "sparkling",
        body: "medium",
        acidity: "high",
        foods: [],
        residualSugar: "extra_brut",
      });
    const region = { id: 3, nameEn: "Champagne", country: "FR" };
    const fizz = { color: "white", subType: "sparkling" } as const;
    assert.equal(
      recordFacts(lwin({ ...fizz, wineName: "Brut Nature" }), region, styles)?.residualSugar,
      "brut_nature",
    );
    assert.equal(
      recordFacts(lwin({ ...fizz, wineName: "Cuvée" }), region, styles)?.residualSugar,
      "extra_brut",
    );
    assert.equal(
      recordFacts(lwin({ ...fizz, wineName: "Cuvée" }), region, new TypicalStyles())?.residualSugar,
      "brut",
    );
  });

  test("a record that states body and acidity keeps its own facts: basis source", () => {
    const facts = recordFacts(
      { ...lwin({ color: "white" }), body: "very_full", acidity: "low", foods: ["Pork"] },
      chablis,
      chablisStyles(),
    );
    assert.deepEqual(
      [facts?.body, facts?.acidity, facts?.foods, facts?.factsBasis],
      ["very_full", "low", ["Pork"], "source"],
    );
  });
});

describe("fixedGrape: the one principal variety an appellation's rules permit for a colour", () => {
  test("the appellations that fix one", () => {
    assert.equal(grapeOf("Chablis", "white"), "Chardonnay");
    assert.equal(grapeOf("Chablis 1er Cru 'Montmains'", "white"), "Chardonnay");
    assert.equal(grapeOf("Barolo", "red"), "Nebbiolo");
    assert.equal(grapeOf("Sancerre", "white"), "Sauvignon Blanc");
    assert.equal(grapeOf("Sancerre", "red"), "Pinot Noir");
    assert.equal(grapeOf("Muscadet Sèvre et Maine", "white"), "Melon de Bourgogne");
    assert.equal(grapeOf("Condrieu", "white"), "Viognier");
    assert.equal(grapeOf("Brunello di Montalcino", "red"), "Sangiovese");
    assert.equal(grapeOf("Asti", "white", "sparkling"), "Muscat/Moscato Bianco");
    assert.equal(grapeOf("Brachetto d'Acqui", "rose", "sparkling"), "Brachetto");
  });

  test("several varieties, another colour or kind: none", () => {
    assert.equal(grapeOf("Sancerre", "rose"), null);
    assert.equal(grapeOf("Côte-Rôtie", "red"), null);
    assert.equal(grapeOf("Bordeaux", "red"), null);
    assert.equal(grapeOf("Meursault", "white"), null);
    assert.equal(grapeOf("Champagne", "rose", "sparkling"), null);
    assert.equal(grapeOf("Prosecco", "rose", "sparkling"), null);
    assert.equal(grapeOf("Franciacorta", "rose", "sparkling"), null);
    assert.equal(grapeOf("Chablis", "red"), null);
    assert.equal(grapeOf("Chablis", "white", "sparkling"), null);
    assert.equal(grapeOf("Napa Valley", "red"), null);
  });

  test("over every rule and colour, a fixed variety is one the rule lists", () => {
    for (const rule of appellationRules())
      for (const color of rule.colors)
        for (const subType of ["still", "sparkling"] as const) {
          const grape = fixedGrape(rule, { color, type: "wine", subType });
          if (grape !== null) assert.ok(rule.grapes.includes(grape), `${rule.region} ${color}: ${grape}`);
        }
  });
});
