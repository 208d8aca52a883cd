/**
 * Italian place phrases: a region or appellation after a preposition with the article its name takes
 * ("nelle Langhe", "dalla Toscana", "a Valdepeñas", "della Rioja", "ad Asti"), and countries ("dalla
 * Francia", "dagli Stati Uniti", "in Cile", "da Israele").
 *
 * The article and preposition of a name come from its region record (`grammar.it`); without a record,
 * from FALLBACK (Italian names of the catalogue's regions that take an article, Treccani usage) and the
 * geographic words of RULES ("la Valle Centrale", "le Adelaide Hills"); names of villages and towns
 * take none ("a Pauillac", "da Mendoza").
 */

import { fold } from "../../../../domain/text-folding.ts";
import type { Localized } from "../../../../domain/vocabulary.ts";
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import { country } from "../lexicon/countries.ts";
import { article, type ItArticle, prep, withArticle } from "./grammar.ts";

/** A place as the writer uses it: its Italian name, the article it takes, the preposition of "in". */
export interface Place {
  name: string;
  article: ItArticle | undefined;
  /** "in" (in Toscana, nelle Langhe), "a" (a Pauillac) or "su" (sull'Etna). */
  at: "in" | "a" | "su";
}

const FALLBACK: Record<string, ItArticle> = {
  langhe: "le",
  "delle venezie": "le",
  champagne: "la",
  provence: "la",
  burgundy: "la",
  alsace: "l'",
  beaujolais: "il",
  "haut-medoc": "l'",
  "languedoc-roussillon": "la",
  "upper loire": "la",
  tuscany: "la",
  piedmont: "il",
  veneto: "il",
  apulia: "la",
  abruzzo: "l'",
  marche: "le",
  "emilia-romagna": "l'",
  "friuli-venezia giulia": "il",
  "south tyrol": "l'",
  trentino: "il",
  chianti: "il",
  "chianti classico": "il",
  "chianti colli senesi": "il",
  salento: "il",
  "maremma toscana": "la",
  "costa toscana": "la",
  valtellina: "la",
  valpolicella: "la",
  valdadige: "la",
  collio: "il",
  etna: "l'",
  rubicone: "il",
  rioja: "la",
  "ribera del duero": "la",
  penedes: "il",
  priorat: "il",
  bierzo: "il",
  castile: "la",
  navarre: "la",
  "rias baixas": "le",
  douro: "il",
  alentejo: "l'",
  minho: "il",
  bairrada: "la",
  beiras: "le",
  mosel: "la",
  pfalz: "il",
  rheingau: "il",
  nahe: "la",
  ahr: "l'",
  rheinhessen: "il",
  franconia: "la",
  wurttemberg: "il",
  wachau: "la",
  kamptal: "il",
  burgenland: "il",
  mittelburgenland: "il",
  styria: "la",
  "south styria": "la",
  "lower austria": "la",
  valais: "il",
  "lake biel": "il",
  california: "la",
  "rhode island": "il",
  texas: "il",
  virginia: "la",
  wisconsin: "il",
  "new mexico": "il",
  ontario: "l'",
  patagonia: "la",
  "serra gaucha": "la",
  "campanha gaucha": "la",
  "rio grande do sul": "il",
  "north island": "la",
  "western cape": "il",
  swartland: "lo",
  "south australia": "il",
  "south eastern australia": "il",
  "south west australia": "il",
  "new south wales": "il",
  crimea: "la",
  galilee: "la",
  macedonia: "la",
  peloponnese: "il",
  chalkidiki: "la",
  "continental greece": "la",
  ilia: "l'",
  "slopes of meliton": "le",
  "dalmatian coast": "la",
  "southeastern anatolia": "l'",
  moldova: "la",
  moravia: "la",
  transylvania: "la",
  zakarpattia: "la",
};

/** Articles of names not in FALLBACK, from the geographic word the Italian name contains. */
const RULES: readonly [RegExp, ItArticle][] = [
  [/^Côtes /, "le"],
  [/^(Valle|Vale|Penisola|Costa|Isola|Bassa|Alta|Riviera) |(Valley|Peninsula|Coast)$/, "la"],
  [/(Hills|Lakes|Gravels)$|^(Colli|Pendici|Colline) /, "i"],
  [/District$/, "il"],
];

/** The place of a region record: its Italian name with the article and preposition of `grammar.it`. */
export function recordPlace(record: RegionRecord): Place {
  const g = record.grammar.it;
  const article = g.article;
  return { name: record.names.it || record.names.en, article, at: g.prep ?? (article ? "in" : "a") };
}

/** The place of a region known only by its names (no record yet): see FALLBACK and RULES. */
export function namedPlace(names: Localized): Place {
  const name = names.it || names.en;
  const article =
    FALLBACK[fold(names.en)] ?? FALLBACK[fold(name)] ?? RULES.find(([re]) => re.test(name))?.[1];
  return { name, article, at: article ? "in" : "a" };
}

/** "nelle Langhe", "in Toscana" (regions take no article after "in" when feminine singular), "a Pauillac". */
export function inPlace(p: Place): string {
  if (p.at === "a") return prep("a", undefined, p.name);
  if (p.at === "su") return prep("su", p.article, p.name);
  if (!p.article || BARE_IN.has(fold(p.name))) return `in ${p.name}`;
  // Feminine regions and states take "in" alone ("in Toscana", "in Borgogna", "in Alsazia"; Serianni
  // VIII.80), but not names of a valley, coast or range ("nella Valle Centrale", "nella Serra Gaúcha");
  // plural and masculine names keep the article ("nelle Langhe", "nel Chianti", "nell'Alentejo").
  const feminine = p.article === "la" || (p.article === "l'" && /a$/.test(p.name));
  if (feminine && !GEOGRAPHIC_NOUN.test(p.name)) return `in ${p.name}`;
  return prep("in", p.article, p.name);
}

/** Masculine Italian regions said with a bare "in" ("in Piemonte", "in Veneto", "in Trentino"). */
const BARE_IN = new Set([
  "piemonte",
  "veneto",
  "trentino",
  "abruzzo",
  "friuli-venezia giulia",
  "molise",
  "alto adige",
]);
/** A name headed by a common geographic noun keeps its article after "in". */
const GEOGRAPHIC_NOUN =
  /^(Valle|Vale|Costa|Penisola|Isola|Riviera|Serra|Campanha|Bassa|Alta|Maremma) | (Valley|Coast|Peninsula|Island)$/;

/** "dalle Langhe", "dalla Toscana", "da Pauillac". */
export function fromPlace(p: Place): string {
  return prep("da", p.article, p.name);
}

/** "delle Langhe", "della Toscana", "di Pauillac". */
export function ofPlace(p: Place): string {
  return prep("di", p.article, p.name);
}

/** The name with its article as a subject: "le Langhe", "la Toscana", "Pauillac". */
export function namePlace(p: Place): string {
  return p.article ? withArticle(p.article, p.name) : p.name;
}

/** Article of country names that take one in Italian (the others: "da Israele", "da Malta", "da Cipro"). */
const COUNTRY_ARTICLE: Record<string, ItArticle> = {
  FR: "la",
  IT: "l'",
  US: "gli",
  PT: "il",
  CL: "il",
  DE: "la",
  AR: "l'",
  BR: "il",
  ES: "la",
  AU: "l'",
  NZ: "la",
  ZA: "il",
  CA: "il",
  AT: "l'",
  GR: "la",
  UY: "l'",
  MX: "il",
  HU: "l'",
  UA: "l'",
  LB: "il",
  CH: "la",
  CZ: "la",
  RO: "la",
  GB: "il",
  UK: "il",
  TR: "la",
  SI: "la",
  HR: "la",
  MD: "la",
  GE: "la",
  BG: "la",
  LU: "il",
  SK: "la",
  BO: "la",
  JP: "il",
  CN: "la",
  MA: "il",
};

/** The country's Italian name, or undefined when the lexicon does not know the code. */
export function countryName(code: string): string | undefined {
  return country(code)?.name.it;
}

/** "in Francia", "negli Stati Uniti", "a Malta" (the lexicon's locative). */
export function inCountry(code: string): string | undefined {
  return country(code)?.in.it;
}

/** "dalla Francia", "dagli Stati Uniti", "da Israele". */
export function fromCountry(code: string): string | undefined {
  const name = countryName(code);
  if (!name) return undefined;
  return prep("da", COUNTRY_ARTICLE[code.toUpperCase()], name);
}

/** "della Francia", "degli Stati Uniti", "di Israele". */
export function ofCountry(code: string): string | undefined {
  const name = countryName(code);
  if (!name) return undefined;
  return prep("di", COUNTRY_ARTICLE[code.toUpperCase()], name);
}

/**
 * Where a wine or a region comes from, as the writer can say it: a place ("nelle Langhe", "a
 * Pauillac"), a denomination named after its wine ("la zona del Brunello di Montalcino": never "a
 * Brunello di Montalcino"), or only the country (a style name such as Fino Sherry without a place, a
 * national category such as Vin de France).
 */
export type Origin =
  | { kind: "place"; place: Place; within: Place | undefined; country: string }
  | { kind: "denomination"; name: string; gender: "m" | "f"; within: Place | undefined; country: string }
  | { kind: "country"; country: string };

/** Names of denominations that are names of a wine (Brunello di Montalcino, Crémant de Loire, Cava). */
const WINE_NAMED =
  /\s(di|d'|del|della|dei|delle|dell')\s?\S|^(Crémant|Vin |Vino |Vinho |Cava$|Prosecco|Port$|Porto$|Valpolicella |Bourgogne|Champagne Grand Cru|Grappa|Recioto|Alentejano$|Duriense$|Madeirense$)|Sherry|\b(1er|Premier|Grand) Cru\b|^Conegliano/;
/** Style names that are no place (Fino Sherry), and national categories (Vin de France). */
const NO_PLACE =
  /^(Fino|Amontillado|Cream|Oloroso|Manzanilla|Pale Cream) Sherry$|^(Vin de France|Vino de España|Vinho de Portugal|Vino d'Italia)$/;
/** Wines named after a feminine grape take "la" (la Barbera d'Alba). */
const FEMININE_WINE =
  /^(Barbera|Freisa|Bonarda|Malvasia|Vernaccia|Falanghina|Ribolla|Schiava|Garganega|Lacrima)\b/;

function originOfName(name: string, place: Place, within: Place | undefined, country: string): Origin {
  if (WINE_NAMED.test(name))
    return { kind: "denomination", name, gender: FEMININE_WINE.test(name) ? "f" : "m", within, country };
  return { kind: "place", place, within, country };
}

/**
 * The origin of a record (`place`: the record a style name stands for, already resolved by the
 * profile) or, without one, of the catalogue's region names.
 */
export function originOf(
  place: RegionRecord | undefined,
  within: RegionRecord | undefined,
  region: { names: Localized; country: string },
  record: RegionRecord | undefined,
): Origin {
  const country = place?.country ?? region.country;
  if (record?.kind === "national" || place?.kind === "national") return { kind: "country", country };
  const up = within ? recordPlace(within) : undefined;
  if (place) return originOfName(place.names.it || place.names.en, recordPlace(place), up, country);
  if (record?.kind === "style" || NO_PLACE.test(region.names.en)) return { kind: "country", country };
  const named = namedPlace(region.names);
  return originOfName(named.name, named, undefined, country);
}

/** "della zona del Brunello di Montalcino" / "della Barbera d'Alba". */
function zoneOf(o: Extract<Origin, { kind: "denomination" }>): string {
  return prep("di", o.gender === "f" ? "la" : article(o.name), o.name);
}

/** "dalle Langhe", "da Pauillac", "dalla zona del Brunello di Montalcino", "dalla Spagna". */
export function originFrom(o: Origin): string {
  if (o.kind === "place") return fromPlace(o.place);
  if (o.kind === "denomination") return `dalla zona ${zoneOf(o)}`;
  return fromCountry(o.country) ?? "";
}

/** "nelle Langhe", "a Pauillac", "nella zona del Brunello di Montalcino", "in Spagna". */
export function originIn(o: Origin): string {
  if (o.kind === "place") return inPlace(o.place);
  if (o.kind === "denomination") return `nella zona ${zoneOf(o)}`;
  return inCountry(o.country) ?? "";
}

/** The name of the origin as written in a sentence: "le Langhe", "Pauillac", "il Brunello di Montalcino". */
export function originName(o: Origin): string {
  if (o.kind === "place") return namePlace(o.place);
  if (o.kind === "denomination") return withArticle(o.gender === "f" ? "la" : article(o.name), o.name);
  return countryName(o.country) ?? o.country;
}

/** True when a reader may not know the country from the place alone (outside Italy and France). */
export function needsCountry(o: Origin): boolean {
  return o.kind !== "country" && !["IT", "FR"].includes(o.country.toUpperCase());
}

/** "delle Langhe", "di Pauillac", "della zona del Brunello di Montalcino", "della Spagna". */
export function originOfPhrase(o: Origin): string {
  if (o.kind === "place") return ofPlace(o.place);
  if (o.kind === "denomination") return `della zona ${zoneOf(o)}`;
  return ofCountry(o.country) ?? "";
}

/** The origin's own name after "di": "delle Langhe", "di Pauillac", "del Brunello di Montalcino", "della Spagna". */
export function ofOrigin(o: Origin): string {
  if (o.kind === "place") return ofPlace(o.place);
  if (o.kind === "denomination") return zoneOf(o);
  return ofCountry(o.country) ?? "";
}

/** "è" or, for a name with a plural article (le Langhe, i Colli), "sono". */
export function isOrAre(o: Origin): "è" | "sono" {
  return o.kind === "place" && ["i", "gli", "le"].includes(o.place.article ?? "") ? "sono" : "è";
}
