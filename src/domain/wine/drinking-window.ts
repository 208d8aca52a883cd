/**
 * Drinking window of a wine: the span, in whole years after the vintage (or after release/purchase for
 * a non-vintage wine), in which the wine is expected to drink at its best. The style comes from
 * `wineStyle` (wine-style.ts): the window is counted from the vintage the style may name (null for
 * non-vintage wines) and never opens before that vintage may be sold (appellation release rules).
 *
 * The catalogue has no tasting or cellar data, so the window is estimated from the style facts by
 * the rules below. Each rule names the reference whose qualitative guidance it encodes; the exact
 * figures are this module's calibration of that guidance, not quotations:
 * - [OCW] J. Robinson & J. Harding (eds.), The Oxford Companion to Wine, 4th ed. (2015), entries
 *   "ageing", "port", "sherry", "botrytized wines", "Sauternes", "champagne", "prestige cuvée", "Asti",
 *   "rosé", "Riesling", "Beaujolais".
 * - [WF] M. Puckette & J. Hammack, Wine Folly: Magnum Edition (2018), "How long does wine last" and the
 *   variety profiles.
 * - [WS] Wine Spectator, "Which wines age best?" and its vintage charts' drink/hold guidance.
 * - [IVDP] Instituto dos Vinhos do Douro e do Porto, Port categories: ruby and tawny (incl. Colheita and
 *   aged tawnies) are aged in wood by the shipper and ready when bottled; LBV is bottled ready in its
 *   4th–6th year; Vintage Port is bottled young and matures in bottle.
 * - [CIVC] Comité Champagne and the AOC Champagne cahier des charges: non-vintage champagne is sold
 *   ready to drink; vintage champagne spends at least 3 years on the lees before release.
 * - [AOC/DOCG] the release rules of `domain/wine/appellation-rules.ts` (Brunello, Barolo, Rioja …).
 */
import { fold } from "../text-folding.ts";
import type { Body } from "../vocabulary.ts";
import { type AgeingClass, grapeRecord } from "./grapes/grape-records.ts";
import type { WineFacts } from "./wine-facts.ts";
import { legalLabelTerms, type Tier, tierOf } from "./wine-name.ts";
import { type StyleKind, type WineStyle, wineStyle } from "./wine-style.ts";

/** A drinking window in whole years after the vintage: 0 <= from <= to <= 100. */
export interface DrinkingWindow {
  from: number;
  to: number;
}

/**
 * The rule a window was derived from is the wine's style kind (see `StyleKind`); figures in years:
 * - vintage_port 10–40 [OCW "port", IVDP]; lbv_port 4–10 and colheita_port 7–17, ready when
 *   bottled [IVDP]; tawny_port 0–5, ruby_port 0–3 after purchase, ready when bottled, not improved by
 *   keeping [IVDP, OCW "port"]; fino 0–1 (fades once bottled) [OCW "sherry"]; fortified 0–10 [OCW "sherry", "Madeira"].
 * - sweet_light 0–2 [OCW "Asti", WF]; botrytis 5–30 [OCW "botrytized wines", "Sauternes"]; sweet_white
 *   2–12 and sweet_red 3–15, scaled by structure [OCW "dessert wines", "Recioto"].
 * - sparkling_nv 0–3 after purchase [CIVC, OCW "champagne"]; sparkling_vintage from its release (at
 *   least 3) to 12 [CIVC]; sparkling_prestige 8–20 [OCW "prestige cuvée"]; sparkling_fresh 0–2
 *   [WF "Prosecco", OCW "Lambrusco"].
 * - rose 0–2, full-bodied 0–3 [OCW "rosé", WF].
 * - white by variety ageing class: long 2–15 (1–8 without high acidity), medium 1–5, short 0–3
 *   [OCW "Riesling", "Chenin Blanc", "ageing"; WF "most whites within 1–3 years"];
 *   red: long 4–20, medium 2–10, short 0–4 [WS, OCW "ageing", WF]; both scaled by structure and by the
 *   ageing level (crianza ×1.1, riserva ×1.25, gran reserva ×1.4) [Ley 24/2003, DOCG disciplinari].
 * Every window of a vintage wine opens no earlier than the vintage's release year [AOC/DOCG], a still
 * wine's no earlier than the year after its harvest (primeur wines excepted) [OCW "release"]; a
 * long-lived variety keeps its long window only with an appellation rule, an ageing level or a
 * classification term (see standingClass).
 */
export type WindowRule = StyleKind;

/** A window with the rule it came from and the recognised style. */
export interface ClassifiedWindow extends DrinkingWindow {
  rule: WindowRule;
  style: WineStyle;
  /** The source of the long-ageing rule that lets the window pass 20 years (see LONG_AGEING), if any. */
  longAgeing?: string;
}

const CLASS_RANK: Record<AgeingClass, number> = { short: 0, medium: 1, long: 2 };

/**
 * Ageing class of the wine's varieties: the strongest class among the first two listed grapes
 * (X-Wines lists the dominant grapes first); `fallback` when no grape record gives a class.
 */
export function ageingClass(facts: WineFacts, fallback: AgeingClass): AgeingClass {
  let best: AgeingClass | undefined;
  for (const grape of facts.grapes.slice(0, 2)) {
    const cls = grapeRecord(grape.name)?.ageing;
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

/** Primeur wines, sold in the year of their harvest (OCW "Beaujolais", "novello"). */
const PRIMEUR_WORDS = /\b(nouveau|primeur|novello)\b/;

/**
 * The variety's ageing class as far as the wine's standing supports it: a long-lived variety (Cabernet
 * Sauvignon, Nebbiolo, Riesling) keeps its long window in a long-ageing appellation (LONG_AGEING) or
 * above the everyday tier (a legal ageing term, a classification, a single site: see `tierOf`);
 * elsewhere it ages like a medium one, because ageing potential is a matter of site and quality level
 * as much as of variety [OCW "ageing": "only a small proportion of wines benefit from long ageing"; WS]
 * — a 12 % Bordeaux rouge is no classed growth.
 */
function standingClass(cls: AgeingClass, facts: WineFacts, tier: Tier): AgeingClass {
  if (cls !== "long" || tier !== "everyday") return cls;
  return longAgeing(facts, tier) ? cls : "medium";
}

/**
 * Appellations and styles whose wines may keep longer than 20 years, each with its source; every other
 * window spans at most {@link TIER_SPAN} years for its tier.
 */
const LONG_AGEING: readonly {
  test: (facts: WineFacts, tier: Tier) => boolean;
  span: number;
  source: string;
}[] = [
  {
    // IVDP, Vintage Port: bottled after 2–3 years, made to age in bottle; OCW "port": decades.
    test: (f) => /\bvintage port\b|\bvintage\b.*\bporto?\b/.test(fold(f.name)) && f.type === "fortified",
    span: 30,
    source: "IVDP (Vintage Port); OCW 'port'",
  },
  {
    // The 1855 classification of Sauternes and Barsac; OCW "Sauternes": classed growths for decades.
    test: (f, tier) => /^(sauternes|barsac)$/.test(fold(f.region.names.en)) && tier === "classified",
    span: 25,
    source: "Sauternes and Barsac 1855 classification; OCW 'Sauternes'",
  },
  {
    // OEM Tokaj termékleírás (aszú ≥ 5 puttonyos, eszencia); OCW "Tokaji": among the longest-lived wines.
    test: (f) => /\b(aszu|eszencia)\b/.test(fold(f.name)) && !/\b[34] puttonyos\b/.test(fold(f.name)),
    span: 25,
    source: "OEM Tokaj product specification; OCW 'Tokaji'",
  },
  {
    // Weingesetz § 20 (Beerenauslese, Trockenbeerenauslese); OCW "Trockenbeerenauslese".
    test: (f) => /\b(trockenbeerenauslese|beerenauslese)\b/.test(fold(f.name)),
    span: 25,
    source: "Weingesetz § 20; OCW 'Trockenbeerenauslese'",
  },
  {
    // DOCG disciplinari: Barolo 38 months, Barbaresco 26, Brunello 5 years, Taurasi 3, Amarone 2 before
    // release; OCW entries of the same names: the Nebbiolo and Sangiovese grosso reds built to age.
    test: (f) =>
      f.color === "red" &&
      /^(barolo|barbaresco|brunello di montalcino|taurasi|amarone della valpolicella)$/.test(
        fold(f.region.names.en),
      ),
    span: 25,
    source: "DOCG disciplinari (Barolo, Barbaresco, Brunello di Montalcino, Taurasi, Amarone); OCW",
  },
  {
    // The 1855 (Médoc, Graves) and Saint-Émilion classifications; OCW "Bordeaux": classed growths.
    test: (f, tier) =>
      f.color === "red" &&
      tier === "classified" &&
      /^(pauillac|margaux|saint-julien|saint-estephe|pessac-leognan|saint-emilion grand cru|pomerol|haut-medoc)$/.test(
        fold(f.region.names.en),
      ),
    span: 25,
    source: "Médoc 1855 and Saint-Émilion classifications; OCW 'Bordeaux'",
  },
  {
    // Ley 24/2003 art. 3 and the DOCa Rioja / DO Ribera del Duero rules: Gran Reserva, 5 years before release.
    test: (f) =>
      /\bgran reserva\b/.test(fold(f.name)) && /^(rioja|ribera del duero)$/.test(fold(f.region.names.en)),
    span: 25,
    source: "Ley 24/2003 art. 3; DOCa Rioja, DO Ribera del Duero rules",
  },
];

/** The long-ageing rule a wine falls under, or undefined. */
function longAgeing(facts: WineFacts, tier: Tier) {
  return LONG_AGEING.find((r) => r.test(facts, tier));
}

/**
 * Longest window, in years from its first to its last year, of a wine without a long-ageing rule, by
 * tier: an everyday wine is made to drink within a decade at most, a reserve bottling (a legal ageing
 * term, old vines, a single site) within 15 years, a classified growth within 20 [OCW "ageing"; Wine
 * Spectator, "How long will my wine last?"].
 */
const TIER_SPAN: Readonly<Record<Tier, number>> = { everyday: 10, reserve: 15, classified: 20 };

/**
 * Styles sold ready to drink and not improved by keeping: Port aged in wood (LBV, colheita, tawny,
 * ruby), fino and other fortified wines, non-vintage and fresh sparkling wines, light sweet wines and
 * rosé (IVDP; OCW "port", "sherry", "champagne", "Asti", "rosé"). Their texts give no cellar advice.
 */
const SOLD_READY: ReadonlySet<StyleKind> = new Set<StyleKind>([
  "lbv_port",
  "colheita_port",
  "tawny_port",
  "ruby_port",
  "fino",
  "fortified",
  "sparkling_nv",
  "sparkling_fresh",
  "sweet_light",
  "rose",
]);

/** True for a style sold ready to drink that keeping does not improve (see SOLD_READY). */
export function soldReady(kind: StyleKind): boolean {
  return SOLD_READY.has(kind);
}

/** Window bounds of a style before structure scaling and release, or undefined for still wines. */
const FIXED: Partial<Record<StyleKind, [number, number]>> = {
  vintage_port: [10, 40],
  lbv_port: [4, 10],
  colheita_port: [7, 17],
  tawny_port: [0, 5],
  ruby_port: [0, 3],
  fino: [0, 1],
  fortified: [0, 10],
  sweet_light: [0, 2],
  botrytis: [5, 30],
  sparkling_nv: [0, 3],
  sparkling_vintage: [3, 12],
  sparkling_prestige: [8, 20],
  sparkling_fresh: [0, 2],
};

/** Window factor of the ageing level a label term selects (see WindowRule). */
const LEVEL_FACTOR = { crianza: 1.1, riserva: 1.25, gran_reserva: 1.4 } as const;

function byStyle(facts: WineFacts, style: WineStyle, tier: Tier): ClassifiedWindow {
  const rule = style.kind;
  const fixed = FIXED[rule];
  if (fixed) return { rule, style, from: fixed[0], to: fixed[1] };
  if (rule === "sweet_white") return scaled(facts, style, 2, 12, 1);
  if (rule === "sweet_red") return scaled(facts, style, 3, 15, 1);
  if (rule === "rose") {
    const full = facts.body === "full" || facts.body === "very_full";
    return { rule, style, from: 0, to: full ? 3 : 2 };
  }
  // Reserva/Riserva/Crianza lengthen a window only where they are legal ageing terms (wine-name.ts).
  const legal = tier !== "everyday" && /^(ES|PT|IT)$/i.test(facts.region.country);
  const level =
    legal && (style.level === "crianza" || style.level === "riserva" || style.level === "gran_reserva")
      ? LEVEL_FACTOR[style.level]
      : 1;
  if (rule === "white") {
    const cls = standingClass(ageingClass(facts, "short"), facts, tier);
    if (cls === "long")
      return facts.acidity === "high"
        ? scaled(facts, style, 2, 15, level)
        : scaled(facts, style, 1, 8, level);
    return cls === "medium" ? scaled(facts, style, 1, 5, level) : scaled(facts, style, 0, 3, level);
  }
  const cls = standingClass(ageingClass(facts, "medium"), facts, tier);
  if (cls === "long") return scaled(facts, style, 4, 20, level);
  return cls === "medium" ? scaled(facts, style, 2, 10, level) : scaled(facts, style, 0, 4, level);
}

/**
 * Classifies the wine and returns the window with its rule and style (see WindowRule for rules and
 * sources): years after `style.vintage`, or after release/purchase when that is null.
 */
export function classifyDrinkingWindow(facts: WineFacts, style: WineStyle): ClassifiedWindow {
  const tier = tierOf(legalLabelTerms(facts));
  const long = longAgeing(facts, tier);
  let w = byStyle(facts, style, tier);
  // Sweet botrytis wines outside the long-ageing rules (a New World "Noble Late Harvest", Tokaji Aszú
  // of 3–4 puttonyos) drink from their second year [OCW "botrytized wines"].
  if (w.rule === "botrytis" && !long) w = { ...w, from: 2, to: 2 + TIER_SPAN[tier] };
  // A still wine of a vintage is sold at the earliest in the spring after its harvest (OCW "release"),
  // except primeur wines.
  const still = style.kind === "red" || style.kind === "white" || style.kind === "rose";
  if (still && style.vintage !== null && w.from < 1 && !PRIMEUR_WORDS.test(fold(facts.name)))
    w = { ...w, from: 1, to: Math.max(w.to, 2) };
  if (style.vintage !== null && style.releaseYear !== null) {
    const release = style.releaseYear - style.vintage;
    if (w.from < release) {
      const span = Math.max(2, w.to - w.from);
      w = { ...w, from: release, to: Math.max(w.to, release + span) };
    }
  }
  // Styles with a window of their own (FIXED: Port, sparkling, fino …) keep it; every other window is
  // as long as its long-ageing rule or its tier allows.
  const own = FIXED[w.rule] !== undefined && w.rule !== "botrytis";
  const span = long?.span ?? (own ? w.to - w.from : TIER_SPAN[tier]);
  w = { ...w, to: Math.min(w.to, w.from + span) };
  return clamp(long ? { ...w, longAgeing: long.source } : w);
}

function scaled(
  facts: WineFacts,
  style: WineStyle,
  from: number,
  to: number,
  level: number,
): ClassifiedWindow {
  const factor = structureFactor(facts) * level;
  const scaledTo = Math.max(1, Math.round(to * factor));
  const scaledFrom = Math.min(Math.round(from * Math.min(factor, 1.2)), Math.max(0, scaledTo - 1));
  return { rule: style.kind, style, from: scaledFrom, to: scaledTo };
}

function clamp(w: ClassifiedWindow): ClassifiedWindow {
  const from = Math.max(0, Math.min(100, Math.round(w.from)));
  const to = Math.max(from, Math.min(100, Math.round(w.to)));
  return { ...w, from, to };
}

/**
 * The drinking window of a wine in whole years after the vintage its style may name (after release
 * when that is null; see `wineStyle`): `{ from, to }` with 0 <= from <= to <= 100. Deterministic; see `classifyDrinkingWindow` and
 * `WindowRule` for the rules and their sources.
 */
export function drinkingWindow(facts: WineFacts, year: number): DrinkingWindow {
  const { from, to } = classifyDrinkingWindow(facts, wineStyle(facts, year));
  return { from, to };
}
