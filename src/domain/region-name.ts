import type { Language } from "./vocabulary.ts";

/** The stored name columns of a region. */
export interface RegionNames {
  name_de: string;
  name_en: string;
  name_fr: string;
  name_it: string;
}

/** A region's name in `lang` (proper names that are not translated are the same in every column). */
export function regionName(row: RegionNames, lang: Language): string {
  return row[`name_${lang}`];
}
