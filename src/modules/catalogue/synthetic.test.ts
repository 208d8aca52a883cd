/**
 * The synthetic catalogue generator (default, realistic style): determinism, counts, distributions,
 * consistency and references. The styles compared: `synthetic-styles.test.ts`.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { Catalogue } from "../../domain/vocabulary.ts";
import { BUNDLED_XWINES } from "./catalogue.service.ts";
import { PRODUCER_TITLES } from "./derivation.ts";
import { deriveFlavorProfile } from "./flavor-profile.ts";
import { SYNTHETIC_FIRST_IDS, syntheticCatalogue, syntheticCounts } from "./synthetic.ts";
import { parseXWines } from "./xwines.ts";

const real = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
const N = 5_000;
const cat = syntheticCatalogue(real, N, 3);
const synthWines = cat.wines.slice(real.wines.length);

const share = <T>(items: readonly T[], pred: (x: T) => boolean) => items.filter(pred).length / items.length;

test("same N and seed give the same catalogue; another seed another one", () => {
  assert.deepEqual(syntheticCatalogue(real, N, 3), cat);
  const other = syntheticCatalogue(real, N, 4);
  assert.notDeepEqual(other.wines.slice(real.wines.length, real.wines.length + 50), synthWines.slice(0, 50));
});

test("counts scale with N and the real catalogue is kept with its ids", () => {
  const counts = syntheticCounts(real, N);
  assert.equal(cat.wines.length, N);
  assert.equal(cat.producers.length, counts.producers);
  assert.equal(cat.regions.length, counts.regions);
  assert.equal(cat.grapes.length, counts.grapes);
  const synth = N - real.wines.length;
  const ratio = (target: number, realCount: number) => (target - realCount) / (300_000 - real.wines.length);
  assert.equal(
    counts.producers - real.producers.length,
    Math.round(synth * ratio(80_000, real.producers.length)),
  );
  assert.ok(counts.regions > real.regions.length && counts.grapes > real.grapes.length);
  assert.deepEqual(syntheticCounts(real, 300_000), {
    wines: 300_000,
    producers: 80_000,
    regions: 2_000,
    grapes: 2_000,
  });
  assert.deepEqual(cat.wines.slice(0, real.wines.length), real.wines);
  assert.deepEqual(cat.producers.slice(0, real.producers.length), real.producers);
  assert.deepEqual(cat.regions.slice(0, real.regions.length), real.regions);
  assert.deepEqual(cat.grapes.slice(0, real.grapes.length), real.grapes);
  assert.throws(() => syntheticCatalogue(real, 10), RangeError);
});

test("ids are unique and synthetic ids lie above the real ranges", () => {
  const unique = (ids: number[]) => assert.equal(new Set(ids).size, ids.length);
  unique(cat.wines.map((w) => w.id));
  unique(cat.producers.map((p) => p.id));
  unique(cat.regions.map((r) => r.id));
  const grapeNames = cat.grapes.map((g) => g.name.toLowerCase());
  assert.equal(new Set(grapeNames).size, grapeNames.length, "grape names are the grape identity");
  assert.ok(real.wines.every((w) => w.id < SYNTHETIC_FIRST_IDS.wine));
  assert.ok(synthWines.every((w) => w.id >= SYNTHETIC_FIRST_IDS.wine));
  assert.ok(cat.producers.slice(real.producers.length).every((p) => p.id >= SYNTHETIC_FIRST_IDS.producer));
  assert.ok(real.producers.every((p) => p.id < SYNTHETIC_FIRST_IDS.producer));
  assert.ok(cat.regions.slice(real.regions.length).every((r) => r.id >= SYNTHETIC_FIRST_IDS.region));
  assert.ok(real.regions.every((r) => r.id < SYNTHETIC_FIRST_IDS.region));
});

test("every wine's producer, region and grapes exist, and every producer has a wine", () => {
  const producers = new Set(cat.producers.map((p) => p.id));
  const regions = new Set(cat.regions.map((r) => r.id));
  const grapes = new Set(cat.grapes.map((g) => g.name));
  for (const w of cat.wines) {
    assert.ok(producers.has(w.producerId), `wine ${w.id} producer`);
    assert.ok(regions.has(w.regionId), `wine ${w.id} region`);
    for (const g of w.grapes) assert.ok(grapes.has(g), `wine ${w.id} grape ${g}`);
  }
  const withWine = new Set(cat.wines.map((w) => w.producerId));
  assert.equal(withWine.size, producers.size);
});

test("styles are consistent: flavour recomputed, ABV within the type, colours match the grapes", () => {
  const grapeColor = new Map(cat.grapes.map((g) => [g.name, g.color]));
  const range = (type: string) => {
    const abvs = real.wines.filter((w) => w.type === type && w.abv !== null).map((w) => w.abv as number);
    return [Math.min(...abvs) - 0.75, Math.max(...abvs) + 0.75] as const;
  };
  const ranges = new Map(["wine", "dessert", "fortified"].map((t) => [t, range(t)]));
  const oldest = Math.min(...real.wines.flatMap((w) => w.vintages));
  for (const w of synthWines) {
    assert.deepEqual(w.flavor, deriveFlavorProfile({ ...w }));
    if (w.abv !== null) {
      const [lo, hi] = ranges.get(w.type) as readonly [number, number];
      assert.ok(w.abv >= lo && w.abv <= hi, `${w.type} ${w.id} at ${w.abv}`);
    }
    if (w.subType === "still" && w.type === "wine") {
      assert.ok(
        w.residualSugar === null || ["dry", "off_dry", "medium_sweet", "sweet"].includes(w.residualSugar),
      );
    }
    if (w.subType === "sparkling" && w.residualSugar === "brut") assert.match(w.name, /Brut/);
    assert.ok(w.grapes.length > 0 || w.elaboration !== "Varietal/100%");
    assert.ok(
      w.vintages.every((y) => y >= oldest - 1 && y <= 2023),
      `vintages of ${w.id}`,
    );
  }
  // Grapes keep their colour when swapped: red still wines have a red grape (as in the source, a
  // handful of source wines excepted).
  const reds = synthWines.filter((w) => w.color === "red" && w.type === "wine" && w.subType === "still");
  assert.ok(share(reds, (w) => w.grapes.some((g) => grapeColor.get(g) === "red")) > 0.98);
});

test("distributions follow the real catalogue", () => {
  const colors = (c: Catalogue["wines"], color: string) => share(c, (w) => w.color === color);
  for (const color of ["red", "white", "rose"])
    assert.ok(Math.abs(colors(synthWines, color) - colors(real.wines, color)) < 0.05, color);
  assert.ok(
    Math.abs(
      share(synthWines, (w) => w.subType === "sparkling") -
        share(real.wines, (w) => w.subType === "sparkling"),
    ) < 0.04,
  );
  const regionCountry = new Map(cat.regions.map((r) => [r.id, r.country]));
  const fr = (ws: Catalogue["wines"]) => share(ws, (w) => regionCountry.get(w.regionId) === "FR");
  assert.ok(Math.abs(fr(synthWines) - fr(real.wines)) < 0.04);
  // Grape frequencies: the most frequent real grapes stay the most frequent.
  const freq = (ws: Catalogue["wines"]) => {
    const m = new Map<string, number>();
    for (const w of ws) for (const g of w.grapes) m.set(g, (m.get(g) ?? 0) + 1);
    return [...m].sort((a, b) => b[1] - a[1]).map(([g]) => g);
  };
  const top = freq(real.wines).slice(0, 3);
  for (const g of top) assert.ok(freq(synthWines).slice(0, 8).includes(g), `${g} stays frequent`);
  // At 60,000 wines (545 grapes) about one wine in eleven has a synthetic variety (one in six in the
  // hard style), in the realistic style only in synthetic regions.
  const big = syntheticCatalogue(real, 60_000, 3);
  const synthGrapes = new Set(big.grapes.slice(real.grapes.length).map((g) => g.name));
  const bigWines = big.wines.slice(real.wines.length);
  const withSynthGrape = bigWines.filter((w) => w.grapes.some((g) => synthGrapes.has(g)));
  const swapped = withSynthGrape.length / bigWines.length;
  assert.ok(swapped > 0.05 && swapped < 0.3, `share of wines with a synthetic grape ${swapped}`);
  assert.ok(withSynthGrape.every((w) => w.regionId >= SYNTHETIC_FIRST_IDS.region));
  const used = new Set(bigWines.flatMap((w) => w.grapes).filter((g) => synthGrapes.has(g)));
  assert.ok(used.size > synthGrapes.size * 0.8, "most synthetic grapes are used");
  // Heavy-tailed wines per producer.
  const per = new Map<number, number>();
  for (const w of synthWines) per.set(w.producerId, (per.get(w.producerId) ?? 0) + 1);
  assert.ok(Math.max(...per.values()) >= 10);
});

test("producers carry estate titles of their country's language; names use the four languages' words", () => {
  const synthProducers = cat.producers.slice(real.producers.length);
  const titled = synthProducers.filter((p) => p.title !== null);
  assert.ok(titled.length / synthProducers.length > 0.4);
  for (const p of titled) assert.ok(PRODUCER_TITLES.includes(p.title as string), p.title as string);
  for (const title of ["Château", "Domaine", "Weingut", "Tenuta", "Bodega", "Quinta"])
    assert.ok(
      titled.some((p) => p.title === title),
      title,
    );
  const names = synthWines.map((w) => w.name).join("\n");
  // ("Grosses Gewächs" is rare in the realistic style: only in synthetic German regions, no real one has it.)
  for (const word of ["Riserva", "Reserva", "Vieilles Vignes", "Alte Reben", "Cuvée", "Vigna"])
    assert.ok(names.includes(word), word);
  const regionNames = new Set(cat.regions.map((r) => r.names.en.toLowerCase()));
  assert.equal(regionNames.size, cat.regions.length, "region names are unique");
});
