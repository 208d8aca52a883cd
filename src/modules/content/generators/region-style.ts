/**
 * The sentences of the region insight that describe the region's wines by the data (prevailing body,
 * sweetness and acidity, commonest value first), in de/en/fr/it.
 */
import type { Acidity, Body, Language } from "../../../domain/vocabulary.ts";
import type { RegionFacts } from "../content.types.ts";
import { joinList } from "./format.ts";
import { ACIDITY, BODY, SUGAR, sweetnessGroup } from "./i18n/style-words.ts";

const BODY_ORDER: Body[] = ["very_light", "light", "medium", "full", "very_full"];

/** Most frequent value and its share; ties go to the value met first. */
export function mode<T>(values: readonly T[]): { value: T; share: number } | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best === undefined ? undefined : { value: best, share: bestCount / values.length };
}

/** Predicative plural adjective of a body grade or sweetness group. */
function bodyPl(body: Body, lang: Language): string {
  const a = BODY[body];
  return lang === "en" ? a.en : lang === "de" ? a.de : a[lang][1];
}

function sugarPl(group: "dry" | "off_dry" | "sweet", lang: Language): string {
  const a = SUGAR[group];
  return lang === "en" ? a.en : lang === "de" ? a.de : a[lang][1];
}

/**
 * The prevailing style of a region's wines (≥ 2), in one language: body (and sweetness) when at least half
 * the wines share them, with the commonest acidity; else the range of body from lightest to fullest.
 */
export function styleSentence(r: RegionFacts, lang: Language): string {
  const body = mode(r.wines.map((w) => w.body));
  const sugar = mode(r.wines.flatMap((w) => (w.residualSugar ? [sweetnessGroup(w.residualSugar)] : [])));
  const acid = mode(r.wines.map((w) => w.acidity)) as { value: Acidity; share: number };
  const acidity = ACIDITY[acid.value][lang];
  if (body && body.share >= 0.5) {
    const adj = joinList(lang, [
      bodyPl(body.value, lang),
      sugar && sugar.share >= 0.5 ? sugarPl(sugar.value, lang) : "",
    ]);
    return {
      en: `Most of these wines are ${adj}, with ${acidity}.`,
      de: `Die meisten dieser Weine sind ${adj}, mit ${acidity}.`,
      fr: `La plupart de ces vins sont ${adj}, avec ${acidity}.`,
      it: `I vini sono per lo più ${adj}, con ${acidity}.`,
    }[lang];
  }
  const idx = r.wines.map((w) => BODY_ORDER.indexOf(w.body));
  const lo = BODY[BODY_ORDER[Math.min(...idx)] as Body];
  const hi = BODY[BODY_ORDER[Math.max(...idx)] as Body];
  return {
    en: `In body they range from ${lo.en} to ${hi.en}.`,
    de: `Vom Körper her reichen sie von ${lo.de} bis ${hi.de}.`,
    fr: `Leur corps va de ${lo.fr[0]} à ${hi.fr[0]}.`,
    it: `Quanto al corpo, si va da vini ${lo.it[1]} a vini ${hi.it[1]}.`,
  }[lang];
}

/**
 * What the region's listed wines show (commonest body and acidity), for the climate-and-terroir text;
 * "" without wines.
 */
export function dataSentence(r: RegionFacts, lang: Language): string {
  if (r.wines.length === 0) return "";
  const body = mode(r.wines.map((w) => w.body))?.value as Body;
  const acid = mode(r.wines.map((w) => w.acidity))?.value as Acidity;
  const b = BODY[body];
  const a = ACIDITY[acid][lang];
  if (r.wines.length === 1) {
    return {
      en: `The one wine listed is ${b.en}, with ${a}.`,
      de: `Der einzige gelistete Wein ist ${b.de}, mit ${a}.`,
      fr: `L'unique vin référencé est ${b.fr[0]}, avec ${a}.`,
      it: `L'unico vino in catalogo è ${b.it[0]}, con ${a}.`,
    }[lang];
  }
  return {
    en: `The wines listed from here are mostly ${b.en}, with ${a}.`,
    de: `Die hier gelisteten Weine sind überwiegend ${b.de}, mit ${a}.`,
    fr: `Les vins référencés ici sont surtout ${b.fr[1]}, avec ${a}.`,
    it: `I vini qui presenti sono perlopiù ${b.it[1]}, con ${a}.`,
  }[lang];
}
