/**
 * Region insight texts in de/en/fr/it. Built from the region's own wines (counts by colour, sparkling,
 * dessert and fortified; grapes ranked by frequency; prevailing body, sweetness and acidity) plus, for
 * well-known regions, the curated climate/soil facts of `i18n/region-terroir.ts` (sources noted there).
 * Regions without curated facts get only the country's broad climate, phrased as general guidance.
 */
import type { Acidity, Body, Color, Language, ResidualSugar } from "../../../domain/vocabulary.ts";
import type { GrapeFacts, RegionFacts, RegionInsightContent, WineFacts } from "../content.types.ts";
import { frLe, itIl } from "./articles.ts";
import { capitalize, frDe, joinList, pick, tidy } from "./format.ts";
import { type StyleFacts, wineNoun } from "./grammar.ts";
import { CLIMATES, type ClimateId, deClimate } from "./i18n/climates.ts";
import { country } from "./i18n/countries.ts";
import { curatedRegion, SOILS } from "./i18n/region-terroir.ts";
import { ACIDITY, BODY, COLOR_COUNT, SUGAR, sweetnessGroup } from "./i18n/style-words.ts";
import { placePhrase } from "./places.ts";
import { permittedWines, ruleSentence } from "./region-rules.ts";
import { grapeName, grapePhrase, wineWithProducer } from "./wine-parts.ts";

const BODY_ORDER: Body[] = ["very_light", "light", "medium", "full", "very_full"];

/** Most frequent value and its share; ties go to the value met first. */
function mode<T>(values: readonly T[]): { value: T; share: number } | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best === undefined ? undefined : { value: best, share: bestCount / values.length };
}

/** Grapes of the wines ranked by the number of wines that list them (ties: international name). */
export function rankGrapes(wines: readonly WineFacts[]): { grape: GrapeFacts; count: number }[] {
  const byId = new Map<number, { grape: GrapeFacts; count: number }>();
  for (const w of wines) {
    for (const g of new Map(w.grapes.map((x) => [x.id, x])).values()) {
      const entry = byId.get(g.id);
      if (entry) entry.count++;
      else byId.set(g.id, { grape: g, count: 1 });
    }
  }
  return [...byId.values()].sort((a, b) => b.count - a.count || a.grape.name.localeCompare(b.grape.name));
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
    if (n > 0) parts.push(`${n} ${COLOR_COUNT[colour][lang][n === 1 ? 0 : 1]}`);
  }
  return joinList(lang, parts);
}

function specialCounts(r: RegionFacts, lang: Language): string {
  const sparkling = r.wines.filter((w) => w.subType === "sparkling").length;
  const dessert = r.wines.filter((w) => w.type === "dessert").length;
  const fortified = r.wines.filter((w) => w.type === "fortified").length;
  const words: Record<Language, [string, string][]> = {
    en: [
      ["sparkling wine", "sparkling wines"],
      ["dessert wine", "dessert wines"],
      ["fortified wine", "fortified wines"],
    ],
    de: [
      ["Schaumwein", "Schaumweine"],
      ["Dessertwein", "Dessertweine"],
      ["Likörwein", "Likörweine"],
    ],
    fr: [
      ["vin effervescent", "vins effervescents"],
      ["vin de dessert", "vins de dessert"],
      ["vin de liqueur", "vins de liqueur"],
    ],
    it: [
      ["spumante", "spumanti"],
      ["vino da dessert", "vini da dessert"],
      ["vino liquoroso", "vini liquorosi"],
    ],
  };
  const parts = [sparkling, dessert, fortified]
    .map((n, i) => (n > 0 ? `${n} ${words[lang][i]?.[n === 1 ? 0 : 1]}` : ""))
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

function summary(r: RegionFacts, lang: Language): string {
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
  const n = wines.length;
  const counts = `${colourCounts(r, lang)}${specialCounts(r, lang)}`;
  const first = pick(
    [
      {
        en: `The catalogue lists ${n} wines ${from}: ${counts}.`,
        de: `Der Katalog führt ${n} Weine ${from}: ${counts}.`,
        fr: `Le catalogue référence ${n} vins ${from} : ${counts}.`,
        it: `Il catalogo comprende ${n} vini ${from}: ${counts}.`,
      },
      {
        en: `${n} wines ${from} are in the catalogue: ${counts}.`,
        de: `${n} Weine ${from} stehen im Katalog: ${counts}.`,
        fr: `Au catalogue figurent ${n} vins ${from} : ${counts}.`,
        it: `In catalogo figurano ${n} vini ${from}: ${counts}.`,
      },
      {
        en: `The catalogue holds ${n} wines ${from}: ${counts}.`,
        de: `Im Katalog finden sich ${n} Weine ${from}: ${counts}.`,
        fr: `${n} vins ${from} sont référencés au catalogue : ${counts}.`,
        it: `Sono ${n} i vini ${from} in catalogo: ${counts}.`,
      },
    ],
    r.id,
    "summary",
  )[lang];
  const ranked = rankGrapes(wines).map((e) => withArticle(grapeName(e.grape, r.country, lang), lang));
  let grapes = "";
  if (ranked.length === 1) {
    grapes = {
      en: `The only grape variety listed is ${ranked[0]}.`,
      de: `Die einzige gelistete Rebsorte ist ${ranked[0]}.`,
      fr: `Le seul cépage référencé est ${ranked[0]}.`,
      it: `L'unico vitigno presente è ${ranked[0]}.`,
    }[lang];
  } else if (ranked.length > 1) {
    const rest = joinList(lang, ranked.slice(1, 4));
    grapes = {
      en: `${ranked[0]} is the most frequent grape variety, followed by ${rest}.`,
      de: `Häufigste Rebsorte ist ${ranked[0]}, gefolgt von ${rest}.`,
      fr: `${capitalize(ranked[0] ?? "")} arrive en tête des cépages, devant ${rest}.`,
      it: `Tra i vitigni prevale ${ranked[0]}; seguono ${rest}.`,
    }[lang];
  }
  return `${first} ${grapes} ${styleSentence(r, lang)}`;
}

/** Predicative plural adjective of a body grade or sweetness group. */
function bodyPl(body: Body, lang: Language): string {
  const a = BODY[body];
  return lang === "en" ? a.en : lang === "de" ? a.de : a[lang][1];
}
function sugarPl(group: "dry" | "off_dry" | "sweet", lang: Language): string {
  const a = SUGAR[group];
  return lang === "en" ? a.en : lang === "de" ? a.de : a[lang][1];
}

function styleSentence(r: RegionFacts, lang: Language): string {
  const body = mode(r.wines.map((w) => w.body));
  const sugar = mode(r.wines.flatMap((w) => (w.residualSugar ? [sweetnessGroup(w.residualSugar)] : [])));
  const acid = mode(r.wines.map((w) => w.acidity)) as { value: Acidity; share: number };
  const acidity = ACIDITY[acid.value][lang];
  if (body && body.share >= 0.5) {
    const adj = joinList(lang, [
      bodyPl(body.value, lang),
      sugar && sugar.share >= 0.5 ? sugarPl(sugar.value, lang) : "",
    ]);
    return {
      en: `Most of these wines are ${adj}, with ${acidity}.`,
      de: `Die meisten dieser Weine sind ${adj}, mit ${acidity}.`,
      fr: `La plupart de ces vins sont ${adj}, avec ${acidity}.`,
      it: `I vini sono per lo più ${adj}, con ${acidity}.`,
    }[lang];
  }
  const idx = r.wines.map((w) => BODY_ORDER.indexOf(w.body));
  const lo = BODY[BODY_ORDER[Math.min(...idx)] as Body];
  const hi = BODY[BODY_ORDER[Math.max(...idx)] as Body];
  return {
    en: `In body they range from ${lo.en} to ${hi.en}.`,
    de: `Vom Körper her reichen sie von ${lo.de} bis ${hi.de}.`,
    fr: `Leur corps va de ${lo.fr[0]} à ${hi.fr[0]}.`,
    it: `Quanto al corpo, si va da vini ${lo.it[1]} a vini ${hi.it[1]}.`,
  }[lang];
}

function climateSentence(id: ClimateId, lang: Language, subject: string): string {
  const c = CLIMATES[id];
  return {
    en: `${subject} has a ${c.en} climate.`,
    de: `${subject} herrscht ein ${deClimate(id, "es")} Klima.`,
    fr: `${subject} connaît un climat ${c.fr[0]}.`,
    it: `${subject} ha un clima ${c.it[0]}.`,
  }[lang];
}

function countryClimate(code: string, lang: Language): string {
  const c = country(code);
  const climates = c?.climates ?? [];
  if (!c || climates.length === 0) return "";
  if (climates.length === 1) {
    const id = climates[0] as ClimateId;
    return {
      en: `As a general guide, vineyards ${c.in.en} have a ${CLIMATES[id].en} climate.`,
      de: `Allgemein herrscht im Weinbau ${c.in.de} ein ${deClimate(id, "es")} Klima vor.`,
      fr: `De manière générale, ${c.in.fr}, le vignoble connaît un climat ${CLIMATES[id].fr[0]}.`,
      it: `In generale, i vigneti ${c.in.it} hanno un clima ${CLIMATES[id].it[0]}.`,
    }[lang];
  }
  const list = {
    en: joinList(
      "en",
      climates.map((id) => CLIMATES[id].en),
    ),
    de: joinList(
      "de",
      climates.map((id) => deClimate(id, "e")),
    ),
    fr: joinList(
      "fr",
      climates.map((id) => CLIMATES[id].fr[1]),
    ),
    it: joinList(
      "it",
      climates.map((id) => CLIMATES[id].it[1]),
    ),
  }[lang];
  return {
    en: `As a general guide, vineyards ${c.in.en} span ${list} climates.`,
    de: `Allgemein verteilt sich der Weinbau ${c.in.de} auf ${list} Klimazonen.`,
    fr: `De manière générale, ${c.in.fr}, le vignoble connaît des climats ${list}.`,
    it: `In generale, i vigneti ${c.in.it} si distribuiscono tra climi ${list}.`,
  }[lang];
}

function dataSentence(r: RegionFacts, lang: Language): string {
  if (r.wines.length === 0) return "";
  const body = mode(r.wines.map((w) => w.body))?.value as Body;
  const acid = mode(r.wines.map((w) => w.acidity))?.value as Acidity;
  const b = BODY[body];
  const a = ACIDITY[acid][lang];
  if (r.wines.length === 1) {
    return {
      en: `The one wine listed is ${b.en}, with ${a}.`,
      de: `Der einzige gelistete Wein ist ${b.de}, mit ${a}.`,
      fr: `L'unique vin référencé est ${b.fr[0]}, avec ${a}.`,
      it: `L'unico vino in catalogo è ${b.it[0]}, con ${a}.`,
    }[lang];
  }
  return {
    en: `The wines listed from here are mostly ${b.en}, with ${a}.`,
    de: `Die hier gelisteten Weine sind überwiegend ${b.de}, mit ${a}.`,
    fr: `Les vins référencés ici sont surtout ${b.fr[1]}, avec ${a}.`,
    it: `I vini qui presenti sono perlopiù ${b.it[1]}, con ${a}.`,
  }[lang];
}

function climateAndTerroir(r: RegionFacts, lang: Language): string {
  const name = r.names[lang] || r.names.en;
  const curated = curatedRegion([r.names.en, r.names[lang], ...Object.values(r.names)]);
  if (curated) {
    const subject = {
      en: capitalize(placePhrase(r.names, "en", "in").replace(/^(in|on) /, "")),
      de: `Im Anbaugebiet ${name}`,
      fr: `La région ${placePhrase(r.names, "fr", "of")}`,
      it: `La zona ${placePhrase(r.names, "it", "of")}`,
    }[lang];
    const soilWords = curated.soils.map((s) => SOILS[s][lang]);
    const soils = {
      en: `Its soils are mainly ${joinList("en", soilWords)}.`,
      de: `Die Böden bestehen vor allem aus ${joinList("de", soilWords)}.`,
      fr: `Les sols sont surtout composés ${joinList("fr", soilWords.map(frDe))}.`,
      it: `I suoli sono composti soprattutto da ${joinList("it", soilWords)}.`,
    }[lang];
    const influence = curated.influence
      ? {
          en: `Key influence: ${curated.influence.en}.`,
          de: `Prägender Einfluss: ${curated.influence.de}.`,
          fr: `Influence déterminante : ${curated.influence.fr}.`,
          it: `Influenza determinante: ${curated.influence.it}.`,
        }[lang]
      : "";
    return [climateSentence(curated.climate, lang, subject), soils, influence, dataSentence(r, lang)].join(
      " ",
    );
  }
  const general = countryClimate(r.country, lang);
  return [general, dataSentence(r, lang)].join(" ");
}

type Group = { key: string; wines: WineFacts[] };

function bodyClass(b: Body): string {
  return b === "very_light" || b === "light" ? "light" : b === "medium" ? "medium" : "full";
}

/** Up to 3 signature styles: the largest groups of wines by colour, type, sweetness and body class. */
function signatureStyles(r: RegionFacts, lang: Language): string[] {
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
    const grapes = rankGrapes(g.wines)
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
  return {
    summary: tidy(`${summary(r, lang)} ${ruleSentence(r, rankGrapes(r.wines), lang)}`),
    climateAndTerroir: tidy(climateAndTerroir(r, lang)),
    signatureStyles: signatureStyles(r, lang),
    keyGrapes: rankGrapes(r.wines)
      .slice(0, 5)
      .map((e) => ({ id: e.grape.id, name: grapeName(e.grape, r.country, lang) })),
  };
}
