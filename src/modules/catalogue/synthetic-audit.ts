/**
 * Audit of a synthetic catalogue against the real one: counts of impossible wines and measures of
 * confusability. Independent of how the generator decides (it reads only the real catalogue, the
 * appellation table and the generator's word lists), so the tests and the load benchmarks can compare
 * the "hard" and "realistic" styles (`synthetic.ts`).
 */

import { fold, foldedWords } from "../../domain/text-folding.ts";
import type { Catalogue, CatalogueWine } from "../../domain/vocabulary.ts";
import { appellationRule, followsRule } from "../../domain/wine/appellation-rules.ts";
import {
  COLOR_WORDS,
  FAMILY,
  LAGEN,
  PLACES,
  PREFIXES,
  SPARKLING_SUGAR_WORDS,
  STYLE_WORDS,
  VILLAGES,
} from "./synthetic-words.ts";

/** Result of {@link auditSynthetic}; counts are over the synthetic wines only. */
export interface SyntheticAudit {
  /** Synthetic wines. */
  wines: number;
  /** In a real region, a colour none of its real wines has nor its appellation rule permits (a white Saint-Émilion). */
  colorOutsideRegion: number;
  /** White or rosé wines in a real region whose real wines (two or more) are all red. */
  whiteInRedOnlyRegion: number;
  /** In a real region, a grape none of its real wines has, nor its appellation rule permits. */
  grapeOutsideRegion: number;
  /** In a region with an appellation rule, a colour, grape or kind the rule does not permit. */
  breaksAppellationRule: number;
  /** Named after or placed in Brunello di Montalcino or Barolo with a grape other than the real ones. */
  brunelloBaroloGrapes: number;
  /** Names with a word only one real producer uses (its fantasy or estate name) under another producer. */
  reusedProperNames: number;
  /** Names containing "Château" (an estate's name, never a generic wine name). */
  chateauInName: number;
  /** Synthetic wines named exactly "Brut". */
  namedBrut: number;
  /** Distinct names borne by wines of at least 5 different producers. */
  sharedNames: number;
  /** Names of the form "<its region's name> <grape>" ("Langhe Nebbiolo"). */
  regionGrapeNames: number;
  /** Share of synthetic producers whose name has a word borne by at least 10 other producers. */
  producersSharingWords: number;
}

/** Words a synthetic name may use by design (the generator's vocabularies), folded. */
function vocabularyWords(): Set<string> {
  const lists = [
    ...Object.values(FAMILY),
    ...Object.values(PLACES),
    ...Object.values(PREFIXES),
    ...Object.values(COLOR_WORDS).map((c) => Object.values(c)),
    Object.values(SPARKLING_SUGAR_WORDS),
    STYLE_WORDS,
    LAGEN,
    VILLAGES.map((v) => `${v} ${v}er`),
  ];
  return new Set(lists.flat().flatMap((text) => foldedWords(text.replace(/\{[A-Z]\}/g, " "))));
}

/**
 * Audits `catalogue` (the output of `syntheticCatalogue(real, …)`) against `real`: see
 * {@link SyntheticAudit} for each count. Proper names are judged by the real data: a word of a real
 * wine or producer name that only one real producer uses, that is no word of a region, grape or
 * synonym name (synthetic grapes included), nor of the generator's vocabularies (style words such as
 * "Tawny", "Years", "Feinherb" included, which a single real producer may happen to use).
 */
export function auditSynthetic(real: Catalogue, catalogue: Catalogue): SyntheticAudit {
  const synth = catalogue.wines.slice(real.wines.length);
  const regionById = new Map(catalogue.regions.map((r) => [r.id, r]));
  const realRegions = new Set(real.regions.map((r) => r.id));
  const colors = new Map<number, Set<string>>();
  const grapes = new Map<number, Set<string>>();
  for (const w of real.wines) {
    colors.set(w.regionId, (colors.get(w.regionId) ?? new Set()).add(w.color));
    const set = grapes.get(w.regionId) ?? new Set<string>();
    for (const g of w.grapes) set.add(g);
    grapes.set(w.regionId, set);
  }
  const redOnly = new Set(
    [...colors]
      .filter(
        ([id, c]) => c.size === 1 && c.has("red") && real.wines.filter((w) => w.regionId === id).length >= 2,
      )
      .map(([id]) => id),
  );
  const grapesOf = (region: string) =>
    new Set(
      real.wines.filter((w) => regionById.get(w.regionId)?.names.en === region).flatMap((w) => w.grapes),
    );
  const famous = [
    { word: "brunello", grapes: grapesOf("Brunello di Montalcino") },
    { word: "barolo", grapes: grapesOf("Barolo") },
  ];

  // Proper-name words: used by exactly one real producer, and no region, grape or vocabulary word.
  const common = vocabularyWords();
  for (const r of catalogue.regions)
    for (const name of Object.values(r.names)) for (const x of foldedWords(name)) common.add(x);
  for (const g of catalogue.grapes)
    for (const text of [g.name, ...Object.values(g.names), ...g.synonyms])
      for (const x of foldedWords(text)) common.add(x);
  const users = new Map<string, Set<number>>();
  const use = (text: string, producerId: number) => {
    for (const x of foldedWords(text))
      if (x.length >= 3 && !/^\d+$/.test(x)) users.set(x, (users.get(x) ?? new Set()).add(producerId));
  };
  for (const w of real.wines) use(w.name, w.producerId);
  for (const p of real.producers) use(p.name, p.id);
  const proper = new Set([...users].filter(([x, ids]) => ids.size === 1 && !common.has(x)).map(([x]) => x));
  const ownerOf = (x: string) => [...(users.get(x) as Set<number>)][0];

  const rulesOf = new Map(real.regions.map((r) => [r.id, appellationRule(r.names.en)]));
  const count = (pred: (w: CatalogueWine) => boolean) => synth.filter(pred).length;
  const byName = new Map<string, Set<number>>();
  for (const w of synth) byName.set(w.name, (byName.get(w.name) ?? new Set()).add(w.producerId));
  const grapeNames = new Set(
    real.grapes.flatMap((g) => [g.name, ...Object.values(g.names), ...g.name.split("/")]),
  );

  const producerWords = new Map<string, number>();
  const synthProducers = catalogue.producers.slice(real.producers.length);
  for (const p of catalogue.producers)
    for (const x of new Set(foldedWords(p.name))) producerWords.set(x, (producerWords.get(x) ?? 0) + 1);

  return {
    wines: synth.length,
    colorOutsideRegion: count(
      (w) =>
        realRegions.has(w.regionId) &&
        !colors.get(w.regionId)?.has(w.color) &&
        !rulesOf.get(w.regionId)?.colors.includes(w.color),
    ),
    whiteInRedOnlyRegion: count((w) => redOnly.has(w.regionId) && w.color !== "red"),
    grapeOutsideRegion: count((w) => {
      if (!realRegions.has(w.regionId)) return false;
      const rule = rulesOf.get(w.regionId);
      return w.grapes.some((g) => !grapes.get(w.regionId)?.has(g) && !rule?.grapes.includes(g));
    }),
    breaksAppellationRule: count((w) => {
      const rule = rulesOf.get(w.regionId);
      return rule !== undefined && !followsRule(rule, w);
    }),
    brunelloBaroloGrapes: count((w) => {
      const where = fold(`${w.name} ${regionById.get(w.regionId)?.names.en ?? ""}`);
      return famous.some(
        (f) => ` ${where} `.includes(` ${f.word} `) && w.grapes.some((g) => !f.grapes.has(g)),
      );
    }),
    reusedProperNames: count((w) =>
      foldedWords(w.name).some((x) => proper.has(x) && ownerOf(x) !== w.producerId),
    ),
    chateauInName: count((w) => foldedWords(w.name).includes("chateau")),
    namedBrut: count((w) => w.name === "Brut"),
    sharedNames: [...byName.values()].filter((ids) => ids.size >= 5).length,
    regionGrapeNames: count((w) => {
      const region = regionById.get(w.regionId);
      if (region === undefined || !realRegions.has(w.regionId)) return false;
      return Object.values(region.names).some(
        (r) => w.name.startsWith(`${r} `) && grapeNames.has(w.name.slice(r.length + 1)),
      );
    }),
    producersSharingWords:
      synthProducers.filter((p) =>
        foldedWords(p.name).some((x) => x.length >= 3 && (producerWords.get(x) ?? 0) > 10),
      ).length / Math.max(1, synthProducers.length),
  };
}
