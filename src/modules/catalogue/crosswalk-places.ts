/**
 * Places as the crosswalk compares them (crosswalk-fit.ts): a place name becomes a key (its compared
 * words, crosswalk-words.ts nameWords, joined: "Saint-Émilion" → "st emilion"), the names of one place
 * become one key ("Rhône Valley", "Vallée du Rhône", "Rhone" → "rhone"), and a key has the chain of
 * the places it lies in (domain/wine/wine-geography.ts: "brauneberg" → ["mosel"], "pauillac" →
 * ["haut medoc", "medoc", "bordeaux"]).
 */
import { PLACE_WITHIN, SAME_PLACE } from "../../domain/wine/wine-geography.ts";
import { nameWords } from "./crosswalk-words.ts";

/** The compared form of a place name (words joined by spaces; "" for none). */
function rawKey(name: string): string {
  return nameWords(name).words.join(" ");
}

/** Each name's key → the key of its place's first name. */
const CANONICAL: ReadonlyMap<string, string> = new Map(
  SAME_PLACE.flatMap((names) => names.map((n) => [rawKey(n), rawKey(names[0] as string)] as const)),
);

/** Each place's key → the key of the place it lies in. */
const WITHIN: ReadonlyMap<string, string> = new Map(
  Object.entries(PLACE_WITHIN).map(([place, region]) => [placeKey(place), placeKey(region)] as const),
);

/** The key of a place name: its compared words, one key for the names of one place ("Tuscany" → "toscana"). */
export function placeKey(name: string): string {
  const key = rawKey(name);
  return CANONICAL.get(key) ?? key;
}

/** The keys of the places `key` lies in, nearest first ("pauillac" → ["haut medoc", "medoc", "bordeaux"]); [] when unknown. */
export function enclosingPlaces(key: string): string[] {
  const out: string[] = [];
  for (let at = WITHIN.get(key); at !== undefined && !out.includes(at); at = WITHIN.get(at)) out.push(at);
  return out;
}
