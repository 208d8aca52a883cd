/**
 * The catalogue facts of a wine known from a source that says less than X-Wines (an LWIN row, an Open
 * Food Facts product): what the record states, the grape variety when the appellation's rules fix it,
 * and for the rest what is typical of the appellation and style ({@link TypicalStyles}), marked
 * `factsBasis: "typical"`. Nothing is invented: no alcohol figure (abv stays null unless the record
 * states it), no grape the rules do not fix. docs/catalogue-sources.md, "Facts where a source has fewer".
 */

import type {
  Acidity,
  Body,
  Color,
  FlavorProfile,
  ResidualSugar,
  SubType,
  WineType,
} from "../../domain/vocabulary.ts";
import { type AppellationRule, appellationRule, SAME_VARIETY } from "../../domain/wine/appellation-rules.ts";
import { deriveFlavorProfile } from "./flavor-profile.ts";
import { grapeColor, grapeFacts } from "./grapes-data.ts";
import { deriveResidualSugar } from "./residual-sugar-derivation.ts";
import type { SourceRecord } from "./source-record.ts";
import type { TypicalStyles } from "./typical-styles.ts";

/** The facts of one wine as the import stores them (`wines` columns, grapes in `wine_grapes`). */
export interface RecordFacts {
  color: Color;
  type: WineType;
  subType: SubType;
  /** Catalogue grape names; [] when unknown. */
  grapes: string[];
  residualSugar: ResidualSugar | null;
  /** % vol as the record states it; null when it does not (never guessed). */
  abv: number | null;
  body: Body;
  acidity: Acidity;
  flavor: FlavorProfile;
  /** X-Wines "Elaborate"; "" (unknown) for a record of another source. */
  elaboration: string;
  foods: string[];
  /** [record.vintage] when the record names one, else []. */
  vintages: number[];
  /** `source` when body and acidity are the record's own, `typical` when they are the style's. */
  factsBasis: "source" | "typical";
}

/** Body, acidity and foods a record may state itself (X-Wines does; LWIN and Open Food Facts do not). */
export interface StatedFacts {
  body: Body;
  acidity: Acidity;
  foods: string[];
}

/** The region the import placed the record in: id, English name (for the appellation rules), country. */
export interface RecordRegion {
  id: number;
  nameEn: string;
  country: string;
}

/** Names of one variety: the catalogue name, its synonyms and local names, plus {@link SAME_VARIETY}. */
function varietyNames(grape: string): Set<string> {
  const facts = grapeFacts(grape);
  const names = new Set([grape, ...(facts?.synonyms ?? []), ...Object.values(facts?.names ?? {})]);
  for (const group of SAME_VARIETY) if (group.includes(grape)) for (const name of group) names.add(name);
  return names;
}

/**
 * The one grape variety `rule` permits for wines of this colour and kind, or null when it permits
 * several (or none, or not this colour or kind). Permitted for a colour: every variety of a rule for one
 * colour only (Chablis, Barolo, Côte-Rôtie with its Viognier); for a rule of several colours, the
 * varieties of the wine's berry colour for a still red or white (Sancerre blanc → Sauvignon Blanc,
 * Sancerre rouge → Pinot Noir), and every variety for a rosé or a sparkling wine (pressed or blended
 * from either colour: Prosecco rosé is Glera with Pinot Nero). Names of one variety (synonyms in
 * grapes-data.ts, {@link SAME_VARIETY}) count once; the first the rule lists is returned.
 */
export function fixedGrape(
  rule: AppellationRule | undefined,
  wine: { color: Color; type: WineType; subType: SubType },
): string | null {
  if (!rule?.colors.includes(wine.color)) return null;
  if (rule.kinds !== undefined && !rule.kinds.includes(`${wine.type}/${wine.subType}`)) return null;
  const byBerry = rule.colors.length > 1 && wine.color !== "rose" && wine.subType === "still";
  const permitted = byBerry
    ? rule.grapes.filter((g) => (grapeColor(g) ?? wine.color) === wine.color)
    : [...rule.grapes];
  const first = permitted[0];
  if (first === undefined) return null;
  const names = varietyNames(first);
  return permitted.every((g) => names.has(g) || [...varietyNames(g)].some((n) => names.has(n)))
    ? first
    : null;
}

/** X-Wines `Type` the residual-sugar rules expect for a style. */
function xwinesType(color: Color, type: WineType, subType: SubType): string {
  if (type === "fortified") return "Dessert/Port";
  if (type === "dessert") return "Dessert";
  if (subType === "sparkling") return "Sparkling";
  return color === "red" ? "Red" : color === "white" ? "White" : "Rosé";
}

/**
 * Facts of a record, for the import engine. Returns null when the wine's colour is unknown: the record
 * names none and its appellation permits more than one (or has no rule) — the engine then skips the
 * record (`unknown_color`) rather than guess.
 *
 * - colour: the record's; else the appellation rule's when it permits exactly one;
 * - grapes: the record's when it names any; else the one {@link fixedGrape} of the appellation (the rule
 *   of `region.nameEn`, else of the record's appellation, else of its region); else [] (unknown);
 * - body, acidity, foods: the record's own when it states body and acidity ({@link StatedFacts}, basis
 *   `source`); else {@link TypicalStyles.of} for the region, country and style (basis `typical`);
 * - residual sugar: the term a label word of the name or appellation gives ("Brut", "Demi-Sec",
 *   "Sauternes", "Spätlese": residual-sugar-derivation.ts); without one, the typical term of the style;
 *   for a record with its own body and acidity, the derivation's default;
 * - abv: the record's or null. flavour: deriveFlavorProfile of the above (abv null scores alcohol as a
 *   typical table wine, 5, or 10 for fortified; no grape known scores a red's tannin as medium, 6,
 *   adjusted by the typical body): the profile of the style, never of a figure the source did not give;
 * - elaboration "" (the sources do not say how the wine is made); vintages [record.vintage] or [].
 */
export function recordFacts(
  record: SourceRecord & Partial<StatedFacts>,
  region: RecordRegion,
  typical: TypicalStyles,
): RecordFacts | null {
  const rule =
    appellationRule(region.nameEn) ??
    (record.appellation === null ? undefined : appellationRule(record.appellation)) ??
    (record.region === null ? undefined : appellationRule(record.region));
  const only = rule?.colors.length === 1 ? rule.colors[0] : undefined;
  const color = record.color ?? only ?? null;
  if (color === null) return null;
  const { type, subType } = record;
  const style = { color, type, subType };

  const fixed = record.grapes.length === 0 ? fixedGrape(rule, style) : null;
  const grapes = record.grapes.length > 0 ? [...record.grapes] : fixed === null ? [] : [fixed];

  const stated = record.body !== undefined && record.acidity !== undefined;
  const typicalStyle = stated
    ? null
    : typical.of({ regionId: region.id, country: record.country ?? region.country, ...style });
  const body = record.body !== undefined && stated ? record.body : (typicalStyle?.body ?? "medium");
  const acidity =
    record.acidity !== undefined && stated ? record.acidity : (typicalStyle?.acidity ?? "medium");
  const foods = stated ? [...(record.foods ?? [])] : [...(typicalStyle?.foods ?? [])];

  const sugarFacts = { xwinesType: xwinesType(color, type, subType), grapes, subType, type, abv: record.abv };
  const label = [record.wineName, record.appellation ?? "", record.classification ?? ""].join(" ").trim();
  const named = deriveResidualSugar({ ...sugarFacts, name: label });
  const unnamed = deriveResidualSugar({ ...sugarFacts, name: "" });
  const residualSugar = named !== unnamed || typicalStyle === null ? named : typicalStyle.residualSugar;

  const flavor = deriveFlavorProfile({ ...style, residualSugar, abv: record.abv, body, acidity, grapes });
  return {
    ...style,
    grapes,
    residualSugar,
    abv: record.abv,
    body,
    acidity,
    flavor,
    elaboration: "",
    foods,
    vintages: record.vintage === null ? [] : [record.vintage],
    factsBasis: stated ? "source" : "typical",
  };
}
