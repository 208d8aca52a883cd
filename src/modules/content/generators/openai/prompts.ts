/**
 * Prompts for the OpenAI-compatible content generator. The system message fixes role, language,
 * the "facts only" rule and the exact JSON keys; the user message carries the catalogue facts as JSON
 * (the same facts the offline generator uses). No I/O here.
 */
import type { Language } from "../../../../domain/vocabulary.ts";
import type { DrinkingWindow } from "../../../../domain/wine/drinking-window.ts";
import { decideRegion } from "../../../../domain/wine/region-profile.ts";
import type { RegionFacts, WineFacts } from "../../../../domain/wine/wine-facts.ts";
import type { RegionInsightContent } from "../../content.types.ts";
import { CLIMATES } from "../../writing/lexicon/climates.ts";
import { country, countryName } from "../../writing/lexicon/countries.ts";
import { SOILS } from "../../writing/lexicon/soils.ts";
import { DRINKING_BOUNDS, REGION_BOUNDS, SIGNATURE_STYLE_BOUNDS, WINE_TEXT_BOUNDS } from "./validate.ts";

/** A chat message as sent to the chat-completions endpoint. */
export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** The English name of each service language, as named in the prompts. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: "German",
  en: "English",
  fr: "French",
  it: "Italian",
};

/** Shared rules of every system message; `keys` describes the JSON object the model must return. */
function systemMessage(lang: Language, task: string, keys: string[]): ChatMessage {
  const language = LANGUAGE_NAMES[lang];
  const content = [
    "You write product texts for a wine merchant's catalogue.",
    `Write in ${language} only (language code "${lang}"). Every sentence must be ${language}; keep proper names (wine, producer, region, grape) as given.`,
    task,
    "Use only the facts given in the user message. Do not invent awards, scores, vineyards or sites, oak or barrel regimes, ageing times, winemaking details, prices, history or people. If a fact is missing, leave it out.",
    "The flavour profile uses a 0-10 scale (0 none, 10 very high); describe it in words, never quote the numbers.",
    "Answer with a single JSON object and nothing else (no Markdown, no comments). Use exactly these keys, each as described:",
    ...keys.map((k) => `- ${k}`),
    "Do not leave placeholders, braces or the words undefined, null or NaN in the texts.",
  ].join("\n");
  return { role: "system", content };
}

const chars = (b: { min: number; max: number }): string => `${b.min}-${b.max} characters`;

/** The facts of one wine as sent to the model (snake_case keys, names localized to `lang`). */
export function wineFactsPayload(facts: WineFacts, lang: Language): Record<string, unknown> {
  return {
    name: facts.name,
    producer: facts.producerName,
    colour: facts.color,
    type: facts.type,
    sub_type: facts.subType,
    residual_sugar: facts.residualSugar,
    abv_percent: facts.abv,
    body: facts.body,
    acidity: facts.acidity,
    elaboration: facts.elaboration,
    grapes: facts.grapes.map((g) => ({ name: g.name, local_name: g.names[lang] || g.name, colour: g.color })),
    foods: facts.foods,
    region: {
      name: facts.region.names[lang] || facts.region.names.en,
      country: countryName(facts.region.country, lang),
      country_code: facts.region.country,
    },
    vintage: facts.vintage,
    flavour_profile_0_to_10: { ...facts.flavor },
  };
}

/**
 * The facts of one region as sent to the model: names, country, counts by colour and style, ranked
 * grapes, and the region record's climate, soils, features, principal grapes and styles
 * (domain/wine/region-profile.ts).
 */
export function regionFactsPayload(
  facts: RegionFacts,
  lang: Language,
  keyGrapes: RegionInsightContent["keyGrapes"],
): Record<string, unknown> {
  const profile = decideRegion(facts);
  const wines = profile.facts.wines;
  const count = (pred: (w: WineFacts) => boolean): number => wines.filter(pred).length;
  const record = profile.place;
  const countryEntry = country(facts.country);
  return {
    name: facts.names[lang] || facts.names.en,
    names: { ...facts.names },
    country: countryName(facts.country, lang),
    country_code: facts.country,
    wine_count: wines.length,
    wines_by_colour: {
      red: count((w) => w.color === "red"),
      white: count((w) => w.color === "white"),
      rose: count((w) => w.color === "rose"),
    },
    wines_by_style: {
      still: count((w) => w.subType === "still"),
      sparkling: count((w) => w.subType === "sparkling"),
      dessert: count((w) => w.type === "dessert"),
      fortified: count((w) => w.type === "fortified"),
    },
    grapes_by_frequency: profile.grapes.map((e) => ({
      name: e.grape.name,
      local_name: e.grape.names[lang] || e.grape.name,
      colour: e.grape.color,
      wines: e.count,
    })),
    key_grapes: keyGrapes.map((g) => g.name),
    body_counts: countBy(wines.map((w) => w.body)),
    acidity_counts: countBy(wines.map((w) => w.acidity)),
    residual_sugar_counts: countBy(wines.map((w) => w.residualSugar ?? "unknown")),
    climate_facts: record?.climate
      ? {
          climate: CLIMATES[record.climate].en,
          soils: record.soils.map((s) => SOILS[s][lang]),
          features: record.features,
          principal_grapes: record.grapes,
          typical_styles: profile.styles,
          ...(record.designation ? { designation: record.designation } : {}),
          ...(profile.within ? { lies_within: profile.within.names[lang] } : {}),
        }
      : {
          country_climates_general_guidance: (countryEntry?.climates ?? []).map((id) => CLIMATES[id].en),
        },
    example_wines: wines.slice(0, 12).map((w) => ({
      name: w.name,
      producer: w.producerName,
      colour: w.color,
      type: w.type,
      sub_type: w.subType,
    })),
  };
}

function countBy(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

function userMessage(lang: Language, payload: Record<string, unknown>): ChatMessage {
  return {
    role: "user",
    content: `Language: ${LANGUAGE_NAMES[lang]} (${lang})\nFacts (JSON):\n${JSON.stringify(payload, null, 2)}`,
  };
}

/** System and user messages for the four wine texts of `facts` in `lang`. */
export function wineTextsMessages(facts: WineFacts, lang: Language): ChatMessage[] {
  const b = WINE_TEXT_BOUNDS;
  return [
    systemMessage(lang, "Task: describe one wine for its product page.", [
      `"description": a short teaser, ${chars(b.description)}`,
      `"text_long": a fuller description of style, grapes and origin, ${chars(b.text_long)}`,
      `"tasting_notes": appearance, nose and palate consistent with the style facts, ${chars(b.tasting_notes)}`,
      `"pairing": food pairing based on the listed foods, ${chars(b.pairing)}`,
    ]),
    userMessage(lang, { task: "wine_texts", wine: wineFactsPayload(facts, lang) }),
  ];
}

/** System and user messages for drinking-period texts; `window` (years after the vintage) is fixed. */
export function drinkingPeriodMessages(
  facts: WineFacts,
  lang: Language,
  window: DrinkingWindow,
): ChatMessage[] {
  const b = DRINKING_BOUNDS;
  const fixed: Record<string, unknown> = {
    from_years_after_vintage: window.from,
    to_years_after_vintage: window.to,
  };
  if (facts.vintage !== null) {
    fixed.from_year = facts.vintage + window.from;
    fixed.to_year = facts.vintage + window.to;
  } else {
    fixed.note = "non-vintage wine: years count from release";
  }
  return [
    systemMessage(
      lang,
      "Task: explain when to drink one wine. The drinking window is fixed and given in the facts; use exactly these numbers and never change, widen or narrow them.",
      [
        `"statement": one sentence stating the drinking window, ${chars(b.statement)}`,
        `"young": what the wine is like when young, ${chars(b.young)}`,
        `"ripe": what it is like at maturity, ${chars(b.ripe)}`,
        `"storage": storage advice, ${chars(b.storage)}`,
        `optionally "from" and "to": integers, only if exactly equal to ${window.from} and ${window.to}`,
      ],
    ),
    userMessage(lang, {
      task: "drinking_period",
      wine: wineFactsPayload(facts, lang),
      drinking_window: fixed,
    }),
  ];
}

/** System and user messages for a region insight; `keyGrapes` is computed from the facts, not by the model. */
export function regionInsightMessages(
  facts: RegionFacts,
  lang: Language,
  keyGrapes: RegionInsightContent["keyGrapes"],
): ChatMessage[] {
  const b = REGION_BOUNDS;
  const s = SIGNATURE_STYLE_BOUNDS;
  return [
    systemMessage(
      lang,
      "Task: a short insight into one wine region, based on the wines the catalogue lists from it and the climate facts given (general guidance only when marked so).",
      [
        `"summary": what the catalogue offers from the region, ${chars(b.summary)}`,
        `"climate_and_terroir": climate and soils from the given climate facts, ${chars(b.climate_and_terroir)}`,
        `"signature_styles": an array of ${s.minItems}-${s.maxItems} short strings (${s.min}-${s.max} characters each) naming the region's typical wine styles`,
      ],
    ),
    userMessage(lang, { task: "region_insight", region: regionFactsPayload(facts, lang, keyGrapes) }),
  ];
}
