/**
 * Drinking window of a wine: the span, in whole years after the vintage (or after release for a
 * non-vintage wine), in which the wine is expected to drink at its best.
 *
 * The catalogue has no tasting or cellar data, so the window is estimated from the style facts by
 * the rules below. Each rule names the reference whose qualitative guidance it encodes; the exact
 * figures are this module's calibration of that guidance, not quotations:
 * - [OCW] J. Robinson & J. Harding (eds.), The Oxford Companion to Wine, 4th ed. (2015), entries
 *   "ageing", "port", "sherry", "botrytized wines", "Sauternes", "champagne", "Asti", "rosé", "Riesling".
 * - [WF] M. Puckette & J. Hammack, Wine Folly: Magnum Edition (2018), "How long does wine last" and the
 *   variety profiles.
 * - [WS] Wine Spectator, "Which wines age best?" and its vintage charts' drink/hold guidance.
 * - [CIVC] Comité Champagne, appellation rules: vintage champagne spends at least 3 years on the lees
 *   before release.
 */
import type { Body } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../content.types.ts";
import { type AgeingClass, grapeDescriptor } from "./i18n/grapes.ts";
import { sweetnessGroup } from "./i18n/style-words.ts";

/** A drinking window in whole years after the vintage: 0 <= from <= to <= 100. */
export interface DrinkingWindow {
  from: number;
  to: number;
}

/**
 * The rule a window was derived from; the text templates describe youth and maturity by rule.
 * - fortified_vintage: vintage-dated fortified wine (Vintage Port style) — base 5–40 [OCW "port"].
 * - fortified_fino: dry, light- to medium-bodied fortified white (fino/manzanilla style) — 0–2 [OCW "sherry"].
 * - fortified: non-vintage fortified wine, aged by the producer and ready at release — 0–10 [OCW "port", "sherry"].
 * - sweet_light: sweet sparkling or low-alcohol (< 8 % ABV) sweet wine (Moscato d'Asti style) — 0–2 [OCW "Asti", WF].
 * - sweet_botrytis: sweet white with high acidity and full body (Sauternes/Tokaji style) — 5–30 [OCW "botrytized wines", "Sauternes"].
 * - sweet: other dessert wines — red 3–15, other 2–12 [OCW "dessert wines", "Recioto"].
 * - sparkling_vintage: vintage-dated sparkling from Chardonnay/Pinot Noir/Meunier or a Champagne blend — 3–12 [CIVC, OCW "champagne"].
 * - sparkling_quality: other vintage-dated sparkling with high acidity — 1–5 [OCW "sparkling wine-making"].
 * - sparkling: non-vintage, aromatic (Glera, Muscat) or red sparkling — 0–3 (0–2 aromatic/red) [OCW "champagne", WF "Prosecco"].
 * - rose: still rosé — 0–2, full-bodied 0–3 [OCW "rosé", WF].
 * - white: still white by variety ageing class — long 2–15 (1–8 without high acidity), medium 1–5, short 0–3
 *   [OCW "Riesling", "Chenin Blanc", "ageing"; WF "most whites within 1–3 years"].
 * - red: still red by variety ageing class — long 4–20, medium 2–10, short 0–4 [WS, OCW "ageing", WF].
 */
export type WindowRule =
  | "fortified_vintage"
  | "fortified_fino"
  | "fortified"
  | "sweet_light"
  | "sweet_botrytis"
  | "sweet"
  | "sparkling_vintage"
  | "sparkling_quality"
  | "sparkling"
  | "rose"
  | "white"
  | "red";

/** A window with the rule it came from. */
export interface ClassifiedWindow extends DrinkingWindow {
  rule: WindowRule;
}

const CLASS_RANK: Record<AgeingClass, number> = { short: 0, medium: 1, long: 2 };

/**
 * Ageing class of the wine's varieties: the strongest class among the first two listed grapes
 * (X-Wines lists the dominant grapes first); `fallback` when none is in the descriptor table.
 */
export function ageingClass(facts: WineFacts, fallback: AgeingClass): AgeingClass {
  let best: AgeingClass | undefined;
  for (const grape of facts.grapes.slice(0, 2)) {
    const cls = grapeDescriptor(grape.name)?.ageing;
    if (cls && (best === undefined || CLASS_RANK[cls] > CLASS_RANK[best])) best = cls;
  }
  return best ?? fallback;
}

/**
 * Multiplier for still wines: fuller body, higher acidity, firmer tannins and (for dry reds)
 * riper alcohol extend the window — the structural factors named in [OCW "ageing"] and [WS].
 * body: very light 0.5, light 0.7, medium 0.85, full 1, very full 1.15; acidity: low 0.8, high 1.1;
 * tannins (reds, flavour 0..10): ≤3 0.8, ≥7 1.15; dry red under 12 % ABV 0.9.
 */
export function structureFactor(facts: WineFacts): number {
  const body: Record<Body, number> = { very_light: 0.5, light: 0.7, medium: 0.85, full: 1, very_full: 1.15 };
  let factor = body[facts.body];
  if (facts.acidity === "low") factor *= 0.8;
  if (facts.acidity === "high") factor *= 1.1;
  if (facts.color === "red") {
    if (facts.flavor.tannins <= 3) factor *= 0.8;
    if (facts.flavor.tannins >= 7) factor *= 1.15;
    if (facts.abv !== null && facts.abv < 12) factor *= 0.9;
  }
  return factor;
}

const TRADITIONAL_SPARKLING = new Set([
  "chardonnay",
  "pinot noir",
  "spatburgunder",
  "pinot nero",
  "pinot meunier",
  "meunier",
]);
const AROMATIC_SPARKLING = /glera|prosecco|muscat|moscato|brachetto|lambrusco/i;

function isSweet(facts: WineFacts): boolean {
  if (facts.type === "dessert") return true;
  return facts.residualSugar !== null && sweetnessGroup(facts.residualSugar) === "sweet";
}

function grapeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Classifies the wine and returns the window with its rule (see WindowRule for rules and sources). */
export function classifyDrinkingWindow(facts: WineFacts): ClassifiedWindow {
  const vintaged = facts.vintage !== null;
  const grapeNames = facts.grapes.map((g) => grapeKey(g.name));
  const aromatic = facts.grapes.some((g) => AROMATIC_SPARKLING.test(g.name));

  if (facts.type === "fortified") {
    const dryLight =
      facts.residualSugar !== null &&
      sweetnessGroup(facts.residualSugar) === "dry" &&
      facts.color === "white" &&
      (facts.body === "very_light" || facts.body === "light" || facts.body === "medium");
    if (dryLight) return clamp({ rule: "fortified_fino", from: 0, to: 2 });
    if (vintaged) return clamp({ rule: "fortified_vintage", from: 5, to: 40 });
    return clamp({ rule: "fortified", from: 0, to: 10 });
  }

  if (isSweet(facts)) {
    if (facts.subType === "sparkling" || (facts.abv !== null && facts.abv < 8))
      return clamp({ rule: "sweet_light", from: 0, to: 2 });
    if (
      facts.color === "white" &&
      facts.acidity === "high" &&
      (facts.body === "full" || facts.body === "very_full")
    )
      return clamp({ rule: "sweet_botrytis", from: 5, to: 30 });
    return facts.color === "red" ? scaled(facts, "sweet", 3, 15) : scaled(facts, "sweet", 2, 12);
  }

  if (facts.subType === "sparkling") {
    if (aromatic || facts.color === "red") return clamp({ rule: "sparkling", from: 0, to: 2 });
    const traditional =
      /champagne/i.test(facts.elaboration) || grapeNames.some((name) => TRADITIONAL_SPARKLING.has(name));
    if (vintaged && traditional) return clamp({ rule: "sparkling_vintage", from: 3, to: 12 });
    if (vintaged && facts.acidity === "high") return clamp({ rule: "sparkling_quality", from: 1, to: 5 });
    return clamp({ rule: "sparkling", from: 0, to: 3 });
  }

  if (facts.color === "rose") {
    const full = facts.body === "full" || facts.body === "very_full";
    return clamp({ rule: "rose", from: 0, to: full ? 3 : 2 });
  }

  if (facts.color === "white") {
    const cls = ageingClass(facts, "short");
    if (cls === "long")
      return facts.acidity === "high" ? scaled(facts, "white", 2, 15) : scaled(facts, "white", 1, 8);
    if (cls === "medium") return scaled(facts, "white", 1, 5);
    return scaled(facts, "white", 0, 3);
  }

  const cls = ageingClass(facts, "medium");
  if (cls === "long") return scaled(facts, "red", 4, 20);
  if (cls === "medium") return scaled(facts, "red", 2, 10);
  return scaled(facts, "red", 0, 4);
}

function scaled(facts: WineFacts, rule: WindowRule, from: number, to: number): ClassifiedWindow {
  const factor = structureFactor(facts);
  const scaledTo = Math.max(1, Math.round(to * factor));
  const scaledFrom = Math.min(Math.round(from * Math.min(factor, 1.2)), Math.max(0, scaledTo - 1));
  return clamp({ rule, from: scaledFrom, to: scaledTo });
}

function clamp(w: ClassifiedWindow): ClassifiedWindow {
  const from = Math.max(0, Math.min(100, Math.round(w.from)));
  const to = Math.max(from, Math.min(100, Math.round(w.to)));
  return { rule: w.rule, from, to };
}

/**
 * The drinking window of a wine in whole years after the vintage (after release when `vintage` is
 * null): `{ from, to }` with 0 <= from <= to <= 100. Deterministic; see `classifyDrinkingWindow` and
 * `WindowRule` for the rules and their sources.
 */
export function drinkingWindow(facts: WineFacts): DrinkingWindow {
  const { from, to } = classifyDrinkingWindow(facts);
  return { from, to };
}
