/** The dashboard's texts by language, and filling in their `{placeholders}`. */
import { de } from "./de.ts";
import { en, type Texts } from "./en.ts";

/** Languages of the dashboard (the service's `lang` rules, with English for fr and it). */
export type PageLanguage = "en" | "de";

const TEXTS: Record<PageLanguage, Texts> = { en, de };

/** The texts of `lang`. */
export function textsFor(lang: PageLanguage): Texts {
  return TEXTS[lang];
}

/** `text` with each `{name}` replaced by `values[name]` (unknown names are left as they are). */
export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
