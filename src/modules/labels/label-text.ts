/**
 * What the words read on a label say beyond names: its vintage (years that are not founding dates),
 * its colour and the country it names. Shared by the matcher (to separate namesakes) and by the
 * answer (the detected label).
 */
import { fold } from "../../domain/text-folding.ts";
import type { Color } from "../../domain/vocabulary.ts";

/** Words that put a year on a label as a founding date, not a vintage ("since 1931", "desde 1931", "fondée en 1850" …). */
const FOUNDED =
  /(since|desde|depuis|seit|dal|dall|dal l|fondee en|fondata nel|founded|founded in|est|estd|established|gegrundet|anno|fundada em|fundado em)\s*$/;

/** Four-digit years from 1900 to next year printed on the label, newest first; founding dates are left out. */
export function yearsOnLabel(text: string, now = new Date()): number[] {
  const max = now.getUTCFullYear() + 1;
  const years: number[] = [];
  for (const m of text.matchAll(/(?<!\d)(19\d{2}|20\d{2})(?!\d)/g)) {
    const before = fold(text.slice(Math.max(0, (m.index ?? 0) - 14), m.index));
    if (!FOUNDED.test(before)) years.push(Number(m[1]));
  }
  return [...new Set(years.filter((y) => y >= 1900 && y <= max))].sort((a, b) => b - a);
}

/** Colour words of the label languages (folded), as printed on labels: "Rouge", "Vinho Tinto", "Weißwein", "Rosato". */
const COLOR_WORDS: Readonly<Record<string, Color>> = {
  rose: "rose",
  rosado: "rose",
  rosato: "rose",
  red: "red",
  rouge: "red",
  rosso: "red",
  tinto: "red",
  rot: "red",
  rotwein: "red",
  white: "white",
  blanc: "white",
  bianco: "white",
  branco: "white",
  blanco: "white",
  weiss: "white",
  weisswein: "white",
};

/**
 * Country names and their label forms ("Product of Italy", "Produit de France", "Vino de España",
 * "Hergestellt in Deutschland"), folded, to ISO 3166-1 alpha-2. Only names that cannot be a producer
 * or place name elsewhere; "Vin de France" and "Vino d'Italia" name the country too.
 */
const COUNTRY_WORDS: Readonly<Record<string, string>> = {
  france: "FR",
  italy: "IT",
  italia: "IT",
  spain: "ES",
  espana: "ES",
  portugal: "PT",
  germany: "DE",
  deutschland: "DE",
  austria: "AT",
  osterreich: "AT",
  argentina: "AR",
  chile: "CL",
  australia: "AU",
  brazil: "BR",
  brasil: "BR",
  uruguay: "UY",
};

/**
 * The country of a word that runs a country name into the words before it, as OCR reads small
 * print without spaces: "DEFRANCE", "PRODUCTOFITALY", "PRODUITDEFRANCE" (the part before ends in a
 * preposition: of, de, di, da, do, in).
 */
function runInCountry(word: string): string | undefined {
  for (let cut = 2; cut <= Math.min(12, word.length - 5); cut++) {
    const country = COUNTRY_WORDS[word.slice(cut)];
    if (country && /(?:of|de|di|da|do|in)$/.test(word.slice(0, cut))) return country;
  }
  return undefined;
}

/** What a label's words say about colour and country: each set empty when it names none. */
export interface LabelFacts {
  colors: Set<Color>;
  countries: Set<string>;
}

/** The colours and countries named by the folded words of a label. */
export function labelFacts(words: Iterable<string>): LabelFacts {
  const colors = new Set<Color>();
  const countries = new Set<string>();
  for (const word of words) {
    const color = COLOR_WORDS[word];
    if (color) colors.add(color);
    const country = COUNTRY_WORDS[word] ?? runInCountry(word);
    if (country) countries.add(country);
  }
  return { colors, countries };
}
