/**
 * Residual-sugar terms as printed on labels, per language.
 * Still wines: Commission Delegated Regulation (EU) 2019/33, Annex III Part A (trocken/halbtrocken/
 * lieblich/süß; sec/demi-sec/moelleux/doux; secco/abboccato/amabile/dolce). Sparkling wines: the
 * same regulation, Annex III Part B (brut nature … doux; of the German
 * alternatives the regulation allows, the forms seen on labels: brut rather than herb).
 */
import type { Language, ResidualSugar } from "./vocabulary.ts";

const TERMS: Record<ResidualSugar, Record<Language, string>> = {
  dry: { en: "dry", de: "trocken", fr: "sec", it: "secco" },
  off_dry: { en: "medium dry", de: "halbtrocken", fr: "demi-sec", it: "abboccato" },
  medium_sweet: { en: "medium sweet", de: "lieblich", fr: "moelleux", it: "amabile" },
  sweet: { en: "sweet", de: "süß", fr: "doux", it: "dolce" },
  brut_nature: { en: "brut nature", de: "brut nature", fr: "brut nature", it: "brut nature" },
  extra_brut: { en: "extra brut", de: "extra brut", fr: "extra brut", it: "extra brut" },
  brut: { en: "brut", de: "brut", fr: "brut", it: "brut" },
  extra_dry: { en: "extra dry", de: "extra trocken", fr: "extra sec", it: "extra dry" },
  demi_sec: { en: "demi-sec", de: "halbtrocken", fr: "demi-sec", it: "abboccato" },
  doux: { en: "doux", de: "mild", fr: "doux", it: "dolce" },
};

/** The label term of a canonical residual-sugar value in `lang`; null stays null. */
export function localizeResidualSugar(term: string | null, lang: Language): string | null {
  if (term === null) return null;
  return TERMS[term as ResidualSugar]?.[lang] ?? null;
}

/** Sweetness group of a residual-sugar term, for summaries across still and sparkling wines. */
export function sweetnessGroup(sugar: ResidualSugar): "dry" | "off_dry" | "sweet" {
  if (sugar === "off_dry" || sugar === "demi_sec") return "off_dry";
  if (sugar === "medium_sweet" || sugar === "sweet" || sugar === "doux") return "sweet";
  return "dry";
}
