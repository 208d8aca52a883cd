import assert from "node:assert/strict";
/**
 * Hand-built WineFacts for the generator tests: one wine per category of the drinking-window rules.
 * Test-only helper (not imported by production code).
 */
import type { Language, Localized } from "../src/domain/vocabulary.ts";
import { GRAPE_RECORDS } from "../src/domain/wine/grapes/grape-records.ts";
import { DESIGNATIONS } from "../src/domain/wine/regions/region-record.ts";
import { REGION_RECORDS } from "../src/domain/wine/regions/region-records.ts";
import type { GrapeFacts, RegionFacts, WineFacts } from "../src/domain/wine/wine-facts.ts";

/** Same string in all four languages. */
export const all = (s: string): Localized => ({ de: s, en: s, fr: s, it: s });

let nextGrapeId = 1;
const grapeIds = new Map<string, number>();

/** A grape with localized names (Pinot Noir → Spätburgunder/Pinot Nero). */
export function grape(name: string, color: "red" | "white", names?: Partial<Localized>): GrapeFacts {
  if (!grapeIds.has(name)) grapeIds.set(name, nextGrapeId++);
  return { id: grapeIds.get(name) as number, name, names: { ...all(name), ...names }, color };
}

/** A wine with defaults (a full-bodied dry Malbec from Mendoza) overridden by `over`. */
export function wine(over: Partial<WineFacts> & { id: number }): WineFacts {
  return {
    name: "Gran Malbec",
    producerName: "Bodega Ejemplo",
    color: "red",
    type: "wine",
    subType: "still",
    residualSugar: "dry",
    abv: 13.5,
    body: "full",
    acidity: "medium",
    elaboration: "Varietal/100%",
    grapes: [grape("Malbec", "red")],
    foods: ["Beef", "Lamb", "Game Meat"],
    region: { id: 1, names: all("Mendoza"), country: "AR" },
    vintage: 2020,
    flavor: { sweetness: 1, acidity: 5, tannins: 7, alcohol: 7, body: 7, finish: 7 },
    ...over,
  };
}

/** The categories of the drinking-window tests with their expected bounds. */
export const CATEGORIES: {
  label: string;
  facts: WineFacts;
  maxFrom: number;
  minTo: number;
  maxTo: number;
}[] = [
  {
    label: "light white",
    facts: wine({
      id: 101,
      name: "Pinot Grigio delle Venezie",
      producerName: "Cantina Uno",
      color: "white",
      body: "light",
      acidity: "high",
      abv: 12,
      grapes: [grape("Pinot Grigio", "white")],
      foods: ["Shellfish", "Salad", "Aperitif"],
      region: { id: 2, names: { de: "Venetien", en: "Veneto", fr: "Vénétie", it: "Veneto" }, country: "IT" },
      vintage: 2023,
      flavor: { sweetness: 1, acidity: 7, tannins: 0, alcohol: 4, body: 3, finish: 4 },
    }),
    maxFrom: 1,
    minTo: 1,
    maxTo: 4,
  },
  {
    label: "rosé",
    facts: wine({
      id: 102,
      name: "Côtes de Provence Rosé",
      producerName: "Château Exemple",
      color: "rose",
      body: "light",
      acidity: "high",
      abv: 13,
      elaboration: "Assemblage/Provence Rosé Blend",
      grapes: [grape("Grenache", "red"), grape("Cinsault", "red")],
      foods: ["Seafood", "Salad"],
      region: { id: 3, names: all("Côtes de Provence"), country: "FR" },
      vintage: 2023,
      flavor: { sweetness: 1, acidity: 7, tannins: 1, alcohol: 5, body: 3, finish: 4 },
    }),
    maxFrom: 1,
    minTo: 1,
    maxTo: 3,
  },
  {
    label: "brut sparkling (NV)",
    facts: wine({
      id: 103,
      name: "Brut Réserve",
      producerName: "Maison Exemple",
      color: "white",
      subType: "sparkling",
      residualSugar: "brut",
      body: "medium",
      acidity: "high",
      abv: 12,
      elaboration: "Assemblage/Champagne Blend",
      grapes: [
        grape("Chardonnay", "white"),
        grape("Pinot Noir", "red", { de: "Spätburgunder", it: "Pinot Nero" }),
        grape("Pinot Meunier", "red"),
      ],
      foods: ["Aperitif", "Shellfish", "Appetizer"],
      region: { id: 4, names: all("Champagne"), country: "FR" },
      vintage: null,
      flavor: { sweetness: 1, acidity: 8, tannins: 0, alcohol: 4, body: 4, finish: 6 },
    }),
    maxFrom: 0,
    minTo: 1,
    maxTo: 4,
  },
  {
    label: "Nebbiolo red",
    facts: wine({
      id: 104,
      name: "Barolo",
      producerName: "Cascina Esempio",
      body: "full",
      acidity: "high",
      abv: 14.5,
      grapes: [grape("Nebbiolo", "red")],
      foods: ["Beef", "Game Meat", "Maturated Cheese"],
      region: { id: 5, names: all("Barolo"), country: "IT" },
      vintage: 2019,
      flavor: { sweetness: 1, acidity: 8, tannins: 9, alcohol: 8, body: 8, finish: 9 },
    }),
    maxFrom: 8,
    minTo: 15,
    maxTo: 40,
  },
  {
    label: "Cabernet red",
    facts: wine({
      id: 105,
      name: "Napa Valley Cabernet Sauvignon",
      producerName: "Example Cellars",
      body: "very_full",
      acidity: "medium",
      abv: 14.8,
      grapes: [grape("Cabernet Sauvignon", "red")],
      foods: ["Beef", "Lamb"],
      region: { id: 6, names: all("Napa Valley"), country: "US" },
      vintage: 2018,
      flavor: { sweetness: 1, acidity: 5, tannins: 8, alcohol: 8, body: 9, finish: 8 },
    }),
    maxFrom: 8,
    minTo: 8,
    maxTo: 40,
  },
  {
    label: "Riesling high-acid",
    facts: wine({
      id: 106,
      name: "Riesling Spätlese",
      producerName: "Weingut Beispiel",
      color: "white",
      residualSugar: "medium_sweet",
      body: "medium",
      acidity: "high",
      abv: 8.5,
      grapes: [grape("Riesling", "white")],
      foods: ["Spicy Food", "Poultry"],
      region: { id: 7, names: all("Mosel"), country: "DE" },
      vintage: 2017,
      flavor: { sweetness: 5, acidity: 9, tannins: 0, alcohol: 3, body: 4, finish: 7 },
    }),
    maxFrom: 4,
    minTo: 10,
    maxTo: 30,
  },
  {
    label: "Port",
    facts: wine({
      id: 107,
      name: "Vintage Port",
      producerName: "Quinta do Exemplo",
      type: "fortified",
      residualSugar: "sweet",
      body: "very_full",
      acidity: "medium",
      abv: 20,
      elaboration: "Assemblage/Port Blend",
      grapes: [grape("Touriga Nacional", "red"), grape("Touriga Franca", "red"), grape("Tinta Roriz", "red")],
      foods: ["Blue Cheese", "Chocolate"],
      region: { id: 8, names: all("Porto"), country: "PT" },
      vintage: 2016,
      flavor: { sweetness: 8, acidity: 5, tannins: 8, alcohol: 9, body: 9, finish: 9 },
    }),
    maxFrom: 10,
    minTo: 30,
    maxTo: 100,
  },
  {
    label: "Sauternes-like sweet",
    facts: wine({
      id: 108,
      name: "Sauternes",
      producerName: "Château Doré",
      color: "white",
      type: "dessert",
      residualSugar: "sweet",
      body: "very_full",
      acidity: "high",
      abv: 13.5,
      elaboration: "Assemblage/Blend",
      grapes: [grape("Sémillon", "white"), grape("Sauvignon Blanc", "white")],
      foods: ["Blue Cheese", "Fruit Dessert"],
      region: { id: 9, names: all("Sauternes"), country: "FR" },
      vintage: 2015,
      flavor: { sweetness: 9, acidity: 8, tannins: 0, alcohol: 6, body: 9, finish: 9 },
    }),
    maxFrom: 8,
    minTo: 12,
    maxTo: 20,
  },
  {
    label: "Moscato d'Asti",
    facts: wine({
      id: 109,
      name: "Moscato d'Asti",
      producerName: "Azienda Agricola Esempio",
      color: "white",
      type: "dessert",
      subType: "sparkling",
      residualSugar: "sweet",
      body: "light",
      acidity: "medium",
      abv: 5.5,
      grapes: [
        grape("Muscat/Moscato Bianco", "white", {
          it: "Moscato Bianco",
          de: "Muskateller",
          fr: "Muscat blanc",
        }),
      ],
      foods: ["Fruit Dessert", "Cake"],
      region: { id: 10, names: all("Moscato d'Asti"), country: "IT" },
      vintage: 2023,
      flavor: { sweetness: 8, acidity: 5, tannins: 0, alcohol: 1, body: 2, finish: 4 },
    }),
    maxFrom: 0,
    minTo: 1,
    maxTo: 3,
  },
];

/** A region with the given wines. */
export function region(id: number, name: string, countryCode: string, wines: WineFacts[]): RegionFacts {
  return { id, names: all(name), country: countryCode, wines };
}

// ---- text checks shared by the generator tests and the whole-catalogue test ----

export const NON_EN: Language[] = ["de", "fr", "it"];
export const ENGLISH_MARKERS = [
  " the ",
  " with ",
  " and ",
  " wine ",
  "notes",
  "aromas",
  "years",
  " of ",
  " from ",
];
export const SLOTS = ["{", "}", "undefined", "null", "NaN", "[object"];

/** Removes proper names (which may be English) before scanning for English words. */
export function scrub(text: string, names: string[]): string {
  let t = ` ${text} `;
  // Only the names the text contains, longest first (sorting thousands of record names per text was
  // most of the whole-catalogue test's time).
  for (const n of names.filter((x) => x.length > 0 && t.includes(x)).sort((a, b) => b.length - a.length))
    t = t.split(n).join(" ");
  return t;
}
export function namesOf(f: WineFacts): string[] {
  return [
    f.name,
    f.producerName,
    ...Object.values(f.region.names),
    ...f.grapes.flatMap((g) => [g.name, ...Object.values(g.names)]),
  ];
}
export function assertClean(text: string, lang: Language, names: string[], where: string): void {
  assert.ok(text.trim().length > 0, `${where}: empty`);
  for (const s of SLOTS) {
    // Words as whole words ("nulla" is Italian for nothing), brackets anywhere.
    const found = /^\w+$/.test(s) ? new RegExp(`\\b${s}\\b`).test(text) : text.includes(s);
    assert.ok(!found, `${where}: slot "${s}" in: ${text}`);
  }
  if (lang !== "en") {
    const t = scrub(text, names).toLowerCase();
    // "notes" is French too ("des notes de cerise").
    for (const m of ENGLISH_MARKERS.filter((m) => !(lang === "fr" && m === "notes")))
      assert.ok(!t.includes(m), `${where}: English "${m.trim()}" in ${lang}: ${text}`);
  }
}

/**
 * Proper names of the region and grape records (domain/wine): names and aliases in every language,
 * the names of rivers, seas, lakes, mountains and winds, sub-regions, principal grapes and the
 * designation systems (AOC, DOCG, AVA …), and the grape records' names and synonyms.
 */
export function recordNames(): string[] {
  return [
    ...REGION_RECORDS.flatMap((r) => [
      r.name,
      ...(r.aliases ?? []),
      ...Object.values(r.names),
      ...(r.grammar.de.dative ? [r.grammar.de.dative] : []),
      ...r.grapes,
      ...(r.designation ? [r.designation.system] : []),
      ...r.features.flatMap((f) => ("name" in f ? Object.values(f.name) : "names" in f ? f.names : [])),
    ]),
    ...DESIGNATIONS,
    ...GRAPE_RECORDS.flatMap((g) => [g.name, ...Object.values(g.names), ...g.synonyms]),
  ];
}
