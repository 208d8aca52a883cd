/**
 * Synthetic catalogue for load tests (`winedata import --synthetic N`): the real X-Wines catalogue
 * (wines, producers, regions and grapes with their own ids) plus synthetic entries recombined from its
 * vocabularies and from `synthetic-words.ts`, up to N wines. At N = 300,000: about 80,000 producers,
 * 2,000 regions and 2,000 grapes (the counts scale with N and never fall below the real ones).
 *
 * - Regions: country drawn by the real wine share of each country; names from that country's
 *   language patterns ("Côtes de …", "Colli di …", "… Valley") around place and family names, unique.
 * - Grapes: "Malvasia …", "Tinta …", "… Noir" around invented old-variety words; colour from the pattern.
 * - Producers: country by wine share, a home region (Zipf within the country), an estate title of
 *   the country's language (Château, Domaine, Weingut, Tenuta, Bodega, Quinta …) and a recombined name.
 * - Wines: every producer gets one, the rest go to producers by heavy-tailed weights. Each wine copies
 *   a real wine of its producer's country as template (colour, type, sub-type, residual sugar, elaboration,
 *   foods), varies ABV (within the bounds of its type), body, acidity and vintages, swaps some grapes for
 *   synthetic ones of the same colour, recomputes the flavour profile (`deriveFlavorProfile`) and gets a
 *   name of cru/vineyard/cuvée words ("Vieilles Vignes", "Riserva", "Grosses Gewächs", "Wehlener Sonnenuhr")
 *   around a grape, colour or sparkling-sugar word; dessert and fortified wines keep the template's name.
 *
 * Deterministic: the same real catalogue, N and seed give the same catalogue (mulberry32 PRNG).
 * Synthetic ids start above the real ranges: {@link SYNTHETIC_FIRST_IDS}.
 */

import { fold } from "../../domain/text-folding.ts";
import type {
  Acidity,
  Body,
  Catalogue,
  CatalogueGrape,
  CatalogueProducer,
  CatalogueRegion,
  CatalogueWine,
  WineType,
} from "../../domain/vocabulary.ts";
import { ACIDITIES, BODIES } from "../../domain/vocabulary.ts";
import { deriveFlavorProfile } from "./flavor-profile.ts";
import {
  COLOR_WORDS,
  COUNTRY_GROUP,
  EN_SUFFIXES,
  FAMILY,
  GRAPE_BASES,
  GRAPE_PATTERNS,
  LAGEN,
  PLACES,
  PREFIXES,
  REGION_PATTERNS,
  SPARKLING_SUGAR_WORDS,
  TITLES,
  VILLAGES,
  type WordGroup,
} from "./synthetic-words.ts";

/** First id of each kind of synthetic entry (the real X-Wines ids stay below these). */
export const SYNTHETIC_FIRST_IDS = { wine: 1_000_001, producer: 100_001, region: 10_001 } as const;

/** Size of the synthetic catalogue at 300,000 wines; smaller and larger N scale linearly. */
export const SYNTHETIC_SCALE = { wines: 300_000, producers: 80_000, regions: 2_000, grapes: 2_000 } as const;

/** Share of a synthetic wine's grapes replaced by a synthetic variety of the same colour. */
const GRAPE_SWAP = 0.12;

/** Seeded PRNG (mulberry32): uniform floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random helpers over one PRNG. */
class Draw {
  constructor(readonly next: () => number) {}
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Index into cumulative weights `cum` (ascending, last = total). */
  weighted(cum: Float64Array): number {
    const x = this.next() * (cum[cum.length - 1] as number);
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cum[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Cumulative sums of `weights`. */
function cumulative(weights: readonly number[]): Float64Array {
  const cum = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, i) => {
    total += weight;
    cum[i] = total;
  });
  return cum;
}

/** Zipf weights 1, 1/2, 1/3 … for `n` ranks. */
const zipf = (n: number) => cumulative(Array.from({ length: n }, (_, i) => 1 / (i + 1)));

/** Words of an estate/region pattern filled in: {P} place, {F} family, {L} Lage, {V} village + "er", {N} number. */
function fill(pattern: string, group: WordGroup, d: Draw, places: readonly string[]): string {
  return pattern
    .replace("{P}", () => d.pick(places))
    .replace("{F}", () => d.pick(FAMILY[group]))
    .replace("{L}", () => d.pick(LAGEN))
    .replace("{V}", () => `${d.pick(VILLAGES)}er`)
    .replace("{N}", () => String(1 + d.int(20)));
}

/** Language group of a country (ISO alpha-2, upper case). */
const groupOf = (country: string): WordGroup => COUNTRY_GROUP[country] ?? "en";

/**
 * Target counts of a synthetic catalogue of `n` wines over `real`: the real counts plus synthetic
 * entries in proportion to the synthetic wines, reaching {@link SYNTHETIC_SCALE} at 300,000 wines.
 */
export function syntheticCounts(real: Catalogue, n: number) {
  const extra = Math.max(0, n - real.wines.length) / (SYNTHETIC_SCALE.wines - real.wines.length);
  const at = (target: number, realCount: number) =>
    realCount + Math.max(0, Math.round(extra * (target - realCount)));
  return {
    wines: n,
    producers: at(SYNTHETIC_SCALE.producers, real.producers.length),
    regions: at(SYNTHETIC_SCALE.regions, real.regions.length),
    grapes: at(SYNTHETIC_SCALE.grapes, real.grapes.length),
  };
}

/**
 * Builds the catalogue: `real` unchanged, then synthetic regions, grapes, producers and wines up to
 * `n` wines in all (see the module comment).
 * @throws RangeError when `n` is not an integer at least the number of real wines.
 */
export function syntheticCatalogue(real: Catalogue, n: number, seed = 1): Catalogue {
  if (!Number.isInteger(n) || n < real.wines.length)
    throw new RangeError(`N must be a whole number of at least ${real.wines.length} (the real wines).`);
  const d = new Draw(mulberry32(Math.imul(seed, 0x9e3779b1) ^ 0x5bd1e995));
  const counts = syntheticCounts(real, n);
  const realRegion = new Map(real.regions.map((r) => [r.id, r]));

  // Countries weighted by their real wines; the real wines of each country serve as templates.
  const templates = new Map<string, CatalogueWine[]>();
  const winesPerRegion = new Map<number, number>();
  for (const wine of real.wines) {
    const country = (realRegion.get(wine.regionId) as CatalogueRegion).country;
    templates.set(country, [...(templates.get(country) ?? []), wine]);
    winesPerRegion.set(wine.regionId, (winesPerRegion.get(wine.regionId) ?? 0) + 1);
  }
  const countries = [...templates.keys()].sort();
  const countryCum = cumulative(countries.map((c) => (templates.get(c) as CatalogueWine[]).length));
  const drawCountry = () => countries[d.weighted(countryCum)] as string;

  // Regions: real ones first (most wines first), synthetic ones after them in each country.
  const regions: CatalogueRegion[] = [...real.regions];
  const regionsOf = new Map<string, number[]>(countries.map((c) => [c, []]));
  for (const r of [...real.regions].sort(
    (a, b) => (winesPerRegion.get(b.id) ?? 0) - (winesPerRegion.get(a.id) ?? 0) || a.id - b.id,
  ))
    regionsOf.get(r.country)?.push(r.id);
  const regionNames = new Set(real.regions.map((r) => fold(r.names.en)));
  for (let i = 0; i < counts.regions - real.regions.length; i++) {
    const country = drawCountry();
    const group = groupOf(country);
    const places = group === "de" ? [...PLACES.de, ...VILLAGES] : [...PLACES[group], ...FAMILY[group]];
    let name = fill(d.pick(REGION_PATTERNS[group]), group, d, places);
    for (let k = 2; regionNames.has(fold(name)); k++)
      name = k < 20 ? fill(d.pick(REGION_PATTERNS[group]), group, d, places) : `${name} ${k}`;
    regionNames.add(fold(name));
    const id = SYNTHETIC_FIRST_IDS.region + i;
    regions.push({ id, names: { de: name, en: name, fr: name, it: name }, country });
    regionsOf.get(country)?.push(id);
  }
  const regionCum = new Map([...regionsOf].map(([c, ids]) => [c, zipf(ids.length)]));
  const drawRegion = (country: string) => {
    const ids = regionsOf.get(country) as number[];
    return ids[d.weighted(regionCum.get(country) as Float64Array)] as number;
  };

  // Grapes: invented names, unique against the real ones; drawn by Zipf rank within their colour.
  const grapes: CatalogueGrape[] = [...real.grapes];
  const grapeNames = new Set(real.grapes.map((g) => fold(g.name)));
  const grapeColor = new Map(real.grapes.map((g) => [g.name, g.color]));
  const synthGrapes = { red: [] as string[], white: [] as string[] };
  for (let i = 0; i < counts.grapes - real.grapes.length; i++) {
    let name = "";
    let color: "red" | "white" = "red";
    for (let k = 0; name === "" || grapeNames.has(fold(name)); k++) {
      const { pattern, color: c } = d.pick(GRAPE_PATTERNS);
      const a = d.pick(GRAPE_BASES);
      const base = d.chance(0.3) ? a : a.slice(0, 3) + d.pick(GRAPE_BASES).slice(3).toLowerCase();
      name = pattern.replace("{B}", base) + (k > 50 ? ` ${k}` : "");
      color = c;
    }
    grapeNames.add(fold(name));
    grapeColor.set(name, color);
    synthGrapes[color].push(name);
    grapes.push({ name, names: { de: name, en: name, fr: name, it: name }, color, synonyms: [] });
  }
  const grapeCum = { red: zipf(synthGrapes.red.length), white: zipf(synthGrapes.white.length) };

  // Producers: a home region, a title and a recombined name.
  const realWords = new Map<string, string[]>();
  for (const p of real.producers) {
    const firstWine = real.wines.find((w) => w.producerId === p.id);
    const country = firstWine ? (realRegion.get(firstWine.regionId)?.country ?? "") : "";
    const words = p.name.split(" ").filter((x) => /^\p{Lu}\p{Ll}{2,}$/u.test(x));
    realWords.set(country, [...(realWords.get(country) ?? []), ...words]);
  }
  const producers: CatalogueProducer[] = [...real.producers];
  const home = new Map<number, { country: string; region: number; group: WordGroup }>();
  for (let i = 0; i < counts.producers - real.producers.length; i++) {
    const country = drawCountry();
    const group = groupOf(country);
    const fam = () => d.pick(FAMILY[group]);
    const local = realWords.get(country) ?? [];
    const place = () => (local.length > 0 && d.chance(0.3) ? d.pick(local) : d.pick(PLACES[group]));
    const shape = d.next();
    let name: string;
    if (shape < 0.4) name = fam();
    else if (shape < 0.75) name = place();
    else if (shape < 0.9)
      name = group === "fr" || group === "de" ? `${fam()}-${fam()}` : `${fam()} & ${fam()}`;
    else name = `${fam()} ${place()}`;
    let title: string | null = null;
    if (group === "en") name = `${name} ${d.pick(EN_SUFFIXES)}`;
    else if (d.chance(0.8)) title = d.pick(TITLES[group]);
    if (title === "Quinta" || title === "Herdade") name = `${d.chance(0.5) ? "do" : "de"} ${name}`;
    const id = SYNTHETIC_FIRST_IDS.producer + i;
    producers.push({ id, name, title, website: null });
    home.set(id, { country, region: drawRegion(country), group });
  }

  // Wines: one per producer first, then heavy-tailed weights (a few producers with dozens of wines).
  const synthProducers = producers.slice(real.producers.length).map((p) => p.id);
  const producerCum = cumulative(synthProducers.map(() => Math.min(60, d.next() ** -0.75)));
  const wines: CatalogueWine[] = [...real.wines];
  for (let i = 0; i < n - real.wines.length; i++) {
    const producerId =
      synthProducers.length === 0
        ? d.pick(real.producers).id
        : i < synthProducers.length
          ? (synthProducers[i] as number)
          : (synthProducers[d.weighted(producerCum)] as number);
    const where = home.get(producerId);
    const country = where?.country ?? drawCountry();
    const group = where?.group ?? groupOf(country);
    const template = d.pick(templates.get(country) as CatalogueWine[]);
    const regionId = where && d.chance(0.85) ? where.region : drawRegion(country);
    wines.push(
      syntheticWine(
        d,
        SYNTHETIC_FIRST_IDS.wine + i,
        template,
        producerId,
        regionId,
        group,
        grapeColor,
        (c) => (synthGrapes[c].length > 0 ? (synthGrapes[c][d.weighted(grapeCum[c])] as string) : null),
      ),
    );
  }
  return { wines, producers, regions, grapes };
}

/** One step up or down a graded scale, sometimes. */
function vary<T>(d: Draw, scale: readonly T[], value: T): T {
  if (!d.chance(0.25)) return value;
  const i = scale.indexOf(value) + (d.chance(0.5) ? 1 : -1);
  return scale[Math.max(0, Math.min(scale.length - 1, i))] as T;
}

/**
 * ABV varied by up to ±0.75 % vol, on the template's side of the bounds of its type: table wines up to
 * 15 % (or the template's own strength), fortified 15–22 %, dessert below or above 15 % as the template,
 * grape spirits above 22 %.
 */
function varyAbv(d: Draw, abv: number | null, type: WineType): number | null {
  if (abv === null) return null;
  const next = Math.round((abv + (d.next() - 0.5) * 1.5) * 2) / 2;
  let [lo, hi] = abv >= 15 ? [15, 22] : [5, 14.5];
  if (abv > 22) [lo, hi] = [22.5, 60];
  else if (type === "wine") [lo, hi] = [5, Math.max(15, abv)];
  return Math.max(lo, Math.min(hi, next));
}

/** How a grape is written in a wine name: "Syrah/Shiraz" → Shiraz in English-speaking countries, else Syrah. */
function grapeLabel(grape: string, group: WordGroup): string {
  const parts = grape.split("/");
  return (group === "en" ? parts[parts.length - 1] : parts[0]) as string;
}

/** A synthetic wine built on `template` (see the module comment). */
function syntheticWine(
  d: Draw,
  id: number,
  template: CatalogueWine,
  producerId: number,
  regionId: number,
  group: WordGroup,
  grapeColor: ReadonlyMap<string, "red" | "white">,
  synthGrape: (color: "red" | "white") => string | null,
): CatalogueWine {
  const grapes = [
    ...new Set(
      template.grapes.map((g) => (d.chance(GRAPE_SWAP) ? synthGrape(grapeColor.get(g) ?? "red") : null) ?? g),
    ),
  ];
  const body: Body = vary(d, BODIES, template.body);
  const acidity: Acidity = vary(d, ACIDITIES, template.acidity);
  const abv = varyAbv(d, template.abv, template.type);
  const shift = d.int(3) - 1;
  const years = template.vintages.map((y) => Math.min(2023, y + shift)).filter(() => d.chance(0.7));
  const vintages = [...new Set(years.length === 0 ? template.vintages.slice(0, 1) : years)];

  const colorWord = COLOR_WORDS[group][template.color];
  let core: string;
  if (template.type !== "wine") core = template.name;
  else if (template.subType === "sparkling") {
    const sugar = template.residualSugar ? SPARKLING_SUGAR_WORDS[template.residualSugar] : undefined;
    core = sugar === undefined ? template.name : template.color === "rose" ? `${sugar} Rosé` : sugar;
  } else if (d.chance(0.2)) core = template.name;
  else if (grapes.length === 1) {
    const label = grapeLabel(grapes[0] as string, group);
    core = template.color === "rose" ? `${label} ${colorWord}` : label;
  } else if (grapes.length >= 2 && d.chance(0.5)) {
    core = `${grapeLabel(grapes[0] as string, group)}-${grapeLabel(grapes[1] as string, group)}`;
  } else core = colorWord;
  const places = PLACES[group];
  const name = d.chance(0.7) ? `${fill(d.pick(PREFIXES[group]), group, d, places)} ${core}` : core;

  const style = { color: template.color, type: template.type, subType: template.subType };
  const residualSugar = template.residualSugar;
  return {
    id,
    name,
    ...style,
    producerId,
    regionId,
    residualSugar,
    abv,
    body,
    acidity,
    elaboration: template.elaboration,
    grapes,
    foods: template.foods,
    vintages,
    flavor: deriveFlavorProfile({ ...style, residualSugar, abv, body, acidity, grapes }),
  };
}
