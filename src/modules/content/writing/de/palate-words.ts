/**
 * The German words of the palate: several wordings per level of acidity and tannin and per body
 * grade, as German tasting notes use them for the same level ("frische, lebendige", "straffe",
 * "rassige" Säure), so that wines of the same structure read differently; the levels themselves are
 * the domain's (profile.palate).
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { choose } from "../variation.ts";

/** The forms of one wording of acidity or tannin: after "mit", predicate, with article, bare nominative. */
export interface LevelWords {
  /** After "mit"/"von" (dative): "frischer, lebendiger Säure", "festen Tanninen". */
  with: string;
  /** Predicate ("Die Säure ist …", "Die Tannine sind …"): "frisch und lebendig". */
  is: string;
  /** Nominative/accusative with the indefinite article or plural: "eine frische Säure", "feste Tannine". */
  a: string;
}

const w = (withForm: string, is: string, a: string): LevelWords => ({ with: withForm, is, a });

/** Wordings of acidity per level (synonyms a German tasting note uses for the same level). */
const ACIDITY_WORDS: Record<"low" | "medium" | "high", LevelWords[]> = {
  low: [
    w("milder Säure", "mild", "eine milde Säure"),
    w("sanfter Säure", "sanft", "eine sanfte Säure"),
    w("zurückhaltender Säure", "zurückhaltend", "eine zurückhaltende Säure"),
  ],
  medium: [
    w("ausgewogener Säure", "ausgewogen", "eine ausgewogene Säure"),
    w("harmonischer Säure", "harmonisch", "eine harmonische Säure"),
    w("gut eingebundener Säure", "gut eingebunden", "eine gut eingebundene Säure"),
  ],
  high: [
    w("frischer, lebendiger Säure", "frisch und lebendig", "eine frische, lebendige Säure"),
    w("straffer Säure", "straff", "eine straffe Säure"),
    w("rassiger Säure", "rassig", "eine rassige Säure"),
    w("knackiger Säure", "knackig", "eine knackige Säure"),
  ],
};

/** Wordings of tannin per level. */
const TANNIN_WORDS: Record<"soft" | "moderate" | "firm", LevelWords[]> = {
  soft: [
    w("weichen Tanninen", "weich", "weiche Tannine"),
    w("sanften Tanninen", "sanft", "sanfte Tannine"),
    w("runden Tanninen", "rund", "runde Tannine"),
  ],
  moderate: [
    w("moderaten Tanninen", "moderat", "moderate Tannine"),
    w("mittelkräftigen Tanninen", "mittelkräftig", "mittelkräftige Tannine"),
    w(
      "spürbaren, aber nicht dominanten Tanninen",
      "spürbar, aber nicht dominant",
      "spürbare, aber nicht dominante Tannine",
    ),
  ],
  firm: [
    w("festen, griffigen Tanninen", "fest und griffig", "feste, griffige Tannine"),
    w("kräftigen Tanninen", "kräftig", "kräftige Tannine"),
    w("straffen Tanninen", "straff", "straffe Tannine"),
  ],
};

/** Predicate words for body (the noun phrase keeps the lexicon's stem). */
const BODY_IS: Record<string, string[]> = {
  very_light: ["sehr leicht", "federleicht"],
  light: ["leicht", "schlank", "leichtfüßig"],
  medium: ["mittelkräftig", "mittelgewichtig"],
  full: ["vollmundig", "kraftvoll", "körperreich"],
  very_full: ["sehr vollmundig", "opulent", "wuchtig"],
};

/** Every wording of the wine's acidity (to build all variants of a sentence and choose once). */
export function acidityAll(p: WineProfile): LevelWords[] {
  return ACIDITY_WORDS[p.palate.acidity];
}

/** Every wording of the wine's tannin; [] for a wine without tannin. */
export function tanninAll(p: WineProfile): LevelWords[] {
  return p.palate.tannin ? TANNIN_WORDS[p.palate.tannin] : [];
}

/** Every predicate word for the wine's body. */
export function bodyAll(p: WineProfile): string[] {
  return BODY_IS[p.facts.body] ?? ["mittelkräftig"];
}

/** One wording of the wine's acidity, chosen by seed and `slot` (so two fields may word it differently). */
export function acidityWords(p: WineProfile, slot: string): LevelWords {
  return choose(p.seed, `acid-${slot}`, ACIDITY_WORDS[p.palate.acidity]);
}

/** One wording of the wine's tannin (reds), or undefined. */
export function tanninWords(p: WineProfile, slot: string): LevelWords | undefined {
  return p.palate.tannin ? choose(p.seed, `tannin-${slot}`, TANNIN_WORDS[p.palate.tannin]) : undefined;
}

/** One predicate word for the wine's body. */
export function bodyWord(p: WineProfile, slot: string): string {
  return choose(p.seed, `body-${slot}`, BODY_IS[p.facts.body] ?? ["mittelkräftig"]);
}

/** The first wording of a level, for fixed uses. */
export const ACIDITY_WITH: Record<"low" | "medium" | "high", string> = {
  low: "milder Säure",
  medium: "ausgewogener Säure",
  high: "frischer, lebendiger Säure",
};

/** Tannin after "mit" (dative plural), first wording. */
export const TANNIN_WITH: Record<"soft" | "moderate" | "firm", string> = {
  soft: "weichen Tanninen",
  moderate: "moderaten Tanninen",
  firm: "festen, griffigen Tanninen",
};

/** The finish as a subject's predicate ("Der Abgang ist …"). */
export const FINISH_IS: Record<"long" | "medium", string> = { long: "lang", medium: "mittellang" };
