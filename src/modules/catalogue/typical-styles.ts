/**
 * What is typical of a style of wine in the catalogue: the body, acidity, foods and residual sugar
 * most wines of the same colour, type and sub-type have, in the same region, else the same country,
 * else the whole catalogue. Fed with the wines whose facts are their own (`facts_basis` 'source', the
 * X-Wines wines); read for a wine a source knows less about (an LWIN or Open Food Facts record), whose
 * facts are then stored as `typical` (docs/catalogue-sources.md, "Facts where a source has fewer").
 *
 * Memory: counts per key (region, country and style, each with colour/type/sub-type), never lists of
 * samples: 300,000 samples over ~2,000 regions take a few thousand small counters.
 */
import {
  ACIDITIES,
  type Acidity,
  BODIES,
  type Body,
  type Color,
  RESIDUAL_SUGARS,
  type ResidualSugar,
  type SubType,
  type WineType,
} from "../../domain/vocabulary.ts";

/** One wine whose facts are its own, as {@link TypicalStyles.add} takes it. */
export interface StyleSample {
  regionId: number;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  color: Color;
  type: WineType;
  subType: SubType;
  body: Body;
  acidity: Acidity;
  /** X-Wines food categories (English keys, "Beef"). */
  foods: string[];
  residualSugar: ResidualSugar | null;
}

/** The style {@link TypicalStyles.of} is asked about; region or country null when unknown. */
export interface StyleQuery {
  regionId: number | null;
  country: string | null;
  color: Color;
  type: WineType;
  subType: SubType;
}

/** Which level a typical style came from: the region's wines, the country's, the catalogue's, or the default table. */
export type TypicalBasis = "region" | "country" | "style" | "default";

/** The typical facts of a style, and the level they came from. */
export interface TypicalStyle {
  body: Body;
  acidity: Acidity;
  /** The most frequent food categories (at most {@link TYPICAL_FOODS}), most frequent first. */
  foods: string[];
  residualSugar: ResidualSugar | null;
  basis: TypicalBasis;
}

/** A region or country speaks for a style only with at least this many wines of it; else the next level. */
export const MIN_SAMPLES = 5;

/** How many foods a typical style names. */
export const TYPICAL_FOODS = 3;

/** Index of `null` in the residual-sugar counts (after the terms). */
const NO_SUGAR = RESIDUAL_SUGARS.length;

/** Counts of one key. */
interface Tally {
  n: number;
  body: Uint32Array;
  acidity: Uint32Array;
  sugar: Uint32Array;
  foods: Map<string, number>;
}

type Style = Pick<StyleQuery, "color" | "type" | "subType">;

/**
 * Defaults per style when the catalogue has no wine of it at all: the modes of body and acidity and the
 * three most frequent foods of the bundled X-Wines sample (data/xwines-slim-1k-wines.csv, by its
 * `Type`: Red, White, Rosé, Sparkling, Dessert, Dessert/Port for fortified); residual sugar as
 * residual-sugar-derivation.ts decides it without label words (still → dry, sparkling → brut,
 * dessert and fortified → sweet).
 */
function defaultStyle(style: Style): Omit<TypicalStyle, "basis"> {
  if (style.type === "fortified")
    return {
      body: "very_full",
      acidity: "high",
      foods: ["Beef", "Hard Cheese", "Maturated Cheese"],
      residualSugar: "sweet",
    };
  if (style.type === "dessert")
    return {
      body: "medium",
      acidity: "high",
      foods: ["Poultry", "Sweet Dessert", "Spicy Food"],
      residualSugar: "sweet",
    };
  if (style.subType === "sparkling")
    return {
      body: "medium",
      acidity: "high",
      foods: ["Shellfish", "Rich Fish", "Pork"],
      residualSugar: "brut",
    };
  if (style.color === "red")
    return { body: "full", acidity: "high", foods: ["Beef", "Poultry", "Lamb"], residualSugar: "dry" };
  if (style.color === "rose")
    return {
      body: "medium",
      acidity: "medium",
      foods: ["Beef", "Poultry", "Spicy Food"],
      residualSugar: "dry",
    };
  return {
    body: "medium",
    acidity: "high",
    foods: ["Shellfish", "Vegetarian", "Pork"],
    residualSugar: "dry",
  };
}

/**
 * The most frequent grade of `counts`; a tie goes to the grade nearest the middle of the scale (the
 * less marked claim), and between two as near, to the lower one. Deterministic.
 */
function mode<T>(grades: readonly T[], counts: Uint32Array): T {
  const middle = (grades.length - 1) / 2;
  let best = 0;
  for (let i = 1; i < grades.length; i++) {
    const c = counts[i] as number;
    const b = counts[best] as number;
    if (c > b || (c === b && Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return grades[best] as T;
}

/**
 * Typical styles of the catalogue, counted per (region | country | catalogue) × colour × type ×
 * sub-type. Add every wine whose facts are its own, then ask.
 */
export class TypicalStyles {
  private readonly tallies = new Map<string, Tally>();

  /** Counts one wine whose facts are its own (facts_basis 'source'). */
  add(sample: StyleSample): void {
    const style = `${sample.color}|${sample.type}|${sample.subType}`;
    const body = BODIES.indexOf(sample.body);
    const acidity = ACIDITIES.indexOf(sample.acidity);
    const sugar = sample.residualSugar === null ? NO_SUGAR : RESIDUAL_SUGARS.indexOf(sample.residualSugar);
    for (const key of [`r${sample.regionId}|${style}`, `c${sample.country}|${style}`, `s|${style}`]) {
      let tally = this.tallies.get(key);
      if (!tally) {
        tally = {
          n: 0,
          body: new Uint32Array(BODIES.length),
          acidity: new Uint32Array(ACIDITIES.length),
          sugar: new Uint32Array(NO_SUGAR + 1),
          foods: new Map(),
        };
        this.tallies.set(key, tally);
      }
      tally.n++;
      if (body >= 0) tally.body[body] = (tally.body[body] as number) + 1;
      if (acidity >= 0) tally.acidity[acidity] = (tally.acidity[acidity] as number) + 1;
      if (sugar >= 0) tally.sugar[sugar] = (tally.sugar[sugar] as number) + 1;
      for (const food of new Set(sample.foods)) tally.foods.set(food, (tally.foods.get(food) ?? 0) + 1);
    }
  }

  /**
   * Typical body, acidity, foods and residual sugar of wines of this style: same region+colour+type+subType,
   * else same country+colour+type+subType, else same colour+type+subType over the catalogue, else a
   * documented default per style ({@link defaultStyle}); says which level it came from. A region or
   * country counts only with at least {@link MIN_SAMPLES} wines of the style; the catalogue level with one.
   * Body, acidity and residual sugar are the modes ({@link mode}); foods the {@link TYPICAL_FOODS} most
   * frequent (ties by name).
   */
  of(q: StyleQuery): TypicalStyle {
    const style = `${q.color}|${q.type}|${q.subType}`;
    const levels: [TypicalBasis, string | null, number][] = [
      ["region", q.regionId === null ? null : `r${q.regionId}|${style}`, MIN_SAMPLES],
      ["country", q.country === null ? null : `c${q.country}|${style}`, MIN_SAMPLES],
      ["style", `s|${style}`, 1],
    ];
    for (const [basis, key, min] of levels) {
      const tally = key === null ? undefined : this.tallies.get(key);
      if (tally && tally.n >= min) return { ...typicalOf(tally), basis };
    }
    return { ...defaultStyle(q), basis: "default" };
  }
}

function typicalOf(tally: Tally): Omit<TypicalStyle, "basis"> {
  const foods = [...tally.foods]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, TYPICAL_FOODS)
    .map(([food]) => food);
  // Residual sugar: the most frequent, no term (null) being one of the outcomes; ties to the first listed.
  let sugar = 0;
  for (let i = 1; i <= NO_SUGAR; i++)
    if ((tally.sugar[i] as number) > (tally.sugar[sugar] as number)) sugar = i;
  return {
    body: mode(BODIES, tally.body),
    acidity: mode(ACIDITIES, tally.acidity),
    foods,
    residualSugar: sugar === NO_SUGAR ? null : (RESIDUAL_SUGARS[sugar] as ResidualSugar),
  };
}
