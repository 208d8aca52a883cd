/**
 * Flavour profile of a wine: six integers on a 0..10 scale, derived from X-Wines' Body, Acidity and ABV,
 * the derived residual-sugar term, colour, type and grapes. These are editorial scores in the manner of a
 * tasting sheet (WSET Level 3 Systematic Approach to Tasting: sweetness, acidity, tannin, alcohol, body,
 * finish), not laboratory values.
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
import { grapeColor } from "./grapes-data.ts";
import { MAX_WINE_ABV } from "./wine-words.ts";

/** What the flavour rules look at. `abv` in % vol, null when unknown. */
export interface FlavorFacts {
  color: Color;
  type: WineType;
  subType: SubType;
  residualSugar: ResidualSugar | null;
  abv: number | null;
  body: Body;
  acidity: Acidity;
  /** X-Wines grape names. */
  grapes: readonly string[];
}

/**
 * Sweetness per residual-sugar term, placed by the middle of the EU 2019/33 Annex III ranges:
 * still dry (≤ 4 g/l) 0 (sparkling "dry", 17–32 g/l: {@link SPARKLING_DRY}), off_dry (≤ 12/18 g/l) 2, medium_sweet (≤ 45 g/l) 5, sweet (> 45 g/l) 8;
 * sparkling brut nature (< 3) 0, extra brut (0–6) 0, brut (< 12) 1, extra dry (12–17) 2, dry (17–32) 3,
 * demi-sec (32–50) 5, doux (> 50) 8. No term (spirits) → 0.
 */
const SWEETNESS: Record<ResidualSugar, number> = {
  dry: 0,
  off_dry: 2,
  medium_sweet: 5,
  sweet: 8,
  brut_nature: 0,
  extra_brut: 0,
  brut: 1,
  extra_dry: 2,
  demi_sec: 5,
  doux: 8,
};

/** Sweetness of a sparkling wine labelled dry/sec/secco (17–32 g/l, EU 2019/33 Annex III Part B). */
const SPARKLING_DRY = 3;

/** X-Wines acidity grade → score: low 3, medium 5, high 8. */
const ACIDITY: Record<Acidity, number> = { low: 3, medium: 5, high: 8 };

/** X-Wines body grade → score: very light 1, light 3, medium 5, full 7, very full 9. */
const BODY: Record<Body, number> = { very_light: 1, light: 3, medium: 5, full: 7, very_full: 9 };

/** Tannin adjustment by body: fuller reds carry more extract (very light −2 … very full +2). */
const BODY_TANNIN: Record<Body, number> = { very_light: -2, light: -1, medium: 0, full: 1, very_full: 2 };

/**
 * Red varieties with high tannin (score 8). Source: J. Robinson (ed.), "The Oxford Companion to Wine",
 * 4th ed., and Robinson/Harding/Vouillamoz, "Wine Grapes" (2012), variety entries.
 */
const HIGH_TANNIN = new Set([
  "Nebbiolo",
  "Tannat",
  "Cabernet Sauvignon",
  "Sagrantino",
  "Touriga Nacional",
  "Syrah/Shiraz",
  "Malbec",
  "Petit Verdot",
  "Petite Sirah",
  "Mourvedre",
  "Monastrell",
  "Saperavi",
  "Alicante Bouschet",
  "Baga",
  "Sousão",
  "Vinhão",
  "Mandilaria",
  "Raboso Piave",
  "Bogazkere",
  "Krasnostop Zolotovsky",
]);

/** Red varieties with low tannin (score 4), same sources. Other red varieties score 6 (medium). */
const LOW_TANNIN = new Set([
  "Pinot Noir",
  "Pinot Nero",
  "Spätburgunder",
  "Pinot Meunier",
  "Gamay",
  "Grenache",
  "Garnacha",
  "Garnacha Tinta",
  "Barbera",
  "Cinsault",
  "Corvina",
  "Rondinella",
  "Molinara",
  "Lambrusco",
  "Brachetto",
  "Trollinger",
  "Muscat of Hamburg",
  "Fragolino",
  "Espadeiro",
  "Zweigelt",
  "Kotsifali",
  "Tibouren",
  "País/Mission",
  "Tinta Negra Mole",
]);

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Tannin score 0..10. White wines: 0 (1 when full or very full bodied, from barrel or skin contact);
 * rosé: 1 (2 when full bodied). Reds: mean over the red grapes of 8 (high-tannin variety), 4
 * (low-tannin variety) or 6 (other), no red grape known → 6; plus the body adjustment (very light −2 …
 * very full +2); red sparkling −2 (Lambrusco, Brachetto); clamped to 1..10.
 */
export function tanninScore(color: Color, subType: SubType, body: Body, grapes: readonly string[]): number {
  const full = body === "full" || body === "very_full";
  if (color === "white") return full ? 1 : 0;
  if (color === "rose") return full ? 2 : 1;
  const reds = grapes.filter((g) => grapeColor(g) !== "white");
  const scores = reds.map((g) => (HIGH_TANNIN.has(g) ? 8 : LOW_TANNIN.has(g) ? 4 : 6));
  const base = scores.length === 0 ? 6 : scores.reduce((a, b) => a + b, 0) / scores.length;
  const sparkling = subType === "sparkling" ? -2 : 0;
  return clamp(Math.round(base + BODY_TANNIN[body] + sparkling), 1, 10);
}

/**
 * Alcohol score 0..10 from ABV (% vol): ≤ 8 → 2, 12.5 → 5, ≥ 15 → 9, linear in between, rounded.
 * Fortified wines (liqueur wines, ≥ 15 % vol) and spirits (> 22 % vol) → 10.
 * Unknown ABV → 5 (12.5 %, a typical table wine), or 10 for fortified wines.
 */
export function alcoholScore(abv: number | null, type: WineType): number {
  if (type === "fortified" || (abv !== null && abv > MAX_WINE_ABV)) return 10;
  if (abv === null) return 5;
  if (abv <= 8) return 2;
  if (abv <= 12.5) return Math.round(2 + ((abv - 8) * 3) / 4.5);
  if (abv < 15) return Math.round(5 + ((abv - 12.5) * 4) / 2.5);
  return 9;
}

/**
 * Flavour profile, all integers in 0..10:
 * - sweetness: from the residual-sugar term (still dry 0, off_dry 2, medium_sweet 5, sweet 8; sparkling
 *   brut nature/extra brut 0, brut 1, extra dry 2, dry 3, demi-sec 5, doux 8; none 0);
 * - acidity: X-Wines Acidity low 3, medium 5, high 8; +1 for sparkling (high-acid base wines, CO₂
 *   freshness), −1 for fortified (alcohol and sugar soften the acidity); clamped to 1..10;
 * - tannins: {@link tanninScore};
 * - alcohol: {@link alcoholScore};
 * - body: X-Wines Body very light 1, light 3, medium 5, full 7, very full 9;
 * - finish (length): round(0.6 × body + 0.2 × acidity + 0.2 × tannins), +2 for fortified and +1 for
 *   dessert wines (sugar and alcohol lengthen the finish); clamped to 1..10.
 */
export function deriveFlavorProfile(facts: FlavorFacts): FlavorProfile {
  const sparklingDry = facts.residualSugar === "dry" && facts.subType === "sparkling";
  const sweetness =
    facts.residualSugar === null ? 0 : sparklingDry ? SPARKLING_DRY : SWEETNESS[facts.residualSugar];
  const styleAcidity = (facts.subType === "sparkling" ? 1 : 0) + (facts.type === "fortified" ? -1 : 0);
  const acidity = clamp(ACIDITY[facts.acidity] + styleAcidity, 1, 10);
  const tannins = tanninScore(facts.color, facts.subType, facts.body, facts.grapes);
  const alcohol = alcoholScore(facts.abv, facts.type);
  const body = BODY[facts.body];
  const styleFinish = facts.type === "fortified" ? 2 : facts.type === "dessert" ? 1 : 0;
  const finish = clamp(Math.round(0.6 * body + 0.2 * acidity + 0.2 * tannins) + styleFinish, 1, 10);
  return { sweetness, acidity, tannins, alcohol, body, finish };
}
