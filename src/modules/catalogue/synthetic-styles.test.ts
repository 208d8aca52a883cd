/**
 * The two styles of the synthetic catalogue: "hard" is the first generator byte for byte; "realistic"
 * has no impossible wines (audited by `synthetic-audit.ts`) yet keeps names, words and regions shared.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fold } from "../../domain/text-folding.ts";
import { appellationRule } from "../../domain/wine/appellation-rules.ts";
import { BUNDLED_XWINES } from "./catalogue.service.ts";
import { syntheticCatalogue } from "./synthetic.ts";
import { auditSynthetic } from "./synthetic-audit.ts";
import { withoutClassification } from "./synthetic-realistic.ts";
import { parseXWines } from "./xwines.ts";

const real = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
const N = 20_000;
const realistic = syntheticCatalogue(real, N, 1);
const hard = syntheticCatalogue(real, N, 1, { style: "hard" });
const realisticAudit = auditSynthetic(real, realistic);
const hardAudit = auditSynthetic(real, hard);

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

test("the hard style is the first generator, byte for byte", () => {
  // Obtained on main at 92caae9 (before the styles existed), with
  // sha256(JSON.stringify(syntheticCatalogue(parseXWines(<bundled CSV>), 3000, 1))).
  assert.equal(
    sha256(syntheticCatalogue(real, 3_000, 1, { style: "hard" })),
    "c1eb9cef12082e52246a9662a51cbb3b03c3e36e1c4d85f9b20747e039ba6574",
  );
  // Same, N = 20,000.
  assert.equal(sha256(hard), "058fc840cf9508e6c51996e8e0855eb7afc01215473290da624244ee0d9a7247");
});

test("the realistic style is the default and deterministic per seed", () => {
  assert.equal(sha256(syntheticCatalogue(real, N, 1, { style: "realistic" })), sha256(realistic));
  const other = syntheticCatalogue(real, 3_000, 2);
  assert.notDeepEqual(other.wines.slice(real.wines.length), realistic.wines.slice(real.wines.length, 3_000));
});

test("realistic: no wine breaks its real region or appellation; the hard style has many that do", () => {
  const impossible = [
    "colorOutsideRegion",
    "whiteInRedOnlyRegion",
    "grapeOutsideRegion",
    "breaksAppellationRule",
    "brunelloBaroloGrapes",
    "reusedProperNames",
    "chateauInName",
  ] as const;
  for (const key of impossible) {
    assert.equal(realisticAudit[key], 0, `realistic ${key}`);
    assert.ok(hardAudit[key] > 0, `the check ${key} finds the hard style's impossible wines`);
  }
  // The examples of the issue, by name.
  const regionOf = (cat: typeof real) => new Map(cat.regions.map((r) => [r.id, r.names.en]));
  const inRegion = (cat: typeof real, name: string) => {
    const regions = regionOf(cat);
    return cat.wines.slice(real.wines.length).filter((w) => regions.get(w.regionId) === name);
  };
  for (const [cat, expectImpossible] of [
    [realistic, false],
    [hard, true],
  ] as const) {
    const stEmilion = inRegion(cat, "Saint-Émilion Grand Cru");
    assert.ok(stEmilion.length > 30);
    const whites = stEmilion.filter((w) => w.color !== "red" || w.grapes.includes("Chardonnay")).length;
    const brunello = inRegion(cat, "Brunello di Montalcino");
    const notSangiovese = brunello.filter((w) => w.grapes.some((g) => g !== "Sangiovese")).length;
    const pouilly = inRegion(cat, "Pouilly-Fuissé").filter((w) => w.color !== "white").length;
    if (expectImpossible)
      assert.ok(whites > 0 && notSangiovese > 0, "hard: white St-Émilion, Brunello blends");
    else assert.deepEqual([whites, notSangiovese, pouilly], [0, 0, 0]);
  }
});

test("realistic: a real wine's name is reused only when generic, never with another estate's name", () => {
  const producerWords = new Map(real.producers.map((p) => [p.id, fold(p.name)]));
  const realNames = new Map(real.wines.map((w) => [w.name, w]));
  const synth = realistic.wines.slice(real.wines.length);
  const reused = synth.filter((w) => realNames.has(w.name));
  assert.ok(reused.length > 1_000, "generic real names are reused");
  // "Château Chemin Royal Moulis-en-Médoc" (Château Fonréaud's second wine) never leaves its producer.
  assert.ok(!synth.some((w) => w.name.includes("Chemin Royal")));
  assert.ok(hard.wines.slice(real.wines.length).some((w) => w.name.includes("Chemin Royal")));
  // No reused name carries a word of its real producer's name (beyond region words such as "Barossa").
  for (const w of reused) {
    const source = realNames.get(w.name) as (typeof real.wines)[number];
    const own = ` ${producerWords.get(source.producerId)} `;
    const region = ` ${fold(real.regions.find((r) => r.id === source.regionId)?.names.en ?? "")} `;
    for (const word of fold(w.name).split(" "))
      if (word.length > 3 && own.includes(` ${word} `) && !region.includes(` ${word} `))
        assert.fail(`${w.name}: "${word}" belongs to producer ${source.producerId}`);
  }
  assert.equal(withoutClassification("Pauillac (Premier Grand Cru Classé)"), "Pauillac");
  assert.equal(
    withoutClassification("Saint-Émilion Grand Cru (Grand Cru Classé)"),
    "Saint-Émilion Grand Cru",
  );
  assert.ok(!synth.some((w) => /Cru Class/.test(w.name)), "classified growths are a closed list");
});

test("realistic: names, producer words and regions stay shared (confusability)", () => {
  const a = realisticAudit;
  assert.ok(a.namedBrut >= 200, `"Brut" alone: ${a.namedBrut} wines`);
  assert.ok(a.sharedNames >= 400, `names borne by five producers or more: ${a.sharedNames}`);
  assert.ok(a.regionGrapeNames >= 500, `"Langhe Nebbiolo"-style names: ${a.regionGrapeNames}`);
  assert.ok(a.producersSharingWords > 0.7, `producers sharing a name word: ${a.producersSharingWords}`);
  const names = new Map<string, Set<number>>();
  for (const w of realistic.wines) names.set(w.name, (names.get(w.name) ?? new Set()).add(w.producerId));
  for (const name of ["Brut", "Langhe Chardonnay", "Bourgogne Chardonnay", "Chianti Classico Riserva"])
    assert.ok((names.get(name)?.size ?? 0) >= 2, `"${name}" is shared by producers`);
  // Synthetic wines keep landing in the famous real regions.
  const perRegion = new Map<number, number>();
  for (const w of realistic.wines) perRegion.set(w.regionId, (perRegion.get(w.regionId) ?? 0) + 1);
  const ruled = real.regions.filter((r) => appellationRule(r.names.en) !== undefined);
  assert.ok(ruled.every((r) => (perRegion.get(r.id) ?? 0) >= 2));
  const titles = new Map<string, number>();
  for (const p of realistic.producers) if (p.title) titles.set(p.title, (titles.get(p.title) ?? 0) + 1);
  for (const title of ["Château", "Domaine", "Casa", "Tenuta", "Weingut"])
    assert.ok((titles.get(title) ?? 0) >= 50, `${title} shared`);
  // No synthetic producer bears a real producer's name.
  const realProducerNames = new Set(real.producers.map((p) => fold(p.name)));
  assert.ok(
    realistic.producers.slice(real.producers.length).every((p) => !realProducerNames.has(fold(p.name))),
  );
});
