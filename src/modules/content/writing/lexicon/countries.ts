/**
 * Country names in the four service languages, the locative ("in France") each language needs,
 * and — for wine countries — the broad climate types of their vineyards.
 *
 * Sources for `climates`: J. Robinson & J. Harding (eds.), The Oxford Companion to Wine, 4th ed. (2015),
 * the country entries; H. Johnson & J. Robinson, The World Atlas of Wine, 8th ed. (2019), the country
 * introductions. Only the broad categories stated there are used; they are phrased as general guidance.
 */
import type { Language, Localized } from "../../../../domain/vocabulary.ts";
import type { ClimateId } from "../../../../domain/wine/regions/region-record.ts";

/** One country: `name` (nominative), `in` (locative phrase with preposition), broad vineyard climates. */
export interface CountryEntry {
  name: Localized;
  in: Localized;
  climates?: ClimateId[];
}

const c = (
  name: [string, string, string, string],
  loc: [string, string, string, string],
  climates?: ClimateId[],
): CountryEntry => ({
  name: { de: name[0], en: name[1], fr: name[2], it: name[3] },
  in: { de: loc[0], en: loc[1], fr: loc[2], it: loc[3] },
  ...(climates ? { climates } : {}),
});

/** Countries by ISO 3166-1 alpha-2 code (upper case). "UK" (used by X-Wines) is an alias of "GB". */
export const COUNTRIES: Record<string, CountryEntry> = {
  FR: c(
    ["Frankreich", "France", "France", "Francia"],
    ["in Frankreich", "in France", "en France", "in Francia"],
    ["maritime", "continental", "mediterranean"],
  ),
  IT: c(
    ["Italien", "Italy", "Italie", "Italia"],
    ["in Italien", "in Italy", "en Italie", "in Italia"],
    ["continental", "mediterranean"],
  ),
  US: c(
    ["USA", "United States", "États-Unis", "Stati Uniti"],
    ["in den USA", "in the United States", "aux États-Unis", "negli Stati Uniti"],
    ["mediterranean", "maritime", "continental"],
  ),
  PT: c(
    ["Portugal", "Portugal", "Portugal", "Portogallo"],
    ["in Portugal", "in Portugal", "au Portugal", "in Portogallo"],
    ["maritime", "mediterranean", "continental"],
  ),
  CL: c(
    ["Chile", "Chile", "Chili", "Cile"],
    ["in Chile", "in Chile", "au Chili", "in Cile"],
    ["mediterranean"],
  ),
  DE: c(
    ["Deutschland", "Germany", "Allemagne", "Germania"],
    ["in Deutschland", "in Germany", "en Allemagne", "in Germania"],
    ["cool_continental"],
  ),
  AR: c(
    ["Argentinien", "Argentina", "Argentine", "Argentina"],
    ["in Argentinien", "in Argentina", "en Argentine", "in Argentina"],
    ["semi_arid"],
  ),
  BR: c(
    ["Brasilien", "Brazil", "Brésil", "Brasile"],
    ["in Brasilien", "in Brazil", "au Brésil", "in Brasile"],
    ["humid_subtropical"],
  ),
  ES: c(
    ["Spanien", "Spain", "Espagne", "Spagna"],
    ["in Spanien", "in Spain", "en Espagne", "in Spagna"],
    ["continental", "mediterranean", "maritime"],
  ),
  AU: c(
    ["Australien", "Australia", "Australie", "Australia"],
    ["in Australien", "in Australia", "en Australie", "in Australia"],
    ["mediterranean", "warm_dry", "maritime"],
  ),
  NZ: c(
    ["Neuseeland", "New Zealand", "Nouvelle-Zélande", "Nuova Zelanda"],
    ["in Neuseeland", "in New Zealand", "en Nouvelle-Zélande", "in Nuova Zelanda"],
    ["cool_maritime"],
  ),
  ZA: c(
    ["Südafrika", "South Africa", "Afrique du Sud", "Sudafrica"],
    ["in Südafrika", "in South Africa", "en Afrique du Sud", "in Sudafrica"],
    ["mediterranean"],
  ),
  CA: c(
    ["Kanada", "Canada", "Canada", "Canada"],
    ["in Kanada", "in Canada", "au Canada", "in Canada"],
    ["cool_continental"],
  ),
  AT: c(
    ["Österreich", "Austria", "Autriche", "Austria"],
    ["in Österreich", "in Austria", "en Autriche", "in Austria"],
    ["continental"],
  ),
  GR: c(
    ["Griechenland", "Greece", "Grèce", "Grecia"],
    ["in Griechenland", "in Greece", "en Grèce", "in Grecia"],
    ["mediterranean"],
  ),
  UY: c(
    ["Uruguay", "Uruguay", "Uruguay", "Uruguay"],
    ["in Uruguay", "in Uruguay", "en Uruguay", "in Uruguay"],
    ["maritime"],
  ),
  MX: c(
    ["Mexiko", "Mexico", "Mexique", "Messico"],
    ["in Mexiko", "in Mexico", "au Mexique", "in Messico"],
    ["warm_dry"],
  ),
  HU: c(
    ["Ungarn", "Hungary", "Hongrie", "Ungheria"],
    ["in Ungarn", "in Hungary", "en Hongrie", "in Ungheria"],
    ["continental"],
  ),
  RU: c(["Russland", "Russia", "Russie", "Russia"], ["in Russland", "in Russia", "en Russie", "in Russia"]),
  UA: c(
    ["Ukraine", "Ukraine", "Ukraine", "Ucraina"],
    ["in der Ukraine", "in Ukraine", "en Ukraine", "in Ucraina"],
  ),
  MT: c(
    ["Malta", "Malta", "Malte", "Malta"],
    ["auf Malta", "in Malta", "à Malte", "a Malta"],
    ["mediterranean"],
  ),
  LB: c(
    ["Libanon", "Lebanon", "Liban", "Libano"],
    ["im Libanon", "in Lebanon", "au Liban", "in Libano"],
    ["mediterranean"],
  ),
  CH: c(
    ["Schweiz", "Switzerland", "Suisse", "Svizzera"],
    ["in der Schweiz", "in Switzerland", "en Suisse", "in Svizzera"],
    ["continental"],
  ),
  CZ: c(
    ["Tschechien", "Czech Republic", "Tchéquie", "Repubblica Ceca"],
    ["in Tschechien", "in the Czech Republic", "en Tchéquie", "nella Repubblica Ceca"],
    ["continental"],
  ),
  RO: c(
    ["Rumänien", "Romania", "Roumanie", "Romania"],
    ["in Rumänien", "in Romania", "en Roumanie", "in Romania"],
    ["continental"],
  ),
  GB: c(
    ["Vereinigtes Königreich", "United Kingdom", "Royaume-Uni", "Regno Unito"],
    ["im Vereinigten Königreich", "in the United Kingdom", "au Royaume-Uni", "nel Regno Unito"],
    ["cool_maritime"],
  ),
  IL: c(
    ["Israel", "Israel", "Israël", "Israele"],
    ["in Israel", "in Israel", "en Israël", "in Israele"],
    ["mediterranean"],
  ),
  TR: c(
    ["Türkei", "Turkey", "Turquie", "Turchia"],
    ["in der Türkei", "in Turkey", "en Turquie", "in Turchia"],
  ),
  SI: c(
    ["Slowenien", "Slovenia", "Slovénie", "Slovenia"],
    ["in Slowenien", "in Slovenia", "en Slovénie", "in Slovenia"],
  ),
  HR: c(
    ["Kroatien", "Croatia", "Croatie", "Croazia"],
    ["in Kroatien", "in Croatia", "en Croatie", "in Croazia"],
  ),
  MD: c(
    ["Republik Moldau", "Moldova", "Moldavie", "Moldavia"],
    ["in der Republik Moldau", "in Moldova", "en Moldavie", "in Moldavia"],
    ["continental"],
  ),
  GE: c(
    ["Georgien", "Georgia", "Géorgie", "Georgia"],
    ["in Georgien", "in Georgia", "en Géorgie", "in Georgia"],
  ),
  BG: c(
    ["Bulgarien", "Bulgaria", "Bulgarie", "Bulgaria"],
    ["in Bulgarien", "in Bulgaria", "en Bulgarie", "in Bulgaria"],
  ),
  CY: c(
    ["Zypern", "Cyprus", "Chypre", "Cipro"],
    ["auf Zypern", "in Cyprus", "à Chypre", "a Cipro"],
    ["mediterranean"],
  ),
  LU: c(
    ["Luxemburg", "Luxembourg", "Luxembourg", "Lussemburgo"],
    ["in Luxemburg", "in Luxembourg", "au Luxembourg", "in Lussemburgo"],
  ),
  RS: c(["Serbien", "Serbia", "Serbie", "Serbia"], ["in Serbien", "in Serbia", "en Serbie", "in Serbia"]),
  SK: c(
    ["Slowakei", "Slovakia", "Slovaquie", "Slovacchia"],
    ["in der Slowakei", "in Slovakia", "en Slovaquie", "in Slovacchia"],
  ),
  PE: c(["Peru", "Peru", "Pérou", "Perù"], ["in Peru", "in Peru", "au Pérou", "in Perù"]),
  BO: c(
    ["Bolivien", "Bolivia", "Bolivie", "Bolivia"],
    ["in Bolivien", "in Bolivia", "en Bolivie", "in Bolivia"],
  ),
  JP: c(["Japan", "Japan", "Japon", "Giappone"], ["in Japan", "in Japan", "au Japon", "in Giappone"]),
  CN: c(["China", "China", "Chine", "Cina"], ["in China", "in China", "en Chine", "in Cina"]),
  MA: c(["Marokko", "Morocco", "Maroc", "Marocco"], ["in Marokko", "in Morocco", "au Maroc", "in Marocco"]),
};

/** Looks a country up by ISO code (case-insensitive; "UK" → "GB"); undefined when unknown. */
export function country(code: string): CountryEntry | undefined {
  const key = code.toUpperCase();
  return COUNTRIES[key === "UK" ? "GB" : key];
}

/** The country's name, or the code itself when the table has no entry (codes are language-neutral). */
export function countryName(code: string, lang: Language): string {
  return country(code)?.name[lang] ?? code.toUpperCase();
}
