/**
 * Place names in French: the name of a region record with its grammar (article and preposition from
 * the record's `grammar.fr`), or, for a region without a record yet, the catalogue's French name with
 * the article French usage gives it (Le Petit Robert des noms propres; Grevisse § 1051): "la
 * Serra Gaúcha", "les Langhe", "le Rheingau"; valleys, hills and coasts by their head word ("la Napa
 * Valley", "les Adelaide Hills"); towns and most appellations without article ("à Pauillac").
 * Regions whose name is a wine style or a national category are never written as places.
 */
import type { Localized } from "../../../../domain/vocabulary.ts";
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";
import { country } from "../lexicon/countries.ts";
import type { FrArticle, FrName, FrPrep } from "./grammar.ts";

/**
 * French grammar of catalogue regions without a record, by English name: article and, when it is not
 * the default ("dans" with an article, "à" without), the preposition.
 */
const FALLBACK: Readonly<Record<string, [FrArticle | "", FrPrep?]>> = {
  Langhe: ["les"],
  Champagne: ["la", "en"],
  Provence: ["la", "en"],
  Burgundy: ["la", "en"],
  Alsace: ["l'", "en"],
  Beaujolais: ["le"],
  "Haut-Médoc": ["le"],
  "Languedoc-Roussillon": ["le", "en"],
  "Upper Loire": ["le"],
  Tuscany: ["la", "en"],
  Piedmont: ["le"],
  Veneto: ["la", "en"],
  Apulia: ["les"],
  Abruzzo: ["les"],
  Marche: ["les"],
  "Emilia-Romagna": ["l'", "en"],
  "Friuli-Venezia Giulia": ["le"],
  "South Tyrol": ["le"],
  Trentino: ["le"],
  Chianti: ["le"],
  "Chianti Classico": ["le"],
  "Chianti Colli Senesi": ["le"],
  Salento: ["le"],
  "Maremma Toscana": ["la"],
  "Costa Toscana": ["la"],
  Valtellina: ["la", "en"],
  Collio: ["le"],
  Etna: ["l'", "sur"],
  Rioja: ["la"],
  "La Rioja": ["la"],
  "Ribera del Duero": ["la"],
  Penedès: ["le"],
  Priorat: ["le"],
  Bierzo: ["le"],
  Castile: ["la", "en"],
  Navarre: ["la", "en"],
  "Rías Baixas": ["les"],
  Douro: ["le"],
  Alentejo: ["l'"],
  Minho: ["le"],
  Bairrada: ["la"],
  Beiras: ["les"],
  Mosel: ["la"],
  Pfalz: ["le"],
  Rheingau: ["le"],
  Nahe: ["la"],
  Ahr: ["l'"],
  Rheinhessen: ["la", "en"],
  Franconia: ["la", "en"],
  Württemberg: ["le"],
  Wachau: ["la"],
  Kamptal: ["le"],
  Wagram: ["le"],
  Burgenland: ["le"],
  Mittelburgenland: ["le"],
  Valais: ["le"],
  "Lake Biel": ["le", "à"],
  California: ["la", "en"],
  Texas: ["le"],
  Virginia: ["la", "en"],
  Wisconsin: ["le"],
  "New Mexico": ["le"],
  Washington: ["l'"],
  Ontario: ["l'", "en"],
  Patagonia: ["la", "en"],
  "Serra Gaúcha": ["la"],
  "Campanha Gaúcha": ["la"],
  "Rio Grande do Sul": ["le"],
  "Minas Gerais": ["le"],
  "North Island": ["l'", "dans"],
  "Western Cape": ["le"],
  Swartland: ["le"],
  "South Australia": ["l'", "en"],
  "South Eastern Australia": ["le"],
  "South West Australia": ["le"],
  "New South Wales": ["la", "en"],
  "Central Victoria": ["le"],
  Crimea: ["la", "en"],
  Galilee: ["la", "en"],
  Macedonia: ["la", "en"],
  Peloponnese: ["le"],
  Chalkidiki: ["la", "en"],
  "Continental Greece": ["la", "en"],
  Crete: ["la", "en"],
  Ilia: ["l'", "en"],
  "Slopes of Meliton": ["les"],
  "Dalmatian Coast": ["la"],
  "Southeastern Anatolia": ["l'", "en"],
  Moldova: ["la", "en"],
  Moravia: ["la", "en"],
  Transylvania: ["la", "en"],
  Zakarpattia: ["la", "en"],
  Styria: ["la", "en"],
  "South Styria": ["la"],
  "Lower Austria": ["la", "en"],
  Malta: ["", "à"],
  Santorini: ["", "à"],
  Kent: ["le"],
  "Stags Leap District": ["le"],
  "Valle de Guadalupe": ["la"],
  "Vale dos Vinhedos": ["le"],
  "Vale do São Francisco": ["la"],
  "Central Coast": ["la"],
  "North Coast": ["la"],
  "Sonoma Coast": ["la"],
  "Red Mountain": ["", "à"],
  "Mount Veeder": ["le"],
  "Los Carneros": ["", "à"],
  "Arroyo Seco": ["", "à"],
  "Columbia Gorge Washington": ["la"],
  "Goriška Brda": ["", "à"],
  "Breede River Valley": ["la"],
  "Cape Agulhas": ["le"],
  "Mornington Peninsula": ["la"],
  "Niagara Peninsula": ["la"],
  "Niagara Lakeshore": ["la"],
  "Beamsville Bench": ["le"],
  "Vinemount Ridge": ["le"],
  "Gimblett Gravels": ["les"],
  "Waiheke Island": ["l'", "sur"],
  "Taman Peninsula": ["la"],
  "Rhône Valley": ["la"],
  "Aosta Valley": ["la"],
};

/** Head words that give a name its article: valleys, coasts, counties, hills (fr names or English ones). */
const HEAD_RULES: readonly [RegExp, FrArticle][] = [
  [/^(Vallée|Péninsule|Côte) |(Valley|Coast|Peninsula)$/, "la"],
  [/^Côtes /, "les"],
  [/(Hills|Lakes|Gravels)$/, "les"],
  [/(County|District)$/, "le"],
];

/** Catalogue regions named after a wine style, with the place it comes from (fr), never written as places. */
const STYLE_PLACES: Readonly<Record<string, FrName>> = {
  "Fino Sherry": { name: "Jerez" },
  "Amontillado Sherry": { name: "Jerez" },
  "Cream Sherry": { name: "Jerez" },
  Port: { name: "vallée du Douro", article: "la" },
  "Jerez-Xérès-Sherry": { name: "Jerez" },
  Alentejano: { name: "Alentejo", article: "l'", prep: "en" },
  Duriense: { name: "Douro", article: "le" },
  Madeirense: { name: "Madère", prep: "à" },
  "Vinho Verde": { name: "région du Vinho Verde", article: "la" },
};

/** National categories (Vin de France, Vino d'Italia …): the wine's country, not a region. */
const NATIONAL = /^(vin de france|vino d'italia|vinho de portugal|vino de espana|vino de españa)$/i;

/** True when the record or the catalogue name is a national category rather than a place. */
export function isNational(record: RegionRecord | undefined, names: Localized): boolean {
  return record ? record.kind === "national" : NATIONAL.test(names.en) || NATIONAL.test(names.fr);
}

/** A record's French name with its grammar. */
export function recordName(record: RegionRecord): FrName {
  const g = record.grammar.fr;
  return { name: record.names.fr || record.names.en, article: g.article, prep: g.prep };
}

/**
 * The French name of a catalogue region without a record, with its article and preposition; a style
 * name (Fino Sherry) gives the place it comes from.
 */
export function fallbackName(names: Localized): FrName {
  const style = STYLE_PLACES[names.en];
  if (style) return style;
  const name = names.fr || names.en;
  const entry = FALLBACK[names.en];
  if (entry) {
    const [article, prep] = entry;
    return { name, article: article || undefined, prep };
  }
  const rule = HEAD_RULES.find(([re]) => re.test(name));
  return { name, article: rule?.[1] };
}

/** The place as a French name: the record's (or its place, for a style record), else the fallback. */
export function placeName(record: RegionRecord | undefined, names: Localized): FrName {
  return record ? recordName(record) : fallbackName(names);
}

/** "en France", "au Chili", "aux États-Unis" (countries lexicon); undefined for an unknown country. */
export function inCountry(code: string): string | undefined {
  return country(code)?.in.fr;
}

/** "France", "Chili". */
export function countryNameFr(code: string): string | undefined {
  return country(code)?.name.fr;
}

/** The French country adjective for wines (masculine singular), for the usual wine countries. */
const COUNTRY_ADJ: Readonly<Record<string, string>> = {
  FR: "français",
  IT: "italien",
  ES: "espagnol",
  PT: "portugais",
  DE: "allemand",
  AT: "autrichien",
  US: "américain",
  CL: "chilien",
  AR: "argentin",
  AU: "australien",
  NZ: "néo-zélandais",
  ZA: "sud-africain",
  BR: "brésilien",
  CA: "canadien",
  GR: "grec",
  HU: "hongrois",
  UY: "uruguayen",
  CH: "suisse",
  MX: "mexicain",
  LB: "libanais",
  RO: "roumain",
};

/** "italien", "chilien"; undefined when the table has none. */
export function countryAdjective(code: string): string | undefined {
  return COUNTRY_ADJ[code.toUpperCase()];
}

/** True when the name reads as a wine's name rather than a place ("Barbera d'Alba", "Crémant de Loire"). */
export function isWineNamedAppellation(n: FrName): boolean {
  return (
    !n.article &&
    /\b(di|d'|del|della|delle|de|du)\b|^(Crémant|Cava|Prosecco|Champagne .*Cru|Vin Santo|Grappa|Recioto|Amarone)/.test(
      n.name,
    )
  );
}
