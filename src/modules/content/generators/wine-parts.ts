/**
 * Building blocks shared by the wine, drinking-period and region templates: producer and place
 * phrases, grape phrases, aroma lists, palate clauses and the temperature range; typical aromas, serving
 * temperature and decanting by style live in style-notes.ts (re-exported here).
 */
import type { Language, Localized } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../content.types.ts";
import { formatPercent, frDe, joinList } from "./format.ts";
import { AROMAS, type AromaId } from "./i18n/aromas.ts";
import { country } from "./i18n/countries.ts";
import { ACIDITY, FINISH, TANNIN, tanninLevel } from "./i18n/style-words.ts";

export { agedAromas, servingTemperature, suggestsDecanting, typicalAromas } from "./style-notes.ts";

/** Localized grape names of the wine, in source order (`names[lang]`, else the international name). */
export function grapeNames(facts: WineFacts, lang: Language): string[] {
  return facts.grapes.map((g) => g.names[lang] || g.name);
}

/** Region name in the language, falling back to English. */
export function regionName(
  facts: { region: { names: Localized } } | { names: Localized },
  lang: Language,
): string {
  const names = "region" in facts ? facts.region.names : facts.names;
  return names[lang] || names.en;
}

const DE_PRODUCER: [RegExp, string][] = [
  [/^(Weingut|Weinhaus|Sektgut|Gut) /, "vom"],
  [/^(Kellerei|Winzergenossenschaft|Sektkellerei|Domäne|Genossenschaft|Weinkellerei) /, "von der"],
];
const FR_PRODUCER: [RegExp, string][] = [
  [/^(Château|Domaine|Clos|Mas|Cellier) /, "du"],
  [/^(Maison|Cave|Famille|Cantina|Bodega|Quinta) /, "de la"],
];
const IT_PRODUCER: [RegExp, string][] = [
  [/^(Tenuta|Cantina|Fattoria|Cascina|Casa|Bodega|Quinta) /, "della"],
  [/^(Tenute|Cantine|Fattorie|Cascine) /, "delle"],
  [/^(Castello|Podere|Maso) /, "del"],
  [/^(Marchesi|Poderi|Conti|Baroni) /, "dei"],
  [/^Azienda /, "dell'"],
];

/** "by X" / "von X" ("vom Weingut X") / "de X" ("du Château X") / "di X" ("della Tenuta X"). */
export function byProducer(producer: string, lang: Language): string {
  const table = lang === "de" ? DE_PRODUCER : lang === "fr" ? FR_PRODUCER : lang === "it" ? IT_PRODUCER : [];
  for (const [re, prep] of table) {
    if (re.test(producer)) return prep.endsWith("'") ? `${prep}${producer}` : `${prep} ${producer}`;
  }
  if (lang === "de") return `von ${producer}`;
  if (lang === "fr") return frDe(producer);
  if (lang === "it") return `di ${producer}`;
  return `by ${producer}`;
}

/** True when the wine's name already contains the producer's name (then the producer is not repeated). */
export function nameHasProducer(facts: WineFacts): boolean {
  const p = facts.producerName.trim().toLowerCase();
  return p.length === 0 || facts.name.toLowerCase().includes(p);
}

/** The wine named with its producer: "Gran Malbec by De Angeles", "Gran Malbec von De Angeles" … */
export function wineWithProducer(facts: WineFacts, lang: Language): string {
  return nameHasProducer(facts) ? facts.name : `${facts.name} ${byProducer(facts.producerName, lang)}`;
}

function sameAsCountry(facts: WineFacts, lang: Language): boolean {
  const c = country(facts.region.country);
  return c !== undefined && c.name[lang].toLowerCase() === regionName(facts, lang).toLowerCase();
}

/**
 * Origin after "from" (variant 0) or with its own preposition (variant 1):
 * en "from Mendoza, Argentina"; de "aus dem Anbaugebiet Mendoza in Argentinien" / "aus Mendoza (Argentinien)";
 * fr "de la région de Mendoza, en Argentine" / "originaire de Mendoza (Argentine)";
 * it "della zona di Mendoza, in Argentina" / "proveniente da Mendoza (Argentina)".
 */
export function fromPlace(facts: WineFacts, lang: Language, variant: number): string {
  const region = regionName(facts, lang);
  const c = country(facts.region.country);
  if (sameAsCountry(facts, lang) && c) {
    const de = c.in.de.replace(/^im /, "aus dem ").replace(/^(in|auf) /, "aus ");
    return { en: `from ${c.name.en}`, de, fr: `produit ${c.in.fr}`, it: `prodotto ${c.in.it}` }[lang];
  }
  const v = variant % 2;
  switch (lang) {
    case "en":
      return c ? `from ${region}, ${c.name.en}` : `from ${region}`;
    case "de":
      if (v === 0) return c ? `aus dem Anbaugebiet ${region} ${c.in.de}` : `aus dem Anbaugebiet ${region}`;
      return c ? `aus ${region} (${c.name.de})` : `aus ${region}`;
    case "fr":
      if (v === 0) return c ? `de la région ${frDe(region)}, ${c.in.fr}` : `de la région ${frDe(region)}`;
      return c ? `originaire ${frDe(region)} (${c.name.fr})` : `originaire ${frDe(region)}`;
    case "it":
      if (v === 0) return c ? `della zona di ${region}, ${c.in.it}` : `della zona di ${region}`;
      return c ? `proveniente da ${region} (${c.name.it})` : `proveniente da ${region}`;
  }
}

/** Location with "in": "in Mendoza, Argentina" / "im Anbaugebiet Mendoza in Argentinien" / … */
export function inPlace(facts: WineFacts, lang: Language): string {
  const region = regionName(facts, lang);
  const c = country(facts.region.country);
  if (sameAsCountry(facts, lang) && c) return c.in[lang];
  const tail = c
    ? { en: `, ${c.name.en}`, de: ` ${c.in.de}`, fr: `, ${c.in.fr}`, it: `, ${c.in.it}` }[lang]
    : "";
  return (
    {
      en: `in ${region}`,
      de: `im Anbaugebiet ${region}`,
      fr: `dans la région ${frDe(region)}`,
      it: `nella zona di ${region}`,
    }[lang] + tail
  );
}

/** Named blend styles of X-Wines "Assemblage/…" as an appositive noun phrase. */
const BLENDS: Record<string, Localized> = {
  "bordeaux red blend": {
    en: "a Bordeaux-style red blend",
    de: "eine Cuvée nach Bordeaux-Vorbild",
    fr: "un assemblage de type bordelais",
    it: "un uvaggio di taglio bordolese",
  },
  "bordeaux white blend": {
    en: "a Bordeaux-style white blend",
    de: "eine weiße Cuvée nach Bordeaux-Vorbild",
    fr: "un assemblage blanc de type bordelais",
    it: "un uvaggio bianco di taglio bordolese",
  },
  "port blend": {
    en: "a traditional Port blend",
    de: "eine klassische Portwein-Cuvée",
    fr: "un assemblage traditionnel de porto",
    it: "un uvaggio tradizionale da Porto",
  },
  "champagne blend": {
    en: "a classic Champagne blend",
    de: "eine klassische Champagner-Cuvée",
    fr: "un assemblage champenois classique",
    it: "un uvaggio classico della Champagne",
  },
  "portuguese red blend": {
    en: "a Portuguese red blend",
    de: "eine portugiesische Rotwein-Cuvée",
    fr: "un assemblage rouge portugais",
    it: "un uvaggio rosso portoghese",
  },
  "valpolicella red blend": {
    en: "a Valpolicella blend",
    de: "eine Valpolicella-Cuvée",
    fr: "un assemblage typique de la Valpolicella",
    it: "un uvaggio tipico della Valpolicella",
  },
  "provence rose blend": {
    en: "a Provence-style rosé blend",
    de: "eine Rosé-Cuvée nach provenzalischem Vorbild",
    fr: "un assemblage de rosé de Provence",
    it: "un uvaggio di rosato provenzale",
  },
  "priorat red blend": {
    en: "a Priorat-style red blend",
    de: "eine Rotwein-Cuvée nach Art des Priorat",
    fr: "un assemblage rouge typique du Priorat",
    it: "un uvaggio rosso tipico del Priorat",
  },
  "tuscan red blend": {
    en: "a Tuscan red blend",
    de: "eine toskanische Rotwein-Cuvée",
    fr: "un assemblage rouge toscan",
    it: "un uvaggio rosso toscano",
  },
  "rhone red blend": {
    en: "a Rhône-style red blend",
    de: "eine Rotwein-Cuvée nach Rhône-Vorbild",
    fr: "un assemblage rouge de type rhodanien",
    it: "un uvaggio rosso di stile rodaniano",
  },
};

const GENERIC_BLEND: Localized = { en: "a blend", de: "eine Cuvée", fr: "un assemblage", it: "un uvaggio" };

function blendName(elaboration: string): Localized {
  const name = elaboration.split("/")[1] ?? "";
  const key = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
  return BLENDS[key] ?? GENERIC_BLEND;
}

/**
 * How the wine is made from its grapes, as an appositive after a comma; "" when no grapes are listed.
 * Varietal/100%: "made entirely from Malbec" / "reinsortig aus Malbec gekeltert" /
 * "élaboré exclusivement à partir de Malbec" / "prodotto con sole uve Malbec".
 * Varietal/>75%: "made mainly from …". Assemblage: "a Bordeaux-style red blend of A, B and C" …
 */
export function grapePhrase(facts: WineFacts, lang: Language): string {
  const names = grapeNames(facts, lang);
  if (names.length === 0) return "";
  const list = joinList(lang, names);
  const assemblage =
    facts.elaboration.startsWith("Assemblage") || (names.length > 1 && !facts.elaboration.includes(">"));
  if (assemblage) {
    const blend = blendName(facts.elaboration)[lang];
    return {
      en: `${blend} of ${list}`,
      de: `${blend} aus ${list}`,
      fr: `${blend} ${frDe(list)}`,
      it: `${blend} di ${list}`,
    }[lang];
  }
  if (facts.elaboration.includes(">") || names.length > 1) {
    const [main, ...rest] = names;
    const others = joinList(lang, rest);
    return {
      en: `made mainly from ${main}${others ? ` with some ${others}` : ""}`,
      de: `überwiegend aus ${main}${others ? ` mit einem Anteil ${others}` : ""} gekeltert`,
      fr: `élaboré majoritairement à partir ${frDe(main ?? "")}${others ? `, complété ${frDe(others)}` : ""}`,
      it: `prodotto prevalentemente da uve ${main}${others ? `, con una parte di ${others}` : ""}`,
    }[lang];
  }
  return {
    en: `made entirely from ${list}`,
    de: `reinsortig aus ${list} gekeltert`,
    fr: `élaboré exclusivement à partir ${frDe(list)}`,
    it: `prodotto con sole uve ${list}`,
  }[lang];
}

/** A list of aromas ready for the language's construction (fr with "de"/"d'" before each item). */
export function aromaList(ids: readonly AromaId[], lang: Language): string {
  const words = ids.map((id) => AROMAS[id][lang]);
  return joinList(lang, lang === "fr" ? words.map(frDe) : words);
}

/** Tannin clause for reds (flavour profile), else undefined. */
export function tanninPhrase(facts: WineFacts, lang: Language): string | undefined {
  return facts.color === "red" ? TANNIN[tanninLevel(facts.flavor.tannins)][lang] : undefined;
}

/** Finish clause from the flavour profile (≥7 long, 4–6 medium), else undefined. */
export function finishPhrase(facts: WineFacts, lang: Language): string | undefined {
  if (facts.flavor.finish >= 7) return FINISH.long[lang];
  if (facts.flavor.finish >= 4) return FINISH.medium[lang];
  return undefined;
}

/** Acidity clause. */
export function acidityPhrase(facts: WineFacts, lang: Language): string {
  return ACIDITY[facts.acidity][lang];
}

/** Alcohol as "14.5% alcohol" / "14,5 % Alkohol" / "14,5 % d'alcool" / "14,5% di alcol"; undefined without ABV. */
export function alcoholPhrase(facts: WineFacts, lang: Language): string | undefined {
  if (facts.abv === null || !Number.isFinite(facts.abv) || facts.abv <= 0) return undefined;
  const pct = formatPercent(lang, facts.abv);
  return { en: `${pct} alcohol`, de: `${pct} Alkohol`, fr: `${pct} d'alcool`, it: `${pct} di alcol` }[lang];
}

/** Temperature range text: "16–18 °C" (fr "16 à 18 °C"). */
export function temperatureRange(lang: Language, [lo, hi]: [number, number]): string {
  return lang === "fr" ? `${lo} à ${hi} °C` : `${lo}–${hi} °C`;
}
