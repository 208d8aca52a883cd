/**
 * Noun phrases for a wine's style in the four languages, with article, adjective agreement and word
 * order: "a full-bodied dry red wine", "ein vollmundiger trockener Rotwein",
 * "un vin rouge sec et corsé", "un vino rosso secco e corposo".
 */
import type { Body, Color, Language, ResidualSugar, SubType, WineType } from "../../../domain/vocabulary.ts";
import { type Adjective, BODY, COLOR, SUGAR } from "../writing/lexicon/style-words.ts";
import { enArticle, joinList } from "./format.ts";

/** The style facts a noun phrase is built from. */
export interface StyleFacts {
  color: Color;
  type: WineType;
  subType: SubType;
  residualSugar: ResidualSugar | null;
  body: Body;
  /** `typical`: the body is the style's, not the wine's; the noun phrase leaves it out. */
  factsBasis?: "source" | "typical";
}

/**
 * Grammatical form:
 * - "nom": indefinite singular, nominative ("a …", "ein …er …", "un …");
 * - "acc": indefinite singular, accusative (differs only in German: "einen …en …");
 * - "dat": indefinite singular, dative (German "einem …en …");
 * - "plural": plural without article ("full-bodied dry reds", "vollmundige trockene Rotweine").
 */
export type NpForm = "nom" | "acc" | "dat" | "plural";

/** Which qualifiers to include. Both default to true; the body to false for a wine whose facts are typical. */
export interface NpOptions {
  body?: boolean;
  sugar?: boolean;
}

const DE_ENDING: Record<NpForm, string> = { nom: "er", acc: "en", dat: "en", plural: "e" };
const DE_ARTICLE: Record<NpForm, string> = { nom: "ein", acc: "einen", dat: "einem", plural: "" };

/** Builds the style noun phrase of a wine in one language and form. */
export function wineNoun(lang: Language, s: StyleFacts, form: NpForm, options: NpOptions = {}): string {
  const withBody = options.body ?? s.factsBasis !== "typical";
  const sugar = (options.sugar ?? true) && s.residualSugar !== null ? SUGAR[s.residualSugar] : undefined;
  const body = withBody ? BODY[s.body] : undefined;
  const plural = form === "plural";
  switch (lang) {
    case "en":
      return enNoun(s, plural, body, sugar);
    case "de":
      return deNoun(s, form, body, sugar);
    case "fr":
    case "it":
      return romanceNoun(lang, s, plural, body, sugar);
  }
}

function enNoun(
  s: StyleFacts,
  plural: boolean,
  body?: Adjective,
  sugar?: { kind: string; en: string },
): string {
  const colour = COLOR[s.color].en;
  let noun: string;
  if (s.subType === "sparkling") noun = plural ? `sparkling ${colour}s` : `sparkling ${colour} wine`;
  else if (s.type === "dessert") noun = `${colour} dessert wine${plural ? "s" : ""}`;
  else if (s.type === "fortified") noun = `${colour} fortified wine${plural ? "s" : ""}`;
  else noun = plural ? `${colour}s` : `${colour} wine`;
  const adjectives: string[] = [];
  if (body) adjectives.push(body.en);
  if (sugar && sugar.kind === "adjective") adjectives.push(sugar.en);
  let phrase = [...adjectives, noun].join(" ");
  if (sugar && sugar.kind === "label") phrase += ` (${sugar.en})`;
  return plural ? phrase : `${enArticle(phrase)} ${phrase}`;
}

function deNoun(s: StyleFacts, form: NpForm, body?: Adjective, sugar?: { kind: string; de: string }): string {
  const ending = DE_ENDING[form];
  const suffix = form === "plural" ? "e" : "";
  const adjectives: string[] = [];
  if (body) adjectives.push(body.de);
  if (sugar && sugar.kind === "adjective") adjectives.push(sugar.de);
  let noun: string;
  if (s.subType === "still" && s.type === "wine") {
    noun = { red: "Rotwein", white: "Weißwein", rose: "Roséwein" }[s.color] + suffix;
  } else {
    const base =
      s.subType === "sparkling" ? "Schaumwein" : s.type === "dessert" ? "Dessertwein" : "Likörwein";
    if (s.color === "rose") noun = `Rosé-${base}${suffix}`;
    else {
      noun = `${base}${suffix}`;
      adjectives.push(COLOR[s.color].de);
    }
  }
  const words = [DE_ARTICLE[form], ...adjectives.map((a) => `${a}${ending}`), noun].filter(
    (w) => w.length > 0,
  );
  let phrase = words.join(" ");
  if (sugar && sugar.kind === "label") phrase += ` (${sugar.de})`;
  return phrase;
}

function romanceNoun(
  lang: "fr" | "it",
  s: StyleFacts,
  plural: boolean,
  body?: Adjective,
  sugar?: { fr: [string, string]; it: [string, string] },
): string {
  const n = plural ? 1 : 0;
  const colour = COLOR[s.color][lang][n];
  let head: string;
  if (lang === "fr") {
    const vin = plural ? "vins" : "vin";
    if (s.subType === "sparkling") head = `${vin} ${colour} ${plural ? "effervescents" : "effervescent"}`;
    else if (s.type === "dessert") head = `${vin} de dessert ${colour}`;
    else if (s.type === "fortified") head = `${vin} de liqueur ${colour}`;
    else head = `${vin} ${colour}`;
  } else {
    const vino = plural ? "vini" : "vino";
    if (s.subType === "sparkling") head = `${vino} ${plural ? "spumanti" : "spumante"} ${colour}`;
    else if (s.type === "dessert") head = `${vino} da dessert ${colour}`;
    else if (s.type === "fortified") head = `${vino} ${plural ? "liquorosi" : "liquoroso"} ${colour}`;
    else head = `${vino} ${colour}`;
  }
  const qualifiers: string[] = [];
  if (sugar) qualifiers.push(sugar[lang][n]);
  if (body) qualifiers.push(body[lang][n]);
  const phrase = qualifiers.length > 0 ? `${head} ${joinList(lang, qualifiers)}` : head;
  return plural ? phrase : `un ${phrase}`;
}
