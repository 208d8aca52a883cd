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
 *   a real wine as template (colour, type, sub-type, residual sugar, elaboration, foods), varies ABV
 *   (within the bounds of its type), body, acidity and vintages, recomputes the flavour profile
 *   (`deriveFlavorProfile`) and gets a name of cru/vineyard/cuvée words ("Vieilles Vignes", "Riserva",
 *   "Grosses Gewächs", "Wehlener Sonnenuhr") around a grape, colour or sparkling-sugar word.
 *
 * Two styles ({@link SyntheticStyle}):
 * - "realistic" (default): a wine in a real region follows that region (templates from its real wines,
 *   within the appellation rules of
 *   `domain/wine/appellation-rules.ts`, real grapes only); synthetic grapes only in synthetic regions;
 *   a template's name is reused only when generic; names also take "region + grape" forms ("Langhe
 *   Nebbiolo"); no synthetic producer bears a real producer's name. See `synthetic-realistic.ts`.
 * - "hard": the first generator, kept byte for byte as a hard case: the template is any real wine of
 *   the country, placed in any region of it (white Saint-Émilion, Nebbiolo Brunello), 12 % of grapes
 *   swapped for synthetic ones anywhere, template names (fantasy names and château names included)
 *   reused under other producers in 20 % of table wines, dessert and fortified wines always.
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
import { cumulative, Draw, mulberry32, zipf } from "./synthetic-random.ts";
import { type RealisticRules, realisticName, realisticRules } from "./synthetic-realistic.ts";
import {
  COLOR_WORDS,
  COUNTRY_GROUP,
  EN_SUFFIXES,
  FAMILY,
  GRAPE_BASES,
  GRAPE_PATTERNS,
  grapeLabel,
  LAGEN,
  PLACES,
  PREFIXES,
  REGION_PATTERNS,
  SPARKLING_SUGAR_WORDS,
  TITLES,
  VILLAGES,
  type WordGroup,
} from "./synthetic-words.ts";

export { mulberry32 } from "./synthetic-random.ts";

/** Generator style: "realistic" (no impossible wines) or "hard" (the first generator; see the module comment). */
export type SyntheticStyle = "realistic" | "hard";

/** The styles, default first (CLI `--synthetic-style`). */
export const SYNTHETIC_STYLES: readonly SyntheticStyle[] = ["realistic", "hard"];

/** First id of each kind of synthetic entry (the real X-Wines ids stay below these). */
export const SYNTHETIC_FIRST_IDS = { wine: 1_000_001, producer: 100_001, region: 10_001 } as const;

/** Size of the synthetic catalogue at 300,000 wines; smaller and larger N scale linearly. */
export const SYNTHETIC_SCALE = { wines: 300_000, producers: 80_000, regions: 2_000, grapes: 2_000 } as const;

/**
 * Share of a synthetic wine's grapes replaced by a synthetic variety of the same colour: anywhere in the
 * "hard" style, only in synthetic regions (about a quarter of the wines) in the "realistic" one.
 */
const GRAPE_SWAP = { hard: 0.12, realistic: 0.4 } as const;

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
 * `n` wines in all, in `options.style` (default "realistic"; see the module comment). The "hard" style
 * gives, for the same `real`, `n` and `seed`, exactly the catalogue of the first generator.
 * @throws RangeError when `n` is not an integer at least the number of real wines.
 */
export function syntheticCatalogue(
  real: Catalogue,
  n: number,
  seed = 1,
  options: { style?: SyntheticStyle } = {},
): Catalogue {
  if (!Number.isInteger(n) || n < real.wines.length)
    throw new RangeError(`N must be a whole number of at least ${real.wines.length} (the real wines).`);
  const rules = (options.style ?? "realistic") === "realistic" ? realisticRules(real) : null;
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
  // Realistic style: no synthetic producer bears a real producer's name, whatever its estate title
  // ("Domaine Montrose" beside the real Château Montrose): the name is drawn again.
  const realNames = new Set(rules ? real.producers.map((p) => fold(p.name)) : []);
  for (let i = 0; i < counts.producers - real.producers.length; i++) {
    const country = drawCountry();
    const group = groupOf(country);
    const fam = () => d.pick(FAMILY[group]);
    const local = realWords.get(country) ?? [];
    const place = () => (local.length > 0 && d.chance(0.3) ? d.pick(local) : d.pick(PLACES[group]));
    let name = "";
    let title: string | null = null;
    for (let k = 0; k === 0 || realNames.has(fold(name)); k++) {
      const shape = d.next();
      if (shape < 0.4) name = fam();
      else if (shape < 0.75) name = place();
      else if (shape < 0.9)
        name = group === "fr" || group === "de" ? `${fam()}-${fam()}` : `${fam()} & ${fam()}`;
      else name = `${fam()} ${place()}`;
      title = null;
      if (group === "en") name = `${name} ${d.pick(EN_SUFFIXES)}`;
      else if (d.chance(0.8)) title = d.pick(TITLES[group]);
      if (title === "Quinta" || title === "Herdade") name = `${d.chance(0.5) ? "do" : "de"} ${name}`;
    }
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
    let template: CatalogueWine;
    let regionId: number;
    if (rules === null) {
      template = d.pick(templates.get(country) as CatalogueWine[]);
      regionId = where && d.chance(0.85) ? where.region : drawRegion(country);
    } else {
      regionId = where && d.chance(0.85) ? where.region : drawRegion(country);
      template = d.pick(rules.templates(regionId, country));
    }
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
        rules,
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
  rules: RealisticRules | null,
): CatalogueWine {
  // Realistic style: a real region keeps its real grapes; synthetic ones only in synthetic regions.
  const swap = rules === null ? GRAPE_SWAP.hard : rules.isReal(regionId) ? 0 : GRAPE_SWAP.realistic;
  const grapes = [
    ...new Set(
      template.grapes.map(
        (g) => (swap > 0 && d.chance(swap) ? synthGrape(grapeColor.get(g) ?? "red") : null) ?? g,
      ),
    ),
  ];
  const body: Body = vary(d, BODIES, template.body);
  const acidity: Acidity = vary(d, ACIDITIES, template.acidity);
  const abv = varyAbv(d, template.abv, template.type);
  const shift = d.int(3) - 1;
  const years = template.vintages.map((y) => Math.min(2023, y + shift)).filter(() => d.chance(0.7));
  const vintages = [...new Set(years.length === 0 ? template.vintages.slice(0, 1) : years)];

  const name =
    rules === null
      ? hardName(d, template, grapes, group)
      : realisticName(d, template, grapes, group, regionId, rules, () =>
          fill(d.pick(PREFIXES[group]), group, d, PLACES[group]),
        );

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

/** Name of a "hard" style wine: the first generator's names (template names reused as they are). */
function hardName(d: Draw, template: CatalogueWine, grapes: readonly string[], group: WordGroup): string {
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
  return d.chance(0.7) ? `${fill(d.pick(PREFIXES[group]), group, d, places)} ${core}` : core;
}
