/**
 * The climate sentences of the region insight in de/en/fr/it: curated climate/soil facts of
 * `i18n/region-terroir.ts` (sources noted there) for well-known regions, else the country's broad
 * climate (`i18n/countries.ts`) as general guidance.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import type { RegionFacts } from "../content.types.ts";
import { capitalize, frDe, joinList } from "./format.ts";
import { CLIMATES, type ClimateId, deClimate } from "./i18n/climates.ts";
import { country } from "./i18n/countries.ts";
import { curatedRegion, SOILS } from "./i18n/region-terroir.ts";
import { placePhrase } from "./places.ts";
import { dataSentence } from "./region-style.ts";

function climateSentence(id: ClimateId, lang: Language, subject: string): string {
  const c = CLIMATES[id];
  return {
    en: `${subject} has a ${c.en} climate.`,
    de: `${subject} herrscht ein ${deClimate(id, "es")} Klima.`,
    fr: `${subject} connaît un climat ${c.fr[0]}.`,
    it: `${subject} ha un clima ${c.it[0]}.`,
  }[lang];
}

function countryClimate(code: string, lang: Language): string {
  const c = country(code);
  const climates = c?.climates ?? [];
  if (!c || climates.length === 0) return "";
  if (climates.length === 1) {
    const id = climates[0] as ClimateId;
    return {
      en: `As a general guide, vineyards ${c.in.en} have a ${CLIMATES[id].en} climate.`,
      de: `Allgemein herrscht im Weinbau ${c.in.de} ein ${deClimate(id, "es")} Klima vor.`,
      fr: `De manière générale, ${c.in.fr}, le vignoble connaît un climat ${CLIMATES[id].fr[0]}.`,
      it: `In generale, i vigneti ${c.in.it} hanno un clima ${CLIMATES[id].it[0]}.`,
    }[lang];
  }
  const list = {
    en: joinList(
      "en",
      climates.map((id) => CLIMATES[id].en),
    ),
    de: joinList(
      "de",
      climates.map((id) => deClimate(id, "e")),
    ),
    fr: joinList(
      "fr",
      climates.map((id) => CLIMATES[id].fr[1]),
    ),
    it: joinList(
      "it",
      climates.map((id) => CLIMATES[id].it[1]),
    ),
  }[lang];
  return {
    en: `As a general guide, vineyards ${c.in.en} span ${list} climates.`,
    de: `Allgemein verteilt sich der Weinbau ${c.in.de} auf ${list} Klimazonen.`,
    fr: `De manière générale, ${c.in.fr}, le vignoble connaît des climats ${list}.`,
    it: `In generale, i vigneti ${c.in.it} si distribuiscono tra climi ${list}.`,
  }[lang];
}

/**
 * Climate and terroir of a region in one language: the curated climate, soils and key influence of
 * `i18n/region-terroir.ts` when the region has them, else the country's broad climate as general
 * guidance; then what the listed wines show (see dataSentence).
 */
export function climateAndTerroir(r: RegionFacts, lang: Language): string {
  const name = r.names[lang] || r.names.en;
  const curated = curatedRegion([r.names.en, r.names[lang], ...Object.values(r.names)]);
  if (curated) {
    const subject = {
      en: capitalize(placePhrase(r.names, "en", "in").replace(/^(in|on) /, "")),
      de: `Im Anbaugebiet ${name}`,
      fr: `La région ${placePhrase(r.names, "fr", "of")}`,
      it: `La zona ${placePhrase(r.names, "it", "of")}`,
    }[lang];
    const soilWords = curated.soils.map((s) => SOILS[s][lang]);
    const soils = {
      en: `Its soils are mainly ${joinList("en", soilWords)}.`,
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
    return [climateSentence(curated.climate, lang, subject), soils, influence, dataSentence(r, lang)].join(
      " ",
    );
  }
  const general = countryClimate(r.country, lang);
  return [general, dataSentence(r, lang)].join(" ");
}
