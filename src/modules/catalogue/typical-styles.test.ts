import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { ACIDITIES, type Acidity, BODIES, type Body } from "../../domain/vocabulary.ts";
import { MIN_SAMPLES, type StyleSample, TypicalStyles } from "./typical-styles.ts";

const red = { color: "red", type: "wine", subType: "still" } as const;

function sample(over: Partial<StyleSample>): StyleSample {
  return {
    regionId: 1,
    country: "FR",
    ...red,
    body: "medium",
    acidity: "medium",
    foods: [],
    residualSugar: "dry",
    ...over,
  };
}

function addMany(styles: TypicalStyles, n: number, over: Partial<StyleSample>) {
  for (let i = 0; i < n; i++) styles.add(sample(over));
}

describe("TypicalStyles", () => {
  test("the region's own wines of the style decide when there are enough of them", () => {
    const styles = new TypicalStyles();
    addMany(styles, 3, { regionId: 1, body: "light", acidity: "high", foods: ["Shellfish", "Fish"] });
    addMany(styles, 2, { regionId: 1, body: "full", acidity: "low", foods: ["Fish", "Beef"] });
    addMany(styles, 20, { regionId: 2, body: "very_full", acidity: "medium", foods: ["Beef"] });
    const typical = styles.of({ regionId: 1, country: "FR", ...red });
    assert.deepEqual(typical, {
      body: "light",
      acidity: "high",
      foods: ["Fish", "Shellfish", "Beef"],
      residualSugar: "dry",
      basis: "region",
    });
  });

  test("a region with fewer wines of the style than MIN_SAMPLES gives way to its country, then the catalogue", () => {
    const styles = new TypicalStyles();
    addMany(styles, MIN_SAMPLES - 1, { regionId: 1, country: "FR", body: "light" });
    addMany(styles, MIN_SAMPLES, { regionId: 2, country: "FR", body: "full" });
    addMany(styles, 50, { regionId: 3, country: "IT", body: "very_full" });
    assert.equal(styles.of({ regionId: 1, country: "FR", ...red }).basis, "country");
    // FR: 4 light + 5 full → full.
    assert.equal(styles.of({ regionId: 1, country: "FR", ...red }).body, "full");
    const unknownCountry = styles.of({ regionId: null, country: "DE", ...red });
    assert.deepEqual([unknownCountry.basis, unknownCountry.body], ["style", "very_full"]);
    const noPlace = styles.of({ regionId: null, country: null, ...red });
    assert.equal(noPlace.basis, "style");
  });

  test("another colour, type or sub-type is another style; none in the catalogue → the default table", () => {
    const styles = new TypicalStyles();
    addMany(styles, 10, { body: "very_full" });
    const white = styles.of({ regionId: 1, country: "FR", color: "white", type: "wine", subType: "still" });
    assert.deepEqual(white, {
      body: "medium",
      acidity: "high",
      foods: ["Shellfish", "Vegetarian", "Pork"],
      residualSugar: "dry",
      basis: "default",
    });
    const fizz = styles.of({ regionId: 1, country: "FR", color: "red", type: "wine", subType: "sparkling" });
    assert.deepEqual([fizz.basis, fizz.residualSugar], ["default", "brut"]);
    const port = styles.of({ regionId: 1, country: "PT", color: "red", type: "fortified", subType: "still" });
    assert.deepEqual([port.basis, port.residualSugar, port.body], ["default", "sweet", "very_full"]);
  });

  test("residual sugar: the most frequent term, no term (null) counting as an outcome", () => {
    const styles = new TypicalStyles();
    addMany(styles, 3, { residualSugar: null });
    addMany(styles, 2, { residualSugar: "off_dry" });
    assert.equal(styles.of({ regionId: 1, country: "FR", ...red }).residualSugar, null);
    addMany(styles, 2, { residualSugar: "off_dry" });
    assert.equal(styles.of({ regionId: 1, country: "FR", ...red }).residualSugar, "off_dry");
  });

  test("a tie goes to the grade nearest the middle, whatever the order the wines came in", () => {
    const a = new TypicalStyles();
    const b = new TypicalStyles();
    const wines = [
      ...Array.from({ length: 3 }, () => sample({ body: "very_light", acidity: "low" })),
      ...Array.from({ length: 3 }, () => sample({ body: "full", acidity: "high" })),
    ];
    for (const w of wines) a.add(w);
    for (const w of [...wines].reverse()) b.add(w);
    const q = { regionId: 1, country: "FR", ...red };
    assert.deepEqual(a.of(q), b.of(q));
    // very_light (index 0) and full (3) are as frequent: full is nearer the middle (2); low/high as near → low.
    assert.deepEqual([a.of(q).body, a.of(q).acidity], ["full", "low"]);
  });

  test("the body and acidity given are the most frequent grades (property)", () => {
    const grade = fc.record({
      body: fc.constantFrom(...BODIES),
      acidity: fc.constantFrom(...ACIDITIES),
    });
    fc.assert(
      fc.property(fc.array(grade, { minLength: MIN_SAMPLES, maxLength: 60 }), (grades) => {
        const styles = new TypicalStyles();
        for (const g of grades) styles.add(sample(g));
        const typical = styles.of({ regionId: 1, country: "FR", ...red });
        const count = <T>(pick: (g: { body: Body; acidity: Acidity }) => T, v: T) =>
          grades.filter((g) => pick(g) === v).length;
        const bodyTop = Math.max(...BODIES.map((b) => count((g) => g.body, b)));
        const acidityTop = Math.max(...ACIDITIES.map((x) => count((g) => g.acidity, x)));
        assert.equal(typical.basis, "region");
        assert.equal(
          count((g) => g.body, typical.body),
          bodyTop,
        );
        assert.equal(
          count((g) => g.acidity, typical.acidity),
          acidityTop,
        );
      }),
    );
  });
});
