/**
 * Grape variety descriptors: typical aromas of the variety (used as "typically shows …", never as a
 * statement about one bottle), aromas that typically develop with bottle age, and the variety's
 * ageing class used by the drinking window.
 *
 * Sources: J. Robinson, J. Harding & J. Vouillamoz, Wine Grapes (2012) and The Oxford Companion to
 * Wine, 4th ed. (2015), variety entries; M. Puckette & J. Hammack, Wine Folly: Magnum Edition (2018),
 * variety profiles (aromas and "ageability"). Ageing classes: "long" = varieties these references
 * describe as needing/rewarding a decade or more in bottle in their classic styles; "short" = varieties
 * described as made mostly for drinking young; everything else "medium".
 */
import type { AromaId } from "./aromas.ts";

/** Ageing class of a variety (see module comment for the source of the classes). */
export type AgeingClass = "long" | "medium" | "short";

/** Descriptor of one variety: typical aromas, aromas of maturity, ageing class. */
export interface GrapeDescriptor {
  aromas: AromaId[];
  aged: AromaId[];
  ageing: AgeingClass;
}

const g = (aromas: AromaId[], aged: AromaId[], ageing: AgeingClass): GrapeDescriptor => ({
  aromas,
  aged,
  ageing,
});

/** Descriptors keyed by a normalized variety name (lower case, no accents); see ALIASES for synonyms. */
export const GRAPES: Record<string, GrapeDescriptor> = {
  // Reds
  "cabernet sauvignon": g(
    ["blackcurrant", "cedar", "graphite", "greenPepper"],
    ["tobacco", "cedar", "leather"],
    "long",
  ),
  merlot: g(["plum", "blackCherry", "cocoa"], ["forestFloor", "tobacco"], "medium"),
  "pinot noir": g(["redCherry", "raspberry", "strawberry"], ["forestFloor", "earth"], "medium"),
  syrah: g(["blackberry", "blackPepper", "olive", "violet"], ["leather", "smoke"], "long"),
  malbec: g(["plum", "blackberry", "violet"], ["leather", "cocoa"], "medium"),
  "cabernet franc": g(["raspberry", "greenPepper", "violet"], ["tobacco", "earth"], "medium"),
  grenache: g(["strawberry", "raspberry", "savoury"], ["leather", "driedFruit"], "medium"),
  tempranillo: g(["redCherry", "plum", "tobacco"], ["leather", "tobacco"], "medium"),
  nebbiolo: g(["rose", "redCherry", "tar", "liquorice"], ["tar", "leather", "driedFruit"], "long"),
  sangiovese: g(["sourCherry", "redCherry", "herbs"], ["leather", "earth"], "medium"),
  // Barbera's high acidity carries it 5–8 years in its Superiore and single-vineyard wines (OCW "Barbera").
  barbera: g(["sourCherry", "redCherry", "plum"], ["driedFruit"], "medium"),
  dolcetto: g(["blackCherry", "plum", "bitterAlmond"], [], "short"),
  zinfandel: g(["jam", "blackberry", "spice"], ["driedFruit"], "medium"),
  carmenere: g(["plum", "greenPepper", "spice"], ["tobacco"], "medium"),
  "touriga nacional": g(["violet", "blackberry", "blueberry"], ["driedFruit", "leather"], "long"),
  "touriga franca": g(["rose", "blackberry", "raspberry"], ["driedFruit"], "long"),
  "tinta barroca": g(["plum", "blackCherry", "earth"], ["driedFruit"], "medium"),
  "tinto cao": g(["redFruit", "spice", "herbs"], ["driedFruit"], "long"),
  "petit verdot": g(["violet", "blackberry", "spice"], ["leather"], "long"),
  tannat: g(["plum", "blackberry", "smoke"], ["leather", "tobacco"], "long"),
  pinotage: g(["plum", "blackberry", "smoke"], ["leather"], "medium"),
  gamay: g(["redCherry", "raspberry", "banana"], [], "short"),
  mourvedre: g(["blackberry", "herbs", "blackPepper"], ["leather", "earth"], "long"),
  carignan: g(["redFruit", "liquorice", "spice"], ["leather"], "medium"),
  cinsault: g(["strawberry", "raspberry", "rose"], [], "short"),
  corvina: g(["sourCherry", "redCherry", "almond"], ["driedFruit", "raisin"], "medium"),
  rondinella: g(["redCherry", "herbs"], ["driedFruit"], "medium"),
  molinara: g(["redFruit", "spice"], [], "short"),
  montepulciano: g(["plum", "blackCherry", "herbs"], ["liquorice"], "medium"),
  aglianico: g(["blackCherry", "plum", "smoke"], ["leather", "earth"], "long"),
  sagrantino: g(["blackberry", "plum", "cocoa"], ["leather", "earth"], "long"),
  "nero d'avola": g(["blackCherry", "plum", "liquorice"], ["driedFruit"], "medium"),
  negroamaro: g(["plum", "blackCherry", "herbs"], ["driedFruit"], "medium"),
  primitivo: g(["jam", "plum", "spice"], ["driedFruit"], "medium"),
  zweigelt: g(["redCherry", "raspberry", "spice"], [], "short"),
  blaufrankisch: g(["blackCherry", "blackberry", "blackPepper"], ["earth"], "medium"),
  "st. laurent": g(["sourCherry", "blackberry"], ["forestFloor"], "medium"),
  saperavi: g(["blackberry", "plum", "spice"], ["leather", "earth"], "long"),
  "petite sirah": g(["blueberry", "plum", "blackPepper"], ["leather"], "long"),
  "alicante bouschet": g(["darkFruit", "plum", "spice"], ["leather"], "medium"),
  baga: g(["redCherry", "plum", "tar"], ["leather", "earth"], "long"),
  "pinot meunier": g(["redFruit", "redCherry", "apple"], [], "short"),
  trincadeira: g(["redFruit", "herbs", "spice"], [], "medium"),
  "alfrocheiro preto": g(["blackberry", "strawberry"], [], "medium"),
  castelao: g(["redCherry", "plum", "spice"], [], "medium"),
  vinhao: g(["darkFruit", "blackberry"], [], "short"),
  lagrein: g(["blackCherry", "plum", "cocoa"], [], "medium"),
  trollinger: g(["redCherry", "strawberry"], [], "short"),
  bonarda: g(["plum", "blackCherry", "violet"], [], "short"),
  pais: g(["redFruit", "earth"], [], "short"),
  // Whites
  chardonnay: g(["apple", "lemon", "whitePeach", "melon"], ["hazelnut", "honey"], "medium"),
  "sauvignon blanc": g(["gooseberry", "grass", "grapefruit", "elderflower"], [], "short"),
  riesling: g(["lime", "peach", "greenApple", "whiteFlowers"], ["petrol", "honey"], "long"),
  "chenin blanc": g(["quince", "apple", "honey"], ["honey", "driedFruit"], "long"),
  viognier: g(["apricot", "peach", "orangeBlossom"], [], "short"),
  semillon: g(["lemon", "apple", "honey"], ["honey", "hazelnut"], "long"),
  muscat: g(["grape", "orangeBlossom", "peach"], [], "short"),
  "pinot gris": g(["pear", "apple", "almond"], ["honey"], "short"),
  "pinot blanc": g(["apple", "pear", "almond"], [], "short"),
  gewurztraminer: g(["lychee", "rose", "ginger"], ["honey"], "medium"),
  "gruner veltliner": g(["greenApple", "citrus", "whitePepper"], ["honey"], "medium"),
  albarino: g(["citrus", "peach", "wetStone"], [], "short"),
  loureiro: g(["citrus", "whiteFlowers", "greenApple"], [], "short"),
  trajadura: g(["pear", "apple", "citrus"], [], "short"),
  arinto: g(["lemon", "greenApple", "wetStone"], ["honey"], "medium"),
  glera: g(["pear", "greenApple", "whiteFlowers"], [], "short"),
  trebbiano: g(["lemon", "apple", "almond"], [], "short"),
  malvasia: g(["apricot", "orangeBlossom", "almond"], ["driedFruit"], "short"),
  assyrtiko: g(["lemon", "wetStone", "citrus"], ["honey"], "medium"),
  furmint: g(["lime", "pear", "quince"], ["honey", "apricot"], "long"),
  palomino: g(["almond", "apple"], ["walnut"], "short"),
  "pedro ximenez": g(["raisin", "fig", "caramel"], ["raisin", "coffee"], "long"),
  "muller-thurgau": g(["apple", "peach", "whiteFlowers"], [], "short"),
  chasselas: g(["apple", "whiteFlowers", "almond"], [], "short"),
  marsanne: g(["pear", "almond", "honey"], ["honey"], "medium"),
  roussanne: g(["pear", "apricot", "herbs"], ["honey"], "medium"),
  verdejo: g(["citrus", "grass", "bitterAlmond"], [], "short"),
  vermentino: g(["citrus", "herbs", "almond"], [], "short"),
  torrontes: g(["orangeBlossom", "peach", "rose"], [], "short"),
  garganega: g(["almond", "pear", "citrus"], [], "short"),
  fiano: g(["pear", "hazelnut", "honey"], ["honey"], "medium"),
  cortese: g(["lemon", "greenApple", "almond"], [], "short"),
  macabeo: g(["apple", "citrus", "almond"], [], "short"),
  "xarel-lo": g(["pear", "citrus", "herbs"], [], "short"),
  parellada: g(["apple", "citrus", "whiteFlowers"], [], "short"),
  "vidal blanc": g(["apricot", "pineapple", "honey"], ["honey"], "medium"),
  silvaner: g(["greenApple", "herbs", "wetStone"], [], "short"),
  aligote: g(["lemon", "greenApple"], [], "short"),
  verdelho: g(["lime", "tropical", "peach"], [], "short"),
  "antao vaz": g(["tropical", "citrus"], [], "short"),
  "grenache blanc": g(["pear", "apple", "herbs"], [], "short"),
  "petite arvine": g(["grapefruit", "citrus", "wetStone"], [], "medium"),
  "ugni blanc": g(["lemon", "apple"], [], "short"),
  colombard: g(["citrus", "tropical"], [], "short"),
};

/** Synonyms and X-Wines spellings → key of GRAPES (already normalized). */
export const ALIASES: Record<string, string> = {
  "syrah/shiraz": "syrah",
  shiraz: "syrah",
  spatburgunder: "pinot noir",
  "pinot nero": "pinot noir",
  garnacha: "grenache",
  "garnacha tinta": "grenache",
  cannonau: "grenache",
  "tinta roriz": "tempranillo",
  aragonez: "tempranillo",
  "tinto fino": "tempranillo",
  "tinta de toro": "tempranillo",
  "muscat/moscato": "muscat",
  "muscat/moscato bianco": "muscat",
  "muscat/moscato giallo": "muscat",
  "muscat blanc": "muscat",
  moscato: "muscat",
  "muscat of hamburg": "muscat",
  "muscat of alexandria": "muscat",
  "pinot grigio": "pinot gris",
  grauburgunder: "pinot gris",
  weissburgunder: "pinot blanc",
  traminer: "gewurztraminer",
  alvarinho: "albarino",
  "arinto de bucelas": "arinto",
  "glera/prosecco": "glera",
  "carignan/carinena": "carignan",
  carinena: "carignan",
  mazuelo: "carignan",
  monastrell: "mourvedre",
  mataro: "mourvedre",
  lemberger: "blaufrankisch",
  kekfrankos: "blaufrankisch",
  "sankt laurent": "st. laurent",
  "pais/mission": "pais",
  "malvasia bianca": "malvasia",
  "trebbiano toscano": "trebbiano",
  "pinot meunier/meunier": "pinot meunier",
  meunier: "pinot meunier",
  sylvaner: "silvaner",
  carmenere: "carmenere",
  "nero d avola": "nero d'avola",
  cot: "malbec",
  cabernet: "cabernet sauvignon",
  rivaner: "muller-thurgau",
  "zinfandel/primitivo": "zinfandel",
  vernatsch: "trollinger",
  schiava: "trollinger",
  "pedro ximenez (px)": "pedro ximenez",
};

/** Normalizes a variety name: lower case, accents removed, whitespace collapsed. */
export function normalizeGrape(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The descriptor for a variety name (any spelling in ALIASES), or undefined when not in the table. */
export function grapeDescriptor(name: string): GrapeDescriptor | undefined {
  const key = normalizeGrape(name);
  return GRAPES[key] ?? GRAPES[ALIASES[key] ?? ""] ?? GRAPES[key.split("/")[0] ?? ""];
}
