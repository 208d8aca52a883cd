/**
 * Building blocks shared by the wine, drinking-period and region templates: producer and place
 * phrases, grape phrases, typical aromas, palate clauses and serving temperature.
 */
import type { Language, Localized } from "../../../domain/vocabulary.ts";
import type { WineFacts } from "../content.types.ts";
import { formatPercent, frDe, joinList } from "./format.ts";
import { AROMAS, type AromaId } from "./i18n/aromas.ts";
import { country } from "./i18n/countries.ts";
import { grapeDescriptor } from "./i18n/grapes.ts";
import { ACIDITY, FINISH, TANNIN, tanninLevel } from "./i18n/style-words.ts";
import { type StyleKind, type WineStyle, wineStyle } from "./wine-style.ts";

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

/**
 * Aromas of a style that override or filter the grape descriptors: `palette` are the aromas the style
 * can show (grape aromas outside it are dropped; every aroma allowed when absent), `fallback` fills
 * up to three. Sources: The Oxford Companion to Wine, 4th ed. (2015), entries "rosé", "champagne",
 * "blanc de blancs", "Brachetto", "Asti", "port", "sherry", "botrytized wines"; Wine Folly: Magnum
 * Edition (2018), style profiles.
 */
interface StyleAromas {
  palette?: readonly AromaId[];
  fallback: AromaId[];
}

const ROSE_PALETTE: AromaId[] = [
  "strawberry",
  "raspberry",
  "redCherry",
  "redFruit",
  "citrus",
  "grapefruit",
  "peach",
  "whitePeach",
  "melon",
  "rose",
  "savoury",
  "orangePeel",
];
const WHITE_SPARKLING_PALETTE: AromaId[] = [
  "citrus",
  "lemon",
  "greenApple",
  "apple",
  "pear",
  "whitePeach",
  "brioche",
  "almond",
  "hazelnut",
  "whiteFlowers",
];
const SWEET_WHITE_PALETTE: AromaId[] = [
  "apricot",
  "peach",
  "honey",
  "marmalade",
  "orangePeel",
  "pineapple",
  "tropical",
  "quince",
  "ginger",
  "citrus",
  "lime",
  "grape",
  "orangeBlossom",
  "lychee",
  "elderflower",
];
const PORT_PALETTE: AromaId[] = [
  "blackberry",
  "plum",
  "blackCherry",
  "darkFruit",
  "violet",
  "chocolate",
  "liquorice",
  "spice",
  "raisin",
];
const TAWNY: StyleAromas = { palette: [], fallback: ["walnut", "caramel", "driedFruit", "orangePeel"] };

/** Style aromas for the kinds that are not described by their grapes alone (see StyleAromas). */
function styleAromas(facts: WineFacts, style: WineStyle): StyleAromas | undefined {
  const white = facts.color === "white";
  switch (style.kind) {
    case "tawny_port":
    case "colheita_port":
      return TAWNY;
    case "vintage_port":
    case "lbv_port":
    case "ruby_port":
      return { palette: PORT_PALETTE, fallback: ["blackberry", "plum", "chocolate"] };
    case "fino":
      return { palette: [], fallback: ["almond", "bitterAlmond", "savoury"] };
    case "fortified":
      return white
        ? { palette: [], fallback: ["driedFruit", "walnut", "caramel"] }
        : { palette: [], fallback: ["driedFruit", "plum", "chocolate"] };
    case "sweet_light":
      return white
        ? { palette: SWEET_WHITE_PALETTE, fallback: ["grape", "peach", "orangeBlossom"] }
        : {
            palette: ["rose", "strawberry", "raspberry", "redCherry"],
            fallback: ["rose", "strawberry", "raspberry"],
          };
    case "botrytis":
    case "sweet_white":
      return { palette: SWEET_WHITE_PALETTE, fallback: ["apricot", "honey", "marmalade"] };
    case "sweet_red":
      return { fallback: ["jam", "driedFruit", "spice"] };
    case "sparkling_nv":
    case "sparkling_vintage":
    case "sparkling_prestige":
    case "sparkling_fresh":
      if (facts.color !== "white")
        return { palette: ROSE_PALETTE, fallback: ["strawberry", "raspberry", "citrus"] };
      if (style.blancDeBlancs)
        return { palette: WHITE_SPARKLING_PALETTE, fallback: ["lemon", "greenApple", "brioche"] };
      if (style.kind === "sparkling_fresh") return { fallback: ["greenApple", "pear", "whiteFlowers"] };
      return { palette: WHITE_SPARKLING_PALETTE, fallback: ["greenApple", "citrus", "brioche"] };
    case "rose":
      return { palette: ROSE_PALETTE, fallback: ["strawberry", "raspberry", "citrus"] };
    default:
      return undefined;
  }
}

/** Fallback aromas of still dry wines whose grapes are not in the descriptor table. */
function stillAromas(facts: WineFacts): AromaId[] {
  const full = facts.body === "full" || facts.body === "very_full";
  if (facts.color === "white")
    return full ? ["peach", "pear", "almond"] : ["citrus", "greenApple", "whiteFlowers"];
  return full ? ["darkFruit", "plum", "spice"] : ["redFruit", "redCherry", "herbs"];
}

/**
 * Typical aromas, style first, then grape: the descriptors of up to three listed grapes (max 4,
 * deduplicated), kept only when the style's palette allows them (a rosé shows no blackcurrant or
 * graphite, a white Champagne no red cherry, a tawny Port its cask-aged notes); `fromGrapes` is false
 * when the style's own aromas had to be used (see styleAromas).
 */
export function typicalAromas(facts: WineFacts): { ids: AromaId[]; fromGrapes: boolean } {
  const style = styleAromas(facts, wineStyle(facts));
  const allowed = (id: AromaId) => style?.palette === undefined || style.palette.includes(id);
  const ids: AromaId[] = [];
  const descriptors = facts.grapes.slice(0, 3).map((g) => grapeDescriptor(g.name));
  for (let round = 0; round < 4 && ids.length < 4; round++) {
    for (const d of descriptors) {
      const id = d?.aromas[round];
      if (id && allowed(id) && !ids.includes(id) && ids.length < 4) ids.push(id);
    }
  }
  if (ids.length >= 2) return { ids, fromGrapes: true };
  if (style) return { ids: style.fallback, fromGrapes: false };
  return ids.length > 0 ? { ids, fromGrapes: true } : { ids: stillAromas(facts), fromGrapes: false };
}

/** Kinds whose aromas of maturity are not the grapes' (cask-aged, lees-aged or sweet styles). */
const AGED_BY_STYLE: Partial<Record<StyleKind, AromaId[]>> = {
  tawny_port: ["walnut", "caramel", "fig"],
  colheita_port: ["walnut", "caramel", "fig"],
  vintage_port: ["driedFruit", "spice", "leather"],
  botrytis: ["honey", "marmalade", "caramel"],
  sweet_white: ["honey", "driedFruit"],
  sparkling_vintage: ["brioche", "hazelnut", "honey"],
  sparkling_prestige: ["brioche", "hazelnut", "honey"],
};

/** Aromas that typically develop with bottle age: by style (AGED_BY_STYLE), else from the grape table; [] when none. */
export function agedAromas(facts: WineFacts): AromaId[] {
  const byStyle = AGED_BY_STYLE[wineStyle(facts).kind];
  if (byStyle) return byStyle;
  const ids: AromaId[] = [];
  for (const g of facts.grapes.slice(0, 2)) {
    for (const id of grapeDescriptor(g.name)?.aged ?? [])
      if (!ids.includes(id) && ids.length < 3) ids.push(id);
  }
  return ids;
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

/**
 * Serving temperature in °C, by style first (general guidance of Wine Folly's serving-temperature chart,
 * the Deutsches Weininstitut, the IVDP's Port serving advice and the Consejo Regulador Jerez):
 * NV and fresh sparkling 6–8, vintage and prestige sparkling 8–10, sweet low-alcohol sparkling white
 * (Moscato d'Asti) 6–8, red (Brachetto) 8–10; tawny and colheita Port 10–14, vintage/LBV/ruby Port
 * 16–18, fino 7–9, other white fortified 10–12; sweet whites 8–10, sweet reds 14–16; light white and
 * rosé 8–10, full white 10–13; light red 12–14, medium red 14–16, full red 16–18.
 */
export function servingTemperature(facts: WineFacts): [number, number] {
  const full = facts.body === "full" || facts.body === "very_full";
  switch (wineStyle(facts).kind) {
    case "sparkling_nv":
    case "sparkling_fresh":
      return [6, 8];
    case "sparkling_vintage":
    case "sparkling_prestige":
      return [8, 10];
    case "sweet_light":
      return facts.color === "white" ? [6, 8] : [8, 10];
    case "tawny_port":
    case "colheita_port":
      return [10, 14];
    case "vintage_port":
    case "lbv_port":
    case "ruby_port":
      return [16, 18];
    case "fino":
      return [7, 9];
    case "fortified":
      return facts.color === "red" ? [16, 18] : [10, 12];
    case "botrytis":
    case "sweet_white":
      return [8, 10];
    case "sweet_red":
      return [14, 16];
    case "rose":
      return [8, 10];
    case "white":
      return full ? [10, 13] : [8, 10];
    default:
      if (facts.body === "very_light" || facts.body === "light") return [12, 14];
      return full ? [16, 18] : [14, 16];
  }
}

/**
 * Decanting is suggested for full, tannic dry reds (tannins ≥ 6) and for Vintage Port, which throws a
 * sediment in bottle (OCW "decanting", "port"); never for tawny, colheita, ruby or LBV Port.
 */
export function suggestsDecanting(facts: WineFacts): boolean {
  const kind = wineStyle(facts).kind;
  if (kind === "vintage_port") return true;
  if (kind !== "red") return false;
  return (facts.body === "full" || facts.body === "very_full") && facts.flavor.tannins >= 6;
}

/** Temperature range text: "16–18 °C" (fr "16 à 18 °C"). */
export function temperatureRange(lang: Language, [lo, hi]: [number, number]): string {
  return lang === "fr" ? `${lo} à ${hi} °C` : `${lo}–${hi} °C`;
}
