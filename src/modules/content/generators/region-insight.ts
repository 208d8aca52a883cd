/**
 * Region insight texts in de/en/fr/it. Built from the region's own wines (counts by colour, sparkling,
 * dessert and fortified; grapes ranked by frequency; prevailing body, sweetness and acidity) plus, for
 * well-known regions, the curated climate/soil facts of `i18n/region-terroir.ts` (sources noted there).
 * Regions without curated facts get only the country's broad climate, phrased as general guidance.
 */

import { sweetnessGroup } from "../../../domain/residual-sugar-terms.ts";
import type { Body, Color, Language, ResidualSugar } from "../../../domain/vocabulary.ts";
import {
  type AppellationRule,
  appellationRule,
  principalRank,
} from "../../../domain/wine/appellation-rules.ts";
import type { GrapeFacts, RegionFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import type { RegionInsightContent } from "../content.types.ts";
import { country } from "../writing/lexicon/countries.ts";
import { COLOR_COUNT } from "../writing/lexicon/style-words.ts";
import { frLe, itIl } from "./articles.ts";
import { capitalize, countNoun, countWords, frDe, joinList, pick, tidy } from "./format.ts";
import { type StyleFacts, wineNoun } from "./grammar.ts";
import { placePhrase } from "./places.ts";
import { climateAndTerroir } from "./region-climate.ts";
import { permittedWines, ruleSentence } from "./region-rules.ts";
import { mode, styleSentence } from "./region-style.ts";
import { distinctGrapeNames, grapeName, grapePhrase, wineWithProducer } from "./wine-parts.ts";

/**
 * Grapes of the wines ranked by the number of wines that list them; ties in the principal order of
 * `rule` (the region's appellation rule: Macabeo before Chardonnay in Cava), then by international name.
 */
export function rankGrapes(
  wines: readonly WineFacts[],
  rule?: AppellationRule,
): { grape: GrapeFacts; count: number }[] {
  const order = (g: GrapeFacts) => principalRank(rule, g.name);
  const byId = new Map<number, { grape: GrapeFacts; count: number }>();
  for (const w of wines) {
    for (const g of new Map(w.grapes.map((x) => [x.id, x])).values()) {
      const entry = byId.get(g.id);
      if (entry) entry.count++;
      else byId.set(g.id, { grape: g, count: 1 });
    }
  }
  return [...byId.values()].sort(
    (a, b) =>
      b.count - a.count || order(a.grape) - order(b.grape) || a.grape.name.localeCompare(b.grape.name),
  );
}

/** The region after "from" (fr/it "of": "des Langhe", "delle Langhe") with its country in brackets. */
function fromRegion(r: RegionFacts, lang: Language): string {
  const name = r.names[lang] || r.names.en;
  const c = country(r.country);
  const place = placePhrase(r.names, lang, lang === "fr" || lang === "it" ? "of" : "from");
  if (!c || c.name[lang].toLowerCase() === name.toLowerCase()) return place;
  return `${place} (${c.name[lang]})`;
}

/** A grape named with the article fr/it put before variety names ("le Merlot", "il Sangiovese"). */
function withArticle(name: string, lang: Language): string {
  return lang === "fr" ? frLe(name) : lang === "it" ? itIl(name) : name;
}

function colourCounts(r: RegionFacts, lang: Language): string {
  const parts: string[] = [];
  for (const colour of ["red", "white", "rose"] as Color[]) {
    const n = r.wines.filter((w) => w.color === colour).length;
    if (n > 0) parts.push(countNoun(lang, n, COLOR_COUNT[colour][lang]));
  }
  return joinList(lang, parts);
}

/** The kinds a region summary counts or names, as nouns (singular, plural) in each language. */
const KIND_NOUNS: Record<"sparkling" | "dessert" | "fortified", Record<Language, [string, string]>> = {
  sparkling: {
    en: ["sparkling wine", "sparkling wines"],
    de: ["Schaumwein", "Schaumweine"],
    fr: ["vin effervescent", "vins effervescents"],
    it: ["spumante", "spumanti"],
  },
  dessert: {
    en: ["dessert wine", "dessert wines"],
    de: ["Dessertwein", "Dessertweine"],
    fr: ["vin de dessert", "vins de dessert"],
    it: ["vino da dessert", "vini da dessert"],
  },
  fortified: {
    en: ["fortified wine", "fortified wines"],
    de: ["Likörwein", "Likörweine"],
    fr: ["vin de liqueur", "vins de liqueur"],
    it: ["vino liquoroso", "vini liquorosi"],
  },
};

/** A kind every listed wine of a region shares (then named with the colour instead of counted). */
type SharedKind = keyof typeof KIND_NOUNS | null;

function sharedKind(wines: readonly WineFacts[]): SharedKind {
  if (wines.every((w) => w.subType === "sparkling")) return "sparkling";
  if (wines.every((w) => w.type === "fortified")) return "fortified";
  if (wines.every((w) => w.type === "dessert")) return "dessert";
  return null;
}

/**
 * "both red" / "all red" and the like, for a region whose listed wines share one colour; with a shared
 * kind, "both sparkling whites" / "alle roten Likörweine" / "tous des vins de liqueur rouges" / "tutti
 * vini liquorosi rossi".
 */
function allOfColour(n: number, colour: Color, lang: Language, kind: SharedKind): string {
  const word = COLOR_COUNT[colour];
  const de = (noun: string) => (colour === "rose" ? `Rosé-${noun}` : `${ALL_DE[colour]}en ${noun}`);
  const phrase =
    kind === null
      ? { en: word.en[0], de: ALL_DE[colour], fr: word.fr[1], it: word.it[1] }
      : {
          en: `${kind} ${word.en[1]}`,
          de: de(KIND_NOUNS[kind].de[1]),
          // "des blancs effervescents": the colour is the noun and "effervescent" its adjective.
          fr:
            kind === "sparkling"
              ? `des ${word.fr[1]} effervescents`
              : `des ${KIND_NOUNS[kind].fr[1]} ${word.fr[1]}`,
          it: `${KIND_NOUNS[kind].it[1]} ${word.it[1]}`,
        };
  const all =
    n === 2
      ? { en: "both", de: "beide", fr: "tous deux", it: "entrambi" }
      : { en: "all", de: "alle", fr: "tous", it: "tutti" };
  return `${all[lang]} ${phrase[lang]}`;
}

/** German predicative colour adjectives. */
const ALL_DE: Record<Color, string> = { red: "rot", white: "weiß", rose: "rosé" };

function specialCounts(r: RegionFacts, lang: Language): string {
  const sparkling = r.wines.filter((w) => w.subType === "sparkling").length;
  const dessert = r.wines.filter((w) => w.type === "dessert").length;
  const fortified = r.wines.filter((w) => w.type === "fortified").length;
  const parts = (
    [
      [sparkling, "sparkling"],
      [dessert, "dessert"],
      [fortified, "fortified"],
    ] as const
  )
    .map(([n, kind]) => (n > 0 ? countNoun(lang, n, KIND_NOUNS[kind][lang]) : ""))
    .filter((s) => s.length > 0);
  if (parts.length === 0) return "";
  const list = joinList(lang, parts);
  return {
    en: `, including ${list}`,
    de: `, darunter ${list}`,
    fr: `, dont ${list}`,
    it: `, di cui ${list}`,
  }[lang];
}

/** The summary's first sentences; `rank`: rankGrapes of the region's wines. */
function summary(r: RegionFacts, lang: Language, rank: ReturnType<typeof rankGrapes>): string {
  const from = fromRegion(r, lang);
  const wines = r.wines;
  if (wines.length === 0) {
    return {
      en: `The catalogue does not list any wines ${from} yet.`,
      de: `Der Katalog führt noch keine Weine ${from}.`,
      fr: `Le catalogue ne référence encore aucun vin ${from}.`,
      it: `Il catalogo non comprende ancora vini ${from}.`,
    }[lang];
  }
  if (wines.length === 1) {
    const w = wines[0] as WineFacts;
    const named = wineWithProducer(w, lang);
    const gp = grapePhrase(w, lang);
    const np = wineNoun(lang, w, "nom");
    const tail = `${named}, ${np}${gp ? `, ${gp}` : ""}.`;
    return {
      en: `The catalogue lists a single wine ${from}: ${tail}`,
      de: `Der Katalog führt einen einzigen Wein ${from}: ${tail}`,
      fr: `Le catalogue référence un seul vin ${from} : ${tail}`,
      it: `Il catalogo comprende un solo vino ${from}: ${tail}`,
    }[lang];
  }
  const n = countWords(lang, wines.length);
  const special = specialCounts(r, lang);
  const colours = new Set(wines.map((w) => w.color));
  const kind = sharedKind(wines);
  const counts =
    colours.size === 1 && (special === "" || kind !== null)
      ? allOfColour(wines.length, wines[0]?.color as Color, lang, kind)
      : `${colourCounts(r, lang)}${special}`;
  const first = pick(
    [
      {
        en: `The catalogue lists ${n} wines ${from}: ${counts}.`,
        de: `Der Katalog führt ${n} Weine ${from}: ${counts}.`,
        fr: `Le catalogue référence ${n} vins ${from} : ${counts}.`,
        it: `Il catalogo comprende ${n} vini ${from}: ${counts}.`,
      },
      {
        en: `There are ${n} wines ${from} in the catalogue: ${counts}.`,
        de: `Im Katalog stehen ${n} Weine ${from}: ${counts}.`,
        fr: `Au catalogue figurent ${n} vins ${from} : ${counts}.`,
        it: `In catalogo figurano ${n} vini ${from}: ${counts}.`,
      },
      {
        en: `The catalogue holds ${n} wines ${from}: ${counts}.`,
        de: `Im Katalog finden sich ${n} Weine ${from}: ${counts}.`,
        fr: `On compte au catalogue ${n} vins ${from} : ${counts}.`,
        it: `Sono ${n} i vini ${from} in catalogo: ${counts}.`,
      },
    ],
    r.id,
    "summary",
  )[lang];
  const tied = rank.length > 1 && rank[0]?.count === rank[1]?.count;
  const ranked = distinctGrapeNames(
    rank.map((e) => e.grape),
    r.country,
    lang,
  ).map((name) => withArticle(name, lang));
  let grapes = "";
  if (ranked.length === 1) {
    grapes = {
      en: `The only grape variety listed is ${ranked[0]}.`,
      de: `Die einzige gelistete Rebsorte ist ${ranked[0]}.`,
      fr: `Le seul cépage référencé est ${ranked[0]}.`,
      it: `L'unico vitigno presente è ${ranked[0]}.`,
    }[lang];
  } else if (tied) {
    const all = joinList(lang, ranked.slice(0, 4));
    grapes = {
      en: `The grape varieties listed are ${all}.`,
      de: `Gelistet sind die Rebsorten ${all}.`,
      fr: `Les cépages référencés sont ${all}.`,
      it: `I vitigni presenti sono ${all}.`,
    }[lang];
  } else if (ranked.length > 1) {
    const rest = joinList(lang, ranked.slice(1, 4));
    grapes = {
      en: `${ranked[0]} is the most frequent grape variety, followed by ${rest}.`,
      de: `Häufigste Rebsorte ist ${ranked[0]}, gefolgt von ${rest}.`,
      fr: `${capitalize(ranked[0] ?? "")} arrive en tête des cépages, devant ${rest}.`,
      it: `Tra i vitigni prevale ${ranked[0]}; ${ranked.length === 2 ? "segue" : "seguono"} ${rest}.`,
    }[lang];
  }
  return `${first} ${grapes} ${styleSentence(r, lang)}`;
}

type Group = { key: string; wines: WineFacts[] };

function bodyClass(b: Body): string {
  return b === "very_light" || b === "light" ? "light" : b === "medium" ? "medium" : "full";
}

/** Up to 3 signature styles: the largest groups of wines by colour, type, sweetness and body class. */
function signatureStyles(r: RegionFacts, lang: Language, rule: AppellationRule | undefined): string[] {
  const groups = new Map<string, Group>();
  for (const w of r.wines) {
    const sugar = w.residualSugar ? sweetnessGroup(w.residualSugar) : "";
    const key = [w.color, w.type, w.subType, sugar, bodyClass(w.body)].join("|");
    const g = groups.get(key) ?? { key, wines: [] };
    g.wines.push(w);
    groups.set(key, g);
  }
  const ranked = [...groups.values()].sort(
    (a, b) => b.wines.length - a.wines.length || a.key.localeCompare(b.key),
  );
  const out: string[] = [];
  for (const g of ranked.slice(0, 3)) {
    const first = g.wines[0] as WineFacts;
    const style: StyleFacts = {
      color: first.color,
      type: first.type,
      subType: first.subType,
      residualSugar: (mode(g.wines.map((w) => w.residualSugar))?.value ?? null) as ResidualSugar | null,
      body: mode(g.wines.map((w) => w.body))?.value as Body,
    };
    const np = wineNoun(lang, style, "plural");
    const grapes = rankGrapes(g.wines, rule)
      .slice(0, 2)
      .map((e) => grapeName(e.grape, r.country, lang));
    const list = joinList(lang, grapes);
    const from = list
      ? { en: ` from ${list}`, de: ` aus ${list}`, fr: ` à base ${frDe(list)}`, it: ` a base di ${list}` }[
          lang
        ]
      : "";
    const text = capitalize(`${np}${from}`);
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/**
 * Region insight in one language, from the wines the appellation rules permit (see permittedWines):
 * `summary` (wine counts, ranked grapes, prevailing style, the appellation rules when the region has
 * some),
 * `climateAndTerroir` (curated facts when available, else the country's broad climate as general
 * guidance, plus what the wines show), `signatureStyles` (≤ 3 short strings), `keyGrapes` (≤ 5
 * `{ id, name }` ranked by the number of wines, name localized). Deterministic.
 */
export function buildRegionInsight(region: RegionFacts, lang: Language): RegionInsightContent {
  const r = { ...region, wines: permittedWines(region) };
  const rule = appellationRule(r.names.en);
  const rank = rankGrapes(r.wines, rule);
  return {
    summary: tidy(`${summary(r, lang, rank)} ${ruleSentence(r, rank, lang)}`),
    climateAndTerroir: tidy(climateAndTerroir(r, lang)),
    signatureStyles: signatureStyles(r, lang, rule),
    keyGrapes: rank.slice(0, 5).map((e) => ({ id: e.grape.id, name: grapeName(e.grape, r.country, lang) })),
  };
}
