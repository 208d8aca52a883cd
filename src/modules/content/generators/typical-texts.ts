/**
 * The sentences of a wine whose facts are typical of its appellation and style (`factsBasis`
 * "typical": a wine known only from LWIN or Open Food Facts, docs/catalogue-sources.md "Facts where a
 * source has fewer"). Body, acidity, tannin and the foods are then the style's, so they are said of
 * the style — "White wines from Chablis are typically light-bodied, with fresh, lively acidity" — never
 * of the bottle; no alcohol figure (abv is null) and no grape the appellation's rules do not fix.
 * The words per language: en "typically", de "typischerweise", fr "typiquement", it "tipicamente".
 */
import type { Language } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../../../domain/wine/wine-facts.ts";
import { ACIDITY, BODY, TANNIN, tanninLevel } from "../writing/lexicon/style-words.ts";
import { capitalize } from "./format.ts";
import { wineNoun } from "./grammar.ts";
import { placePhrase } from "./places.ts";

/** True when the wine's body, acidity, foods and flavour profile are typical of its style, not its own. */
export function isTypical(f: WineFacts): boolean {
  return f.factsBasis === "typical";
}

/** The style as a plural subject with its place: "white wines from Chablis" (no body, no sweetness). */
function styleSubject(f: WineFacts, lang: Language): { noun: string; place: string } {
  const noun = wineNoun(lang, f, "plural", { body: false, sugar: false });
  const place = placePhrase(f.region.names, lang, lang === "it" ? "of" : "from");
  return { noun, place };
}

/** Italian plural article of a masculine plural noun: "gli" before s + consonant, z, gn, ps, a vowel; else "i". */
function itPlural(noun: string): string {
  return /^(s[^aeiou]|z|gn|ps|[aeiou])/i.test(noun) ? "gli" : "i";
}

/**
 * The palate of the style in plan `variant` (0: description, 1: long description, 2: tasting notes;
 * three wordings so that no two fields share a sentence): body, acidity and, for reds, the tannin
 * level of the typical flavour profile, said as typical of the style and place.
 */
export function typicalPalate(f: WineFacts, lang: Language, variant: number): string {
  const { noun, place } = styleSubject(f, lang);
  const tannin = f.color === "red" ? TANNIN[tanninLevel(f.flavor.tannins)][lang] : "";
  const acid = ACIDITY[f.acidity][lang];
  const v = variant % 3;
  switch (lang) {
    case "en": {
      const rest = `${BODY[f.body].en}, with ${acid}${tannin ? ` and ${tannin}` : ""}`;
      return [
        `${capitalize(noun)} ${place} are typically ${rest}.`,
        `Typically, ${noun} ${place} are ${rest}.`,
        `On the palate, ${noun} ${place} are typically ${rest}.`,
      ][v] as string;
    }
    case "de": {
      const rest = `${BODY[f.body].de}, mit ${acid}${tannin ? ` und ${tannin}` : ""}`;
      return [
        `${noun} ${place} sind typischerweise ${rest}.`,
        `Typischerweise sind ${noun} ${place} ${rest}.`,
        `Am Gaumen sind ${noun} ${place} typischerweise ${rest}.`,
      ][v] as string;
    }
    case "fr": {
      const rest = `${BODY[f.body].fr[1]}, avec ${acid}${tannin ? ` et ${tannin}` : ""}`;
      return [
        `Les ${noun} ${place} sont typiquement ${rest}.`,
        `Typiquement, les ${noun} ${place} sont ${rest}.`,
        `En bouche, les ${noun} ${place} sont typiquement ${rest}.`,
      ][v] as string;
    }
    case "it": {
      const rest = `${BODY[f.body].it[1]}, con ${acid}${tannin ? ` e ${tannin}` : ""}`;
      const art = itPlural(noun);
      return [
        `${capitalize(art)} ${noun} ${place} sono tipicamente ${rest}.`,
        `Tipicamente, ${art} ${noun} ${place} sono ${rest}.`,
        `Al palato, ${art} ${noun} ${place} sono tipicamente ${rest}.`,
      ][v] as string;
    }
  }
}

/**
 * The pairing's lead for a typical wine: the style's usual foods (`list`, in the pairing construction
 * of the language; `definite`: the French list with definite articles), said as typical of the style.
 */
export function typicalPairing(f: WineFacts, lang: Language, list: string, definite: string): string {
  const { noun, place } = styleSubject(f, lang);
  return {
    en: `${capitalize(noun)} ${place} typically go well with ${list}.`,
    de: `${noun} ${place} passen typischerweise zu ${list}.`,
    fr: `Les ${noun} ${place} s'accordent typiquement avec ${definite}.`,
    it: `${capitalize(itPlural(noun))} ${noun} ${place} si abbinano tipicamente con ${list}.`,
  }[lang];
}

/**
 * Added to a typical wine's drinking-period statement: the window is the one typical of its style
 * (drinking-window.ts works from the style's body, acidity and kind), not the bottle's own.
 */
export function typicalWindow(lang: Language): string {
  return {
    en: " This window is what is typical of wines of its style.",
    de: " Dieses Trinkfenster ist typisch für Weine seines Stils.",
    fr: " Cette fenêtre est typique des vins de son style.",
    it: " Questa finestra è tipica dei vini del suo stile.",
  }[lang];
}
