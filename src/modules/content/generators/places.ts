/**
 * Place phrases of the wine and region texts: the region with its article and preposition ("from the
 * Langhe", "aus den Langhe", "des Langhe", "dalle Langhe"; articles from i18n/place-names.ts, combining
 * rules from articles.ts), with the country, and without repeating a region the wine's name already
 * states ("Brunello di Montalcino … from Italy", not "… from Brunello di Montalcino").
 */
import type { Language, Localized } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { country } from "../writing/lexicon/countries.ts";
import { dePrep, enThe, frPrep, itPrep } from "./articles.ts";
import { placeArticle } from "./i18n/place-names.ts";
import { normalizeRegion } from "./i18n/region-terroir.ts";

/** Region name in the language, falling back to English. */
export function regionName(
  facts: { region: { names: Localized } } | { names: Localized },
  lang: Language,
): string {
  const names = "region" in facts ? facts.region.names : facts.names;
  return names[lang] || names.en;
}

/** The preposition of a place phrase: "from" (de aus, fr de, it da), "of" (fr de, it di), "in". */
export type PlacePrep = "from" | "of" | "in";

/**
 * The region after a preposition, with the article its name takes:
 * from: "from the Langhe" / "aus den Langhe" / "des Langhe" / "dalle Langhe";
 * of: "of the Langhe" / "aus den Langhe" / "des Langhe" / "delle Langhe";
 * in: "in the Langhe" (en "on" with a peninsula or island: "on the Mornington Peninsula") / "in den Langhe" /
 * "dans les Langhe" (no article: "à Mendoza") / "nelle Langhe".
 */
export function placePhrase(names: Localized, lang: Language, prep: PlacePrep): string {
  switch (lang) {
    case "en": {
      const p = placeArticle(names, "en");
      const on = prep === "in" && /\b(Peninsula|Island)$/.test(p.name); // "on the Mornington Peninsula"
      return `${on ? "on" : prep} ${enThe(p.article, p.name)}`;
    }
    case "de": {
      const p = placeArticle(names, "de");
      return dePrep(prep === "in" ? "in" : "aus", p.article, p.name);
    }
    case "fr": {
      const p = placeArticle(names, "fr");
      if (prep !== "in") return frPrep("de", p.article, p.name);
      return p.article ? frPrep("dans", p.article, p.name) : `à ${p.name}`;
    }
    case "it": {
      const p = placeArticle(names, "it");
      return itPrep(prep === "from" ? "da" : prep === "of" ? "di" : "in", p.article, p.name);
    }
  }
}

function words(text: string): string {
  return ` ${normalizeRegion(text)
    .replace(/[^a-z0-9']+/g, " ")
    .trim()} `;
}

/** True when the wine's name already contains its region's name (in any language), as whole words. */
export function nameStatesRegion(facts: WineFacts): boolean {
  const name = words(facts.name);
  return Object.values(facts.region.names).some((r) => r.length > 0 && name.includes(words(r)));
}

/** True when the wine's name begins with its region's name ("Pouilly-Fuissé", "Chianti Classico Riserva"). */
export function nameBeginsWithRegion(facts: WineFacts): boolean {
  const name = words(facts.name);
  return Object.values(facts.region.names).some((r) => r.length > 0 && name.startsWith(words(r)));
}

/** True when the region is the country itself in that language ("Malta") or a country-wide category. */
function sameAsCountry(facts: WineFacts, lang: Language): boolean {
  const c = country(facts.region.country);
  const name = regionName(facts, lang);
  return c !== undefined && (c.name[lang].toLowerCase() === name.toLowerCase() || COUNTRY_WINE.test(name));
}

/** Country-wide wine categories that are no place: Vin de France, Vino de España, Vino d'Italia, Vinho de Portugal. */
const COUNTRY_WINE = /^(Vin|Vino|Vinho) d(e |')/;

/** The country locative turned into an origin: "from Italy", "aus der Schweiz", "produit en Italie", "prodotto in Italia". */
function fromCountry(facts: WineFacts, lang: Language): string | undefined {
  const c = country(facts.region.country);
  if (!c) return undefined;
  const de = c.in.de.replace(/^im /, "aus dem ").replace(/^(in|auf) /, "aus ");
  const en = c.in.en.replace(/^in /, "from ");
  return { en, de, fr: `produit ${c.in.fr}`, it: `prodotto ${c.in.it}` }[lang];
}

/**
 * Origin of the wine, one of three plans (`variant` mod 3), e.g. for a wine of the Langhe:
 * en "from the Langhe, Italy" / "from the Langhe in Italy" / "from Italy's Langhe" (the last only
 * for countries named without an article: "from Argentina's Mendoza");
 * de "aus dem Anbaugebiet Langhe in Italien" / "aus den Langhe (Italien)" / "aus den Langhe in Italien";
 * fr "de la région des Langhe, en Italie" / "originaire des Langhe (Italie)" / "issu des Langhe, en Italie";
 * it "della zona delle Langhe, in Italia" / "proveniente dalle Langhe (Italia)" / "originario delle Langhe, in Italia".
 * When the wine's name already names the region, or the region is the country, only the country is given.
 */
export function fromPlace(facts: WineFacts, lang: Language, variant: number): string {
  const c = country(facts.region.country);
  const names = facts.region.names;
  if (sameAsCountry(facts, lang) || nameStatesRegion(facts)) {
    const only = fromCountry(facts, lang);
    if (only) return only;
  }
  const region = regionName(facts, lang);
  const from = placePhrase(names, lang, "from");
  const of = placePhrase(names, lang, "of");
  const v = variant % 3;
  switch (lang) {
    case "en":
      if (!c) return from;
      // The genitive only for countries named without an article ("Argentina's", not "United States's").
      if (v === 2 && from === `from ${region}` && c.in.en === `in ${c.name.en}`)
        return `from ${c.name.en}'s ${region}`;
      return v === 1 ? `${from} ${c.in.en}` : `${from}, ${c.name.en}`;
    case "de":
      if (v === 0) return `aus dem Anbaugebiet ${region}${c ? ` ${c.in.de}` : ""}`;
      return c ? (v === 1 ? `${from} (${c.name.de})` : `${from} ${c.in.de}`) : from;
    case "fr":
      if (v === 0) return `de la région ${of}${c ? `, ${c.in.fr}` : ""}`;
      if (v === 1) return `originaire ${of}${c ? ` (${c.name.fr})` : ""}`;
      return `issu ${of}${c ? `, ${c.in.fr}` : ""}`;
    case "it":
      if (v === 0) return `della zona ${of}${c ? `, ${c.in.it}` : ""}`;
      if (v === 1) return `proveniente ${from}${c ? ` (${c.name.it})` : ""}`;
      return `originario ${of}${c ? `, ${c.in.it}` : ""}`;
  }
}

/**
 * Location with "in": "in the Langhe, Italy" / "in den Langhe in Italien" / "dans les Langhe, en Italie"
 * / "nelle Langhe, in Italia"; only the country when the wine's name already names the region.
 */
export function inPlace(facts: WineFacts, lang: Language): string {
  const c = country(facts.region.country);
  if (c && (sameAsCountry(facts, lang) || nameStatesRegion(facts))) return c.in[lang];
  const where = placePhrase(facts.region.names, lang, "in");
  const tail = c
    ? { en: `, ${c.name.en}`, de: ` ${c.in.de}`, fr: `, ${c.in.fr}`, it: `, ${c.in.it}` }[lang]
    : "";
  return `${where}${tail}`;
}
