/**
 * The Italian region insight: what the region or appellation is and where it lies, its designation,
 * principal grapes and styles and its rules (summary); climate, soils and the features that shape its
 * wines (climateAndTerroir); up to three signature styles; up to five key grapes. From the region's
 * record when it has one; without one, only what its wines show and the country's broad climates
 * (countries lexicon: OCW, WAW), said as such. Never counts wines, never speaks of a catalogue.
 */
import type { Acidity, Body } from "../../../../domain/vocabulary.ts";
import {
  type RegionProfile,
  rankGrapes,
  regionGrape,
  styleOfWine,
} from "../../../../domain/wine/region-profile.ts";
import type {
  ClimateId,
  RegionFeature,
  RegionStyle,
  SoilId,
} from "../../../../domain/wine/regions/region-record.ts";
import type { RegionInsightContent } from "../../content.types.ts";
import { CLIMATES } from "../lexicon/climates.ts";
import { country } from "../lexicon/countries.ts";
import { SOILS } from "../lexicon/soils.ts";
import { choose, sentences } from "../variation.ts";
import { article, cap, grapeGender, list, num, prep, the } from "./grammar.ts";
import {
  inCountry,
  inPlace,
  isOrAre,
  needsCountry,
  type Origin,
  ofCountry,
  ofOrigin,
  originFrom,
  originIn,
  originName,
  originOf,
  originOfPhrase,
} from "./places.ts";
import { grapeName } from "./style.ts";

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
  if (!r.record && s === "sweet_late_harvest") return "vini dolci";
  return STYLE[s];
}

const ORDINAL = [
  "",
  "primo",
  "secondo",
  "terzo",
  "quarto",
  "quinto",
  "sesto",
  "settimo",
  "ottavo",
  "nono",
  "decimo",
];

const COLOUR_PL: Record<string, string> = { red: "rossi", white: "bianchi", rose: "rosati" };

/** The Italian name of a grape known by its catalogue name, from the region's wines when they name it. */
function grapeIt(r: RegionProfile, name: string): string {
  return grapeName(regionGrape(r, name));
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
  const only = (test: (kind: string) => boolean) => rule.kinds?.every(test) === true;
  const colours = only((k) => k.startsWith("fortified/"))
    ? "solo vini liquorosi"
    : only((k) => k.endsWith("/sparkling"))
      ? "solo spumanti"
      : list(rule.colors.map((c) => COLOUR_PL[c] ?? c));
  const all = [...new Set(rule.grapes.map((g) => grapeIt(r, g)))];
  // "da A, B, C e altre varietà": one "e" in the list.
  const principal = all.length > 4 ? all.slice(0, 3) : all;
  const others = all.length > 4 ? " e altre varietà" : "";
  const release = rule.release?.standard;
  const sale =
    release && ORDINAL[release]
      ? `la vendita prima del 1° gennaio del ${ORDINAL[release]} anno dopo la vendemmia`
      : "";
  const grapes =
    principal.length === 0 ? "" : others ? ` da ${principal.join(", ")}${others}` : ` da ${list(principal)}`;
  return choose(r.seed, "r.rule", [
    `Il disciplinare ${name} ammette ${colours}${grapes}${sale ? ` e non ne consente ${sale}` : ""}.`,
    `Le regole ${name} prevedono ${colours}${grapes}${sale ? ` e non ne consentono ${sale}` : ""}.`,
  ]);
}

/** Top grapes of the wines of one style (their Italian names). */
function grapesOfStyle(r: RegionProfile, s: RegionStyle, max = 2): string[] {
  const wines = r.facts.wines.filter((w) => styleOfWine(w) === s);
  return rankGrapes(wines, r.rule)
    .slice(0, max)
    .map((g) => grapeName(g.grape));
}

/** National categories of wines without a geographical indication (Regulation (EU) 1308/2013, art. 119). */
const NATIONAL = /^(Vin de France|Vino de España|Vinho de Portugal|Vino d'Italia)$/;

/** Whether the region is a national category (by its record's kind, or its name without a record). */
function isNational(r: RegionProfile): boolean {
  return NATIONAL.test(r.facts.names.en) || r.record?.kind === "national";
}

/** True when the region's name is a style (Fino Sherry) with no place to say. */
function isStyle(r: RegionProfile, o: Origin): boolean {
  return o.kind === "country" && r.record?.kind !== "national";
}

function summary(r: RegionProfile, o: Origin): string {
  const plainName = r.facts.names.it || r.facts.names.en;
  const code = r.place?.country ?? r.facts.country;
  const country =
    o.kind !== "country" && o.within
      ? inPlace(o.within)
      : needsCountry(o) || o.kind === "country"
        ? inCountry(code)
        : undefined;
  const styles = list(r.styles.slice(0, 3).map((s) => styleWords(r, s)));
  const recordGrapes = r.record?.grapes.slice(0, 4).map((g) => grapeIt(r, g)) ?? [];
  const grapes = recordGrapes.length > 0 ? recordGrapes : r.grapes.slice(0, 3).map((g) => grapeName(g.grape));
  const style = isStyle(r, o);
  // Without a record the styles and grapes are only those its wines show: said without "soprattutto".
  const mostly = r.record ? "soprattutto " : "";
  const national = isNational(r);
  const ofIt = national ? "di questa categoria" : style ? "di questo stile" : ofOrigin(o);
  const inIt = national ? "in questa categoria" : style ? "in questo stile" : originIn(o);
  let first: string;
  if (national)
    first = `${plainName} è la categoria dei vini ${ofCountry(code) ?? ""} senza denominazione d'origine: possono nascere in qualunque zona del paese.`;
  else if (style) first = `${plainName} è il nome di uno stile${country ? ` ${country}` : ""}: ${styles}.`;
  else if (r.record && o.kind !== "country")
    // The first sentence always says where: "La Champagne (AOC dal 1936) è una denominazione in Francia".
    first = `${cap(originName(o))}${designation(r)} ${isOrAre(o)} ${kindNoun(r)} ${country ?? inCountry(code)}.`;
  else first = "";
  const made = style
    ? undefined
    : national
      ? `Con questo nome escono ${mostly}${styles}.`
      : choose(r.seed, "r.made", [
          `${cap(inIt)}${country && !r.record ? `, ${country},` : ""} si producono ${mostly}${styles}.`,
          `${cap(originFrom(o))}${country && !r.record ? `, ${country},` : ""} vengono ${mostly}${styles}.`,
        ]);
  const grapeSentence =
    grapes.length === 0 || (!r.record && r.rule && r.rule.grapes.length > 0)
      ? undefined
      : grapes.length === 1
        ? r.record
          ? choose(r.seed, "r.grape1", [
              `Il vitigno di riferimento ${ofIt} è ${theGrapeList(grapes)}.`,
              `${cap(inIt)} tutto ruota attorno ${toGrape(grapes[0] as string)}.`,
            ])
          : `Tra i vitigni ${ofIt} c'è ${theGrapeList(grapes)}.`
        : r.record
          ? choose(r.seed, "r.grapes", [
              `Tra i vitigni ${ofIt} spiccano ${theGrapeList(grapes)}.`,
              `${cap(theGrapeList(grapes))} sono le uve che contano ${inIt}.`,
            ])
          : choose(r.seed, "r.grapes", [
              `Tra i vitigni ${ofIt} si incontrano ${theGrapeList(grapes)}.`,
              style
                ? `Tra i vitigni ${ofIt} figurano ${theGrapeList(grapes)}.`
                : `${cap(inIt)} si coltivano, tra gli altri, ${theGrapeList(grapes)}.`,
            ]);
  const features = (r.place?.features ?? []).map(summaryFeature).filter((s): s is string => !!s);
  return sentences(first, made, grapeSentence, ...features, style ? undefined : ruleSentence(r, ofOrigin(o)));
}

/** "al Nebbiolo", "alla Barbera", "all'Aglianico". */
function toGrape(name: string): string {
  return prep("a", article(name, grapeGender(name)), name);
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

/** "I monti Mayacamas riparano le vigne.", "Le Ande trattengono le piogge." */
function mountainSentence(f: RegionFeature): string | undefined {
  if (f.kind !== "mountains") return undefined;
  const name = f.name.it;
  const plural =
    /^(monti|Monti|Alpi|Ande|Appennini|Vosgi|Pirenei|colline|Colline)\b/.test(name) || /i$/.test(name);
  const the = plural
    ? /^(Alpi|Ande|colline|Colline)\b/.test(name)
      ? "le"
      : /^[aeiouAEIOU]/.test(name)
        ? "gli"
        : "i"
    : /^[aeiouAEIOU]/.test(name)
      ? "l'"
      : "il";
  const subject = cap(the.endsWith("'") ? `${the}${name}` : `${the} ${name}`);
  const verb = {
    shelter: plural
      ? "riparano le vigne da piogge e venti freddi"
      : "ripara le vigne da piogge e venti freddi",
    cooling: plural ? "mandano aria fresca sulle vigne la notte" : "manda aria fresca sulle vigne la notte",
    rain_shadow: plural
      ? "trattengono le piogge: le vigne sono in zona d'ombra pluviometrica"
      : "trattiene le piogge: le vigne sono in zona d'ombra pluviometrica",
  }[f.role];
  return `${subject} ${verb}.`;
}

function terroirFeature(f: RegionFeature): string | undefined {
  switch (f.kind) {
    case "river":
      return /^fiume /i.test(f.name.it) ? `il ${f.name.it}` : `il fiume ${f.name.it}`;
    case "sea":
    case "lake":
      return /^[aeiouAEIOU]/.test(f.name.it) ? `l'${f.name.it}` : `il ${f.name.it}`;
    case "mountains":
      // Said in a sentence of its own (mountainSentence): a relative clause does not list well.
      return undefined;
    case "altitude":
      return `vigne tra ${num(f.min)} e ${num(f.max)} metri di quota`;
    case "diurnal_range":
      return "forti escursioni termiche tra giorno e notte";
    case "fog":
      return "le nebbie d'autunno";
    case "wind":
      return `il vento ${f.name.it}`;
    case "steep_slopes":
      return "i pendii ripidi";
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
  const national = isNational(r);
  const ofIt = national ? "di questa categoria" : isStyle(r, o) ? "di questo stile" : ofOrigin(o);
  const place = r.place;
  // Body and acidity said only of still table wines: a fino or a sparkling wine is not "corposo".
  const wines = r.facts.wines.filter(
    (w) => w.factsBasis !== "typical" && w.type === "wine" && w.subType === "still",
  );
  const body = mostCommon(wines.map((w) => w.body));
  const acidity = mostCommon(wines.map((w) => w.acidity));
  const shows =
    body && acidity
      ? `I vini ${ofIt} sono per lo più ${BODY_WORD[body]}, con un'acidità ${ACIDITY_WORD[acidity]}.`
      : undefined;
  if (place && (place.climate !== undefined || place.soils.length > 0)) {
    const climate = place.climate
      ? choose(r.seed, "r.climate", [
          `Il clima ${originOfPhrase(o)} è ${CLIMATES[place.climate as ClimateId].it[0]}.`,
          `${cap(originIn(o))} il clima è ${CLIMATES[place.climate as ClimateId].it[0]}.`,
        ])
      : undefined;
    const soils =
      place.soils.length > 0
        ? `Le vigne crescono su ${list(place.soils.map((s) => SOILS[s as SoilId].it))}.`
        : undefined;
    const feats = place.features.map(terroirFeature).filter((s): s is string => !!s);
    const shaping =
      feats.length > 0
        ? `A segnarne i vini ${feats.length > 1 || /^(i|gli|le) /.test(feats[0] ?? "") ? "sono" : "è"} ${list(feats)}.`
        : undefined;
    const mountains = place.features.map(mountainSentence).find((x) => x !== undefined);
    return sentences(climate, soils, mountains, shaping, shows);
  }
  const code = place?.country ?? r.facts.country;
  const climates = country(code)?.climates?.map((c) => CLIMATES[c].it[1]);
  const where = inCountry(code);
  const broad =
    climates && climates.length > 0 && where
      ? `${where} i vigneti conoscono climi ${list(climates)}`
      : undefined;
  if (!body || !acidity) return broad ? `${cap(broad)}.` : "";
  return choose(r.seed, "r.shows", [
    `I vini ${ofIt} sono in genere ${BODY_WORD[body]}, con un'acidità ${ACIDITY_WORD[acidity]}${broad ? `; ${broad}` : ""}.`,
    `${broad ? `${cap(broad)}, e i` : "I"} vini ${ofIt} si mostrano per lo più ${BODY_WORD[body]} e di acidità ${ACIDITY_WORD[acidity]}.`,
  ]);
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
