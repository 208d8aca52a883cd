/**
 * Wine style recognition: the one place that decides, from the catalogue facts, which style a wine is,
 * which vintage its texts may name and when that vintage could first be sold. The drinking window,
 * the aromas, the serving temperature, decanting and the pairing all read it.
 *
 * Signals, strongest first:
 * 1. type and sub-type (fortified, dessert, sparkling), colour, residual sugar and ABV;
 * 2. words of the wine's name (folded: accents and case removed): Port categories ("Colheita", "LBV",
 *    "Late Bottled Vintage", "Tawny", "10 Year Old", "Vintage", "Ruby"), "Fino"/"Manzanilla",
 *    sweet-wine terms ("Aszú", "Beerenauslese", "Sélection de grains nobles", "Late Harvest",
 *    "Spätlese", "Auslese", "Vendange tardive", "Eiswein"), sparkling terms ("Millésime", "Vintage",
 *    "Blanc de Blancs", prestige cuvée names such as "Dom Ruinart", multi-vintage names such as
 *    "Grands Vintages"), ageing levels ("Crianza", "Riserva"/"Reserva", "Gran Reserva",
 *    "Gran Selezione");
 * 3. the appellation rules of `domain/wine/appellation-rules.ts` (release delays, e.g. Brunello);
 * 4. the listed vintages (`WineFacts.vintages`): a vintage wine names the newest listed vintage that
 *    may already be on sale in the current year.
 * Sources of the categories: The Oxford Companion to Wine, 4th ed. (2015), entries "port", "sherry",
 * "champagne", "prestige cuvée", "botrytized wines", "late harvest", "Prädikat", "Asti", "Brachetto";
 * the IVDP Port categories and the appellation documents cited in `domain/wine/appellation-rules.ts`.
 */

import { sweetnessGroup } from "../residual-sugar-terms.ts";
import { fold } from "../text-folding.ts";
import { type AgeingLevel, type AppellationRule, appellationRule } from "./appellation-rules.ts";
import type { WineFacts } from "./wine-facts.ts";

/**
 * The style of a wine, as the generators tell styles apart:
 * - vintage_port, lbv_port, colheita_port (a single-harvest tawny), tawny_port, ruby_port: Port
 *   categories (IVDP; OCW "port");
 * - fino: dry, light fortified white (fino/manzanilla; OCW "sherry"); fortified: other fortified wines;
 * - sweet_light: sweet sparkling or sweet under 8 % ABV (Moscato d'Asti, Brachetto; OCW "Asti");
 * - botrytis: noble-rot sweet whites (Sauternes, Tokaji Aszú, Beerenauslese; OCW "botrytized wines");
 * - sweet_white: other sweet whites (late harvest, Spätlese/Auslese, ice wine, passito);
 * - sweet_red: other sweet reds and rosés (Recioto, sweet red dessert wines);
 * - sparkling_prestige, sparkling_vintage, sparkling_nv: dry traditional-style sparkling (OCW
 *   "champagne", "prestige cuvée"); sparkling_fresh: aromatic, tank-method or red sparkling (Prosecco,
 *   Lambrusco, dry Moscato);
 * - rose, white, red: still dry and off-dry wines.
 */
export type StyleKind =
  | "vintage_port"
  | "lbv_port"
  | "colheita_port"
  | "tawny_port"
  | "ruby_port"
  | "fino"
  | "fortified"
  | "sweet_light"
  | "botrytis"
  | "sweet_white"
  | "sweet_red"
  | "sparkling_prestige"
  | "sparkling_vintage"
  | "sparkling_nv"
  | "sparkling_fresh"
  | "rose"
  | "white"
  | "red";

/** A recognised style with what the texts may claim about the wine's vintage and release. */
export interface WineStyle {
  kind: StyleKind;
  /** Ageing level the label terms select (see `AgeingLevel`); "standard" without one. */
  level: AgeingLevel;
  /** Blanc de blancs: named so, or a white sparkling wine from Chardonnay only. */
  blancDeBlancs: boolean;
  /**
   * The vintage the texts may name: null for a non-vintage wine (NV or multi-vintage sparkling, ruby
   * and tawny Port, sherry, a name saying "NV"); else the newest listed vintage whose `release`
   * year has come (the newest listed vintage when none has).
   */
  vintage: number | null;
  /** Earliest calendar year the named vintage may be sold; null without vintage or release rule. */
  releaseYear: number | null;
  /** Where `releaseYear` comes from (document or practice), for reports; "" when null. */
  releaseSource: string;
  /** The appellation rule of the wine's region, when the table has one. */
  rule: AppellationRule | undefined;
}

/**
 * The facts style recognition reads: a `WineFacts`, or a catalogue wine at import (grapes by name,
 * region by English name).
 */
export type StyleInput = Pick<
  WineFacts,
  | "name"
  | "color"
  | "type"
  | "subType"
  | "residualSugar"
  | "abv"
  | "body"
  | "acidity"
  | "elaboration"
  | "vintage"
  | "vintages"
> & { grapes: readonly { name: string }[]; region: { names: { en: string } } };

const has = (name: string, re: RegExp): boolean => re.test(name);

const NV_WORDS = /\b(nv|n v|non vintage|sans annee|multi vintage|grands vintages|sans millesime)\b/;
const VINTAGE_WORDS = /\b(millesime|millesimato|vintage|jahrgang|annata|(19|20)\d\d)\b/;
/** Prestige cuvées (OCW "prestige cuvée"): vintage-dated top wines of the Champagne houses. */
const PRESTIGE_WORDS =
  /\b(dom perignon|dom ruinart|cristal|la grande dame|comtes de champagne|belle epoque|sir winston churchill|cuvee louise|clos du mesnil|clos d ambonnay|amour de deutz|cuvee william deutz|femme de champagne)\b/;
const BOTRYTIS_WORDS =
  /\b(aszu|eszencia|beerenauslese|trockenbeerenauslese|tba|selection de grains nobles|sgn|botrytis|noble rot|noble late harvest|nlh|sauternes|barsac)\b/;
const AROMATIC_SPARKLING = /glera|prosecco|muscat|moscato|brachetto|lambrusco|malvasia/i;
const BLANC_DE_BLANCS = /\bblanc de blancs?\b/;

/** Port recognised by region, elaboration or name (IVDP categories). */
function portKind(name: string, facts: StyleInput): StyleKind | undefined {
  const port =
    /\bport\b|\bporto\b/.test(name) ||
    /port/i.test(facts.elaboration) ||
    appellationRule(facts.region.names.en)?.region === "Porto";
  if (!port) return undefined;
  if (has(name, /\bcolheita\b/)) return "colheita_port";
  if (has(name, /\blbv\b|\blate bottled\b/)) return "lbv_port";
  if (has(name, /\btawny\b|\b\d+ (years?|anos) old\b|\b\d+ anos\b|\b\d+ year\b/)) return "tawny_port";
  if (has(name, /\bvintage\b/)) return "vintage_port";
  return facts.color === "red" ? "ruby_port" : "fortified";
}

function isSweet(facts: StyleInput): boolean {
  if (facts.type === "dessert") return true;
  return facts.residualSugar !== null && sweetnessGroup(facts.residualSugar) === "sweet";
}

function kindOf(facts: StyleInput, name: string, rule: AppellationRule | undefined): StyleKind {
  if (facts.type === "fortified") {
    const port = portKind(name, facts);
    if (port) return port;
    const dryLight =
      facts.residualSugar !== null &&
      sweetnessGroup(facts.residualSugar) === "dry" &&
      facts.color === "white" &&
      (facts.body === "very_light" || facts.body === "light" || facts.body === "medium");
    return dryLight || has(name, /\b(fino|manzanilla)\b/) ? "fino" : "fortified";
  }
  if (isSweet(facts)) {
    if (facts.subType === "sparkling" || (facts.abv !== null && facts.abv < 8)) return "sweet_light";
    if (facts.color !== "white") return "sweet_red";
    const structured = facts.acidity === "high" && (facts.body === "full" || facts.body === "very_full");
    const noble = rule?.region === "Sauternes" || rule?.region === "Tokaj" || has(name, BOTRYTIS_WORDS);
    return structured || noble ? "botrytis" : "sweet_white";
  }
  if (facts.subType === "sparkling") {
    if (facts.color === "red" || facts.grapes.some((g) => AROMATIC_SPARKLING.test(g.name)))
      return "sparkling_fresh";
    if (has(name, NV_WORDS)) return "sparkling_nv";
    if (has(name, PRESTIGE_WORDS)) return "sparkling_prestige";
    return has(name, VINTAGE_WORDS) ? "sparkling_vintage" : "sparkling_nv";
  }
  if (facts.color === "rose") return "rose";
  return facts.color === "white" ? "white" : "red";
}

function levelOf(kind: StyleKind, name: string): AgeingLevel {
  if (kind === "vintage_port" || kind === "sparkling_vintage" || kind === "sparkling_prestige")
    return "vintage";
  if (kind === "lbv_port") return "lbv";
  if (kind === "colheita_port") return "colheita";
  if (has(name, /\bgran reserva\b|\bgran selezione\b/)) return "gran_reserva";
  if (has(name, /\briserva\b|\breserva\b/)) return "riserva";
  if (has(name, /\bcrianza\b/)) return "crianza";
  return "standard";
}

/** Kinds sold without a vintage (NV blends, solera and cask-aged blends). */
const NON_VINTAGE_KINDS: ReadonlySet<StyleKind> = new Set<StyleKind>([
  "tawny_port",
  "ruby_port",
  "fino",
  "fortified",
  "sparkling_nv",
  "sparkling_fresh",
]);

/** Customary release of prestige cuvées, years after the harvest (houses' practice; OCW "prestige cuvée"). */
const PRESTIGE_RELEASE = 8;

/** Release delay in years after the harvest and its source; undefined when no rule applies. */
function releaseDelay(
  kind: StyleKind,
  level: AgeingLevel,
  rule: AppellationRule | undefined,
): { years: number; source: string } | undefined {
  const portRule = kind.endsWith("_port") ? appellationRule("Porto") : undefined;
  const r = portRule ?? rule;
  const legal = r?.release?.[level] ?? r?.release?.standard;
  const source = r ? `${r.region} rules` : "";
  if (kind === "sparkling_prestige" && (legal === undefined || legal < PRESTIGE_RELEASE))
    return { years: PRESTIGE_RELEASE, source: "prestige cuvée practice (OCW)" };
  return legal === undefined ? undefined : { years: legal, source };
}

/**
 * Recognises the style of a wine (see `StyleKind`, and the module comment for signals and sources).
 * `year` is the calendar year in which a vintage must already be on sale to be named (the caller's
 * clock: the import's year, or the year texts are written in). Deterministic for the same facts and year.
 */
export function wineStyle(facts: StyleInput, year: number): WineStyle {
  const name = fold(facts.name);
  const rule = appellationRule(facts.region.names.en);
  const kind = kindOf(facts, name, rule);
  const level = levelOf(kind, name);
  const blancDeBlancs =
    facts.subType === "sparkling" &&
    facts.color === "white" &&
    (has(name, BLANC_DE_BLANCS) ||
      (facts.grapes.length > 0 && facts.grapes.every((g) => g.name === "Chardonnay")));
  const base = { kind, level, blancDeBlancs, rule };
  // A fresh sparkling wine is usually NV, but a Prosecco or Lambrusco "Millesimato" names its vintage
  // (a vintage on the label: ≥ 85 % of the grapes from that harvest, Delegated Regulation (EU) 2019/33,
  // art. 49).
  const dated = kind === "sparkling_fresh" && has(name, VINTAGE_WORDS);
  if (facts.vintage === null || (NON_VINTAGE_KINDS.has(kind) && !dated) || has(name, NV_WORDS))
    return { ...base, vintage: null, releaseYear: null, releaseSource: "" };
  const delay = releaseDelay(kind, level, rule);
  if (!delay) return { ...base, vintage: facts.vintage, releaseYear: null, releaseSource: "" };
  const listed = facts.vintages && facts.vintages.length > 0 ? facts.vintages : [facts.vintage];
  // Never newer than `facts.vintage`: once the import has chosen the vintage (see currentVintage),
  // later generation names the same one whatever the year.
  const newest = facts.vintage;
  const vintage = listed.find((v) => v <= newest && v + delay.years <= year) ?? newest;
  return { ...base, vintage, releaseYear: vintage + delay.years, releaseSource: delay.source };
}

/**
 * A wine's current vintage: the one the catalogue shows (the wine's `vintage` column: producer
 * detail, texts, drinking window), decided at import in `year` (the import's calendar year, from its
 * clock): null for non-vintage styles (NV and multi-vintage sparkling, ruby and tawny Port, sherry),
 * else the newest listed vintage already on sale under the appellation's release rule (see
 * `wineStyle`), else the newest listed.
 */
export function currentVintage(facts: Omit<StyleInput, "vintage">, year: number): number | null {
  return wineStyle({ ...facts, vintage: facts.vintages?.[0] ?? null }, year).vintage;
}
