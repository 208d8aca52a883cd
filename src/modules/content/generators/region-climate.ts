/**
 * The climate sentences of the region insight in de/en/fr/it: curated climate/soil facts of
 * `i18n/region-terroir.ts` (sources noted there) for well-known regions, else the country's broad
 * climate (`i18n/countries.ts`) as general guidance.
 */
import type { Language, Localized } from "../../../domain/vocabulary.ts";
import type { ClimateId } from "../../../domain/wine/regions/region-record.ts";
import type { RegionFacts } from "../../../domain/wine/wine-facts.ts";
import { CLIMATES, deClimate } from "../writing/lexicon/climates.ts";
import { country } from "../writing/lexicon/countries.ts";
import { SOILS } from "../writing/lexicon/soils.ts";
import { capitalize, frDe, joinList, pick } from "./format.ts";
import { curatedRegion } from "./i18n/region-terroir.ts";
import { placePhrase } from "./places.ts";
import { dataSentence } from "./region-style.ts";

/** A climate as a predicate: "warm, dry" → "warm and dry". */
function enPredicate(id: ClimateId): string {
  return CLIMATES[id].en.replace(", ", " and ");
}

/** The curated climate of a region: one of three plans, chosen by the region id. */
function climateSentence(r: RegionFacts, id: ClimateId, lang: Language): string {
  const c = CLIMATES[id];
  const name = r.names[lang] || r.names.en;
  const enIn = placePhrase(r.names, "en", "in");
  const of = placePhrase(r.names, lang, "of");
  const plans: Localized[] = [
    {
      en: `${capitalize(enIn.replace(/^(in|on) /, ""))} has a ${c.en} climate.`,
      de: `Im Anbaugebiet ${name} herrscht ein ${deClimate(id, "es")} Klima.`,
      fr: `La région ${of} connaît un climat ${c.fr[0]}.`,
      it: `La zona ${of} ha un clima ${c.it[0]}.`,
    },
    {
      en: `The prevailing climate ${enIn} is ${enPredicate(id)}.`,
      de: `Das Anbaugebiet ${name} hat ein ${deClimate(id, "es")} Klima.`,
      fr: `Le climat de la région ${of} est ${c.fr[0]}.`,
      it: `Il clima della zona ${of} è ${c.it[0]}.`,
    },
    {
      en: `Vines ${enIn} grow in a ${c.en} climate.`,
      de: `Das Anbaugebiet ${name} liegt in einer ${deClimate(id, "en")} Klimazone.`,
      fr: `Le vignoble ${of} est soumis à un climat ${c.fr[0]}.`,
      it: `Le vigne ${of} crescono in un clima ${c.it[0]}.`,
    },
  ];
  return pick(plans, r.id, "climate")[lang];
}

/**
 * The broad climate of the region's country (`i18n/countries.ts`), phrased as general guidance: one of
 * three plans for one climate and three for several, chosen by the region id; "" when unknown.
 */
function countryClimate(r: RegionFacts, lang: Language): string {
  const c = country(r.country);
  const climates = c?.climates ?? [];
  if (!c || climates.length === 0) return "";
  const at = c.in[lang];
  if (climates.length === 1) {
    const id = climates[0] as ClimateId;
    const [fr, it] = [CLIMATES[id].fr[0], CLIMATES[id].it[0]];
    const plans: Localized[] = [
      {
        en: `As a general guide, vineyards ${at} have a ${CLIMATES[id].en} climate.`,
        de: `Allgemein herrscht im Weinbau ${at} ein ${deClimate(id, "es")} Klima vor.`,
        fr: `De manière générale, ${at}, le vignoble connaît un climat ${fr}.`,
        it: `In generale, i vigneti ${at} hanno un clima ${it}.`,
      },
      {
        en: `Broadly speaking, wine is grown ${at} in a ${CLIMATES[id].en} climate.`,
        de: `Im Großen und Ganzen wird ${at} Wein in einem ${deClimate(id, "en")} Klima angebaut.`,
        fr: `Dans l'ensemble, la vigne est cultivée ${at} sous un climat ${fr}.`,
        it: `Nel complesso, ${at} la vite cresce in un clima ${it}.`,
      },
      {
        en: `In general terms, most vineyards ${at} share a ${CLIMATES[id].en} climate.`,
        de: `Die meisten Weinberge ${at} liegen, grob gesagt, in einer ${deClimate(id, "en")} Klimazone.`,
        fr: `En règle générale, ${at}, les vignobles relèvent d'un climat ${fr}.`,
        it: `Di norma, la maggior parte dei vigneti ${at} ha un clima ${it}.`,
      },
    ];
    return pick(plans, r.id, "country-climate")[lang];
  }
  const list = (forms: (id: ClimateId) => string) => joinList(lang, climates.map(forms));
  const de = list((id) => deClimate(id, "e"));
  const deDative = list((id) => deClimate(id, "en"));
  const fr = list((id) => CLIMATES[id].fr[1]);
  const it = list((id) => CLIMATES[id].it[1]);
  const en = list((id) => CLIMATES[id].en);
  const plans: Localized[] = [
    {
      en: `As a general guide, vineyards ${at} span ${en} climates.`,
      de: `Allgemein verteilt sich der Weinbau ${at} auf ${de} Klimazonen.`,
      fr: `De manière générale, ${at}, le vignoble connaît des climats ${fr}.`,
      it: `In generale, i vigneti ${at} si distribuiscono tra climi ${it}.`,
    },
    {
      en: `Broadly speaking, wine ${at} is grown in ${en} climates.`,
      de: `Im Großen und Ganzen wird ${at} Wein in ${deDative} Klimazonen angebaut.`,
      fr: `Dans l'ensemble, la vigne est cultivée ${at} sous des climats ${fr}.`,
      it: `Nel complesso, ${at} la vite cresce in climi ${it}.`,
    },
    {
      en: `In general terms, the vineyards ${at} range across ${en} climates.`,
      de: `Die Weinberge ${at} liegen, grob gesagt, in ${deDative} Klimazonen.`,
      fr: `En règle générale, ${at}, les vignobles relèvent de climats ${fr}.`,
      it: `Di norma, i vigneti ${at} si ripartiscono fra climi ${it}.`,
    },
  ];
  return pick(plans, r.id, "country-climate")[lang];
}

/**
 * Climate and terroir of a region in one language: the curated climate, soils and key influence of
 * `i18n/region-terroir.ts` when the region has them, else the country's broad climate as general
 * guidance; then what the listed wines show (see dataSentence).
 */
export function climateAndTerroir(r: RegionFacts, lang: Language): string {
  const curated = curatedRegion([r.names.en, r.names[lang], ...Object.values(r.names)]);
  if (curated) {
    const soilWords = curated.soils.map((s) => SOILS[s][lang]);
    const soils = {
      en: `The soils are mainly ${joinList("en", soilWords)}.`,
      de: `Die Böden bestehen vor allem aus ${joinList("de", soilWords)}.`,
      fr: `Les sols sont surtout composés ${joinList("fr", soilWords.map(frDe))}.`,
      it: `I suoli sono composti soprattutto da ${joinList("it", soilWords)}.`,
    }[lang];
    const influence = curated.influence
      ? {
          en: `Key influence: ${curated.influence.en}.`,
          de: `Prägender Einfluss: ${curated.influence.de}.`,
          fr: `Influence déterminante : ${curated.influence.fr}.`,
          it: `Influenza determinante: ${curated.influence.it}.`,
        }[lang]
      : "";
    return [climateSentence(r, curated.climate, lang), soils, influence, dataSentence(r, lang)].join(" ");
  }
  const general = countryClimate(r, lang);
  return [general, dataSentence(r, lang)].join(" ");
}
