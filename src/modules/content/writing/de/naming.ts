/**
 * How the German writer names a wine and where it comes from. A name of its own stands bare
 * ("Sassicaia von der Tenuta San Guido"); a name that is only a grape, an appellation or style words
 * takes the article wines take in German ("der Cabernet Sauvignon von Castellamare", "der Rioja
 * Crianza", "der Rosé von Los Vascos") and, when it is only style words, always its producer — such a
 * name is never a bare subject or object ("Rosé stammt von …"). The origin is the appellation when
 * known (profile.place, never a style record), with the region it lies in or the country where the
 * place alone would not tell.
 */
import { fold } from "../../../../domain/text-folding.ts";
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import {
  byProducer,
  type Case,
  countryName,
  definite,
  fromCountry,
  fromPlace,
  type Gender,
  inCountry,
  inPlace,
  placeSubject,
} from "./grammar.ts";

/** Grammatical gender of the wine's name with its article: "die Cuvée Nature", else masculine. */
export function nameGender(p: WineProfile): Gender {
  const name = fold(p.facts.name);
  return name.startsWith("cuvee") || (p.nameKind === "style_words" && /\bcuvee\b/.test(name)) ? "f" : "m";
}

/** True when the name already carries a year. */
function nameHasYear(p: WineProfile): boolean {
  return /\b(19|20)\d\d\b/.test(p.facts.name);
}

/** Options of {@link wineRef}. */
export interface RefOptions {
  /**
   * Add "von {producer}" when the name does not contain it: true, false (the sentence names the
   * producer itself), or by default only for a style-words name.
   */
  producer?: boolean;
  /** Add the named vintage after the name ("der Riesling 2021"); never for a spirit. */
  vintage?: boolean;
}

/** Port names that are only its category ("Late Bottled Vintage Port", "10 Year Old Tawny Port"). */
const PORT_CATEGORY =
  /^((fine|reserve|special reserve|finest reserve) )?((\d+ years? old )?(tawny|ruby|white|vintage|late bottled vintage|lbv|colheita)) (port|porto)$/;

/** True when the name is to be used like style words: with its article and its producer. */
function styleLike(p: WineProfile): boolean {
  return p.nameKind === "style_words" || PORT_CATEGORY.test(fold(p.facts.name));
}

/**
 * The wine named in case `c`: "Sassicaia 2019 von der Tenuta San Guido", "den Cabernet Sauvignon von
 * Castellamare", "dem Rosé von Los Vascos", "der Late Bottled Vintage Port von Graham's". A
 * style-words name always gets its article and producer.
 */
export function wineRef(p: WineProfile, c: Case, options: RefOptions = {}): string {
  const year =
    options.vintage && p.facts.vintage !== null && p.category === "wine" && !nameHasYear(p)
      ? ` ${p.facts.vintage}`
      : "";
  const producer =
    (options.producer ?? styleLike(p)) && !p.nameHasProducer ? ` ${byProducer(p.facts.producerName)}` : "";
  const article = p.nameKind === "proper" && !styleLike(p) ? "" : `${definite(c, nameGender(p))} `;
  return `${article}${p.facts.name}${year}${producer}`;
}

/** True when the name may stand as a subject by itself ("Sassicaia ist …"). */
export function nameStandsAlone(p: WineProfile): boolean {
  return p.nameKind !== "style_words";
}

/** European countries whose wine places a German reader knows without the country's name. */
const KNOWN_COUNTRIES = new Set(["DE", "AT", "CH", "FR", "IT", "ES", "PT"]);

/** Region names that are wine styles, not places ("Fino Sherry", "Cream Sherry", "Tawny Port"). */
const STYLE_REGION = /\b(sherry|fino|amontillado|oloroso|manzanilla|tawny|ruby)\b/;

/**
 * True when a region's English name is a wine style rather than a place ("Fino Sherry"); used only
 * where no record says so (a record of kind `style` does).
 */
export function looksLikeStyle(englishName: string): boolean {
  return STYLE_REGION.test(fold(englishName)) && !/\bjerez\b/.test(fold(englishName));
}

/** Where the wine comes from, as phrases. */
export interface Origin {
  /** "aus Saint-Estèphe", "von der Mosel", "aus dem Anbaugebiet Serra Gaúcha", "aus Frankreich". */
  from: string;
  /** "in Saint-Estèphe", "an der Mosel" … */
  in: string;
  /** The place as a subject ("der Rheingau", "Pauillac"), when the wine has a place record. */
  subject?: string;
  /** "im Haut-Médoc", "in Brasilien": what situates the place, when useful. */
  situated?: string;
  /** The place's name as written ("Rheingau"), for appositions. */
  name?: string;
  /** True when the origin is only the country. */
  countryOnly: boolean;
}

/**
 * The wine's origin: its place record (a style record's place, never the style), situated in the
 * region it lies in or, outside the best-known European countries, in its country; without a record
 * "aus dem Anbaugebiet X in Y"; the country alone for a national category, a style name, or a region
 * that is the country itself. When the wine's name already states the place, the phrases name the
 * region one level up or the country instead (no "Chianti Classico … aus dem Chianti Classico").
 */
export function origin(p: WineProfile): Origin {
  const code = p.facts.region.country;
  const country = { from: fromCountry(code) ?? "", in: inCountry(code) ?? "", countryOnly: true };
  const place = p.place;
  if (place && place.kind !== "national" && place.kind !== "style") {
    if (nameHasPlace(p.facts.name, place)) {
      if (p.placeWithin)
        return { from: fromPlace(p.placeWithin), in: inPlace(p.placeWithin), countryOnly: false };
      if (country.from) return country;
    }
    const situated = p.placeWithin
      ? inPlace(p.placeWithin)
      : KNOWN_COUNTRIES.has(code.toUpperCase())
        ? undefined
        : country.in || undefined;
    return {
      from: fromPlace(place),
      in: inPlace(place),
      subject: placeSubject(place),
      ...(situated ? { situated } : {}),
      name: place.names.de || place.names.en,
      countryOnly: false,
    };
  }
  const regionName = p.facts.region.names.de || p.facts.region.names.en;
  const isCountry = fold(regionName) === fold(countryName(code) ?? "");
  if (
    place ||
    !country.from ||
    isCountry ||
    p.nameStatesRegion ||
    STYLE_REGION.test(fold(p.facts.region.names.en)) ||
    /^(Vin|Vino|Vinho) d/.test(regionName)
  )
    return country.from
      ? country
      : { from: `aus dem Anbaugebiet ${regionName}`, in: `im Anbaugebiet ${regionName}`, countryOnly: false };
  return {
    from: `aus dem Anbaugebiet ${regionName}`,
    in: `im Anbaugebiet ${regionName}`,
    name: regionName,
    situated: country.in,
    countryOnly: false,
  };
}

/** True when the wine's name contains the place's name in any language, as whole words. */
function nameHasPlace(name: string, place: RegionRecord): boolean {
  const words = ` ${fold(name)} `;
  return [place.name, ...Object.values(place.names)].some(
    (n) => n.length > 0 && words.includes(` ${fold(n)} `),
  );
}

/** "aus Saint-Estèphe im Haut-Médoc" / "aus Mendoza in Argentinien" / "aus dem Rheingau". */
export function fromSituated(o: Origin): string {
  return o.situated ? `${o.from} ${o.situated}` : o.from;
}

/** "in Saint-Estèphe im Haut-Médoc" / "an der Mosel". */
export function inSituated(o: Origin): string {
  return o.situated ? `${o.in} ${o.situated}` : o.in;
}

/**
 * The wine named so that it differs from other wines of the same grape or appellation: a name of its
 * own bare ("Sassicaia"), any other name with its producer ("der Riesling vom Weingut Robert Weil").
 */
export function distinctRef(p: WineProfile, c: Case, vintage = false): string {
  return wineRef(p, c, { producer: p.nameKind !== "proper" || styleLike(p), vintage });
}
