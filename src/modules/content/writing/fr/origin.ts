/**
 * Where a wine comes from, in French: the appellation or region (record or catalogue name), the region
 * it lies in, and the country only where the place alone would not tell a French reader (not for
 * French places, nor when the region one level up is named). A style name (Fino Sherry) or a national
 * category (Vin de France) is never written as a place.
 */

import { fold } from "../../../../domain/text-folding.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { type FrName, fromPlace, inPlace } from "./grammar.ts";
import {
  countryAdjective,
  fallbackName,
  inCountry,
  isNational,
  isWineNamedAppellation,
  recordName,
} from "./places.ts";

/** The wine's origin as French names. */
export interface Origin {
  /** The appellation or region; undefined for a national category or an unknown place. */
  place: FrName | undefined;
  /** The region one level up, when the record says. */
  within: FrName | undefined;
  /** "au Chili", when the country is worth saying after the place; else undefined. */
  country: string | undefined;
  /** "en Italie": the country phrase, always (for sentences without a place). */
  countryIn: string | undefined;
  /** "italien" (country adjective), when known. */
  adjective: string | undefined;
  /** The name of a national category (Vin de France), when the wine has one. */
  national: string | undefined;
  /** The place reads as a wine's name ("Barbera d'Alba"): "de l'appellation Barbera d'Alba". */
  wineNamed: boolean;
}

/** Decides the French names of a wine's origin (no facts decided here: names and grammar only). */
export function origin(p: WineProfile): Origin {
  const names = p.facts.region.names;
  const national = isNational(p.place ?? p.region, names);
  const place = national ? undefined : p.place ? recordName(p.place) : fallbackName(names);
  const within = p.placeWithin ? recordName(p.placeWithin) : undefined;
  const code = p.facts.region.country.toUpperCase();
  const countryIn = inCountry(code);
  const tellsCountry = within !== undefined || code === "FR" || p.place?.kind === "national";
  return {
    place,
    within,
    country: place && !tellsCountry ? countryIn : undefined,
    countryIn,
    adjective: countryAdjective(code),
    national: national ? names.fr || names.en : undefined,
    wineNamed:
      place !== undefined && (p.place?.kind === "appellation" || !p.place) && isWineNamedAppellation(place),
  };
}

/** The place phrase of origin: "de Pauillac", "de la Serra Gaúcha", "de l'appellation Barbera d'Alba". */
export function fromOrigin(o: Origin): string | undefined {
  if (!o.place) return undefined;
  return o.wineNamed ? `de l'appellation ${o.place.name}` : fromPlace(o.place);
}

/** Where: "à Pauillac", "dans la Serra Gaúcha", "dans l'appellation Barbera d'Alba". */
export function inOrigin(o: Origin): string | undefined {
  if (!o.place) return o.countryIn;
  return o.wineNamed ? `dans l'appellation ${o.place.name}` : inPlace(o.place);
}

/**
 * The apposition after the place: ", dans le Haut-Médoc", ", au Chili", or "".
 */
export function beyond(o: Origin): string {
  if (o.within) return `, ${inPlace(o.within)}`;
  return o.country ? `, ${o.country}` : "";
}

/** True when the style noun already names the place ("un champagne" from Champagne). */
export function nounNamesPlace(head: string, o: Origin): boolean {
  return o.place !== undefined && fold(o.place.name).startsWith(fold(head));
}
