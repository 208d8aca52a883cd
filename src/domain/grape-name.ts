import type { Language } from "./vocabulary.ts";

/** The stored name columns of a grape variety (`name` is the international name, used for en). */
export interface GrapeNames {
  name: string;
  name_de: string;
  name_fr: string;
  name_it: string;
}

/** A grape's usual name in `lang` (Pinot Noir → de Spätburgunder, it Pinot Nero). */
export function grapeName(row: GrapeNames, lang: Language): string {
  return lang === "en" ? row.name : row[`name_${lang}`];
}
