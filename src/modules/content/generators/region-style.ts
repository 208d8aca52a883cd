/**
 * The sentences of the region insight that describe the region's wines by the data (prevailing body,
 * sweetness and acidity, commonest value first), in de/en/fr/it.
 */

import { sweetnessGroup } from "../../../domain/residual-sugar-terms.ts";
import type { Acidity, Body, Language, Localized } from "../../../domain/vocabulary.ts";
import type { RegionFacts } from "../../../domain/wine/wine-facts.ts";
import { ACIDITY, BODY, SUGAR } from "../writing/lexicon/style-words.ts";
import { countWords, joinList, pick } from "./format.ts";

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
 * the wines share them, with the commonest acidity; else the range of body from lightest to fullest. One of three
 * plans per case, chosen by the region id.
 */
export function styleSentence(r: RegionFacts, lang: Language): string {
  const body = mode(r.wines.map((w) => w.body));
  const sugar = mode(r.wines.flatMap((w) => (w.residualSugar ? [sweetnessGroup(w.residualSugar)] : [])));
  const acid = mode(r.wines.map((w) => w.acidity)) as { value: Acidity; share: number };
  const acidity = ACIDITY[acid.value][lang];
  if (body && body.share === 1) {
    const adj = joinList(lang, [
      bodyPl(body.value, lang),
      sugar && sugar.share === 1 ? sugarPl(sugar.value, lang) : "",
    ]);
    const n = r.wines.length;
    const w = countWords(lang, n);
    return (
      n === 2
        ? {
            en: `Both wines are ${adj}, with ${acidity}.`,
            de: `Beide Weine sind ${adj}, mit ${acidity}.`,
            fr: `Les deux vins sont ${adj}, avec ${acidity}.`,
            it: `Entrambi i vini sono ${adj}, con ${acidity}.`,
          }
        : {
            en: `All ${w} wines are ${adj}, with ${acidity}.`,
            de: `Alle ${w} Weine sind ${adj}, mit ${acidity}.`,
            fr: `Les ${w} vins sont tous ${adj}, avec ${acidity}.`,
            it: `${n <= 12 ? `Tutti e ${w} i vini` : `Tutti i ${w} vini`} sono ${adj}, con ${acidity}.`,
          }
    )[lang];
  }
  if (body && body.share > 0.5) {
    const adj = joinList(lang, [
      bodyPl(body.value, lang),
      sugar && sugar.share > 0.5 ? sugarPl(sugar.value, lang) : "",
    ]);
    const plans: Localized[] = [
      {
        en: `Most of these wines are ${adj}, with ${acidity}.`,
        de: `Die meisten dieser Weine sind ${adj}, mit ${acidity}.`,
        fr: `La plupart de ces vins sont ${adj}, avec ${acidity}.`,
        it: `I vini sono per lo più ${adj}, con ${acidity}.`,
      },
      {
        en: `The wines are mostly ${adj}, with ${acidity}.`,
        de: `Überwiegend sind die Weine ${adj}, mit ${acidity}.`,
        fr: `Les vins sont pour la plupart ${adj}, avec ${acidity}.`,
        it: `In prevalenza si tratta di vini ${adj}, con ${acidity}.`,
      },
      {
        en: `In the main, the wines here are ${adj}, with ${acidity}.`,
        de: `Der Großteil der Weine ist ${adj}, mit ${acidity}.`,
        fr: `En majorité, ces vins sont ${adj}, avec ${acidity}.`,
        it: `Nella maggior parte dei casi sono vini ${adj}, con ${acidity}.`,
      },
    ];
    return pick(plans, r.id, "style")[lang];
  }
  const idx = r.wines.map((w) => BODY_ORDER.indexOf(w.body));
  const lo = BODY[BODY_ORDER[Math.min(...idx)] as Body];
  const hi = BODY[BODY_ORDER[Math.max(...idx)] as Body];
  const plans: Localized[] = [
    {
      en: `In body they range from ${lo.en} to ${hi.en}.`,
      de: `Vom Körper her reichen sie von ${lo.de} bis ${hi.de}.`,
      fr: `Leur corps va de ${lo.fr[0]} à ${hi.fr[0]}.`,
      it: `Quanto al corpo, si va da vini ${lo.it[1]} a vini ${hi.it[1]}.`,
    },
    {
      en: `The wines vary in body from ${lo.en} to ${hi.en}.`,
      de: `Im Körper reichen die Weine von ${lo.de} bis ${hi.de}.`,
      fr: `En matière de corps, les vins vont de ${lo.fr[1]} à ${hi.fr[1]}.`,
      it: `Il corpo spazia da ${lo.it[0]} a ${hi.it[0]}.`,
    },
    {
      en: `Styles run from ${lo.en} to ${hi.en} wines.`,
      de: `Beim Körper spannt sich der Bogen von ${lo.de} bis ${hi.de}.`,
      fr: `Du point de vue du corps, l'éventail s'étend de ${lo.fr[0]} à ${hi.fr[0]}.`,
      it: `Per struttura, i vini variano da ${lo.it[1]} a ${hi.it[1]}.`,
    },
  ];
  return pick(plans, r.id, "style")[lang];
}

/**
 * What the region's listed wines show (commonest body and acidity), for the climate-and-terroir text;
 * "" without wines, or when no body is shared by more than half of them. One of three plans
 * per case, chosen by the region id.
 */
export function dataSentence(r: RegionFacts, lang: Language): string {
  if (r.wines.length === 0) return "";
  const common = mode(r.wines.map((w) => w.body));
  // No commonest body among several wines (two wines of two bodies): nothing true to generalise.
  if (r.wines.length > 1 && (common?.share ?? 0) <= 0.5) return "";
  const body = common?.value as Body;
  const acid = mode(r.wines.map((w) => w.acidity))?.value as Acidity;
  const b = BODY[body];
  const a = ACIDITY[acid][lang];
  if (r.wines.length === 1) {
    const plans: Localized[] = [
      {
        en: `The one wine listed is ${b.en}, with ${a}.`,
        de: `Der einzige gelistete Wein ist ${b.de}, mit ${a}.`,
        fr: `L'unique vin référencé est ${b.fr[0]}, avec ${a}.`,
        it: `L'unico vino in catalogo è ${b.it[0]}, con ${a}.`,
      },
      {
        en: `The only wine in the catalogue from here is ${b.en}, with ${a}.`,
        de: `Der einzige Wein von hier im Katalog ist ${b.de}, mit ${a}.`,
        fr: `Le seul vin d'ici au catalogue est ${b.fr[0]}, avec ${a}.`,
        it: `Il solo vino della zona presente in catalogo è ${b.it[0]}, con ${a}.`,
      },
      {
        en: `The single wine listed from here is ${b.en}, with ${a}.`,
        de: `Der eine gelistete Wein von hier ist ${b.de}, mit ${a}.`,
        fr: `Le vin référencé ici est ${b.fr[0]}, avec ${a}.`,
        it: `Il vino in catalogo per questa zona è ${b.it[0]}, con ${a}.`,
      },
    ];
    return pick(plans, r.id, "data")[lang];
  }
  const plans: Localized[] = [
    {
      en: `The wines listed from here are mostly ${b.en}, with ${a}.`,
      de: `Die hier gelisteten Weine sind überwiegend ${b.de}, mit ${a}.`,
      fr: `Les vins référencés ici sont surtout ${b.fr[1]}, avec ${a}.`,
      it: `I vini qui presenti sono perlopiù ${b.it[1]}, con ${a}.`,
    },
    {
      en: `Judging by the wines listed, the style here tends to be ${b.en}, with ${a}.`,
      de: `Nach den gelisteten Weinen zu urteilen, ist der Stil hier ${b.de}, mit ${a}.`,
      fr: `À en juger par les vins référencés, le style local est ${b.fr[0]}, avec ${a}.`,
      it: `A giudicare dai vini in catalogo, lo stile locale è ${b.it[0]}, con ${a}.`,
    },
    {
      en: `In the catalogue, wines from here are typically ${b.en}, with ${a}.`,
      de: `Im Katalog sind die Weine von hier meist ${b.de}, mit ${a}.`,
      fr: `Au catalogue, les vins d'ici sont en général ${b.fr[1]}, avec ${a}.`,
      it: `In catalogo, i vini di questa zona sono in genere ${b.it[1]}, con ${a}.`,
    },
  ];
  return pick(plans, r.id, "data")[lang];
}
