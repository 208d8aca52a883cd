/**
 * What every English text of a wine needs, worked out once: its place and where that lies, how it is
 * named, its style noun, its grapes. Built from the profile only.
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { and, capitalize, countryName, fromPlace, type Place, placeOf, withArticle } from "./grammar.ts";
import { grapeNames, styleNoun, type WineName, wineName } from "./words.ts";

/** The parts of a wine's English texts. */
export interface WineContext {
  p: WineProfile;
  place: Place | undefined;
  within: Place | undefined;
  country: string | undefined;
  /** "full-bodied red", "tawny Port", "grappa". */
  style: string;
  /** The last word of the style, for "this red", "this Champagne". */
  styleWord: string;
  name: WineName;
  grapes: string[];
  /** The name already says the grape ("Cabernet Sauvignon", "Malbec Reserva"). */
  nameIsGrape: boolean;
  /** A later mention inside a sentence: "Sassicaia", "this Malbec Reserva", "this rosé". */
  ref: string;
}

/** The context of a profile. */
export function wineContext(p: WineProfile): WineContext {
  const place = placeOf(p.place, p.region ? undefined : p.facts.region.names.en, p.facts.region.country);
  const within = p.placeWithin ? placeOf(p.placeWithin, undefined, p.facts.region.country) : undefined;
  const style = styleNoun(p, place?.bare);
  const styleWord = style.split(" ").at(-1) ?? "wine";
  return {
    p,
    place,
    within,
    country: countryName(p.facts.region.country),
    style,
    styleWord,
    name: wineName(p, styleWord === "wine" ? "wine" : styleWord),
    grapes: grapeNames(p),
    nameIsGrape: p.nameKind === "grape",
    // An appellation's name with label words ("Saint-Estèphe (Grand Cru Classé)") is said as the
    // appellation alone after its first mention: "this Saint-Estèphe".
    ref:
      p.nameKind === "proper"
        ? p.facts.name
        : p.nameKind === "appellation" && place
          ? `this ${place.bare}`
          : p.nameKind === "grape" || p.nameKind === "appellation"
            ? `this ${p.facts.name}`
            : `this ${styleWord}`,
  };
}

/**
 * Where the wine comes from, as a "from" phrase: "from Saint-Estèphe in the Haut-Médoc", "from the
 * Serra Gaúcha in Brazil", "from Chile" (no place), "" when nothing is known. `country` adds the
 * country when the place alone would not tell it (no region one level up).
 */
export function origin(c: WineContext, variant: number): string {
  if (!c.place) return c.country ? `from ${c.country}` : "";
  // The name already says the place ("Brunello di Montalcino"): only where that lies.
  if (c.p.nameStatesRegion) return c.within ? fromPlace(c.within) : c.country ? `from ${c.country}` : "";
  const from = fromPlace(c.place);
  if (c.within) return variant % 2 === 0 ? `${from} in ${c.within.name}` : `${from}, in ${c.within.name}`;
  if (!c.country || c.place.bare === c.country) return from;
  return variant % 2 === 0 ? `${from} in ${c.country}` : `${from}, ${c.country}`;
}

/** "a blend of Cabernet Sauvignon and Merlot" / "made from Muscat" / "" (name says the grape). */
export function grapeClause(c: WineContext, variant: number): string {
  const g = c.grapes;
  if (g.length === 0 || c.nameIsGrape || c.p.category === "grape_spirit") return "";
  if (g.length === 1) return `${["made from", "made entirely from", "made from"][variant % 3]} ${g[0]}`;
  const shown = g.length > 4 ? [...g.slice(0, 3), "other varieties"] : g;
  return variant % 2 === 0 ? `a blend of ${and(shown)}` : `blended from ${and(shown)}`;
}

/** "A full-bodied red" etc., with article; capitalised when `start`. */
export function styleWithArticle(c: WineContext, start = false): string {
  const s = withArticle(c.style);
  return start ? capitalize(s) : s;
}
