/**
 * A small table of appellation rules (permitted colours and grape varieties) for major appellations
 * found among the X-Wines regions. The realistic synthetic catalogue (`synthetic-realistic.ts`) uses it
 * to keep its templates inside the rules where the real data itself strays (X-Wines lists a Chardonnay
 * "Saint-Émilion Grand Cru", a Champagne with Syrah and Carignan). Deliberately small: a bigger,
 * sourced table is a later issue.
 *
 * Grape names are the catalogue's (X-Wines) names, synonyms included where the data uses both
 * ("Pinot Noir" and "Pinot Nero"). Sources, per entry: the French AOC "cahier des charges" (homologated
 * by decree, published in the JORF / Bulletin officiel du ministère de l'Agriculture), sections III
 * "Couleur et types de produit" and V "Encépagement"; the Italian DOCG "disciplinare di produzione",
 * articles 1 and 2 ("base ampelografica"); cross-checked with the Oxford Companion to Wine (J. Robinson,
 * ed., 4th ed. 2015), entries of the same names.
 */
import { fold } from "../../domain/text-folding.ts";
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";

/** What an appellation permits: colours, grape varieties (catalogue names) and optionally wine kinds. */
export interface AppellationRule {
  /** English region name as X-Wines writes it; sub-regions named "<name> …" follow the same rule. */
  region: string;
  colors: readonly Color[];
  grapes: readonly string[];
  /** Permitted type/sub-type pairs ("wine/still"); all when absent. */
  kinds?: readonly `${WineType}/${SubType}`[];
}

/** Bordeaux red varieties of the Médoc communal AOCs (cahiers des charges Pauillac, Margaux, Saint-Julien, Saint-Estèphe, § V). */
const MEDOC_RED = ["Cabernet Sauvignon", "Cabernet Franc", "Merlot", "Petit Verdot", "Malbec", "Carmenère"];

/** The rules; see the module comment for the sources. */
export const APPELLATION_RULES: readonly AppellationRule[] = [
  // AOC Saint-Émilion grand cru, cahier des charges (décret du 7 décembre 2011), § III: red still
  // wines only; § V: cabernet franc, cabernet-sauvignon, carmenère, côt (Malbec), merlot.
  {
    region: "Saint-Émilion Grand Cru",
    colors: ["red"],
    grapes: ["Merlot", "Cabernet Franc", "Cabernet Sauvignon", "Malbec", "Carmenère"],
    kinds: ["wine/still"],
  },
  // AOC Pauillac, Margaux, Saint-Julien, Saint-Estèphe, cahiers des charges (décrets 2011), § III: red
  // still wines only; § V: the six Bordeaux red varieties.
  { region: "Pauillac", colors: ["red"], grapes: MEDOC_RED, kinds: ["wine/still"] },
  { region: "Margaux", colors: ["red"], grapes: MEDOC_RED, kinds: ["wine/still"] },
  { region: "Saint-Julien", colors: ["red"], grapes: MEDOC_RED, kinds: ["wine/still"] },
  { region: "Saint-Estèphe", colors: ["red"], grapes: MEDOC_RED, kinds: ["wine/still"] },
  // AOC Sauternes, cahier des charges, § III: white wines (sweet); § V: sémillon, sauvignon blanc,
  // sauvignon gris, muscadelle.
  {
    region: "Sauternes",
    colors: ["white"],
    grapes: ["Sémillon", "Sauvignon Blanc", "Sauvignon Gris", "Muscadelle"],
  },
  // AOC Chablis and Chablis premier cru, cahiers des charges, § III: white still wines; § V: chardonnay.
  { region: "Chablis", colors: ["white"], grapes: ["Chardonnay"], kinds: ["wine/still"] },
  // AOC Pouilly-Fuissé, cahier des charges, § III: white still wines; § V: chardonnay.
  { region: "Pouilly-Fuissé", colors: ["white"], grapes: ["Chardonnay"], kinds: ["wine/still"] },
  // AOC Champagne, cahier des charges (décret n° 2010-1441), § III: white and rosé sparkling wines;
  // § V: arbane, chardonnay, meunier, petit meslier, pinot blanc, pinot gris, pinot noir.
  {
    region: "Champagne",
    colors: ["white", "rose"],
    grapes: [
      "Chardonnay",
      "Pinot Noir",
      "Pinot Nero",
      "Pinot Meunier",
      "Pinot Blanc",
      "Pinot Gris",
      "Arbane",
      "Petit Meslier",
    ],
    kinds: ["wine/sparkling"],
  },
  // DOCG Barolo and DOCG Barbaresco, disciplinari, art. 1: red wine; art. 2: Nebbiolo only.
  { region: "Barolo", colors: ["red"], grapes: ["Nebbiolo"], kinds: ["wine/still"] },
  { region: "Barbaresco", colors: ["red"], grapes: ["Nebbiolo"], kinds: ["wine/still"] },
  // DOCG Brunello di Montalcino, disciplinare, art. 1: red wine; art. 2: exclusively Sangiovese
  // (called Brunello in Montalcino).
  { region: "Brunello di Montalcino", colors: ["red"], grapes: ["Sangiovese"], kinds: ["wine/still"] },
];

const byName = new Map(APPELLATION_RULES.map((rule) => [fold(rule.region), rule]));

/**
 * The rule of a region by its English name: the entry of the same name, or of the longest leading part
 * ("Champagne Grand Cru 'Bouzy'" → Champagne, "Chablis 1er Cru 'Montmains'" → Chablis); undefined when none.
 */
export function appellationRule(regionName: string): AppellationRule | undefined {
  const words = fold(regionName).split(" ");
  for (let n = words.length; n > 0; n--) {
    const rule = byName.get(words.slice(0, n).join(" "));
    if (rule) return rule;
  }
  return undefined;
}

/** Whether a wine's colour, grapes and kind are permitted by `rule`. */
export function followsRule(
  rule: AppellationRule,
  wine: { color: Color; type: WineType; subType: SubType; grapes: readonly string[] },
): boolean {
  return (
    rule.colors.includes(wine.color) &&
    wine.grapes.every((g) => rule.grapes.includes(g)) &&
    (rule.kinds === undefined || rule.kinds.includes(`${wine.type}/${wine.subType}`))
  );
}
