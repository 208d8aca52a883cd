/**
 * Country names → ISO 3166-1 alpha-2 codes, for the wine-producing countries of the LWIN database
 * (Liv-ex writes the full English name: "France", "USA", "South Africa") and of Open Food Facts
 * products (free-text `origins` in the shopper's language: "France", "Italie", "Spanien", "Italia",
 * and taxonomy tags "en:france"). Codes from ISO 3166-1 (the United Kingdom is GB, not UK).
 * Names are compared folded (text-folding.ts `fold`: case and accents ignored).
 */
import { fold } from "../../domain/text-folding.ts";

/** ISO alpha-2 code → its names (English first, then other spellings shoppers and sources use). */
const COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  FR: ["France", "Frankreich", "Francia", "França"],
  IT: ["Italy", "Italie", "Italien", "Italia", "Itália"],
  ES: ["Spain", "Espagne", "Spanien", "Spagna", "España", "Espanha"],
  PT: ["Portugal", "Portogallo"],
  DE: ["Germany", "Allemagne", "Deutschland", "Germania", "Alemania", "Alemanha"],
  AT: ["Austria", "Autriche", "Österreich"],
  CH: ["Switzerland", "Suisse", "Schweiz", "Svizzera", "Suiza"],
  US: [
    "United States",
    "USA",
    "U.S.A.",
    "United States of America",
    "Etats-Unis",
    "Vereinigte Staaten",
    "Stati Uniti",
    "Estados Unidos",
  ],
  CA: ["Canada", "Kanada"],
  MX: ["Mexico", "Mexique", "Mexiko", "Messico", "México"],
  AR: ["Argentina", "Argentine", "Argentinien"],
  CL: ["Chile", "Chili", "Cile"],
  UY: ["Uruguay"],
  BR: ["Brazil", "Brésil", "Brasilien", "Brasile", "Brasil"],
  PE: ["Peru", "Pérou", "Perù", "Perú"],
  BO: ["Bolivia", "Bolivie", "Bolivien"],
  AU: ["Australia", "Australie", "Australien"],
  NZ: ["New Zealand", "Nouvelle-Zélande", "Neuseeland", "Nuova Zelanda", "Nueva Zelanda"],
  ZA: ["South Africa", "Afrique du Sud", "Südafrika", "Sudafrica", "Sudáfrica", "Sud Africa"],
  GB: [
    "United Kingdom",
    "UK",
    "Great Britain",
    "England",
    "Wales",
    "Scotland",
    "Royaume-Uni",
    "Angleterre",
    "Vereinigtes Königreich",
    "Großbritannien",
    "Regno Unito",
    "Inghilterra",
    "Reino Unido",
  ],
  IE: ["Ireland", "Irlande", "Irland", "Irlanda"],
  HU: ["Hungary", "Hongrie", "Ungarn", "Ungheria", "Hungría"],
  GR: ["Greece", "Grèce", "Griechenland", "Grecia"],
  CY: ["Cyprus", "Chypre", "Zypern", "Cipro", "Chipre"],
  LB: ["Lebanon", "Liban", "Libanon", "Libano", "Líbano"],
  IL: ["Israel", "Israël", "Israele"],
  TR: ["Turkey", "Türkiye", "Turquie", "Türkei", "Turchia", "Turquía"],
  GE: ["Georgia", "Géorgie", "Georgien"],
  AM: ["Armenia", "Arménie", "Armenien"],
  MD: ["Moldova", "Moldavie", "Moldawien", "Moldavia", "Republic of Moldova"],
  RO: ["Romania", "Roumanie", "Rumänien", "Rumania"],
  BG: ["Bulgaria", "Bulgarie", "Bulgarien"],
  SI: ["Slovenia", "Slovénie", "Slowenien", "Eslovenia"],
  HR: ["Croatia", "Croatie", "Kroatien", "Croazia", "Croacia"],
  RS: ["Serbia", "Serbie", "Serbien"],
  MK: ["North Macedonia", "Macedonia", "Macédoine du Nord", "Nordmazedonien"],
  SK: ["Slovakia", "Slovaquie", "Slowakei", "Slovacchia"],
  CZ: ["Czech Republic", "Czechia", "République tchèque", "Tschechien", "Repubblica Ceca"],
  LU: ["Luxembourg", "Luxemburg", "Lussemburgo"],
  BE: ["Belgium", "Belgique", "Belgien", "Belgio", "Bélgica"],
  NL: ["Netherlands", "Pays-Bas", "Niederlande", "Paesi Bassi"],
  DK: ["Denmark", "Danemark", "Dänemark", "Danimarca"],
  SE: ["Sweden", "Suède", "Schweden", "Svezia"],
  PL: ["Poland", "Pologne", "Polen", "Polonia"],
  UA: ["Ukraine", "Ucraina", "Ucrania"],
  RU: ["Russia", "Russie", "Russland", "Russian Federation"],
  MA: ["Morocco", "Maroc", "Marokko", "Marocco", "Marruecos"],
  TN: ["Tunisia", "Tunisie", "Tunesien"],
  DZ: ["Algeria", "Algérie", "Algerien"],
  CN: ["China", "Chine", "Cina"],
  JP: ["Japan", "Japon", "Giappone", "Japón"],
  IN: ["India", "Inde", "Indien"],
  MT: ["Malta", "Malte"],
};

/** Folded name → code, built once. */
const BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(COUNTRY_NAMES).flatMap(([code, names]) => names.map((name) => [fold(name), code] as const)),
);

/**
 * The ISO 3166-1 alpha-2 code (upper case) of a country named in English or in the other spellings
 * of {@link COUNTRY_NAMES} ("France", "USA", "United States", "England" → GB, "Italie", "Südafrika"),
 * case and accents ignored; an Open Food Facts tag's language prefix is dropped ("en:france" → FR).
 * null for an empty or unknown name.
 */
export function countryCode(name: string): string | null {
  const bare = name.replace(/^[a-z]{2}:/, "");
  return BY_NAME.get(fold(bare.replace(/-/g, " "))) ?? null;
}
