/**
 * The pairing text of a wine: its foods (X-Wines categories, after the style's own choice in
 * `pairingFoods`) in each language's construction, the aperitif clause, and the serving temperature,
 * in one of three plans chosen by the wine's id.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { APERITIF, FOODS } from "../writing/lexicon/foods.ts";
import { joinList, plan, tidy } from "./format.ts";
import { isTypical, typicalPairing } from "./typical-texts.ts";
import { servingTemperature, temperatureRange, wineName } from "./wine-parts.ts";

/**
 * French definite article for a partitive food phrase ("du bœuf" → "le bœuf", "des pâtes" → "les
 * pâtes"), after verbs that take a definite object: "accompagner", "s'accorder avec".
 */
function frDefinite(phrase: string): string {
  return phrase
    .replace(/^du /, "le ")
    .replace(/^de la /, "la ")
    .replace(/^de l'/, "l'")
    .replace(/^des /, "les ");
}

/**
 * Food list in the pairing construction of the language (without "Aperitif"); `definite`: French
 * definite articles (see frDefinite).
 */
function foodList(f: WineFacts, lang: Language, definite = false): string {
  const items = f.foods
    .filter((food) => food !== "Aperitif" && FOODS[food])
    .map((food) => FOODS[food]?.[lang] ?? "")
    .map((item) => (definite && lang === "fr" ? frDefinite(item) : item));
  return joinList(lang, items);
}

/** Pairing text: foods naturally joined, the aperitif clause when listed, fallback when no food is listed. */
export function pairing(f: WineFacts, lang: Language): string {
  const list = foodList(f, lang);
  const aperitif = f.foods.includes("Aperitif") ? ` ${APERITIF[lang]}` : "";
  if (!list) {
    const alone = {
      en: "Enjoy it on its own or with dishes of similar intensity.",
      de: "Er lässt sich pur genießen oder zu Gerichten ähnlicher Intensität reichen.",
      fr: "Il se déguste seul ou avec des plats d'intensité comparable.",
      it: "Si gusta da solo o con piatti di intensità simile.",
    }[lang];
    return tidy(`${alone}${aperitif}`);
  }
  const name = wineName(f, lang);
  const definite = foodList(f, lang, true);
  const lead = isTypical(f)
    ? typicalPairing(f, lang, list, definite)
    : [
        {
          en: `${name} pairs well with ${list}.`,
          de: `${name} passt zu ${list}.`,
          fr: `${name} s'accorde avec ${definite}.`,
          it: `${name} si abbina bene con ${list}.`,
        },
        {
          en: `A good match for ${list}.`,
          de: `Ein guter Begleiter zu ${list}.`,
          fr: `Il accompagne volontiers ${definite}.`,
          it: `Ideale con ${list}.`,
        },
        {
          en: `Serve it with ${list}.`,
          de: `Empfehlenswert zu ${list}.`,
          fr: `À servir avec ${list}.`,
          it: `Da servire con ${list}.`,
        },
      ][plan(f, "pairing")]?.[lang];
  const t = temperatureRange(lang, servingTemperature(f));
  const temp = [
    {
      en: ` Best served at ${t}.`,
      de: ` Ideale Trinktemperatur: ${t}.`,
      fr: ` Température de service idéale : ${t.replace(" à ", "–")}.`,
      it: ` Temperatura di servizio ideale: ${t}.`,
    },
    {
      en: ` Serving temperature: ${t}.`,
      de: ` Trinktemperatur: ${t}.`,
      fr: ` Servir entre ${t.replace(" à ", " et ")}.`,
      it: ` Servire a ${t}.`,
    },
    {
      en: ` Pour it at ${t}.`,
      de: ` Serviert wird er bei ${t}.`,
      fr: ` Idéalement servi entre ${t.replace(" à ", " et ")}.`,
      it: ` Da portare in tavola a ${t}.`,
    },
  ][plan(f, "pairing-temperature")]?.[lang];
  return tidy(`${lead}${aperitif}${temp}`);
}
