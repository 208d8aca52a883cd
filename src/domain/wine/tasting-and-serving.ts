/**
 * Tasting and serving notes by style first, then grape: typical aromas, aromas of maturity, serving
 * temperature and decanting. The style comes from `wineStyle` (wine-style.ts); the grapes' aromas
 * from their records (grapes/grape-records.ts). Sources are named per table and function.
 */

import type { AromaId } from "./aromas.ts";
import { grapeRecord } from "./grapes/grape-records.ts";
import type { WineFacts } from "./wine-facts.ts";
import type { StyleKind, WineStyle } from "./wine-style.ts";

/**
 * Aromas of a style that override or filter the grapes' aromas: `palette` are the aromas the style
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
      // A white fortified Muscat (vin doux naturel, Moscatel) keeps its grapey aromas (OCW "Muscat",
      // "vin doux naturel"); other white fortified wines show their oxidative cask ageing.
      if (white && facts.grapes.some((g) => /musc|mosc|musk/i.test(g.name)))
        return { palette: SWEET_WHITE_PALETTE, fallback: ["grape", "orangeBlossom", "apricot"] };
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

/** Fallback aromas of still dry wines whose grapes have no aromas in their records. */
function stillAromas(facts: WineFacts): AromaId[] {
  const full = facts.body === "full" || facts.body === "very_full";
  if (facts.color === "white")
    return full ? ["peach", "pear", "almond"] : ["citrus", "greenApple", "whiteFlowers"];
  return full ? ["darkFruit", "plum", "spice"] : ["redFruit", "redCherry", "herbs"];
}

/**
 * Typical aromas, style first, then grape: the record aromas of up to three listed grapes (max 4,
 * deduplicated), kept only when the style's palette allows them (a rosé shows no blackcurrant or
 * graphite, a white Champagne no red cherry, a tawny Port its cask-aged notes); `fromGrapes` is false
 * when the style's own aromas had to be used (see styleAromas).
 */
export function typicalAromas(facts: WineFacts, wine: WineStyle): { ids: AromaId[]; fromGrapes: boolean } {
  const style = styleAromas(facts, wine);
  const allowed = (id: AromaId) => style?.palette === undefined || style.palette.includes(id);
  const ids: AromaId[] = [];
  const records = facts.grapes.slice(0, 3).map((g) => grapeRecord(g.name));
  for (let round = 0; round < 4 && ids.length < 4; round++) {
    for (const d of records) {
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

/** Aromas that typically develop with bottle age: by style (AGED_BY_STYLE), else from the grape records; [] when none. */
export function agedAromas(facts: WineFacts, style: WineStyle): AromaId[] {
  const byStyle = AGED_BY_STYLE[style.kind];
  if (byStyle) return byStyle;
  const ids: AromaId[] = [];
  for (const g of facts.grapes.slice(0, 2)) {
    for (const id of grapeRecord(g.name)?.aged ?? []) if (!ids.includes(id) && ids.length < 3) ids.push(id);
  }
  return ids;
}

/**
 * Serving temperature in °C, by style first (general guidance of Wine Folly's serving-temperature chart,
 * the Deutsches Weininstitut, the IVDP's Port serving advice and the Consejo Regulador Jerez):
 * NV and fresh sparkling 6–8, vintage and prestige sparkling 8–10, sweet low-alcohol sparkling white
 * (Moscato d'Asti) 6–8, red (Brachetto) 8–10; tawny and colheita Port 10–14, vintage/LBV/ruby Port
 * 16–18, fino 7–9, other white fortified 10–12; sweet whites 8–10, sweet reds 14–16; light white and
 * rosé 8–10, full white 10–13; light red and Gamay (Beaujolais, served cool: OCW "Beaujolais") 12–14,
 * medium red 14–16, full red 16–18.
 */
export function servingTemperature(facts: WineFacts, style: WineStyle): [number, number] {
  const full = facts.body === "full" || facts.body === "very_full";
  switch (style.kind) {
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
      if (facts.body === "very_light" || facts.body === "light" || facts.grapes[0]?.name === "Gamay")
        return [12, 14];
      return full ? [16, 18] : [14, 16];
  }
}

/**
 * Decanting is suggested for full, tannic dry reds (tannins ≥ 6) and for Vintage Port, which throws a
 * sediment in bottle (OCW "decanting", "port"); never for tawny, colheita, ruby or LBV Port.
 */
export function suggestsDecanting(facts: WineFacts, style: WineStyle): boolean {
  const kind = style.kind;
  if (kind === "vintage_port") return true;
  if (kind !== "red") return false;
  return (facts.body === "full" || facts.body === "very_full") && facts.flavor.tannins >= 6;
}

const RED_MEAT = ["Beef", "Lamb", "Game Meat", "Veal"];
/** Savoury main courses: no partner for Port or a dessert wine. */
const MAIN_COURSES = [
  ...RED_MEAT,
  "Pork",
  "Poultry",
  "Chicken",
  "Duck",
  "Barbecue",
  "Grilled",
  "Fish",
  "Lean Fish",
  "Rich Fish",
  "Codfish",
  "Shellfish",
  "Seafood",
  "Pasta",
  "Pizza",
  "Risotto",
  "Light Stews",
  "Mushrooms",
  "Tomato Dishes",
  "French Fries",
  "Vegetarian",
];

/**
 * Pairing by style (X-Wines food categories): the foods a style drops from the listed ones and the
 * foods it adds when fewer than two remain. Sources: The Oxford Companion to Wine, 4th ed. (2015),
 * "food and wine matching", "port", "sherry", "botrytized wines"; the IVDP's Port pairing advice
 * (tawny with nuts, caramel and aged cheese; vintage and ruby with blue cheese and chocolate).
 */
/** Strong, aged cheeses: no match for a light rosé (OCW "food and wine matching"). */
const AGED_CHEESE = ["Maturated Cheese", "Hard Cheese", "Blue Cheese"];

/** Food categories another listed one already covers (shellfish within seafood, hard within aged cheese). */
const COVERED_BY: Readonly<Record<string, string>> = {
  Shellfish: "Seafood",
  "Hard Cheese": "Maturated Cheese",
  Chicken: "Poultry",
};

const STYLE_FOODS: Partial<Record<StyleKind, { drop: readonly string[]; add: readonly string[] }>> = {
  rose: { drop: [...RED_MEAT, ...AGED_CHEESE], add: ["Seafood", "Salad", "Appetizer"] },
  tawny_port: { drop: MAIN_COURSES, add: ["Maturated Cheese", "Cream", "Dessert"] },
  colheita_port: { drop: MAIN_COURSES, add: ["Maturated Cheese", "Cream", "Dessert"] },
  vintage_port: { drop: MAIN_COURSES, add: ["Blue Cheese", "Chocolate", "Maturated Cheese"] },
  lbv_port: { drop: MAIN_COURSES, add: ["Blue Cheese", "Chocolate", "Maturated Cheese"] },
  ruby_port: { drop: MAIN_COURSES, add: ["Blue Cheese", "Chocolate", "Maturated Cheese"] },
  fino: { drop: RED_MEAT, add: ["Seafood", "Appetizer", "Cured Meat"] },
  sweet_light: { drop: MAIN_COURSES, add: ["Fruit Dessert", "Cake", "Fruit"] },
  botrytis: { drop: MAIN_COURSES, add: ["Blue Cheese", "Fruit Dessert"] },
  sweet_white: { drop: MAIN_COURSES, add: ["Fruit Dessert", "Blue Cheese", "Cake"] },
  sweet_red: { drop: MAIN_COURSES, add: ["Chocolate", "Sweet Dessert"] },
};

/**
 * The wine's pairing foods (X-Wines categories), style first, each category once (shellfish not beside
 * seafood, see COVERED_BY): the listed foods the style allows (see
 * STYLE_FOODS), topped up with the style's own when fewer than two remain; the listed foods unchanged
 * for other styles.
 */
export function pairingFoods(facts: WineFacts, style: WineStyle): string[] {
  const listed = facts.foods.filter((food) => !facts.foods.includes(COVERED_BY[food] ?? ""));
  const rule = STYLE_FOODS[style.kind];
  if (!rule) return listed;
  const kept = listed.filter((food) => !rule.drop.includes(food));
  return kept.length >= 2 ? kept : [...kept, ...rule.add.filter((food) => !kept.includes(food))];
}

/** Foods a grape spirit is served with after a meal: aged and blue cheese, chocolate, desserts. */
const AFTER_DINNER = [
  "Maturated Cheese",
  "Hard Cheese",
  "Blue Cheese",
  "Chocolate",
  "Sweet Dessert",
  "Dessert",
  "Cake",
  "Fruit Dessert",
  "Cream",
];

/**
 * The foods of a grape spirit (grappa, marc, pisco …): served as a digestif after a meal, so only the
 * listed foods that end a meal (aged and blue cheese, chocolate, desserts), topped up with aged cheese
 * and dark chocolate when fewer than two remain — never the roast the source may list. Source: The
 * Oxford Companion to Wine, 4th ed. (2015), "grappa", "marc"; Istituto Nazionale Grappa, serving advice.
 */
export function spiritFoods(facts: Pick<WineFacts, "foods">): string[] {
  const kept = facts.foods.filter(
    (food) => AFTER_DINNER.includes(food) && !facts.foods.includes(COVERED_BY[food] ?? ""),
  );
  return kept.length >= 2
    ? kept
    : [...kept, ...["Maturated Cheese", "Chocolate"].filter((food) => !kept.includes(food))];
}
