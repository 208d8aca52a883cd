/**
 * Building blocks shared by the wine, drinking-period and region templates: producer and place
 * phrases, grape phrases, aroma lists, palate clauses and the temperature range; typical aromas, serving
 * temperature and decanting by style live in style-notes.ts (re-exported here).
 */

import type { Language, Localized } from "../../../domain/vocabulary.ts";
import { appellationRule, principalRank } from "../../../domain/wine/appellation-rules.ts";
import type { AromaId } from "../../../domain/wine/aromas.ts";
import type { GrapeFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import { AROMAS } from "../writing/lexicon/aromas.ts";
import { ACIDITY, FINISH, TANNIN, tanninLevel } from "../writing/lexicon/style-words.ts";
import { frLe, itIl } from "./articles.ts";
import { formatPercent, frDe, joinList } from "./format.ts";
import { nameBeginsWithRegion } from "./places.ts";

export {
  agedAromas,
  servingTemperature,
  suggestsDecanting,
  typicalAromas,
} from "../../../domain/wine/tasting-and-serving.ts";

/**
 * German names of Pinot varieties used only for German and Austrian wines (Deutsches Weininstitut
 * usage); a Champagne's Pinot Meunier is not "Schwarzriesling" in German either.
 */
const GERMAN_ONLY_NAMES = new Set([
  "Spätburgunder",
  "Blauburgunder",
  "Grauburgunder",
  "Ruländer",
  "Weißburgunder",
  "Schwarzriesling",
  "Müllerrebe",
]);

/**
 * A name for prose in place of an X-Wines combined key ("Syrah/Shiraz", "Carignan/Cariñena"), which
 * English texts would otherwise show as stored: Shiraz for Australian and South African wines, else
 * Syrah (Wine Grapes, 2012, "Syrah"); for the other keys the local name the catalogue gives (German for
 * German and Austrian wines, else French: Carignan, Glera, Muscat, País, Friulano).
 */
function proseName(name: string, g: GrapeFacts, countryCode: string): string {
  if (!name.includes("/")) return name;
  if (name === "Syrah/Shiraz") return /^(AU|ZA)$/i.test(countryCode) ? "Shiraz" : "Syrah";
  const local = /^(DE|AT)$/i.test(countryCode) ? g.names.de : g.names.fr;
  return local && !local.includes("/") ? local : (name.split("/")[0] as string);
}

/**
 * A grape variety's name in `lang` for a wine of `countryCode`: `names[lang]`, else the international
 * name — except that the German names Spätburgunder, Grauburgunder, Weißburgunder and Schwarzriesling
 * are used only for German and Austrian wines; for other wines German texts use the name of the wine's country (Italy:
 * Pinot Nero, Pinot Grigio, Pinot Bianco) or the international one (Pinot Noir, Pinot Gris, Pinot Blanc).
 */
export function grapeName(g: GrapeFacts, countryCode: string, lang: Language): string {
  const name = proseName(g.names[lang] || g.name, g, countryCode);
  if (lang !== "de" || !GERMAN_ONLY_NAMES.has(name) || /^(DE|AT)$/i.test(countryCode)) return name;
  // The French names are the international ones of this family (Pinot Noir, Pinot Gris, Meunier); the
  // catalogue's own name may be Italian ("Pinot Nero"), which would name one variety twice.
  const local = countryCode.toUpperCase() === "IT" ? g.names.it : g.names.fr;
  return local && !GERMAN_ONLY_NAMES.has(local) ? local : g.names.en || g.name;
}

/**
 * Localized names (see grapeName) of `grapes`, in their order, each once: catalogue synonyms that are
 * separate entries ("Pinot Noir", "Pinot Nero") share one name in most languages.
 */
export function distinctGrapeNames(
  grapes: readonly GrapeFacts[],
  countryCode: string,
  lang: Language,
): string[] {
  return [...new Set(grapes.map((g) => grapeName(g, countryCode, lang)))];
}

/** Grape names of the wine in `lang`, in source order (see grapeName). */
export function grapeNames(facts: WineFacts, lang: Language): string[] {
  return facts.grapes.map((g) => grapeName(g, facts.region.country, lang));
}

/**
 * The facts with a blend's grapes in the order of its appellation rule's principal varieties
 * (`domain/appellation-rules.ts`: Sangiovese before Cabernet Sauvignon in a Chianti), so texts name
 * and describe the leading variety first; unchanged for varietal wines (whose source order states the
 * dominant grape), wines without a rule and grapes the rule does not list (kept after, in source order).
 */
export function principalGrapesFirst(facts: WineFacts): WineFacts {
  const rule = appellationRule(facts.region.names.en);
  if (!rule || facts.grapes.length < 2 || facts.elaboration.includes(">")) return facts;
  const grapes = [...facts.grapes].sort((a, b) => principalRank(rule, a.name) - principalRank(rule, b.name));
  return grapes.every((g, i) => g === facts.grapes[i]) ? facts : { ...facts, grapes };
}

/** True when every grape of the wine is named in the wine's name ("Bordeaux Sauvignon Blanc"). */
export function nameStatesGrapes(facts: WineFacts): boolean {
  const name = facts.name.toLowerCase();
  return facts.grapes.length > 0 && facts.grapes.every((g) => spellings(g).some((n) => name.includes(n)));
}

/** A grape's names in every language, lower-cased, without empty ones. */
function spellings(g: GrapeFacts): string[] {
  return [g.name, ...Object.values(g.names)].filter((n) => n !== "").map((n) => n.toLowerCase());
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
  // A house named "de Ladoucette" is already "de": "le Pouilly-Fumé de Ladoucette".
  if (lang === "fr") return /^(de |d')/i.test(producer) ? producer : frDe(producer);
  if (lang === "it") return `di ${producer}`;
  return `by ${producer}`;
}

/** True when the wine's name already contains the producer's name (then the producer is not repeated). */
export function nameHasProducer(facts: WineFacts): boolean {
  const p = facts.producerName.trim().toLowerCase();
  return p.length === 0 || facts.name.toLowerCase().includes(p);
}

/** True when the wine's name begins with one of its grape varieties ("Cabernet Sauvignon", "Grenache Rosé"). */
function nameBeginsWithGrape(facts: WineFacts): boolean {
  const name = facts.name.toLowerCase();
  return facts.grapes.some((g) => spellings(g).some((n) => name.startsWith(n)));
}

/** German case of a wine's name in its sentence (the article of "der Wein"). */
export type DeCase = "nom" | "acc" | "dat";
const DE_ARTICLE: Record<DeCase, string> = { nom: "der", acc: "den", dat: "dem" };

/**
 * The wine's name as subject or object of a sentence: in French, Italian and German a wine named after
 * its European appellation or after its grape variety takes the masculine article, as wines do ("le
 * Pouilly-Fuissé", "il Brunello di Montalcino", "lo Chablis", "le Cabernet Sauvignon de …", "der
 * Barolo", "mit dem Cabernet Sauvignon" — German in `deCase`); otherwise the name as is.
 */
export function wineName(facts: WineFacts, lang: Language, deCase: DeCase = "nom"): string {
  if (lang === "en") return facts.name;
  const appellation = /^(FR|IT|ES|PT)$/i.test(facts.region.country) && nameBeginsWithRegion(facts);
  if (!appellation && !nameBeginsWithGrape(facts)) return facts.name;
  if (lang === "de") return `${DE_ARTICLE[deCase]} ${facts.name}`;
  return lang === "fr" ? frLe(facts.name) : itIl(facts.name);
}

/** The wine named with its producer: "Gran Malbec by De Angeles", "Gran Malbec von De Angeles" … */
export function wineWithProducer(facts: WineFacts, lang: Language, deCase: DeCase = "nom"): string {
  const name = wineName(facts, lang, deCase);
  return nameHasProducer(facts) ? name : `${name} ${byProducer(facts.producerName, lang)}`;
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
    fr: "un assemblage de rosé de style provençal",
    it: "un uvaggio di rosato in stile provenzale",
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

/** Blend names that only state a country, and that country: no "from Portugal, a Portuguese blend". */
const NATIONAL_BLENDS: Readonly<Record<string, string>> = { "portuguese red blend": "PT" };
function blendName(elaboration: string, countryCode: string): Localized {
  const name = elaboration.split("/")[1] ?? "";
  const key = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
  if (NATIONAL_BLENDS[key] === countryCode.toUpperCase()) return GENERIC_BLEND;
  return BLENDS[key] ?? GENERIC_BLEND;
}

/**
 * How the wine is made from its grapes, as an appositive after a comma; "" when no grapes are listed.
 * Varietal/100%: "made entirely from Malbec" / "reinsortig aus Malbec gekeltert" /
 * "élaboré exclusivement à partir de Malbec" / "ottenuto da sole uve Malbec".
 * Varietal/>75%: "made mainly from …". Assemblage: "a Bordeaux-style red blend of A, B and C" …
 */
export function grapePhrase(facts: WineFacts, lang: Language): string {
  const names = grapeNames(facts, lang);
  if (names.length === 0) return "";
  const list = joinList(lang, names);
  if (facts.factsBasis === "typical") {
    // The variety the appellation's rules prescribe (record-facts.ts): named, its share not claimed.
    return {
      en: `made from ${list}`,
      de: `aus ${list} gekeltert`,
      fr: `à base ${frDe(list)}`,
      it: `da uve ${list}`,
    }[lang];
  }
  const assemblage =
    facts.elaboration.startsWith("Assemblage") || (names.length > 1 && !facts.elaboration.includes(">"));
  if (assemblage) {
    const blend = blendName(facts.elaboration, facts.region.country)[lang];
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
      it: `ottenuto prevalentemente da uve ${main}${others ? `, con una parte di ${others}` : ""}`,
    }[lang];
  }
  if (nameStatesGrapes(facts)) {
    return {
      en: "made from a single grape variety",
      de: "reinsortig gekeltert",
      fr: "vinifié en monocépage",
      it: "vinificato in purezza",
    }[lang];
  }
  return {
    en: `made entirely from ${list}`,
    de: `reinsortig aus ${list} gekeltert`,
    fr: `100 % ${list}`,
    it: `ottenuto da sole uve ${list}`,
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
