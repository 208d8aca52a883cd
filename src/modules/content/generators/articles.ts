/**
 * Articles and prepositions with names, per language:
 * - French elision and contraction: de + le = du, de + les = des, à + le = au, à + les = aux,
 *   "d'" and "l'" before a vowel or a mute h (Grevisse, Le Bon Usage, §§ 44–51, 580);
 * - Italian articulated prepositions (di/da/in/a/su + il, lo, la, l', i, gli, le → del, dallo,
 *   nella, all', sui …) and the choice between il, lo and l' (Serianni, Grammatica italiana, IV.4–8, VIII.80);
 * - German dative after "aus" and "in" by gender (aus dem, aus der, aus den; im, in der, in den);
 * - the English "the" of names such as "the Langhe" or "the Central Valley".
 * Which article a place name takes is data (i18n/place-names.ts); the rules of combining live here.
 */
import { frDe, frElides } from "./format.ts";

/** The definite article a name takes in English: "the" (the Langhe) or none (Mendoza). */
export type EnArticle = "the" | "";
/** German grammatical gender/number of a name that takes an article (m, f, n, pl), or none. */
export type DeArticle = "m" | "f" | "n" | "pl" | "";
/** French definite article of a name, or none. */
export type FrArticle = "le" | "la" | "l'" | "les" | "";
/** Italian definite article of a name, or none. */
export type ItArticle = "il" | "lo" | "la" | "l'" | "i" | "gli" | "le" | "";

/** French "de"/"à" contracted with the article: "du Chianti", "des Langhe", "de la Champagne", "au Douro". */
export function frPrep(prep: "de" | "à" | "dans", article: FrArticle, name: string): string {
  if (article === "") return prep === "de" ? frDe(name) : `${prep === "dans" ? "à" : prep} ${name}`;
  const art = article === "le" || article === "la" ? (frElides(name) ? "l'" : article) : article;
  if (art === "l'") return `${prep} l'${name}`;
  if (prep === "dans") return `dans ${art} ${name}`;
  const contracted: Record<string, string> = {
    "de le": "du",
    "de les": "des",
    "à le": "au",
    "à les": "aux",
  };
  return `${contracted[`${prep} ${art}`] ?? `${prep} ${art}`} ${name}`;
}

/** French definite article for a masculine name (a wine or grape): "le Pouilly-Fuissé", "l'Amarone". */
export function frLe(name: string): string {
  return frElides(name) ? `l'${name}` : `le ${name}`;
}

const IT_PREP: Record<"di" | "da" | "in" | "a" | "su", Record<Exclude<ItArticle, "">, string>> = {
  di: { il: "del", lo: "dello", la: "della", "l'": "dell'", i: "dei", gli: "degli", le: "delle" },
  da: { il: "dal", lo: "dallo", la: "dalla", "l'": "dall'", i: "dai", gli: "dagli", le: "dalle" },
  in: { il: "nel", lo: "nello", la: "nella", "l'": "nell'", i: "nei", gli: "negli", le: "nelle" },
  a: { il: "al", lo: "allo", la: "alla", "l'": "all'", i: "ai", gli: "agli", le: "alle" },
  su: { il: "sul", lo: "sullo", la: "sulla", "l'": "sull'", i: "sui", gli: "sugli", le: "sulle" },
};

/**
 * Italian preposition with a name: articulated when the name takes an article ("dalle Langhe",
 * "nel Chianti", "della Valle Centrale"), plain otherwise ("da Mendoza"), with the euphonic "ad"
 * before a ("ad Asti").
 */
export function itPrep(prep: "di" | "da" | "in" | "a" | "su", article: ItArticle, name: string): string {
  if (article === "") return prep === "a" && /^[aàá]/i.test(name) ? `ad ${name}` : `${prep} ${name}`;
  const elided = (article === "il" || article === "lo" || article === "la") && /^[aeiouàèéìòù]/i.test(name);
  const art = elided ? "l'" : article;
  const joined = IT_PREP[prep][art];
  return joined.endsWith("'") ? `${joined}${name}` : `${joined} ${name}`;
}

/**
 * Italian masculine singular article for a name (grape variety, wine): "l'" before a vowel, "lo" before
 * s + consonant, z, gn, ps, x, y and the French "ch"/English "sh" sound ("lo Chardonnay", "lo Shiraz"),
 * "il" otherwise ("il Sangiovese", "il Chianti").
 */
export function itMasculineArticle(name: string): "il" | "lo" | "l'" {
  if (/^[aeiouàèéìòù]/i.test(name)) return "l'";
  if (/^(s[^aeiouàèéìòù]|z|gn|ps|pn|x|y|sh|ch[aeé])/i.test(name)) return "lo";
  return "il";
}

/** The Italian name with its masculine article: "il Sangiovese", "l'Aglianico", "lo Chardonnay". */
export function itIl(name: string): string {
  const art = itMasculineArticle(name);
  return art === "l'" ? `l'${name}` : `${art} ${name}`;
}

/** German "aus"/"in" with the dative article: "aus den Langhe", "aus der Champagne", "im Douro-Tal". */
export function dePrep(prep: "aus" | "in", article: DeArticle, name: string): string {
  if (article === "") return `${prep} ${name}`;
  const dative = article === "f" ? "der" : article === "pl" ? "den" : "dem";
  if (prep === "in" && dative === "dem") return `im ${name}`;
  return `${prep} ${dative} ${name}`;
}

/** English name with its article when it takes one: "the Langhe", "Mendoza". */
export function enThe(article: EnArticle, name: string): string {
  return article === "the" ? `the ${name}` : name;
}
