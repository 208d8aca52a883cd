/**
 * Places as the crosswalk compares them (crosswalk-fit.ts): a place name becomes a key (its compared
 * words, crosswalk-words.ts nameWords, joined: "Saint-Émilion" → "st emilion"), the names of one place
 * become one key ("Rhône Valley", "Vallée du Rhône", "Rhône" → "rhone valley"), and a key has the
 * chain of the places it lies in ("brauneberg" → ["mosel"], "pauillac" → ["haut medoc", "medoc",
 * "bordeaux"]). Both come from the region records (domain/wine/regions): a record's name, aliases and
 * names in each language are one place, and its `within` is the place one level up.
 */
import { REGION_RECORDS } from "../../domain/wine/regions/region-records.ts";
import { nameWords } from "./crosswalk-words.ts";

/** The compared form of a place name (words joined by spaces; "" for none). */
function rawKey(name: string): string {
  return nameWords(name).words.join(" ");
}

/**
 * Each name's key → the key of its record's name. A record's own name and aliases come first; its
 * names in other languages only where no record claims that name as its own.
 */
const CANONICAL: ReadonlyMap<string, string> = (() => {
  const canonical = new Map<string, string>();
  for (const r of REGION_RECORDS)
    for (const name of [r.name, ...(r.aliases ?? [])]) canonical.set(rawKey(name), rawKey(r.name));
  for (const r of REGION_RECORDS)
    for (const name of Object.values(r.names))
      if (!canonical.has(rawKey(name))) canonical.set(rawKey(name), rawKey(r.name));
  return canonical;
})();

/** Each place's key → the key of the place it lies in. */
const WITHIN: ReadonlyMap<string, string> = new Map(
  REGION_RECORDS.flatMap((r) => (r.within ? [[placeKey(r.name), placeKey(r.within)] as const] : [])),
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
