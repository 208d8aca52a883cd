/**
 * Residual-sugar term of a wine, derived from the words on its label (its name), its X-Wines type, its
 * grapes and its alcohol.
 *
 * Terms and limits: Commission Delegated Regulation (EU) 2019/33, Annex III.
 * Part A, still wines (g/l residual sugar):
 *   dry ≤ 4 (or ≤ 9 when total acidity is at most 2 g/l below the sugar), medium dry (`off_dry`) ≤ 12
 *   (or ≤ 18 with the same acidity rule), medium sweet ≤ 45, sweet > 45.
 * Part B, sparkling wines (g/l): brut nature < 3, extra brut 0–6, brut < 12, extra dry 12–17,
 *   dry 17–32, demi-sec 32–50, doux > 50.
 * The label words per language are those of the same annex (e.g. medium dry: de halbtrocken, fr demi-sec,
 * it abboccato, es semiseco, pt meio seco; medium sweet: de lieblich, fr moelleux, it amabile,
 * es semidulce, pt meio doce; sparkling demi-sec: de halbtrocken, it abboccato, es semiseco, pt meio seco).
 */
import type { ResidualSugar, SubType, WineType } from "../../domain/vocabulary.ts";
import { terms } from "./text-match.ts";
import { MAX_WINE_ABV } from "./wine-words.ts";

/** What the residual-sugar rules look at. `abv` in % vol, null when unknown. */
export interface ResidualSugarFacts {
  /** X-Wines `Type` (Red, White, Rosé, Sparkling, Dessert, Dessert/Port). */
  xwinesType: string;
  /** Wine name as in the source. */
  name: string;
  /** X-Wines grape names. */
  grapes: readonly string[];
  subType: SubType;
  /** Catalogue type from `mapType`; `fortified` enables the Sherry style words. */
  type: WineType;
  abv: number | null;
}

/** Sparkling label terms, checked in this order (longer terms before the terms they contain). */
const SPARKLING_TERMS: readonly [ResidualSugar, ReturnType<typeof terms>][] = [
  [
    "brut_nature",
    terms(
      "Brut Nature",
      "Pas Dosé",
      "Dosage Zéro",
      "Zero Dosage",
      "Dosaggio Zero",
      "Non Dosé",
      "Bruto Natural",
      "Naturherb",
      "Nature",
    ),
  ],
  ["extra_brut", terms("Extra Brut", "Extra Bruto")],
  ["brut", terms("Brut", "Bruto")],
  ["extra_dry", terms("Extra Dry", "Extra Sec", "Extra Seco", "Extra Trocken")],
  [
    "demi_sec",
    terms(
      "Demi-Sec",
      "Demi Sec",
      "Halbtrocken",
      "Meio Seco",
      "Meio-Seco",
      "Semiseco",
      "Semi-Seco",
      "Semi-Dry",
      "Medium Dry",
      "Abboccato",
      "Amabile",
    ),
  ],
  ["doux", terms("Doux", "Dolce", "Sweet", "Doce", "Dulce", "Mild", "Süß")],
  ["dry", terms("Sec", "Seco", "Secco", "Dry", "Trocken", "Asciutto")],
];

/**
 * Aromatic sweet sparkling traditions: Asti, Moscato d'Asti, Brachetto d'Acqui, Brazilian Moscatel
 * espumante. A sparkling wine named so, or made only from Muscat varieties or Brachetto, is `doux`
 * unless its name carries another term.
 */
const SWEET_SPARKLING_NAME = terms("Asti", "Moscato", "Moscatel", "Muscat", "Brachetto");
const SWEET_SPARKLING_GRAPES = /^(muscat|moscato|brachetto)/i;

/** Still wines: noble rot, ice wine, late harvest, dried grapes and the sweet Prädikate → sweet. */
const SWEET_STYLE = terms(
  "Trockenbeerenauslese",
  "Beerenauslese",
  "Eiswein",
  "Icewine",
  "Ice Wine",
  "Sauternes",
  "Barsac",
  "Tokaji Aszú",
  "Aszú",
  "Puttonyos",
  "Late Harvest",
  "Vendange Tardive",
  "Vendanges Tardives",
  "Sélection de Grains Nobles",
  "Colheita Tardia",
  "Cosecha Tardía",
  "Passito",
  "Recioto",
  "Vin Santo",
  "Botrytis",
  "Noble Rot",
);
const MEDIUM_SWEET_WORDS = terms(
  "Medium Sweet",
  "Semi Sweet",
  "Semi-Sweet",
  "Lieblich",
  "Moelleux",
  "Amabile",
  "Semidulce",
  "Semi-Dulce",
  "Meio Doce",
  "Medium",
);
const OFF_DRY_WORDS = terms(
  "Medium Dry",
  "Off-Dry",
  "Off Dry",
  "Semi-Dry",
  "Halbtrocken",
  "Feinherb",
  "Demi-Sec",
  "Abboccato",
  "Semiseco",
  "Semi-Seco",
  "Meio Seco",
  "Meio-Seco",
);
const SWEET_WORDS = terms("Sweet", "Süß", "Dolce", "Doux", "Dulce", "Doce", "Cream", "Pedro Ximénez", "PX");
const DRY_WORDS = terms("Trocken", "Dry", "Sec", "Seco", "Secco", "Asciutto");
/** Dry Sherry and Montilla styles (biologically or oxidatively aged, fermented dry). */
const DRY_SHERRY_STYLES = terms("Fino", "Manzanilla", "Amontillado", "Oloroso", "Palo Cortado");
const AUSLESE = terms("Auslese");
const SPATLESE = terms("Spätlese", "Spaetlese");
const KABINETT = terms("Kabinett");

/** One step sweeter on the still scale (dry → off_dry → medium_sweet → sweet). */
function sweeter(term: ResidualSugar): ResidualSugar {
  if (term === "dry") return "off_dry";
  if (term === "off_dry") return "medium_sweet";
  return "sweet";
}

/**
 * Residual-sugar term of a wine (EU 2019/33 Annex III vocabulary), or null for grape spirits
 * (ABV > 22 % vol, e.g. grappa), to which the wine terms do not apply.
 *
 * Sparkling (`subType` sparkling), first rule that applies:
 * 1. label term in the name: Brut Nature/Pas Dosé/Dosage Zéro/Nature → brut_nature, Extra Brut →
 *    extra_brut, Brut/Bruto → brut, Extra Dry/Extra Sec → extra_dry, Demi-Sec/Meio Seco/Halbtrocken →
 *    demi_sec, Doux/Dolce/Sweet/Doce → doux, Sec/Seco/Secco/Dry → dry ("Demi-Sec" is never read as "Sec");
 * 2. Asti, Moscato, Moscatel, Muscat, Brachetto in the name, or only Muscat/Brachetto grapes → doux;
 * 3. no term and ABV ≤ 8.5 % → doux, ≤ 10.5 % → demi_sec: fermentation stopped early, leaving sugar
 *    (about 17 g/l of sugar give 1 % vol of alcohol, so a must of ~200 g/l stopped at 8.5 % keeps > 50 g/l);
 * 4. otherwise brut — by far the most common style of sparkling wine, so the default.
 *
 * Still wines, first rule that applies:
 * 1. noble-rot, ice-wine, late-harvest and dried-grape styles (Trockenbeerenauslese, Beerenauslese,
 *    Eiswein/Icewine, Sauternes, Tokaji Aszú/Puttonyos, Late Harvest, Vendange Tardive, Passito, Recioto,
 *    Vin Santo, Colheita Tardia, Botrytis) → sweet;
 * 2. label terms: medium sweet words (Medium Sweet, Semi Sweet, Lieblich, Moelleux, Amabile, Meio Doce)
 *    → medium_sweet; medium dry words (Medium Dry, Off-Dry, Semi-Dry, Halbtrocken, Feinherb, Demi-Sec,
 *    Abboccato, Semiseco, Meio Seco) → off_dry; sweet words (Sweet, Süß, Dolce, Doux, Cream, PX) → sweet;
 * 3. fortified: Fino, Manzanilla, Amontillado, Oloroso, Palo Cortado → dry;
 * 4. table wines (not X-Wines Dessert types): Trocken/Dry/Sec/Seco/Secco → dry;
 * 5. German Prädikate without a dryness word: Auslese → sweet, Spätlese → medium_sweet, Kabinett → off_dry,
 *    one step sweeter when ABV ≤ 9 % (a low-alcohol Mosel Kabinett keeps ~40 g/l);
 * 6. X-Wines Dessert and Dessert/Port (Port, Madeira, Moscatel de Setúbal, Vin Santo …) → sweet;
 * 7. table wine with ABV ≤ 10 % → off_dry (Vinho Verde, White Zinfandel: fermentation stopped early);
 * 8. otherwise dry.
 */
export function deriveResidualSugar(facts: ResidualSugarFacts): ResidualSugar | null {
  const { name, abv } = facts;
  if (abv !== null && abv > MAX_WINE_ABV) return null;

  if (facts.subType === "sparkling") {
    for (const [term, words] of SPARKLING_TERMS) if (words.test(name)) return term;
    const muscatOnly = facts.grapes.length > 0 && facts.grapes.every((g) => SWEET_SPARKLING_GRAPES.test(g));
    if (SWEET_SPARKLING_NAME.test(name) || muscatOnly) return "doux";
    if (abv !== null && abv <= 8.5) return "doux";
    if (abv !== null && abv <= 10.5) return "demi_sec";
    return "brut";
  }

  if (SWEET_STYLE.test(name)) return "sweet";
  if (OFF_DRY_WORDS.test(name)) return "off_dry";
  if (MEDIUM_SWEET_WORDS.test(name)) return "medium_sweet";
  if (SWEET_WORDS.test(name)) return "sweet";

  const dessertType = facts.xwinesType === "Dessert" || facts.xwinesType === "Dessert/Port";
  if (facts.type === "fortified" && DRY_SHERRY_STYLES.test(name)) return "dry";
  if (!dessertType && DRY_WORDS.test(name)) return "dry";

  const lowAlcohol = abv !== null && abv <= 9;
  if (AUSLESE.test(name)) return "sweet";
  if (SPATLESE.test(name)) return lowAlcohol ? sweeter("medium_sweet") : "medium_sweet";
  if (KABINETT.test(name)) return lowAlcohol ? sweeter("off_dry") : "off_dry";

  if (dessertType) return "sweet";
  if (abv !== null && abv <= 10) return "off_dry";
  return "dry";
}
