/**
 * Climate types used by the curated region and country facts, with the inflected forms the
 * templates need in each language.
 */
import type { ClimateId } from "../../../../domain/wine/regions/region-record.ts";

/**
 * Forms per climate. `en`: adjective phrase ("cool continental"); `de`: adjective stems, inflected
 * by the template ("kühl", "kontinental" → "ein kühles kontinentales Klima");
 * `fr`/`it`: [masculine singular, masculine plural] ("climat continental" / "climats continentaux").
 */
export interface ClimateForms {
  en: string;
  de: string[];
  fr: [string, string];
  it: [string, string];
}

/** The climate vocabulary. */
export const CLIMATES: Record<ClimateId, ClimateForms> = {
  maritime: {
    en: "maritime",
    de: ["maritim"],
    fr: ["océanique", "océaniques"],
    it: ["oceanico", "oceanici"],
  },
  cool_maritime: {
    en: "cool maritime",
    de: ["kühl", "maritim"],
    fr: ["océanique frais", "océaniques frais"],
    it: ["oceanico fresco", "oceanici freschi"],
  },
  continental: {
    en: "continental",
    de: ["kontinental"],
    fr: ["continental", "continentaux"],
    it: ["continentale", "continentali"],
  },
  cool_continental: {
    en: "cool continental",
    de: ["kühl", "kontinental"],
    fr: ["continental frais", "continentaux frais"],
    it: ["continentale fresco", "continentali freschi"],
  },
  semi_continental: {
    en: "moderate continental",
    de: ["gemäßigt-kontinental"],
    fr: ["semi-continental", "semi-continentaux"],
    it: ["continentale temperato", "continentali temperati"],
  },
  mediterranean: {
    en: "Mediterranean",
    de: ["mediterran"],
    fr: ["méditerranéen", "méditerranéens"],
    it: ["mediterraneo", "mediterranei"],
  },
  warm_dry: {
    en: "warm, dry",
    de: ["warm", "trocken"],
    fr: ["chaud et sec", "chauds et secs"],
    it: ["caldo e secco", "caldi e secchi"],
  },
  semi_arid: {
    en: "semi-arid continental",
    de: ["semiarid", "kontinental"],
    fr: ["continental semi-aride", "continentaux semi-arides"],
    it: ["continentale semiarido", "continentali semiaridi"],
  },
  humid_subtropical: {
    en: "humid subtropical",
    de: ["feucht", "subtropisch"],
    fr: ["subtropical humide", "subtropicaux humides"],
    it: ["subtropicale umido", "subtropicali umidi"],
  },
};

/**
 * German climate adjectives with the given strong ending: `deClimate("cool_continental", "es")` →
 * "kühles kontinentales"; coordinate adjectives ("warmes, trockenes") get a comma.
 */
export function deClimate(id: ClimateId, ending: string): string {
  const separator = CLIMATES[id].en.includes(",") ? ", " : " ";
  return CLIMATES[id].de.map((stem) => `${stem}${ending}`).join(separator);
}
