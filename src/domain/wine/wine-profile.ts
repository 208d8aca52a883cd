/**
 * Deciding what a wine's texts say, language-free: the one record the writers
 * (modules/content/writing/<lang>) turn into words. Everything true or typical about the wine is
 * decided here — its style and vintage, whether it is wine at all, its appellation and where that
 * lies, what its name may be used for, the label terms that rank it, its drinking window, serving,
 * aromas, palate and foods — and the order in which its notable facts are worth saying.
 */

import { sweetnessGroup } from "../residual-sugar-terms.ts";
import { fold } from "../text-folding.ts";
import { type AppellationRule, appellationRule, principalRank } from "./appellation-rules.ts";
import type { AromaId } from "./aromas.ts";
import { type ClassifiedWindow, classifyDrinkingWindow } from "./drinking-window.ts";
import type { RegionRecord } from "./regions/region-record.ts";
import { regionRecord } from "./regions/region-records.ts";
import {
  agedAromas,
  pairingFoods,
  servingTemperature,
  spiritFoods,
  suggestsDecanting,
  typicalAromas,
} from "./tasting-and-serving.ts";
import type { WineFacts } from "./wine-facts.ts";
import {
  CLASSIFIED_TERMS,
  type LabelTerm,
  legalLabelTerms,
  type NameKind,
  nameHasProducer,
  nameKind,
  nameStatesRegion,
  type Tier,
  tierOf,
} from "./wine-name.ts";
import { type WineStyle, wineStyle } from "./wine-style.ts";

/** The tier of a wine (wine-name.ts), part of the profile's contract. */
export type { Tier } from "./wine-name.ts";

/** What the bottle is: wine, or a spirit distilled from grapes or pomace (grappa, marc, brandy). */
export type WineCategory = "wine" | "grape_spirit";

/** The facts a text may lead with, most notable first. */
export type Notable = "classification" | "appellation" | "site" | "style" | "producer" | "grapes";

/** A drinking window with the rule it comes from; see drinking-window.ts for rules and sources. */
export type ProfileWindow = ClassifiedWindow;

/** The palate as facts: levels, not words. */
export interface Palate {
  sweetness: "dry" | "off_dry" | "sweet";
  body: WineFacts["body"];
  acidity: WineFacts["acidity"];
  /** Reds only: tannin from the flavour profile (0–10: ≤ 3 soft, ≤ 6 moderate, else firm). */
  tannin: "soft" | "moderate" | "firm" | null;
  /** From the flavour profile (0–10): ≥ 7 long, 4–6 medium, below that not worth saying (null). */
  finish: "long" | "medium" | null;
  /** Alcohol in % vol, null when unknown (a text then says nothing about it). */
  abv: number | null;
}

/** Everything the writers may say about one wine. */
export interface WineProfile {
  /** The facts, grapes ordered principal variety first (appellation rule), foods chosen for the style. */
  facts: WineFacts;
  style: WineStyle;
  category: WineCategory;
  /** The record of the wine's region; for a region named after a style (Fino Sherry), see `place`. */
  region: RegionRecord | undefined;
  /** Where the wine comes from as a place: the region record, or the place a style name stands for. */
  place: RegionRecord | undefined;
  /** The region one level up (`place.within`), for "Saint-Estèphe, in the Haut-Médoc". */
  placeWithin: RegionRecord | undefined;
  /** The appellation's rules (colours, principal grapes, release), when it has some. */
  rule: AppellationRule | undefined;
  nameKind: NameKind;
  /** The wine's name contains the producer's name; the region's name. */
  nameHasProducer: boolean;
  nameStatesRegion: boolean;
  /** Label terms of the name, legal ageing terms only in their own countries (see wine-name.ts). */
  terms: LabelTerm[];
  tier: Tier;
  /** null for a grape spirit: it does not develop in bottle like a wine. */
  window: ProfileWindow | null;
  serving: { temperature: [number, number]; decant: boolean };
  aromas: { ids: AromaId[]; fromGrapes: boolean; aged: AromaId[] };
  palate: Palate;
  /** Foods (X-Wines categories) that suit the style, best first. */
  foods: string[];
  /** Body, acidity, foods and flavour are typical of the appellation and style, not the wine's own. */
  typical: boolean;
  notable: Notable[];
  /** A stable number for choosing among a writer's variants (the wine's id). */
  seed: number;
  /** The calendar year the texts are written in (a window that ended before it is past). */
  year: number;
}

/** Names of grape spirits (folded): grappa, marc, brandy, aguardente, eau-de-vie, pisco, orujo, tresterbrand. */
const SPIRIT_WORDS =
  /\b(grappa|marc|brandy|aguardente|bagaceira|eau de vie|pisco|orujo|trester|tresterbrand|cognac|armagnac)\b/;

/**
 * A grape spirit, not a wine: a spirit's name, or an alcohol over 23 % vol — no wine reaches that;
 * fortified wines stop at 22 % (Regulation (EU) 1308/2013, Annex VII part II point 3: liqueur wine
 * 15–22 % vol) and spirits start at 37.5 % (Regulation (EU) 2019/787, Annex I: grape marc 37.5 %).
 */
export function wineCategory(facts: Pick<WineFacts, "name" | "abv" | "region">): WineCategory {
  if (facts.abv !== null && facts.abv > 23) return "grape_spirit";
  return SPIRIT_WORDS.test(fold(`${facts.name} ${facts.region.names.en}`)) ? "grape_spirit" : "wine";
}

/** The facts with a blend's grapes in the order of its appellation's principal varieties. */
function principalFirst(facts: WineFacts, rule: AppellationRule | undefined): WineFacts {
  if (!rule || facts.grapes.length < 2 || facts.elaboration.includes(">")) return facts;
  const grapes = [...facts.grapes].sort((a, b) => principalRank(rule, a.name) - principalRank(rule, b.name));
  return { ...facts, grapes };
}

/**
 * Decides a wine's profile in `year` (the calendar year texts are written in: which vintage may be
 * named). Deterministic for the same facts and year: the style is decided once, in `year`, and
 * handed to the window, serving, aromas and foods.
 */
export function decideWine(input: WineFacts, year: number): WineProfile {
  const rule = appellationRule(input.region.names.en);
  const ordered = principalFirst(input, rule);
  const style = wineStyle(ordered, year);
  const facts: WineFacts = { ...ordered, vintage: style.vintage };
  const category = wineCategory(facts);
  const region = regionRecord(facts.region.names.en);
  const place = region?.kind === "style" && region.place ? regionRecord(region.place) : region;
  const placeWithin = place?.within ? regionRecord(place.within) : undefined;
  const terms = legalLabelTerms(facts);
  const tier = tierOf(terms);
  const kind = nameKind(facts);
  const typical = facts.factsBasis === "typical";
  const foods = category === "wine" ? pairingFoods(facts, style) : spiritFoods(facts);
  const notable: Notable[] = [];
  if (terms.some((t) => CLASSIFIED_TERMS.has(t) || t === "cru_classe" || t === "cru_bourgeois"))
    notable.push("classification");
  if (place?.kind === "appellation") notable.push("appellation");
  if (terms.includes("single_vineyard") || terms.includes("old_vines")) notable.push("site");
  if (facts.subType === "sparkling" || facts.type !== "wine" || style.kind.includes("port"))
    notable.push("style");
  notable.push("producer");
  if (facts.grapes.length > 0 && kind !== "grape") notable.push("grapes");
  return {
    facts: { ...facts, foods },
    style,
    category,
    region,
    place,
    placeWithin,
    rule,
    nameKind: kind,
    nameHasProducer: nameHasProducer(facts),
    nameStatesRegion: nameStatesRegion(facts),
    terms,
    tier,
    window: category === "wine" ? classifyDrinkingWindow(facts, style) : null,
    serving: { temperature: servingTemperature(facts, style), decant: suggestsDecanting(facts, style) },
    aromas: { ...typicalAromas(facts, style), aged: agedAromas(facts, style) },
    palate: {
      sweetness: facts.residualSugar ? sweetnessGroup(facts.residualSugar) : "dry",
      body: facts.body,
      acidity: facts.acidity,
      tannin:
        facts.color === "red"
          ? facts.flavor.tannins <= 3
            ? "soft"
            : facts.flavor.tannins <= 6
              ? "moderate"
              : "firm"
          : null,
      finish: facts.flavor.finish >= 7 ? "long" : facts.flavor.finish >= 4 ? "medium" : null,
      abv: facts.abv !== null && facts.abv > 0 ? facts.abv : null,
    },
    foods,
    typical,
    notable,
    seed: facts.id,
    year,
  };
}
