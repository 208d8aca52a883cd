/**
 * Appellation rules: permitted colours, principal grape varieties, wine kinds, minimum ageing before
 * release and typical styles, for the appellations among the X-Wines regions and the major ones of
 * each country whose rules set colours or varieties. Shared domain data: the realistic synthetic
 * catalogue (`modules/catalogue/synthetic-realistic.ts`) keeps its templates inside the rules where the
 * real data strays (X-Wines lists a Chardonnay "Saint-Émilion Grand Cru", a Champagne with Syrah and
 * Carignan); the content generators date drinking windows from the release rules and keep region
 * insights inside the colour and grape rules.
 *
 * Grape names are the catalogue's (X-Wines) names, synonyms included where the data uses both
 * ("Pinot Noir" and "Pinot Nero", "Tempranillo" and "Tinto Fino"). Only principal varieties are listed;
 * minor accessory varieties the rules allow in small shares are left out unless the catalogue lists
 * them. New World geographical indications (AVAs, Argentine and Chilean GIs, Australian zones) set no
 * colour or variety rules and have no entries. Sources, per entry (comments name the document):
 * - France: the AOC "cahier des charges" homologated by decree (JORF / Bulletin officiel du ministère
 *   de l'Agriculture), § III "Couleur et types de produit", § V "Encépagement", § IX "Transformation,
 *   élaboration, élevage" (release dates, time on the lees);
 * - Italy: the DOCG/DOC "disciplinare di produzione", art. 1 (types), art. 2 ("base ampelografica"),
 *   the article on "invecchiamento"/"immissione al consumo";
 * - Spain: the DO/DOCa "pliego de condiciones" and reglamento, and Ley 24/2003 de la Viña y del Vino,
 *   art. 3 (crianza, reserva, gran reserva);
 * - Portugal: the Instituto dos Vinhos do Douro e do Porto (IVDP) rules for the Port categories;
 * - Hungary and Greece: the product specifications (termékleírás, PDO specification) in the EU
 *   eAmbrosia register;
 * cross-checked with The Oxford Companion to Wine (J. Robinson, ed., 4th ed. 2015), entries of the
 * same names. The release figures are the rules' earliest dates rounded to the calendar year.
 */
import { fold } from "../text-folding.ts";
import type { Color, SubType, WineType } from "../vocabulary.ts";

/**
 * Quality or ageing level a label term selects, for the release rules: "standard" (no term),
 * "crianza", "riserva" (Riserva/Reserva), "gran_reserva" (Gran Reserva, Gran Selezione),
 * "vintage" (vintage-dated sparkling or Vintage Port), "lbv" (Late Bottled Vintage Port), "colheita".
 */
export type AgeingLevel =
  | "standard"
  | "crianza"
  | "riserva"
  | "gran_reserva"
  | "vintage"
  | "lbv"
  | "colheita";

/** What an appellation permits: colours, grape varieties (catalogue names) and optionally wine kinds. */
export interface AppellationRule {
  /** English region name as X-Wines writes it; sub-regions named "<name> …" follow the same rule. */
  region: string;
  /** Other English names of the region in the catalogue (X-Wines "Porto" is stored as "Port"). */
  aliases?: readonly string[];
  colors: readonly Color[];
  grapes: readonly string[];
  /** Permitted type/sub-type pairs ("wine/still"); all when absent. */
  kinds?: readonly `${WineType}/${SubType}`[];
  /**
   * Earliest release by ageing level, in calendar years after the harvest year: Brunello di Montalcino
   * `{ standard: 5 }` — a 2018 may be sold from 1 January 2023. A level without an entry falls back to
   * `standard`; absent when the rules set no release date that matters for a drinking window.
   */
  release?: Readonly<Partial<Record<AgeingLevel, number>>>;
  /** Typical styles in a few English words, as the source describes them. */
  styles: string;
}

/** Bordeaux red varieties of the Médoc communal AOCs (cahiers des charges Pauillac, Margaux, Saint-Julien, Saint-Estèphe, § V). */
const MEDOC_RED = ["Cabernet Sauvignon", "Cabernet Franc", "Merlot", "Petit Verdot", "Malbec", "Carmenère"];
/** Bordeaux white varieties (cahiers des charges Bordeaux, Pessac-Léognan, Sauternes, § V). */
const BORDEAUX_WHITE = ["Sémillon", "Sauvignon Blanc", "Sauvignon Gris", "Muscadelle"];
/** The Valpolicella varieties (disciplinari Valpolicella, Amarone and Recioto della Valpolicella, art. 2). */
const VALPOLICELLA = ["Corvina", "Corvinone", "Rondinella", "Molinara", "Croatina", "Oseleta"];
/** Moscato Bianco under its catalogue names (disciplinare Asti DOCG, art. 2). */
const MOSCATO_BIANCO = ["Muscat/Moscato Bianco", "Muscat/Moscato", "Muscat Blanc"];
/** The Port varieties most planted (IVDP; Oxford Companion, "port"). */
const PORT_GRAPES = [
  "Touriga Nacional",
  "Touriga Franca",
  "Tinta Roriz",
  "Tinta Barroca",
  "Tinto Cão",
  "Tinta Amarela",
  "Tinta Francisca",
  "Sousão",
  "Malvasia Fina",
  "Viosinho",
  "Rabigato",
  "Côdega de Larinho",
];
/** Tempranillo under its catalogue names. */
const TEMPRANILLO = ["Tempranillo", "Tinto Fino", "Tinta Roriz", "Aragonez"];
/** Garnacha under its catalogue names. */
const GARNACHA = ["Garnacha", "Garnacha Tinta", "Grenache"];
/** Spanish ageing terms for red wines (Ley 24/2003, art. 3, and the DOCa Rioja rules): crianza 2 years (1 in oak), reserva 3 (1 in oak), gran reserva 5 (2 in oak, counted from 1 October of the harvest year). */
const SPANISH_AGEING = { crianza: 2, riserva: 3, gran_reserva: 5 } as const;
const STILL = ["wine/still"] as const;

/**
 * Catalogue names the rules above give one variety under (Moscato Bianco, Tempranillo, Garnacha): a
 * rule listing only names of one group permits one variety (record-facts.ts `fixedGrape`).
 */
export const SAME_VARIETY: readonly (readonly string[])[] = [MOSCATO_BIANCO, TEMPRANILLO, GARNACHA];

/** The rules; see the module comment for the sources. */
export const APPELLATION_RULES: readonly AppellationRule[] = [
  // ---- France: Bordeaux ----
  // AOC Saint-Émilion grand cru, cahier des charges (décret du 7 décembre 2011), § III: red still
  // wines only; § V: cabernet franc, cabernet-sauvignon, carmenère, côt (Malbec), merlot.
  {
    region: "Saint-Émilion Grand Cru",
    colors: ["red"],
    grapes: ["Merlot", "Cabernet Franc", "Cabernet Sauvignon", "Malbec", "Carmenère"],
    kinds: STILL,
    styles: "Merlot- and Cabernet Franc-led reds for ageing",
  },
  // AOC Pomerol, cahier des charges (décret 2011), § III: red still wines; § V: cabernet franc,
  // cabernet-sauvignon, côt, merlot.
  {
    region: "Pomerol",
    colors: ["red"],
    grapes: ["Merlot", "Cabernet Franc", "Cabernet Sauvignon", "Malbec"],
    kinds: STILL,
    styles: "supple, Merlot-led reds",
  },
  // AOC Pauillac, Margaux, Saint-Julien, Saint-Estèphe, Haut-Médoc, cahiers des charges (décrets 2011),
  // § III: red still wines only; § V: the six Bordeaux red varieties.
  {
    region: "Pauillac",
    colors: ["red"],
    grapes: MEDOC_RED,
    kinds: STILL,
    styles: "Cabernet Sauvignon-led reds for long ageing",
  },
  {
    region: "Margaux",
    colors: ["red"],
    grapes: MEDOC_RED,
    kinds: STILL,
    styles: "perfumed Cabernet Sauvignon-led reds",
  },
  {
    region: "Saint-Julien",
    colors: ["red"],
    grapes: MEDOC_RED,
    kinds: STILL,
    styles: "Cabernet Sauvignon-led reds for ageing",
  },
  {
    region: "Saint-Estèphe",
    colors: ["red"],
    grapes: MEDOC_RED,
    kinds: STILL,
    styles: "firm Cabernet Sauvignon-led reds",
  },
  {
    region: "Haut-Médoc",
    colors: ["red"],
    grapes: MEDOC_RED,
    kinds: STILL,
    styles: "Cabernet-led Bordeaux reds",
  },
  // AOC Pessac-Léognan, cahier des charges, § III: red and dry white still wines; § V: the Bordeaux red
  // varieties; sauvignon blanc, sauvignon gris, sémillon, muscadelle.
  {
    region: "Pessac-Léognan",
    colors: ["red", "white"],
    grapes: [...MEDOC_RED, ...BORDEAUX_WHITE],
    kinds: STILL,
    styles: "Cabernet-led reds and barrel-fermented Sauvignon–Sémillon whites",
  },
  // AOC Bordeaux and Bordeaux supérieur, cahiers des charges, § III: red, rosé, clairet, dry and sweet
  // white; § V: the red varieties; sémillon, sauvignon, muscadelle, colombard, ugni blanc, merlot blanc.
  {
    region: "Bordeaux",
    colors: ["red", "white", "rose"],
    grapes: [...MEDOC_RED, ...BORDEAUX_WHITE, "Colombard", "Ugni Blanc"],
    styles: "Merlot-led reds, Sauvignon–Sémillon whites",
  },
  // AOC Sauternes, cahier des charges, § III: white wines (sweet); § V: sémillon, sauvignon blanc,
  // sauvignon gris, muscadelle.
  {
    region: "Sauternes",
    colors: ["white"],
    grapes: BORDEAUX_WHITE,
    styles: "sweet botrytized whites for long ageing",
  },
  // ---- France: Burgundy and Beaujolais ----
  // AOC Chablis and Chablis premier cru, Petit Chablis, cahiers des charges, § III: white still wines;
  // § V: chardonnay.
  {
    region: "Chablis",
    colors: ["white"],
    grapes: ["Chardonnay"],
    kinds: STILL,
    styles: "dry, mineral, unoaked or lightly oaked Chardonnay",
  },
  {
    region: "Petit Chablis",
    colors: ["white"],
    grapes: ["Chardonnay"],
    kinds: STILL,
    styles: "light, dry Chardonnay for early drinking",
  },
  // AOC Pouilly-Fuissé, cahier des charges, § III: white still wines; § V: chardonnay.
  {
    region: "Pouilly-Fuissé",
    colors: ["white"],
    grapes: ["Chardonnay"],
    kinds: STILL,
    styles: "rich, dry Chardonnay",
  },
  // AOC Meursault, cahier des charges, § III: white and red still wines; § V: chardonnay, pinot blanc
  // (white), pinot noir (red).
  {
    region: "Meursault",
    colors: ["white", "red"],
    grapes: ["Chardonnay", "Pinot Blanc", "Pinot Noir"],
    kinds: STILL,
    styles: "rich, often barrel-fermented Chardonnay",
  },
  // AOC Corton-Charlemagne, cahier des charges, § III: white still wines; § V: chardonnay.
  {
    region: "Corton-Charlemagne",
    colors: ["white"],
    grapes: ["Chardonnay"],
    kinds: STILL,
    styles: "powerful white grand cru Chardonnay",
  },
  // AOC Gevrey-Chambertin and Chambolle-Musigny, cahiers des charges, § III: red still wines; § V:
  // pinot noir (chardonnay, pinot blanc, pinot gris as accessory varieties up to 15 %).
  {
    region: "Gevrey-Chambertin",
    colors: ["red"],
    grapes: ["Pinot Noir"],
    kinds: STILL,
    styles: "structured Pinot Noir",
  },
  {
    region: "Chambolle-Musigny",
    colors: ["red"],
    grapes: ["Pinot Noir"],
    kinds: STILL,
    styles: "fragrant Pinot Noir",
  },
  // AOC Beaujolais and Beaujolais-Villages, cahier des charges, § III: red, rosé and white; § V: gamay
  // (red, rosé), chardonnay (white). The crus (Morgon, Fleurie, Moulin-à-Vent), cahiers des charges,
  // § III: red only; § V: gamay.
  {
    region: "Beaujolais",
    colors: ["red", "rose", "white"],
    grapes: ["Gamay", "Chardonnay"],
    kinds: STILL,
    styles: "light, fruity Gamay for early drinking",
  },
  { region: "Morgon", colors: ["red"], grapes: ["Gamay"], kinds: STILL, styles: "firm cru Beaujolais Gamay" },
  {
    region: "Fleurie",
    colors: ["red"],
    grapes: ["Gamay"],
    kinds: STILL,
    styles: "floral cru Beaujolais Gamay",
  },
  {
    region: "Moulin-à-Vent",
    colors: ["red"],
    grapes: ["Gamay"],
    kinds: STILL,
    styles: "structured cru Beaujolais Gamay",
  },
  // ---- France: Champagne and crémants ----
  // AOC Champagne, cahier des charges (décret n° 2010-1441), § III: white and rosé sparkling wines;
  // § V: arbane, chardonnay, meunier, petit meslier, pinot blanc, pinot gris, pinot noir; § IX: tirage
  // not before 1 January after the harvest, release 15 months after tirage (non-vintage), 3 years after
  // tirage for a vintage ("millésimé") wine.
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
    release: { standard: 2, vintage: 4 },
    styles: "traditional-method sparkling, mostly non-vintage brut",
  },
  // AOC Crémant de Bourgogne, d'Alsace, de Loire, cahiers des charges, § III: white and rosé sparkling
  // wines; § V: the varieties below (9 months on the lees).
  {
    region: "Crémant de Bourgogne",
    colors: ["white", "rose"],
    grapes: ["Chardonnay", "Pinot Noir", "Gamay", "Aligoté", "Pinot Blanc", "Pinot Gris"],
    kinds: ["wine/sparkling"],
    styles: "traditional-method sparkling",
  },
  {
    region: "Crémant d'Alsace",
    colors: ["white", "rose"],
    grapes: ["Pinot Blanc", "Auxerrois", "Pinot Gris", "Pinot Noir", "Riesling", "Chardonnay"],
    kinds: ["wine/sparkling"],
    styles: "traditional-method sparkling",
  },
  {
    region: "Crémant de Loire",
    colors: ["white", "rose"],
    grapes: ["Chenin Blanc", "Chardonnay", "Cabernet Franc", "Cabernet Sauvignon", "Pinot Noir"],
    kinds: ["wine/sparkling"],
    styles: "traditional-method sparkling",
  },
  // ---- France: Loire, Rhône, Provence ----
  // AOC Sancerre, cahier des charges, § III: white, red, rosé; § V: sauvignon blanc (white), pinot noir
  // (red, rosé). AOC Pouilly-Fumé, § III: white; § V: sauvignon blanc.
  {
    region: "Sancerre",
    colors: ["white", "red", "rose"],
    grapes: ["Sauvignon Blanc", "Pinot Noir"],
    kinds: STILL,
    styles: "crisp, dry Sauvignon Blanc",
  },
  {
    region: "Pouilly-Fumé",
    colors: ["white"],
    grapes: ["Sauvignon Blanc"],
    kinds: STILL,
    styles: "crisp, dry Sauvignon Blanc",
  },
  // AOC Muscadet (and its sub-appellations Muscadet Sèvre et Maine, Coteaux de la Loire, Côtes de
  // Grandlieu), cahiers des charges, § III: white still wines; § V: melon B (Melon de Bourgogne) only.
  {
    region: "Muscadet",
    colors: ["white"],
    grapes: ["Melon de Bourgogne"],
    kinds: STILL,
    styles: "light, dry Melon de Bourgogne, often aged on its lees",
  },
  // AOC Condrieu, cahier des charges, § III: white still wines (dry, and sweet from late-harvested
  // grapes); § V: viognier B only.
  {
    region: "Condrieu",
    colors: ["white"],
    grapes: ["Viognier"],
    kinds: ["wine/still", "dessert/still"],
    styles: "rich, perfumed Viognier",
  },
  // AOC Châteauneuf-du-Pape, cahier des charges, § III: red and white still wines; § V: grenache
  // (noir, blanc, gris), syrah, mourvèdre, cinsaut, counoise, clairette, bourboulenc, roussanne and the
  // other listed varieties (not carignan).
  {
    region: "Châteauneuf-du-Pape",
    colors: ["red", "white"],
    grapes: [
      "Grenache",
      "Grenache Blanc",
      "Grenache Gris",
      "Syrah/Shiraz",
      "Mourvedre",
      "Cinsault",
      "Counoise",
      "Clairette",
      "Bourboulenc",
      "Roussanne",
    ],
    kinds: STILL,
    styles: "full-bodied, Grenache-led reds",
  },
  // AOC Côte-Rôtie, cahier des charges, § III: red; § V: syrah, viognier (up to 20 %).
  {
    region: "Côte-Rôtie",
    colors: ["red"],
    grapes: ["Syrah/Shiraz", "Viognier"],
    kinds: STILL,
    styles: "perfumed Syrah for ageing",
  },
  // AOC Hermitage, cahier des charges, § III: red and white; § V: syrah (red), marsanne, roussanne.
  {
    region: "Hermitage",
    colors: ["red", "white"],
    grapes: ["Syrah/Shiraz", "Marsanne", "Roussanne"],
    kinds: STILL,
    styles: "long-lived Syrah and Marsanne",
  },
  // AOC Bandol, cahier des charges, § III: red, rosé, white; § V: mourvèdre (red at least 50 %),
  // grenache, cinsaut, syrah, carignan; clairette, ugni blanc, bourboulenc (white).
  {
    region: "Bandol",
    colors: ["red", "rose", "white"],
    grapes: [
      "Mourvedre",
      "Grenache",
      "Cinsault",
      "Syrah/Shiraz",
      "Carignan/Cariñena",
      "Clairette",
      "Ugni Blanc",
      "Bourboulenc",
    ],
    kinds: STILL,
    styles: "Mourvèdre-led reds for ageing and dry rosés",
  },
  // AOC Côtes de Provence, cahier des charges, § III: rosé, red, white; § V: grenache, syrah,
  // mourvèdre, cinsaut, tibouren, carignan, cabernet sauvignon; rolle (vermentino), ugni blanc,
  // clairette, sémillon.
  {
    region: "Côtes de Provence",
    colors: ["rose", "red", "white"],
    grapes: [
      "Grenache",
      "Syrah/Shiraz",
      "Mourvedre",
      "Cinsault",
      "Tibouren",
      "Carignan/Cariñena",
      "Cabernet Sauvignon",
      "Rolle/Rollo",
      "Vermentino",
      "Ugni Blanc",
      "Clairette",
      "Sémillon",
    ],
    kinds: STILL,
    styles: "pale, dry rosé",
  },
  // ---- Italy: Piedmont ----
  // DOCG Barolo, disciplinare, art. 1: red wine; art. 2: Nebbiolo only; art. 7: 38 months of ageing
  // from 1 November of the harvest year (Riserva 62 months), i.e. release from 1 January of the 4th
  // (Riserva 6th) year after the harvest.
  {
    region: "Barolo",
    colors: ["red"],
    grapes: ["Nebbiolo"],
    kinds: STILL,
    release: { standard: 4, riserva: 6 },
    styles: "tannic, long-lived Nebbiolo",
  },
  // DOCG Barbaresco, disciplinare, art. 1: red; art. 2: Nebbiolo only; art. 7: 26 months from
  // 1 November of the harvest year (Riserva 50 months): release from the 3rd (5th) year after it.
  {
    region: "Barbaresco",
    colors: ["red"],
    grapes: ["Nebbiolo"],
    kinds: STILL,
    release: { standard: 3, riserva: 5 },
    styles: "tannic Nebbiolo for ageing",
  },
  // DOC Barbera d'Alba (Barbera, up to 15 % Nebbiolo), DOCG Barbera d'Asti (Barbera at least 90 %),
  // DOC Dolcetto d'Alba (Dolcetto only), disciplinari, art. 1–2: red wines.
  {
    region: "Barbera d'Alba",
    colors: ["red"],
    grapes: ["Barbera", "Nebbiolo"],
    kinds: STILL,
    styles: "juicy, high-acid Barbera",
  },
  {
    region: "Barbera d'Asti",
    colors: ["red"],
    grapes: ["Barbera"],
    kinds: STILL,
    styles: "juicy, high-acid Barbera",
  },
  {
    region: "Dolcetto d'Alba",
    colors: ["red"],
    grapes: ["Dolcetto"],
    kinds: STILL,
    styles: "soft Dolcetto for early drinking",
  },
  // DOCG Gavi, disciplinare, art. 1–2: white; Cortese only.
  { region: "Gavi", colors: ["white"], grapes: ["Cortese"], styles: "crisp, dry Cortese" },
  // DOCG Asti, disciplinare, art. 1–2: "Asti" spumante and "Moscato d'Asti" (frizzante), white and
  // sweet, Moscato Bianco only.
  {
    region: "Asti",
    colors: ["white"],
    grapes: MOSCATO_BIANCO,
    styles: "sweet, low-alcohol sparkling Moscato",
  },
  {
    region: "Moscato d'Asti",
    colors: ["white"],
    grapes: MOSCATO_BIANCO,
    styles: "sweet, lightly sparkling Moscato, about 5 % ABV",
  },
  // DOCG Brachetto d'Acqui, disciplinare, art. 1–2: red, sweet (still, spumante, passito); Brachetto
  // at least 97 %.
  {
    region: "Brachetto d'Acqui",
    colors: ["red", "rose"],
    grapes: ["Brachetto"],
    styles: "sweet, low-alcohol, lightly sparkling red",
  },
  // ---- Italy: Tuscany ----
  // DOCG Brunello di Montalcino, disciplinare, art. 1: red wine; art. 2: exclusively Sangiovese
  // (called Brunello in Montalcino); art. 5: release not before 1 January of the 5th year after the
  // harvest (Riserva the 6th).
  {
    region: "Brunello di Montalcino",
    colors: ["red"],
    grapes: ["Sangiovese"],
    kinds: STILL,
    release: { standard: 5, riserva: 6 },
    styles: "structured Sangiovese for long ageing",
  },
  // DOC Rosso di Montalcino, disciplinare: red; Sangiovese only; release from 1 September of the year
  // after the harvest.
  {
    region: "Rosso di Montalcino",
    colors: ["red"],
    grapes: ["Sangiovese"],
    kinds: STILL,
    release: { standard: 1 },
    styles: "younger-drinking Sangiovese",
  },
  // DOCG Chianti Classico, disciplinare, art. 2: red only; Sangiovese at least 80 % with other red
  // varieties (no white grapes since 2006); art. 5: release from 1 October of the year after the
  // harvest; Riserva 24 months and Gran Selezione 30 months from 1 January after the harvest.
  {
    region: "Chianti Classico",
    colors: ["red"],
    grapes: [
      "Sangiovese",
      "Canaiolo Nero",
      "Colorino",
      "Cabernet Sauvignon",
      "Cabernet Franc",
      "Merlot",
      "Syrah/Shiraz",
    ],
    kinds: STILL,
    release: { standard: 1, riserva: 3, gran_reserva: 3 },
    styles: "savoury, Sangiovese-led reds",
  },
  // DOCG Chianti, disciplinare, art. 2: red; Sangiovese at least 70 %, other red varieties, white
  // Trebbiano and Malvasia up to 10 %; art. 5: release from 1 March of the year after the harvest,
  // Riserva after 2 years from 1 January after it.
  {
    region: "Chianti",
    colors: ["red"],
    grapes: [
      "Sangiovese",
      "Canaiolo Nero",
      "Colorino",
      "Cabernet Sauvignon",
      "Cabernet Franc",
      "Merlot",
      "Syrah/Shiraz",
      "Trebbiano",
      "Malvasia",
    ],
    kinds: STILL,
    release: { standard: 1, riserva: 3 },
    styles: "Sangiovese-led reds",
  },
  // DOCG Vino Nobile di Montepulciano, disciplinare: red; Sangiovese at least 70 %; 2 years of ageing
  // from 1 January after the harvest (Riserva 3).
  {
    region: "Vino Nobile di Montepulciano",
    colors: ["red"],
    grapes: ["Sangiovese", "Canaiolo Nero", "Merlot", "Cabernet Sauvignon"],
    kinds: STILL,
    release: { standard: 3, riserva: 4 },
    styles: "Sangiovese-led reds for ageing",
  },
  // ---- Italy: Veneto, Trentino, Lombardy, Campania ----
  // DOCG Amarone della Valpolicella, disciplinare, art. 2: Corvina (45–95 %), Corvinone, Rondinella
  // (5–30 %) and other red varieties, dried grapes; release not before 1 January of the 2nd year
  // after the harvest (Riserva: 4 years from 1 November of the harvest year).
  {
    region: "Amarone della Valpolicella",
    colors: ["red"],
    grapes: VALPOLICELLA,
    release: { standard: 2, riserva: 4 },
    styles: "powerful dry red from dried grapes",
  },
  // DOC Valpolicella and DOC Valpolicella Ripasso, disciplinari, art. 1–2: red still wines (Classico,
  // Superiore, Ripasso re-fermented on Amarone/Recioto pomace) from Corvina (45–95 %), Corvinone,
  // Rondinella (5–30 %) and other red varieties.
  {
    region: "Valpolicella",
    colors: ["red"],
    grapes: VALPOLICELLA,
    kinds: STILL,
    styles: "fresh cherry-fruited reds; fuller Ripasso on Amarone pomace",
  },
  // DOCG Recioto della Valpolicella, disciplinare, art. 1–2: sweet red from dried grapes, still or
  // spumante, same varieties as Amarone.
  {
    region: "Recioto della Valpolicella",
    colors: ["red"],
    grapes: VALPOLICELLA,
    kinds: ["dessert/still", "dessert/sparkling", "wine/still"],
    styles: "sweet red from dried grapes",
  },
  // DOC Prosecco, disciplinare, art. 1–2: white and (since 2020) rosé; Glera at least 85 %, Pinot Nero
  // 10–15 % in the rosé, Chardonnay and the Pinots as complements.
  {
    region: "Prosecco",
    colors: ["white", "rose"],
    grapes: ["Glera/Prosecco", "Pinot Nero", "Pinot Noir", "Chardonnay", "Pinot Blanc", "Pinot Grigio"],
    styles: "fresh, fruity tank-method sparkling",
  },
  // DOCG Conegliano Valdobbiadene Prosecco, disciplinare, art. 1–2: white; Glera at least 85 % with
  // Verdiso, Bianchetta, Perera, Glera lunga.
  {
    region: "Conegliano-Valdobbiadene Prosecco",
    colors: ["white"],
    grapes: ["Glera/Prosecco"],
    styles: "fresh, fruity tank-method sparkling",
  },
  // DOCG Franciacorta, disciplinare, art. 2: white and rosé sparkling; Chardonnay, Pinot Nero, Pinot
  // Bianco (up to 50 %), Erbamat (up to 10 %); art. 6: 18 months on the lees (release from 25 months
  // after the harvest), millesimato 30 months (37 months), riserva 60 months.
  {
    region: "Franciacorta",
    colors: ["white", "rose"],
    grapes: ["Chardonnay", "Pinot Nero", "Pinot Noir", "Pinot Blanc"],
    kinds: ["wine/sparkling"],
    release: { standard: 2, vintage: 3, riserva: 6 },
    styles: "traditional-method sparkling",
  },
  // DOC Trento, disciplinare, art. 2: traditional-method sparkling; Chardonnay, Pinot Nero, Pinot
  // Bianco, Pinot Meunier.
  {
    region: "Trento",
    colors: ["white", "rose"],
    grapes: ["Chardonnay", "Pinot Noir", "Pinot Nero", "Pinot Blanc", "Pinot Meunier"],
    kinds: ["wine/sparkling"],
    styles: "traditional-method sparkling",
  },
  // DOCG Taurasi, disciplinare: red; Aglianico at least 85 %; 3 years of ageing (Riserva 4).
  {
    region: "Taurasi",
    colors: ["red"],
    grapes: ["Aglianico"],
    kinds: STILL,
    release: { standard: 3, riserva: 4 },
    styles: "tannic Aglianico for ageing",
  },
  // ---- Spain ----
  // DOCa Rioja, pliego de condiciones: red, white, rosé; tempranillo, garnacha, graciano, mazuelo
  // (carignan), maturana tinta; viura (macabeo), malvasía, garnacha blanca, tempranillo blanco,
  // chardonnay, sauvignon blanc, verdejo; ageing terms as SPANISH_AGEING.
  {
    region: "Rioja",
    colors: ["red", "white", "rose"],
    grapes: [
      ...TEMPRANILLO,
      ...GARNACHA,
      "Graciano",
      "Carignan/Cariñena",
      "Macabeo",
      "Malvasia",
      "Grenache Blanc",
      "Chardonnay",
      "Sauvignon Blanc",
      "Verdejo",
    ],
    kinds: STILL,
    release: SPANISH_AGEING,
    styles: "Tempranillo-led reds from joven to gran reserva",
  },
  // DO Ribera del Duero, pliego de condiciones: red, rosé, white (Albillo); tinto fino (Tempranillo)
  // at least 75 % in reds, cabernet sauvignon, merlot, malbec, garnacha; ageing terms as SPANISH_AGEING.
  {
    region: "Ribera del Duero",
    colors: ["red", "rose", "white"],
    grapes: [...TEMPRANILLO, ...GARNACHA, "Cabernet Sauvignon", "Merlot", "Malbec", "Albillo"],
    kinds: STILL,
    release: SPANISH_AGEING,
    styles: "powerful Tempranillo reds",
  },
  // DOQ Priorat, pliego de condiciones: red, white, rosé; garnacha, cariñena, cabernet sauvignon,
  // merlot, syrah, pinot noir, tempranillo; garnacha blanca, macabeo, pedro ximénez, chenin, viognier.
  {
    region: "Priorat",
    colors: ["red", "white", "rose"],
    grapes: [
      ...GARNACHA,
      "Carignan/Cariñena",
      "Cabernet Sauvignon",
      "Merlot",
      "Syrah/Shiraz",
      "Pinot Noir",
      "Tempranillo",
      "Grenache Blanc",
      "Macabeo",
      "Pedro Ximenez",
      "Chenin Blanc",
      "Viognier",
    ],
    kinds: STILL,
    release: SPANISH_AGEING,
    styles: "concentrated Garnacha–Cariñena reds",
  },
  // DO Rías Baixas, pliego de condiciones: white (albariño, loureiro, treixadura, caíño blanco,
  // godello) and red (caíño tinto, espadeiro, loureiro tinto, sousón, mencía, brancellao).
  {
    region: "Rías Baixas",
    colors: ["white", "red"],
    grapes: ["Albariño", "Alvarinho", "Loureiro", "Treixadura", "Godello", "Espadeiro", "Sousão", "Mencia"],
    kinds: STILL,
    styles: "fresh, aromatic Albariño",
  },
  // DO Cava, pliego de condiciones: white and rosé traditional-method sparkling; macabeo, xarel·lo,
  // parellada, chardonnay, malvasía (subirat); garnacha, monastrell, pinot noir, trepat (rosé).
  {
    region: "Cava",
    colors: ["white", "rose"],
    grapes: [
      "Macabeo",
      "Xarel-lo",
      "Parellada",
      "Chardonnay",
      "Malvasia",
      ...GARNACHA,
      "Monastrell",
      "Pinot Noir",
    ],
    kinds: ["wine/sparkling"],
    styles: "traditional-method sparkling",
  },
  // DO Jerez-Xérès-Sherry, pliego de condiciones: fortified wines from palomino, pedro ximénez and
  // moscatel.
  {
    region: "Jerez-Xérès-Sherry",
    colors: ["white"],
    grapes: ["Palomino", "Pedro Ximenez", "Muscat of Alexandria"],
    styles: "fortified: fino, manzanilla, amontillado, oloroso, sweet PX",
  },
  // ---- Portugal ----
  // DO Porto (IVDP): fortified red, tawny, white and rosé Port from the Douro varieties; Vintage Port
  // bottled in the 2nd or 3rd year after the harvest, Late Bottled Vintage between the 4th and 6th,
  // Colheita (a single-harvest tawny) after at least 7 years in wood; ruby and tawny blends are
  // non-vintage and ready when bottled.
  {
    region: "Porto",
    aliases: ["Port"],
    colors: ["red", "white", "rose"],
    grapes: PORT_GRAPES,
    kinds: ["fortified/still"],
    release: { vintage: 2, lbv: 4, colheita: 7 },
    styles: "fortified: ruby, tawny, colheita, LBV and vintage Port",
  },
  // DOC Vinho Verde, caderno de especificações: white, red, rosé; alvarinho, loureiro, arinto
  // (pedernã), trajadura, avesso, azal; vinhão, borraçal, espadeiro, padeiro, azal tinto.
  {
    region: "Vinho Verde",
    colors: ["white", "red", "rose"],
    grapes: [
      "Alvarinho",
      "Loureiro",
      "Arinto",
      "Arinto de Bucelas",
      "Pederna",
      "Trajadura",
      "Azal Branco",
      "Vinhão",
      "Borraçal",
      "Espadeiro",
      "Padeiro",
      "Azal Tinto",
    ],
    styles: "light, fresh whites for early drinking",
  },
  // ---- Hungary, Greece ----
  // OEM Tokaj, termékleírás: white wines, dry to sweet (szamorodni, aszú, eszencia); furmint,
  // hárslevelű, sárgamuskotály (Muscat Blanc), zéta, kövérszőlő, kabar.
  {
    region: "Tokaj",
    colors: ["white"],
    grapes: ["Furmint", "Hárslevelű", "Muscat Blanc"],
    styles: "sweet botrytized aszú and dry Furmint",
  },
  // PDO Santorini, product specification: white; Assyrtiko at least 85 %, Athiri, Aidani.
  {
    region: "Santorini",
    colors: ["white"],
    grapes: ["Assyrtiko", "Athiri", "Aidani"],
    styles: "dry, mineral Assyrtiko",
  },
];

const byName = new Map(
  APPELLATION_RULES.flatMap((rule) =>
    [rule.region, ...(rule.aliases ?? [])].map((name) => [fold(name), rule]),
  ),
);

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

/**
 * Sort key of a grape variety in the rule's principal order: its place in `rule.grapes`; varieties the
 * rule does not list, and every variety without a rule, come after (all equal).
 */
export function principalRank(rule: AppellationRule | undefined, grape: string): number {
  const i = rule?.grapes.indexOf(grape) ?? -1;
  return i === -1 ? (rule?.grapes.length ?? 0) : i;
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
