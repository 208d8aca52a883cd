/**
 * What a wine's name says, language-free: the label terms it carries (classification, ageing level,
 * Prädikat, site), and whether it is a proper name or only style words, a grape or an appellation —
 * which decides how a text may use it ("Rosé stammt von …" treats a style word as a product name).
 * Label terms and their sources: EU Delegated Regulation 2019/33 Annex (traditional terms); Spain,
 * Ley 24/2003 art. 3 (crianza, reserva, gran reserva); Italy, Legge 238/2016 art. 31 (riserva,
 * superiore, classico) and the Chianti Classico disciplinare (gran selezione); Germany, Weingesetz
 * § 20 (Prädikate) and the VDP's classification (Grosses Gewächs); France, the 1855 and Saint-Émilion
 * classifications and the Burgundy and Champagne crus (INAO; OCW "classification", "cru").
 */
import { fold } from "../text-folding.ts";
import type { WineFacts } from "./wine-facts.ts";

/** A label term that says what rank or kind of bottling the wine is. */
export type LabelTerm =
  | "premier_grand_cru_classe"
  | "grand_cru_classe"
  | "cru_classe"
  | "grand_cru"
  | "premier_cru"
  | "cru_bourgeois"
  | "gran_selezione"
  | "gran_reserva"
  | "reserva"
  | "crianza"
  | "riserva"
  | "superiore"
  | "classico"
  | "grosses_gewachs"
  | "kabinett"
  | "spatlese"
  | "auslese"
  | "beerenauslese"
  | "trockenbeerenauslese"
  | "eiswein"
  | "old_vines"
  | "single_vineyard";

/** Terms in the order they are looked for (the longest first); the first match wins per group. */
const TERMS: readonly [RegExp, LabelTerm][] = [
  [/\bpremier grand cru classe\b/, "premier_grand_cru_classe"],
  [/\bgrand cru classe\b/, "grand_cru_classe"],
  [/\bcru classe\b/, "cru_classe"],
  [/\bgrand cru\b/, "grand_cru"],
  [/\b(premier|1er) cru\b/, "premier_cru"],
  [/\bcru bourgeois\b/, "cru_bourgeois"],
  [/\bgran selezione\b/, "gran_selezione"],
  [/\bgran reserva\b/, "gran_reserva"],
  [/\breserva\b/, "reserva"],
  [/\bcrianza\b/, "crianza"],
  [/\briserva\b/, "riserva"],
  [/\bsuperiore\b/, "superiore"],
  [/\bclassico\b/, "classico"],
  [/\b(grosses gewachs|gg)\b/, "grosses_gewachs"],
  [/\btrockenbeerenauslese\b/, "trockenbeerenauslese"],
  [/\bbeerenauslese\b/, "beerenauslese"],
  [/\bauslese\b/, "auslese"],
  [/\bspatlese\b/, "spatlese"],
  [/\bkabinett\b/, "kabinett"],
  [/\b(eiswein|icewine|ice wine)\b/, "eiswein"],
  [/\b(vieilles vignes|old vines?|alte reben|vinas viejas|vigne vecchie)\b/, "old_vines"],
  [/\b(single vineyard|vigna|vineyard|clos|lieu dit)\b/, "single_vineyard"],
];

/** Terms that exclude each other: only the first found is kept (a "Gran Reserva" is no "Reserva" too). */
const EXCLUSIVE: readonly LabelTerm[][] = [
  ["premier_grand_cru_classe", "grand_cru_classe", "cru_classe", "grand_cru", "premier_cru", "cru_bourgeois"],
  ["gran_selezione", "gran_reserva", "reserva", "crianza", "riserva"],
  ["trockenbeerenauslese", "beerenauslese", "auslese", "spatlese", "kabinett", "eiswein"],
];

/** The label terms of a name (folded), each group's strongest term only, in TERMS order. */
export function labelTerms(name: string): LabelTerm[] {
  const folded = fold(name);
  const found = TERMS.filter(([re]) => re.test(folded)).map(([, term]) => term);
  return found.filter((term) => {
    const group = EXCLUSIVE.find((g) => g.includes(term));
    return !group || found.find((t) => group.includes(t)) === term;
  });
}

/**
 * Ageing terms that are legal terms only in some countries (Ley 24/2003 for Spain; Portugal's Decreto-Lei
 * 212/2004; Italy's Legge 238/2016): elsewhere "Reserva" is a producer's own word for a range (in Chile
 * it only means 0.5 % vol more alcohol: Decreto 464/1995).
 */
const LEGAL_AGEING: Readonly<Record<string, ReadonlySet<string>>> = {
  reserva: new Set(["ES", "PT"]),
  gran_reserva: new Set(["ES", "PT"]),
  crianza: new Set(["ES"]),
  riserva: new Set(["IT"]),
  gran_selezione: new Set(["IT"]),
};

/** True when `term` is a legal ageing term in the wine's country (see LEGAL_AGEING); other terms: true. */
export function termIsLegal(term: LabelTerm, countryCode: string): boolean {
  const countries = LEGAL_AGEING[term];
  return !countries || countries.has(countryCode.toUpperCase());
}

/** The label terms of a wine's name that hold in its country (labelTerms, filtered by termIsLegal). */
export function legalLabelTerms(facts: Pick<WineFacts, "name" | "region">): LabelTerm[] {
  return labelTerms(facts.name).filter((t) => termIsLegal(t, facts.region.country));
}

/** Words that name a style or a bottling, not a wine (folded). */
const STYLE_WORDS = new Set(
  (
    "rose rosado rosato rosso rosse rouge red tinto tinta blanco blanca blanc bianco white weiss weisswein rotwein " +
    "brut nature extra dry sec demi doux dolce secco seco trocken halbtrocken sweet dulce cuvee reserva reserve " +
    "gran grande riserva crianza joven roble classico superiore cru premier grand classe vin vino vinho wine " +
    "sparkling espumante spumante sekt cava frizzante millesimato vintage late harvest nv de di del la le the " +
    "selection seleccion selezione special edition estate tradition tradicional cosecha collection of " +
    "branco branca regional tawny ruby port porto year years old anos colheita lbv bottled fino amontillado " +
    "oloroso manzanilla sherry cream pale dry medium superior fine bianco rosso rose rosato"
  ).split(" "),
);

/** How a text may use the wine's name. */
export type NameKind =
  /** A name of its own ("Sassicaia", "Dom Pérignon"). */
  | "proper"
  /** Only style or bottling words ("Rosé", "Gran Reserva", "Brut"): never a subject on its own. */
  | "style_words"
  /** A grape variety with at most style words ("Cabernet Sauvignon", "Malbec Reserva"). */
  | "grape"
  /** The appellation with at most style words and grapes ("Brunello di Montalcino", "Rioja Crianza"). */
  | "appellation";

const tokens = (text: string) =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);

/** Folded tokens of the name that are neither style words nor a year. */
function ownTokens(name: string, drop: readonly string[]): string[] {
  const dropped = new Set(drop.flatMap(tokens));
  return tokens(name).filter((t) => !STYLE_WORDS.has(t) && !/^\d+$/.test(t) && !dropped.has(t));
}

/** The kind of the wine's name (see NameKind). */
export function nameKind(facts: Pick<WineFacts, "name" | "grapes" | "region" | "producerName">): NameKind {
  const grapeNames = facts.grapes.flatMap((g) => [g.name, ...Object.values(g.names)]);
  const regionNames = Object.values(facts.region.names);
  const rest = ownTokens(facts.name, []);
  if (rest.length === 0) return "style_words";
  if (ownTokens(facts.name, grapeNames).length === 0) return "grape";
  if (ownTokens(facts.name, [...regionNames, ...grapeNames]).length === 0) return "appellation";
  return "proper";
}

/** True when the wine's name already contains the producer's name (then texts do not repeat it). */
export function nameHasProducer(facts: Pick<WineFacts, "name" | "producerName">): boolean {
  const p = fold(facts.producerName).trim();
  return p.length === 0 || fold(facts.name).includes(p);
}

/** True when the wine's name contains its region's name (in any language) as whole words. */
export function nameStatesRegion(facts: Pick<WineFacts, "name" | "region">): boolean {
  const name = ` ${tokens(facts.name).join(" ")} `;
  return Object.values(facts.region.names).some(
    (r) => r.length > 0 && name.includes(` ${tokens(r).join(" ")} `),
  );
}

/** How high a wine stands in its appellation's hierarchy, from its label terms (see `tierOf`). */
export type Tier = "everyday" | "reserve" | "classified";

/** Terms of a classified growth or top site. */
export const CLASSIFIED_TERMS: ReadonlySet<LabelTerm> = new Set<LabelTerm>([
  "premier_grand_cru_classe",
  "grand_cru_classe",
  "grand_cru",
  "premier_cru",
  "gran_selezione",
  "grosses_gewachs",
]);
const RESERVE_TERMS: ReadonlySet<LabelTerm> = new Set<LabelTerm>([
  "cru_classe",
  "cru_bourgeois",
  "gran_reserva",
  "reserva",
  "crianza",
  "riserva",
  "superiore",
  "auslese",
  "beerenauslese",
  "trockenbeerenauslese",
  "eiswein",
  "old_vines",
  "single_vineyard",
]);

/**
 * The wine's tier from its (legal) label terms: classified growths, Gran Selezione, Grosses Gewächs
 * and Burgundy or Champagne crus are `classified`; Gran Reserva/Reserva/Riserva/Crianza (ageing terms:
 * the wine was aged before release, Ley 24/2003 art. 3), crus bourgeois,
 * Superiore, sweet Prädikate, old vines and single sites `reserve`; the rest `everyday`.
 */
export function tierOf(terms: readonly LabelTerm[]): Tier {
  if (terms.some((t) => CLASSIFIED_TERMS.has(t))) return "classified";
  if (terms.some((t) => RESERVE_TERMS.has(t))) return "reserve";
  return "everyday";
}

/**
 * Label terms as printed on labels, in the language of the label (the same in every text): Prädikate
 * in German, crus in French, ageing terms in Spanish or Italian. Old vines and single sites have no
 * one printed form and are worded by each writer.
 */
export const LABEL_TERM_NAMES: Readonly<Record<Exclude<LabelTerm, "old_vines" | "single_vineyard">, string>> =
  {
    premier_grand_cru_classe: "Premier Grand Cru Classé",
    grand_cru_classe: "Grand Cru Classé",
    cru_classe: "Cru Classé",
    grand_cru: "Grand Cru",
    premier_cru: "Premier Cru",
    cru_bourgeois: "Cru Bourgeois",
    gran_selezione: "Gran Selezione",
    gran_reserva: "Gran Reserva",
    reserva: "Reserva",
    crianza: "Crianza",
    riserva: "Riserva",
    superiore: "Superiore",
    classico: "Classico",
    grosses_gewachs: "Großes Gewächs",
    kabinett: "Kabinett",
    spatlese: "Spätlese",
    auslese: "Auslese",
    beerenauslese: "Beerenauslese",
    trockenbeerenauslese: "Trockenbeerenauslese",
    eiswein: "Eiswein",
  };
