/**
 * Word lists and alcohol limits shared by the derivation rules (see `text-match.ts` for how words match).
 */
import { terms } from "./text-match.ts";

/** Rosé in the languages of the data: Rosé/Rose, Rosado, Rosato, Blush, Clarete. */
export const ROSE_WORDS = terms("Rosé", "Rosado", "Rosato", "Blush", "Clarete");
/** White wine words: White, Blanc, Blanco, Branco, Bianco, Weiss ("Blanc de Noirs" is a white wine). */
export const WHITE_WORDS = terms("White", "Blanc", "Blanco", "Branco", "Bianco", "Weiss", "Weisswein");
/** Red wine words: Red, Rouge, Rosso, Tinto, Rotwein. ("Nero" is left out: "Perlé Nero" is a Blanc de Noirs.) */
export const RED_WORDS = terms("Red", "Rouge", "Rosso", "Tinto", "Rotwein");
/**
 * Sparkling words: Spumante, Espumante, Espumoso, Sekt, Frizzante, Crémant, Pét-Nat, Moscato d'Asti,
 * Asti Spumante (Moscato d'Asti DOCG is made frizzante; it is catalogued as sparkling).
 */
export const SPARKLING_WORDS = terms(
  "Spumante",
  "Espumante",
  "Espumantes",
  "Espumoso",
  "Sekt",
  "Frizzante",
  "Crémant",
  "Pét-Nat",
  "Petillant",
  "Moscato d'Asti",
  "Asti Spumante",
);
/**
 * Words naming a fortified (liqueur) wine: Port/Porto, Sherry and its styles (Fino, Manzanilla,
 * Amontillado, Oloroso, Palo Cortado, Cream, Pedro Ximénez/PX), Madeira, Marsala, Licoroso, Jerepigo,
 * Vin Doux Naturel, Banyuls, Maury, Rivesaltes, Moscatel de Setúbal.
 */
export const FORTIFIED_WORDS = terms(
  "Port",
  "Porto",
  "Sherry",
  "Jerez",
  "Fino",
  "Manzanilla",
  "Amontillado",
  "Oloroso",
  "Palo Cortado",
  "Cream",
  "Pedro Ximénez",
  "PX",
  "Madeira",
  "Marsala",
  "Licoroso",
  "Jerepigo",
  "Jeropiga",
  "Vin Doux Naturel",
  "Banyuls",
  "Maury",
  "Rivesaltes",
  "Moscatel de Setúbal",
);
/** Naturally sweet (unfortified) wine styles that can exceed 15 % vol: Vin Santo, Recioto, Passito, Aszú, Amarone. */
export const NATURAL_SWEET_WORDS = terms(
  "Vin Santo",
  "Recioto",
  "Passito",
  "Aszú",
  "Amarone",
  "Late Harvest",
);
/** Distillates (grape spirits), which X-Wines files under "Dessert": Grappa, Marc, Brandy, Aguardente, Pisco. */
export const SPIRIT_WORDS = terms(
  "Grappa",
  "Marc",
  "Brandy",
  "Aguardente",
  "Bagaceira",
  "Pisco",
  "Eau-de-vie",
);
/** Red sparkling traditions (Lambrusco, Brachetto, sparkling Shiraz, Fragolino, Raboso). */
export const RED_SPARKLING_GRAPES: ReadonlySet<string> = new Set([
  "Lambrusco",
  "Brachetto",
  "Syrah/Shiraz",
  "Fragolino",
  "Raboso Piave",
]);

/**
 * Upper limit of actual alcohol for a liqueur wine (22 % vol, Regulation (EU) No 1308/2013, Annex VII
 * Part II point 3). Anything stronger in the data is a spirit (grappa, marc) and is treated as such.
 */
export const MAX_WINE_ABV = 22;
/**
 * Minimum actual alcohol of a liqueur wine (15 % vol, same annex). A "Dessert" wine at or above this
 * strength is taken as fortified unless its name says it is a naturally sweet style (Vin Santo, Recioto …).
 */
export const MIN_FORTIFIED_ABV = 15;
