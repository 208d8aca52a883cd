/**
 * The Italian region insight: what the region or appellation is and where it lies, its designation,
 * principal grapes and styles and its rules (summary); climate, soils and the features that shape its
 * wines (climateAndTerroir); up to three signature styles; up to five key grapes. From the region's
 * record when it has one; without one, only what its wines show and the country's broad climates
 * (countries lexicon: OCW, WAW), said as such. Never counts wines, never speaks of a catalogue.
 */
import type { Acidity, Body } from "../../../../domain/vocabulary.ts";
import { rankGrapes, type RegionProfile, styleOfWine } from "../../../../domain/wine/region-profile.ts";
import type { ClimateId, RegionFeature, RegionStyle, SoilId } from "../../../../domain/wine/regions/region-record.ts";
import type { RegionInsightContent } from "../../content.types.ts";
import { CLIMATES } from "../lexicon/climates.ts";
import { country } from "../lexicon/countries.ts";
import { SOILS } from "../lexicon/soils.ts";
import { choose, sentences } from "../variation.ts";
import { cap, grapeGender, list, num, the } from "./grammar.ts";
import { grapeName } from "./style.ts";
import {
  countryName,
  inCountry,
  inPlace,
  type Origin,
  originIn,
  originName,
  originOf,
  originOfPhrase,
  ofCountry,
} from "./places.ts";

/** Region styles as Italian plural noun phrases ("rossi corposi e strutturati"). */
const STYLE: Record<RegionStyle, string> = {
  red_light: "rossi leggeri e freschi",
  red_medium: "rossi di medio corpo",
  red_full: "rossi corposi e strutturati",
  white_crisp: "bianchi freschi e vivaci",
  white_aromatic: "bianchi aromatici",
  white_rich: "bianchi ampi e strutturati",
  rose: "rosati",
  orange: "bianchi macerati sulle bucce",
  sparkling_traditional: "spumanti metodo classico",
  sparkling_tank: "spumanti metodo Martinotti",
  sweet_late_harvest: "vini dolci da vendemmia tardiva",
  sweet_botrytis: "vini dolci da muffa nobile",
  sweet_icewine: "vini del ghiaccio",
  sweet_dried_grape: "passiti da uve appassite",
  fortified_port: "Porto",
  fortified_sherry: "vini fortificati di Jerez",
  fortified_madeira: "vini di Madera",
  fortified_other: "vini liquorosi",
  grape_spirit: "distillati d'uva",
};

/** The style phrase; a sparkling style seen only in the wines (no record) does not claim a method. */
function styleWords(r: RegionProfile, s: RegionStyle): string {
  if (!r.record && s === "sparkling_traditional") return "spumanti";
  return STYLE[s];
}

const ORDINAL = ["", "primo", "secondo", "terzo", "quarto", "quinto", "sesto", "settimo", "ottavo", "nono", "decimo"];

const COLOUR_PL: Record<string, string> = { red: "rossi", white: "bianchi", rose: "rosati" };

/** The Italian name of a grape known by its catalogue name, from the region's wines when they name it. */
function grapeIt(r: RegionProfile, name: string): string {
  const grape = r.grapes.find((g) => g.grape.name === name)?.grape;
  return grape ? grapeName(grape) : name;
}

function theGrapeList(names: readonly string[]): string {
  return list(names.map((n) => the(n, grapeGender(n))));
}

function origin(r: RegionProfile): Origin {
  return originOf(r.place, r.within, r.facts, r.record);
}

function designation(r: RegionProfile): string {
  const d = r.record?.designation;
  if (!d || d.system === "none") return "";
  return d.since ? ` (${d.system} dal ${d.since})` : ` (${d.system})`;
}

function kindNoun(r: RegionProfile): string {
  const k = r.place?.kind ?? r.record?.kind;
  if (k === "appellation") return "una denominazione";
  if (k === "national") return "una categoria nazionale";
  return "una zona vinicola";
}

function ruleSentence(r: RegionProfile, name: string): string | undefined {
  const rule = r.rule;
  if (!rule) return undefined;
  const colours = list(rule.colors.map((c) => COLOUR_PL[c] ?? c));
  const principal = rule.grapes.slice(0, 4).map((g) => grapeIt(r, g));
  const release = rule.release?.standard;
  const releaseClause =
    release && ORDINAL[release]
      ? ` e non ne consente la vendita prima del 1° gennaio del ${ORDINAL[release]} anno dopo la vendemmia`
      : "";
  return choose(r.seed, "r.rule", [
    `Il disciplinare di ${name} ammette ${colours}${principal.length > 0 ? ` da ${list(principal)}${rule.grapes.length > 4 ? " e poche altre varietà" : ""}` : ""}${releaseClause}.`,
    `Le regole di ${name} prevedono ${colours}${principal.length > 0 ? ` a base di ${list(principal)}${rule.grapes.length > 4 ? " e di poche altre varietà" : ""}` : ""}${releaseClause}.`,
  ]);
}

/** Top grapes of the wines of one style (their Italian names). */
function grapesOfStyle(r: RegionProfile, s: RegionStyle, max = 2): string[] {
  const wines = r.facts.wines.filter((w) => styleOfWine(w) === s);
  return rankGrapes(wines, r.rule)
    .slice(0, max)
    .map((g) => grapeName(g.grape));
}

function summary(r: RegionProfile, o: Origin): string {
  const name = o.kind === "country" ? r.facts.names.it || r.facts.names.en : originName(o);
  const plainName = r.facts.names.it || r.facts.names.en;
  const where =
    o.kind !== "country" && o.within ? inPlace(o.within) : inCountry(r.place?.country ?? r.facts.country);
  const styles = r.styles.slice(0, 3).map((s) => styleWords(r, s));
  const recordGrapes = r.record?.grapes.slice(0, 4).map((g) => grapeIt(r, g)) ?? [];
  const grapes = recordGrapes.length > 0 ? recordGrapes : r.grapes.slice(0, 3).map((g) => grapeName(g.grape));
  const first = r.record
    ? `${cap(name)}${designation(r)} è ${kindNoun(r)}${where ? ` ${where}` : ""}.`
    : choose(r.seed, "r.first", [
        `${cap(name)}${where ? `, ${where},` : ""} è terra di ${list(styles)}.`,
        `Da ${plainName}${where ? `, ${where},` : ""} vengono soprattutto ${list(styles)}.`,
      ]);
  const known = r.record && styles.length > 0 ? `È ${choose(r.seed, "r.known", ["conosciuta", "apprezzata"])} soprattutto per i suoi ${list(styles)}.` : undefined;
  const grapeSentence =
    grapes.length === 0
      ? undefined
      : grapes.length === 1
        ? choose(r.seed, "r.grape1", [
            `Il vitigno di riferimento ${prepOf(plainName)} è ${theGrapeList(grapes)}.`,
            `A ${plainName} tutto ruota attorno a ${theGrapeList(grapes)}.`,
          ])
        : choose(r.seed, "r.grapes", [
            `Tra i vitigni ${prepOf(plainName)} spiccano ${theGrapeList(grapes)}.`,
            `${cap(theGrapeList(grapes))} sono le uve che contano ${prepOf(plainName, "a")}.`,
          ]);
  const features = (r.place?.features ?? []).map(summaryFeature).filter((s): s is string => !!s);
  return sentences(first, known, grapeSentence, ...features, ruleSentence(r, plainName));
}

/** "di Mendoza" (or "a Mendoza"): the region's name after a preposition, with its article when it takes one. */
function prepOf(plain: string, p: "di" | "a" = "di"): string {
  return p === "a" ? `a ${plain}` : `di ${plain}`;
}

function summaryFeature(f: RegionFeature): string | undefined {
  switch (f.kind) {
    case "established":
      return `La zona fu delimitata nel ${f.year}.`;
    case "area":
      return `I vigneti coprono circa ${num(f.hectares)} ettari.`;
    case "unesco":
      return `Dal ${f.year} il suo paesaggio vitato è patrimonio dell'UNESCO.`;
    case "subregions":
      return `Tra i suoi nomi più noti: ${list(f.names)}.`;
    case "method":
      return {
        traditional: "Gli spumanti vi si fanno con il metodo classico, con la presa di spuma in bottiglia.",
        tank: "Gli spumanti vi si fanno con il metodo Martinotti, con la presa di spuma in autoclave.",
        solera: "I vini maturano nel sistema di botti della solera.",
        appassimento: "Qui si appassiscono le uve prima della pigiatura.",
        ripasso: "Qui si pratica il ripasso, la rifermentazione del vino sulle vinacce dell'Amarone.",
      }[f.id];
    default:
      return undefined;
  }
}

function terroirFeature(f: RegionFeature): string | undefined {
  switch (f.kind) {
    case "river":
      return `il fiume ${f.name.it}`;
    case "sea":
      return `il ${f.name.it}`;
    case "lake":
      return `il ${f.name.it}`;
    case "mountains":
      return {
        shelter: `${f.name.it}, che fanno da riparo`,
        cooling: `${f.name.it}, da cui scende aria fresca la notte`,
        rain_shadow: `${f.name.it}, che trattengono le piogge`,
      }[f.role];
    case "altitude":
      return `vigne tra ${num(f.min)} e ${num(f.max)} metri di quota`;
    case "diurnal_range":
      return "forti escursioni termiche tra giorno e notte";
    case "fog":
      return "le nebbie d'autunno";
    case "wind":
      return `il vento (${f.name.it})`;
    case "steep_slopes":
      return "pendii ripidi";
    case "botrytis":
      return "le nebbie che favoriscono la muffa nobile";
    case "flor":
      return "il velo di flor che protegge i vini in botte";
    default:
      return undefined;
  }
}

const ACIDITY_WORD: Record<Acidity, string> = { low: "morbida", medium: "equilibrata", high: "vivace" };
const BODY_WORD: Record<Body, string> = {
  very_light: "molto leggeri",
  light: "leggeri",
  medium: "di medio corpo",
  full: "corposi",
  very_full: "molto corposi",
};

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function climateAndTerroir(r: RegionProfile, o: Origin): string {
  const plainName = r.facts.names.it || r.facts.names.en;
  const place = r.place;
  const wines = r.facts.wines.filter((w) => w.factsBasis !== "typical");
  const body = mostCommon(wines.map((w) => w.body));
  const acidity = mostCommon(wines.map((w) => w.acidity));
  const shows =
    body && acidity
      ? choose(r.seed, "r.shows", [
          `I vini di ${plainName} sono per lo più ${BODY_WORD[body]}, con un'acidità ${ACIDITY_WORD[acidity]}.`,
          `Nel bicchiere, ${plainName} dà vini in genere ${BODY_WORD[body]} e di acidità ${ACIDITY_WORD[acidity]}.`,
        ])
      : undefined;
  if (place && (place.climate !== undefined || place.soils.length > 0)) {
    const climate = place.climate
      ? choose(r.seed, "r.climate", [
          `Il clima ${originOfPhrase(o)} è ${CLIMATES[place.climate as ClimateId].it[0]}.`,
          `${cap(originIn(o))} il clima è ${CLIMATES[place.climate as ClimateId].it[0]}.`,
        ])
      : undefined;
    const soils =
      place.soils.length > 0 ? `Le vigne crescono su ${list(place.soils.map((s) => SOILS[s as SoilId].it))}.` : undefined;
    const feats = place.features.map(terroirFeature).filter((s): s is string => !!s);
    const shaping = feats.length > 0 ? `A segnarne i vini sono ${list(feats)}.` : undefined;
    return sentences(climate, soils, shaping, shows);
  }
  const code = place?.country ?? r.facts.country;
  const climates = country(code)?.climates?.map((c) => CLIMATES[c].it[1]);
  const of = ofCountry(code);
  const broad =
    climates && climates.length > 0 && of
      ? choose(r.seed, "r.broad", [
          `Nel complesso, i vigneti ${of} conoscono climi ${list(climates)}.`,
          `${cap(plainName)} si trova in un paese, ${countryName(code) ?? code}, i cui vigneti conoscono climi ${list(climates)}.`,
        ])
      : undefined;
  return sentences(broad, shows);
}

function signatureStyles(r: RegionProfile): string[] {
  return r.styles.slice(0, 3).map((s) => {
    const grapes = grapesOfStyle(r, s);
    const words = cap(styleWords(r, s));
    return grapes.length > 0 ? `${words} da ${list(grapes)}` : words;
  });
}

/** The region insight (see the module comment). */
export function regionInsight(r: RegionProfile): RegionInsightContent {
  const o = origin(r);
  return {
    summary: summary(r, o),
    climateAndTerroir: climateAndTerroir(r, o),
    signatureStyles: signatureStyles(r),
    keyGrapes: r.grapes.slice(0, 5).map((g) => ({ id: g.grape.id, name: grapeName(g.grape) })),
  };
}

