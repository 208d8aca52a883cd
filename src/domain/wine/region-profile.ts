/**
 * Deciding what a region insight says, language-free: the region's record (names, climate, soils,
 * features, principal grapes and styles, sources), the region it lies in, its appellation rules, and
 * what its wines show — the grapes ranked by how many wines name them (the API's `keyGrapes`), and
 * the prevailing style where the record has none. The writers never count "our" wines in prose; the
 * counts decide only which grapes and styles come first.
 */
import { type AppellationRule, appellationRule, followsRule, principalRank } from "./appellation-rules.ts";
import { grapeRecord } from "./grapes/grape-records.ts";
import type { RegionRecord, RegionStyle } from "./regions/region-record.ts";
import { regionRecord } from "./regions/region-records.ts";
import type { GrapeFacts, RegionFacts, WineFacts } from "./wine-facts.ts";

/** A grape of the region's wines with the number of wines that name it. */
export interface RankedGrape {
  grape: GrapeFacts;
  count: number;
}

/** Everything the writers may say about one region. */
export interface RegionProfile {
  /** The region's facts, its wines limited to those its rules permit (see `permittedWines`). */
  facts: RegionFacts;
  record: RegionRecord | undefined;
  /** For a record of kind `style` (Fino Sherry): the place it comes from; else the record itself. */
  place: RegionRecord | undefined;
  /** The region one level up (`place.within`). */
  within: RegionRecord | undefined;
  rule: AppellationRule | undefined;
  /** The wines' grapes, most named first; ties in the rule's principal order, then by name. */
  grapes: RankedGrape[];
  /** The record's styles; without a record, the styles the wines show (most common first, ≤ 3). */
  styles: RegionStyle[];
  /** A stable number for choosing among a writer's variants (the region's id). */
  seed: number;
}

/**
 * The region's wines its appellation rule permits (colour, grape varieties, kind; see
 * appellation-rules.ts): catalogue entries the rules forbid (a Chardonnay "Saint-Émilion Grand Cru")
 * say nothing true about the appellation and are left out. All wines when the region has no rule or
 * none of its wines follows it.
 */
export function permittedWines(r: RegionFacts, rule: AppellationRule | undefined): WineFacts[] {
  if (!rule) return r.wines;
  const kept = r.wines.filter((w) => followsRule(rule, { ...w, grapes: w.grapes.map((g) => g.name) }));
  return kept.length > 0 ? kept : r.wines;
}

/** Grapes of the wines ranked by the number of wines that list them (see RegionProfile.grapes). */
export function rankGrapes(wines: readonly WineFacts[], rule?: AppellationRule): RankedGrape[] {
  const order = (g: GrapeFacts) => principalRank(rule, g.name);
  const byId = new Map<number, RankedGrape>();
  for (const w of wines) {
    for (const g of new Map(w.grapes.map((x) => [x.id, x])).values()) {
      const entry = byId.get(g.id);
      if (entry) entry.count++;
      else byId.set(g.id, { grape: g, count: 1 });
    }
  }
  return [...byId.values()].sort(
    (a, b) =>
      b.count - a.count || order(a.grape) - order(b.grape) || a.grape.name.localeCompare(b.grape.name),
  );
}

/** The region style a wine stands for (OCW style entries; body classes as in region-record.ts). */
export function styleOfWine(w: WineFacts): RegionStyle {
  if (w.type === "fortified") return "fortified_other";
  if (w.subType === "sparkling") return "sparkling_traditional";
  if (w.type === "dessert") return "sweet_late_harvest";
  if (w.color === "rose") return "rose";
  const light = w.body === "very_light" || w.body === "light";
  const full = w.body === "full" || w.body === "very_full";
  if (w.color === "red") return light ? "red_light" : full ? "red_full" : "red_medium";
  return full ? "white_rich" : "white_crisp";
}

function stylesOfWines(wines: readonly WineFacts[]): RegionStyle[] {
  const counts = new Map<RegionStyle, number>();
  for (const w of wines) counts.set(styleOfWine(w), (counts.get(styleOfWine(w)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([s]) => s);
}

/**
 * The styles the appellation's rules permit by colour: a record may name the still red a village also
 * makes under another appellation (Bouzy rouge is AOC Coteaux Champenois, not Champagne), which the
 * insight of this appellation must not claim. All styles without a rule.
 */
function withinRule(styles: readonly RegionStyle[], rule: AppellationRule | undefined): RegionStyle[] {
  if (!rule) return [...styles];
  const colour = (s: RegionStyle) =>
    s.startsWith("red_")
      ? "red"
      : s.startsWith("white_") || s === "orange"
        ? "white"
        : s === "rose"
          ? "rose"
          : undefined;
  const kept = styles.filter((s) => {
    const c = colour(s);
    return c === undefined || rule.colors.includes(c);
  });
  return kept.length > 0 ? kept : [...styles];
}

/**
 * A grape named by the region's record or rules (by its catalogue name) as the writers name grapes:
 * the region's wines' own entry when one names it (with its catalogue id), else its grape record's
 * names in every language (id 0), else the bare name in every language.
 */
export function regionGrape(r: RegionProfile, name: string): GrapeFacts {
  const own = r.grapes.find((g) => g.grape.name === name)?.grape;
  if (own) return own;
  const record = grapeRecord(name);
  if (record) return { id: 0, name: record.name, names: record.names, color: record.color };
  return { id: 0, name, names: { de: name, en: name, fr: name, it: name }, color: "red" };
}

/** Decides a region's profile. Deterministic for the same facts. */
export function decideRegion(region: RegionFacts): RegionProfile {
  const rule = appellationRule(region.names.en);
  const facts = { ...region, wines: permittedWines(region, rule) };
  const record = regionRecord(region.names.en);
  const place = record?.kind === "style" && record.place ? regionRecord(record.place) : record;
  return {
    facts,
    record,
    place,
    within: place?.within ? regionRecord(place.within) : undefined,
    rule,
    grapes: rankGrapes(facts.wines, rule),
    styles: withinRule(record && record.styles.length > 0 ? record.styles : stylesOfWines(facts.wines), rule),
    seed: region.id,
  };
}
