/**
 * The rules of the "realistic" synthetic style (`synthetic.ts`): which real wines may serve as the
 * template of a synthetic wine in a region, when a template's own name may be reused, which cru/cuvée
 * words a region may carry and how a region's name is written in a wine name.
 *
 * - A wine in a real region (one with real wines) copies a real wine of that same region, so it has
 *   the colours, types, grapes and styles the region really has; in a region with an
 *   {@link appellationRule} only templates the rule permits (when the rule leaves out some of the
 *   region's wines and fewer than three remain, topped up from the country's wines the rule permits,
 *   in the colours the region shows). A wine in a synthetic region copies any real wine of its
 *   country (synthetic grape varieties are only used there).
 * - A template's name is reused only when it is generic: made of style words ({@link STYLE_WORDS}),
 *   grape names, articles, numbers and, when the wine stays in the template's region, that region's
 *   name, and containing no word of the template producer's own name ("Brut", "Rioja Reserva",
 *   "Saint-Émilion Grand Cru"; not "Château Chemin Royal Moulis-en-Médoc", "Paradoxo Cabernet Sauvignon").
 *   Classified-growth mentions ("Grand Cru Classé"), which belong to a closed list of estates, are cut.
 * - Regulated cru/quality words ("Premier Cru", "Grosses Gewächs", "Gran Selezione", "Classico",
 *   "Crianza", "Kabinett" …) prefix a wine in a real region only when a real wine of that region
 *   carries the word.
 */

import { fold, foldedWords } from "../../domain/text-folding.ts";
import type { Catalogue, CatalogueWine } from "../../domain/vocabulary.ts";
import { appellationRule, followsRule } from "../../domain/wine/appellation-rules.ts";
import { PRODUCER_TITLES } from "./derivation.ts";
import type { Draw } from "./synthetic-random.ts";
import {
  COLOR_WORDS,
  grapeLabel,
  NAME_STOP_WORDS,
  SPARKLING_SUGAR_WORDS,
  STYLE_WORDS,
  type WordGroup,
} from "./synthetic-words.ts";
import { FORTIFIED_WORDS, NATURAL_SWEET_WORDS, SPARKLING_WORDS } from "./wine-words.ts";

/** Regulated words of cru/quality prefixes, folded (see the module comment). */
const REGULATED = [
  "premier cru",
  "grand cru",
  "monopole",
  "grosses gewachs",
  "gg",
  "erste lage",
  "gran selezione",
  "classico",
  "superiore",
  "crianza",
  "gran reserva",
  "kabinett",
  "spatlese",
];
/** German Prädikat and VDP words of prefixes: only on still table wines (not on sparkling or dessert wines). */
const PRADIKAT = ["kabinett", "spatlese", "grosses gewachs", "gg"];

const hasTerm = (folded: string, term: string) => ` ${folded} `.includes(` ${term} `);

/** Removes classified-growth mentions: "Pauillac (Premier Grand Cru Classé)" → "Pauillac". */
export function withoutClassification(name: string): string {
  return name
    .replace(/\s*\(?(?<![\p{L}])(?:premier\s+)?(?:grand\s+)?cru\s+class[ée](?![\p{L}])\)?/giu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** What `synthetic.ts` asks of the realistic style; built once per catalogue by {@link realisticRules}. */
export interface RealisticRules {
  /** Whether a region id is one of the real catalogue's regions. */
  isReal(regionId: number): boolean;
  /** Templates for a wine in `regionId` of `country` (never empty). */
  templates(regionId: number, country: string): readonly CatalogueWine[];
  /** The template's name (classification cut) when it may be reused in `regionId`; null otherwise. */
  reusableName(template: CatalogueWine, regionId: number): string | null;
  /** Whether a filled cru/cuvée prefix may stand before `core` on a wine like `template` in `regionId`. */
  prefixAllowed(prefix: string, core: string, template: CatalogueWine, regionId: number): boolean;
  /**
   * The region's name as written in a wine name ("Langhe", "Bourgogne"), or null when unfit; with
   * `beforeGrape`, null also for appellations with a rule ("Barolo Nebbiolo" is no wine's name).
   */
  regionLabel(regionId: number, group: WordGroup, beforeGrape: boolean): string | null;
}

/**
 * Precomputes the realistic rules over the real catalogue `real`: per-region template pools, the
 * generic word sets (style words, grape names and synonyms in every language, each region's own words),
 * each real producer's own words and the regulated words each region's real wine names carry.
 */
export function realisticRules(real: Catalogue): RealisticRules {
  const regionById = new Map(real.regions.map((r) => [r.id, r]));
  const producerById = new Map(real.producers.map((p) => [p.id, p]));
  const stop = new Set(NAME_STOP_WORDS);
  const titles = new Set(PRODUCER_TITLES.flatMap(foldedWords));
  titles.add("clos");
  const generic = new Set(STYLE_WORDS);
  for (const g of real.grapes)
    for (const text of [g.name, ...Object.values(g.names), ...g.synonyms])
      for (const word of foldedWords(text)) generic.add(word);
  for (const t of titles) generic.delete(t);
  const regionWords = new Map(
    real.regions.map((r) => [r.id, new Set(Object.values(r.names).flatMap(foldedWords))]),
  );

  const byRegion = new Map<number, CatalogueWine[]>();
  const byCountry = new Map<string, CatalogueWine[]>();
  const regulatedIn = new Map<number, Set<string>>();
  for (const wine of real.wines) {
    const country = regionById.get(wine.regionId)?.country ?? "";
    byRegion.set(wine.regionId, [...(byRegion.get(wine.regionId) ?? []), wine]);
    byCountry.set(country, [...(byCountry.get(country) ?? []), wine]);
    const folded = fold(wine.name);
    const terms = regulatedIn.get(wine.regionId) ?? new Set<string>();
    for (const term of REGULATED) if (hasTerm(folded, term)) terms.add(term);
    regulatedIn.set(wine.regionId, terms);
  }
  const pools = new Map<number, CatalogueWine[]>();
  for (const region of real.regions) {
    const own = byRegion.get(region.id) ?? [];
    const rule = appellationRule(region.names.en);
    if (rule === undefined) {
      pools.set(region.id, own);
      continue;
    }
    const permitted = own.filter((w) => followsRule(rule, w));
    // Top-ups keep to the colours the region's permitted wines show (a Beaujolais gets no white
    // Chardonnay from elsewhere in France, although the rules permit Beaujolais blanc); any permitted
    // colour when none of its own wines follows the rule (Valpolicella's only entry is a grappa).
    const ownColors = new Set(permitted.map((w) => w.color));
    const others = (byCountry.get(region.country) ?? []).filter(
      (w) =>
        w.regionId !== region.id && followsRule(rule, w) && (ownColors.size === 0 || ownColors.has(w.color)),
    );
    const enough = permitted.length >= 3 || permitted.length === own.length;
    pools.set(region.id, enough ? permitted : [...permitted, ...others]);
  }

  const reusable = new Map<string, string | null>();
  const reusableIn = (template: CatalogueWine, inOwnRegion: boolean): string | null => {
    const key = `${template.id}:${inOwnRegion}`;
    const known = reusable.get(key);
    if (known !== undefined) return known;
    const name = withoutClassification(template.name);
    const own = regionWords.get(template.regionId) ?? new Set<string>();
    const producer = producerById.get(template.producerId);
    const producerWords = new Set(foldedWords(producer?.name ?? "").filter((x) => !stop.has(x)));
    const words = foldedWords(name);
    const ok =
      words.length > 0 &&
      words.every((word) => {
        if (stop.has(word) || /^\d+$/.test(word)) return true;
        if (titles.has(word)) return false;
        if (inOwnRegion && own.has(word)) return true;
        return generic.has(word) && !producerWords.has(word);
      });
    const result = ok ? name : null;
    reusable.set(key, result);
    return result;
  };

  return {
    isReal: (regionId) => regionById.has(regionId),
    templates: (regionId, country) => {
      const pool = pools.get(regionId);
      return pool !== undefined && pool.length > 0 ? pool : (byCountry.get(country) ?? real.wines);
    },
    reusableName: (template, regionId) => reusableIn(template, template.regionId === regionId),
    prefixAllowed: (prefix, core, template, regionId) => {
      const p = fold(prefix);
      const c = fold(core);
      const still = template.type === "wine" && template.subType === "still";
      if (PRADIKAT.some((t) => hasTerm(p, t)) && !still) return false;
      const regulated = REGULATED.filter((t) => hasTerm(p, t));
      if (regulated.some((t) => hasTerm(c, t) || PRADIKAT.some((q) => hasTerm(c, q)))) return false;
      if (p.split(" ").some((word) => c.split(" ").includes(word) && !stop.has(word))) return false;
      if (!regionById.has(regionId)) return true;
      const carried = regulatedIn.get(regionId) ?? new Set<string>();
      return regulated.every((t) => carried.has(t));
    },
    regionLabel: (regionId, group, beforeGrape) => {
      const region = regionById.get(regionId);
      if (region === undefined || (beforeGrape && appellationRule(region.names.en))) return null;
      const lang = group === "de" || group === "fr" || group === "it" ? group : "en";
      const label = region.names[lang];
      if (/['’()]/.test(label)) return null;
      const words = foldedWords(label);
      if (words.some((word) => generic.has(word) && !stop.has(word))) return null;
      const style = [FORTIFIED_WORDS, NATURAL_SWEET_WORDS, SPARKLING_WORDS];
      return style.some((m) => m.test(label)) ? null : label;
    },
  };
}

/**
 * Name of a "realistic" style wine: the template's name only where `rules.reusableName` allows it,
 * else a sparkling-sugar word, a grape, "region + grape" ("Langhe Nebbiolo"), the region alone for
 * blends ("Pauillac") or a colour word; then, often, a cru/cuvée prefix (drawn by `prefix`, filled in)
 * the region may carry.
 */
export function realisticName(
  d: Draw,
  template: CatalogueWine,
  grapes: readonly string[],
  group: WordGroup,
  regionId: number,
  rules: RealisticRules,
  prefix: () => string,
): string {
  const colorWord = COLOR_WORDS[group][template.color];
  const reused = rules.reusableName(template, regionId);
  const sugar =
    template.subType === "sparkling" && template.residualSugar
      ? SPARKLING_SUGAR_WORDS[template.residualSugar]
      : undefined;
  let core: string;
  if (sugar !== undefined) {
    const withSugar = reused !== null && fold(reused).includes(fold(sugar));
    core =
      withSugar && d.chance(0.4) ? (reused as string) : template.color === "rose" ? `${sugar} Rosé` : sugar;
  } else if (
    reused !== null &&
    (template.type !== "wine" || template.subType === "sparkling" || d.chance(0.25))
  )
    core = reused;
  else if (grapes.length === 1) {
    const grape = grapeLabel(grapes[0] as string, group);
    const label = rules.regionLabel(regionId, group, true);
    const base = label !== null && d.chance(0.35) ? `${label} ${grape}` : grape;
    core = template.color === "rose" ? `${base} ${colorWord}` : base;
  } else if (rules.regionLabel(regionId, group, false) !== null && d.chance(0.3)) {
    const label = rules.regionLabel(regionId, group, false) as string;
    core = template.color === "red" ? label : `${label} ${colorWord}`;
  } else if (grapes.length >= 2 && d.chance(0.5))
    core = `${grapeLabel(grapes[0] as string, group)}-${grapeLabel(grapes[1] as string, group)}`;
  else core = colorWord;
  if (!d.chance(core === reused ? 0.4 : 0.7)) return core;
  for (let k = 0; k < 3; k++) {
    const words = prefix();
    if (rules.prefixAllowed(words, core, template, regionId)) return `${words} ${core}`;
  }
  return core;
}
