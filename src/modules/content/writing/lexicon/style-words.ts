/**
 * Words for the wine's structure in each language: body, residual sugar, colour, acidity, tannin,
 * finish. Adjectives carry the forms the templates inflect:
 * `de` is the stem (the template adds the strong/mixed ending: "trocken" → "ein trockener Rotwein"),
 * `fr`/`it` are [masculine singular, masculine plural] ("vin" and "vino" are masculine).
 */
import type { Acidity, Body, Color, Localized, ResidualSugar } from "../../../../domain/vocabulary.ts";

/** An inflectable adjective. */
export interface Adjective {
  en: string;
  de: string;
  fr: [string, string];
  it: [string, string];
}

/** Body grades (X-Wines "Very light-bodied" … "Very full-bodied"). */
export const BODY: Record<Body, Adjective> = {
  very_light: {
    en: "very light-bodied",
    de: "sehr leicht",
    fr: ["très léger", "très légers"],
    it: ["molto leggero", "molto leggeri"],
  },
  light: { en: "light-bodied", de: "leicht", fr: ["léger", "légers"], it: ["leggero", "leggeri"] },
  medium: {
    en: "medium-bodied",
    de: "mittelkräftig",
    fr: ["moyennement corsé", "moyennement corsés"],
    it: ["di medio corpo", "di medio corpo"],
  },
  full: { en: "full-bodied", de: "vollmundig", fr: ["corsé", "corsés"], it: ["corposo", "corposi"] },
  very_full: {
    en: "very full-bodied",
    de: "sehr vollmundig",
    fr: ["très corsé", "très corsés"],
    it: ["molto corposo", "molto corposi"],
  },
};

/**
 * Residual-sugar terms. `kind: "adjective"`: the four still-wine terms of Regulation (EU) 2019/33
 * Annex III Part A, used as inflected adjectives ("ein halbtrockener Weißwein").
 * `kind: "label"`: the sparkling-wine terms of Annex III Part B, used as the label term in each
 * language's official wording ("Brut", "extra trocken", "extra dry"); en/de put them in parentheses.
 */
export interface SugarTerm extends Adjective {
  kind: "adjective" | "label";
}

export const SUGAR: Record<ResidualSugar, SugarTerm> = {
  dry: { kind: "adjective", en: "dry", de: "trocken", fr: ["sec", "secs"], it: ["secco", "secchi"] },
  off_dry: {
    kind: "adjective",
    en: "off-dry",
    de: "halbtrocken",
    fr: ["demi-sec", "demi-secs"],
    it: ["abboccato", "abboccati"],
  },
  medium_sweet: {
    kind: "adjective",
    en: "medium-sweet",
    de: "lieblich",
    fr: ["moelleux", "moelleux"],
    it: ["amabile", "amabili"],
  },
  sweet: { kind: "adjective", en: "sweet", de: "süß", fr: ["doux", "doux"], it: ["dolce", "dolci"] },
  brut_nature: {
    kind: "label",
    en: "Brut Nature",
    de: "Brut Nature",
    fr: ["brut nature", "brut nature"],
    it: ["brut nature", "brut nature"],
  },
  extra_brut: {
    kind: "label",
    en: "Extra Brut",
    de: "Extra Brut",
    fr: ["extra-brut", "extra-brut"],
    it: ["extra brut", "extra brut"],
  },
  brut: { kind: "label", en: "Brut", de: "Brut", fr: ["brut", "bruts"], it: ["brut", "brut"] },
  extra_dry: {
    kind: "label",
    en: "Extra Dry",
    de: "extra trocken",
    fr: ["extra-sec", "extra-secs"],
    it: ["extra dry", "extra dry"],
  },
  demi_sec: {
    kind: "label",
    en: "Demi-Sec",
    de: "halbtrocken",
    fr: ["demi-sec", "demi-secs"],
    it: ["abboccato", "abboccati"],
  },
  doux: { kind: "label", en: "Doux", de: "mild", fr: ["doux", "doux"], it: ["dolce", "dolci"] },
};

/** Colour adjectives; German stems are used for sparkling/dessert/fortified nouns ("weißer Schaumwein"). */
export const COLOR: Record<Color, Adjective> = {
  red: { en: "red", de: "rot", fr: ["rouge", "rouges"], it: ["rosso", "rossi"] },
  white: { en: "white", de: "weiß", fr: ["blanc", "blancs"], it: ["bianco", "bianchi"] },
  rose: { en: "rosé", de: "Rosé", fr: ["rosé", "rosés"], it: ["rosato", "rosati"] },
};

/** Colour counts in region summaries: [singular, plural] ("1 red", "9 reds"; "1 Rotwein", "9 Rotweine"). */
export const COLOR_COUNT: Record<Color, Record<keyof Localized, [string, string]>> = {
  red: { en: ["red", "reds"], de: ["Rotwein", "Rotweine"], fr: ["rouge", "rouges"], it: ["rosso", "rossi"] },
  white: {
    en: ["white", "whites"],
    de: ["Weißwein", "Weißweine"],
    fr: ["blanc", "blancs"],
    it: ["bianco", "bianchi"],
  },
  rose: {
    en: ["rosé", "rosés"],
    de: ["Roséwein", "Roséweine"],
    fr: ["rosé", "rosés"],
    it: ["rosato", "rosati"],
  },
};

/** Acidity as a noun phrase: en after "with", de dative after "mit", fr/it with article after "avec"/"con". */
export const ACIDITY: Record<Acidity, Localized> = {
  low: { en: "soft acidity", de: "milder Säure", fr: "une acidité discrète", it: "un'acidità contenuta" },
  medium: {
    en: "balanced acidity",
    de: "ausgewogener Säure",
    fr: "une acidité équilibrée",
    it: "un'acidità equilibrata",
  },
  high: {
    en: "fresh, lively acidity",
    de: "frischer, lebendiger Säure",
    fr: "une acidité vive",
    it: "un'acidità vivace",
  },
};

/** Tannin level from the flavour profile (0..10): ≤3 soft, 4–6 moderate, ≥7 firm. Same case rules as ACIDITY. */
export const TANNIN: Record<"soft" | "moderate" | "firm", Localized> = {
  soft: { en: "soft tannins", de: "weichen Tanninen", fr: "des tanins souples", it: "tannini morbidi" },
  moderate: {
    en: "moderate tannins",
    de: "moderaten Tanninen",
    fr: "des tanins modérés",
    it: "tannini moderati",
  },
  firm: { en: "firm tannins", de: "festen Tanninen", fr: "des tanins fermes", it: "tannini decisi" },
};

/** Tannin level for a flavour-profile tannin score (0..10). */
export function tanninLevel(score: number): "soft" | "moderate" | "firm" {
  return score <= 3 ? "soft" : score <= 6 ? "moderate" : "firm";
}

/** Finish from the flavour profile (0..10): ≥7 long, 4–6 medium; below 4 the texts do not mention it. */
export const FINISH: Record<"long" | "medium", Localized> = {
  long: {
    en: "a long finish",
    de: "einem langen Abgang",
    fr: "une longue finale",
    it: "una lunga persistenza",
  },
  medium: {
    en: "a finish of medium length",
    de: "einem mittellangen Abgang",
    fr: "une finale de longueur moyenne",
    it: "una persistenza media",
  },
};
