/**
 * Grape varieties as the catalogue import uses them: berry colour, usual names per language and
 * well-known synonyms, read from the domain's grape records (domain/wine/grapes/grapes.data.ts, where
 * the sources and the naming rule are given). Keys are the X-Wines spelling, the catalogue's identity
 * key; lookups here are by that exact key (synonyms and accent-insensitive lookup: `grapeRecord`).
 */
import { fold } from "../../domain/text-folding.ts";
import type { CatalogueGrape, Localized } from "../../domain/vocabulary.ts";
import { GRAPE_RECORDS } from "../../domain/wine/grapes/grape-records.ts";

/** What the table knows about one variety. */
export interface GrapeFacts {
  color: "red" | "white";
  names: Localized;
  synonyms: string[];
}

/**
 * The grape table, keyed by the X-Wines spelling of the variety: the 188 varieties of the data and
 * those the appellation rules fix (Aglianico).
 */
export const GRAPE_TABLE: ReadonlyMap<string, GrapeFacts> = new Map(
  GRAPE_RECORDS.map((r) => [r.name, { color: r.color, names: { ...r.names }, synonyms: [...r.synonyms] }]),
);

/** Table entry for an X-Wines grape name, or undefined when the variety is not in the table. */
export function grapeFacts(name: string): GrapeFacts | undefined {
  return GRAPE_TABLE.get(name);
}

/** Berry colour of a variety, or undefined when the variety is not in the table. */
export function grapeColor(name: string): "red" | "white" | undefined {
  return GRAPE_TABLE.get(name)?.color;
}

/**
 * The catalogue entry of a variety. A variety missing from the table still imports: its names are
 * `name` in all four languages, no synonyms, and its colour is `fallbackColor` (the importer passes the
 * colour of the first wine it appears in; rosé wines count as red, being made from red grapes).
 */
export function catalogueGrape(name: string, fallbackColor: "red" | "white"): CatalogueGrape {
  const facts = GRAPE_TABLE.get(name);
  if (facts === undefined) {
    return { name, names: { de: name, en: name, fr: name, it: name }, color: fallbackColor, synonyms: [] };
  }
  return { name, names: { ...facts.names }, color: facts.color, synonyms: [...facts.synonyms] };
}

/** The `grapes` table row of a catalogue grape with id `id` (`synonyms` as JSON, `search_text` folded names). */
export function grapeRow(id: number, g: CatalogueGrape) {
  return {
    id,
    name: g.name,
    name_de: g.names.de,
    name_fr: g.names.fr,
    name_it: g.names.it,
    color: g.color,
    synonyms: JSON.stringify(g.synonyms),
    search_text: fold([g.name, g.names.de, g.names.fr, g.names.it, ...g.synonyms].join(" ")),
  };
}
