/**
 * The 46 X-Wines food categories ("Harmonize" column, English keys) as they read inside a
 * pairing sentence in each language:
 * - en: noun phrase after "with" ("beef", "blue cheese");
 * - de: dative noun phrase after "zu" ("Rindfleisch", "gegrilltem Fleisch");
 * - fr: partitive noun phrase after "avec" ("du bœuf", "de l'agneau", "des fruits de mer");
 * - it: noun phrase with article after "con" ("il manzo", "l'agnello").
 * "Aperitif" is an occasion rather than a dish and is phrased separately (see APERITIF).
 */
import type { Localized } from "../../../../domain/vocabulary.ts";

const f = (en: string, de: string, fr: string, it: string): Localized => ({ de, en, fr, it });

/** Food category → localized phrase for a pairing list. */
export const FOODS: Record<string, Localized> = {
  Aperitif: f("an aperitif", "Aperitif", "l'apéritif", "l'aperitivo"),
  Appetizer: f("starters", "Vorspeisen", "des entrées", "gli antipasti"),
  Barbecue: f("barbecue", "Grillgerichten vom Barbecue", "des grillades au barbecue", "la carne al barbecue"),
  Beef: f("beef", "Rindfleisch", "du bœuf", "il manzo"),
  "Blue Cheese": f(
    "blue cheese",
    "Blauschimmelkäse",
    "des fromages à pâte persillée",
    "i formaggi erborinati",
  ),
  Cake: f("cake", "Kuchen", "des gâteaux", "le torte"),
  Cheese: f("cheese", "Käse", "du fromage", "il formaggio"),
  Chicken: f("chicken", "Hähnchen", "du poulet", "il pollo"),
  Chocolate: f("chocolate", "Schokolade", "du chocolat", "il cioccolato"),
  Codfish: f("cod", "Kabeljau", "du cabillaud", "il baccalà"),
  "Cold Cuts": f("cold cuts", "Aufschnitt", "de la charcuterie", "gli affettati"),
  Cream: f("cream desserts", "Cremedesserts", "des desserts à la crème", "i dolci al cucchiaio"),
  "Cured Meat": f("cured meats", "luftgetrockneten Wurstwaren", "des salaisons", "i salumi stagionati"),
  Dessert: f("desserts", "Desserts", "des desserts", "i dessert"),
  Duck: f("duck", "Ente", "du canard", "l'anatra"),
  Fish: f("fish", "Fisch", "du poisson", "il pesce"),
  "French Fries": f("French fries", "Pommes frites", "des frites", "le patatine fritte"),
  Fruit: f("fresh fruit", "frischem Obst", "des fruits frais", "la frutta fresca"),
  "Fruit Dessert": f("fruit desserts", "Obstdesserts", "des desserts aux fruits", "i dessert alla frutta"),
  "Game Meat": f("game", "Wild", "du gibier", "la selvaggina"),
  "Goat Cheese": f("goat's cheese", "Ziegenkäse", "du fromage de chèvre", "il formaggio di capra"),
  Grilled: f("grilled dishes", "Gegrilltem", "des grillades", "le grigliate"),
  Ham: f("ham", "Schinken", "du jambon", "il prosciutto"),
  "Hard Cheese": f("hard cheese", "Hartkäse", "des fromages à pâte dure", "i formaggi a pasta dura"),
  Lamb: f("lamb", "Lamm", "de l'agneau", "l'agnello"),
  "Lean Fish": f("lean white fish", "magerem Fisch", "du poisson maigre", "il pesce magro"),
  "Light Stews": f("light stews", "leichten Schmorgerichten", "des ragoûts légers", "gli stufati leggeri"),
  "Maturated Cheese": f("aged cheese", "gereiftem Käse", "des fromages affinés", "i formaggi stagionati"),
  Mushrooms: f("mushrooms", "Pilzgerichten", "des champignons", "i funghi"),
  Pasta: f("pasta", "Pasta", "des pâtes", "la pasta"),
  Pizza: f("pizza", "Pizza", "de la pizza", "la pizza"),
  Pork: f("pork", "Schweinefleisch", "du porc", "il maiale"),
  Poultry: f("poultry", "Geflügel", "de la volaille", "il pollame"),
  "Rich Fish": f("oily fish", "fettem Fisch", "du poisson gras", "il pesce grasso"),
  Risotto: f("risotto", "Risotto", "du risotto", "il risotto"),
  Salad: f("salads", "Salaten", "des salades", "le insalate"),
  Seafood: f("seafood", "Meeresfrüchten", "des fruits de mer", "i frutti di mare"),
  Shellfish: f("shellfish", "Schalentieren", "des crustacés et coquillages", "i crostacei"),
  Snack: f("snacks", "kleinen Häppchen", "des en-cas", "gli stuzzichini"),
  "Soft Cheese": f("soft cheese", "Weichkäse", "des fromages à pâte molle", "i formaggi a pasta molle"),
  Soufflé: f("soufflés", "Soufflés", "des soufflés", "i soufflé"),
  "Spicy Food": f("spicy food", "würzigen Speisen", "des plats épicés", "i piatti speziati"),
  "Sweet Dessert": f("sweet desserts", "süßen Desserts", "des desserts sucrés", "i dolci"),
  "Tomato Dishes": f(
    "tomato dishes",
    "Tomatengerichten",
    "des plats à la tomate",
    "i piatti a base di pomodoro",
  ),
  Veal: f("veal", "Kalbfleisch", "du veau", "il vitello"),
  Vegetarian: f(
    "vegetarian dishes",
    "vegetarischen Gerichten",
    "des plats végétariens",
    "i piatti vegetariani",
  ),
};

/** "Also good as an aperitif" — the aperitif clause in each language. */
export const APERITIF: Localized = {
  de: "Außerdem eignet er sich als Aperitif.",
  en: "It also makes a fine aperitif.",
  fr: "Il se prête aussi très bien à l'apéritif.",
  it: "È ottimo anche come aperitivo.",
};
