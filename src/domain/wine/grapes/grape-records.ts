/**
 * The grape records of every variety of the bundled catalogue (data in ./grapes.data.ts), validated
 * and indexed on first use: {@link grapeRecord} finds one by the catalogue's key, a synonym or the
 * usual name in a language.
 */
import { fold } from "../../text-folding.ts";
import type { Language, Localized } from "../../vocabulary.ts";
import { type GrapeRecord, indexGrapeRecords } from "./grape-record.ts";
import { GRAPES } from "./grapes.data.ts";

/** How long wines of a variety usually improve: long (10+ years), medium (3–10), short. */
export type AgeingClass = NonNullable<GrapeRecord["ageing"]>;

/** Every record, sorted by name (the X-Wines spelling). */
export const GRAPE_RECORDS: readonly GrapeRecord[] = GRAPES;

let index: ReadonlyMap<string, GrapeRecord> | undefined;

/** Keys and synonyms (indexGrapeRecords), then the usual names ("Glera" of "Glera/Prosecco") not yet taken. */
function buildIndex(): ReadonlyMap<string, GrapeRecord> {
  const byName = new Map(indexGrapeRecords(GRAPE_RECORDS));
  for (const record of GRAPE_RECORDS) {
    for (const name of Object.values(record.names))
      if (!byName.has(fold(name))) byName.set(fold(name), record);
  }
  return byName;
}

/**
 * The record of the variety named `name`: its key (the X-Wines spelling, "Syrah/Shiraz"), a synonym
 * ("Shiraz", "Spätburgunder", "Cannonau") or its usual name in a language ("Glera" of "Glera/Prosecco"),
 * in that order of precedence; accents, case and punctuation ignored (see `fold`). A
 * combined X-Wines spelling missing from the records ("Zinfandel/Primitivo") falls back to its first
 * part ("Zinfandel"). Undefined when no record matches.
 * @throws Error on the first call when a record is invalid or a name is given twice (indexGrapeRecords).
 */
export function grapeRecord(name: string): GrapeRecord | undefined {
  index ??= buildIndex();
  const found = index.get(fold(name));
  if (found !== undefined || !name.includes("/")) return found;
  return index.get(fold(name.split("/")[0] ?? ""));
}

/**
 * A grape's name in prose in `lang` for a wine of `country` (ISO 3166-1 alpha-2, any case): the name
 * that country uses (`countryNames`: Shiraz in Australia and South Africa), else the usual name in
 * the language, of a combined catalogue name ("Syrah/Shiraz") its first part.
 */
export function grapeProseName(
  grape: { name: string; names: Localized },
  lang: Language,
  country: string,
): string {
  const local = grapeRecord(grape.name)?.countryNames?.[country.toUpperCase()];
  if (local) return local;
  const name = grape.names[lang] || grape.name;
  return name.split("/")[0]?.trim() || name;
}
