/**
 * English region insights: what the region is (designation, where it lies), what it is known for
 * (styles and principal grapes of its record, or the appellation's rules), its climate, soils and
 * the features that shape its wines — never what or how many wines "we" have. Without a record it
 * says less: the country, the rules when there are some, and the grapes and styles its wines show.
 */
import { type RegionProfile, regionGrape, styleOfWine } from "../../../../domain/wine/region-profile.ts";
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
import { and, capitalize, countryName, inPlace, or, type Place, placeOf } from "./grammar.ts";
import { grapeName } from "./words.ts";

/** Region styles as an English plural noun phrase (OCW entries of the same names). */
const STYLE_WORDS: Record<RegionStyle, string> = {
  red_light: "light, fresh reds",
  red_medium: "medium-bodied reds",
  red_full: "full-bodied reds",
  white_crisp: "crisp, dry whites",
  white_aromatic: "aromatic whites",
  white_rich: "rich, full-bodied whites",
  rose: "dry rosés",
  orange: "skin-contact (orange) wines",
  sparkling_traditional: "traditional-method sparkling wines",
  sparkling_tank: "tank-method sparkling wines",
  sweet_late_harvest: "late-harvest sweet wines",
  sweet_botrytis: "sweet wines from nobly rotten grapes",
  sweet_icewine: "ice wines",
  sweet_dried_grape: "wines from dried grapes",
  fortified_port: "Port",
  fortified_sherry: "sherry",
  fortified_madeira: "Madeira",
  fortified_other: "fortified wines",
  grape_spirit: "grape spirits",
};

/** Styles of a region read from its wines (no record): what the wines show, not a claim of fame. */
const SHOWN_WORDS: Partial<Record<RegionStyle, string>> = {
  sparkling_traditional: "sparkling wines",
  sweet_late_harvest: "sweet wines",
  fortified_other: "fortified wines",
  rose: "rosés",
  white_crisp: "fresh whites",
};

function feature(f: RegionFeature, name: string): string | undefined {
  switch (f.kind) {
    case "river":
      return `The ${f.name.en} moderates temperatures in the vineyards.`;
    case "sea":
      return `The ${f.name.en} tempers the climate.`;
    case "lake":
      return `${f.name.en} reflects warmth onto the vines and softens the winters.`;
    case "mountains":
      return {
        shelter: `The ${f.name.en} shelter the vineyards from rain and cold winds.`,
        cooling: `Cool air from the ${f.name.en} chills the nights.`,
        rain_shadow: `The vineyards lie in the rain shadow of the ${f.name.en}, which keeps them dry.`,
      }[f.role];
    case "altitude":
      return `Vineyards lie between ${f.min} and ${f.max} metres above sea level.`;
    case "diurnal_range":
      return "Warm days and cool nights keep the grapes' acidity fresh.";
    case "fog":
      return "Morning fog cools the vineyards.";
    case "wind":
      return `The ${f.name.en} wind keeps the vines dry and healthy.`;
    case "steep_slopes":
      return `Many of ${name}'s vineyards cling to steep slopes.`;
    case "botrytis":
      return "Autumn mists encourage noble rot, the basis of its sweet wines.";
    case "flor":
      return "A layer of flor yeast forms on the wine in cask, the key to its driest styles.";
    default:
      return undefined;
  }
}

/** What kind of place it is: "an AOC in the Haut-Médoc, France", "a wine region in Chile". */
function whatItIs(r: RegionProfile, place: Place, within: Place | undefined): string {
  const c = countryName(place.record?.country ?? r.facts.country);
  const rec = place.record;
  const d = rec?.designation?.system;
  const since = rec?.designation?.since;
  const where = within ? `${within.name}${c ? `, ${c}` : ""}` : c;
  const kind =
    d === "Anbaugebiet"
      ? "a German quality-wine region (Anbaugebiet)"
      : d === "Bereich"
        ? "a district (Bereich)"
        : d && d !== "none"
          ? `${/^[AEFHILMNORSX]/.test(d) ? "an" : "a"} ${d}`
          : rec?.kind === "appellation" || r.rule
            ? "an appellation"
            : "a wine region";
  const located = where ? ` ${inPlace({ ...place, name: where, prep: "in" })}` : "";
  return `${capitalize(place.name)} is ${kind}${located}${d && d !== "none" && since ? `, recognised in ${since}` : ""}`;
}

function styleName(s: RegionStyle, fromRecord: boolean): string {
  return fromRecord ? STYLE_WORDS[s] : (SHOWN_WORDS[s] ?? STYLE_WORDS[s]);
}

/** The names of a style that is no place (Fino Sherry, Port): what it is, from OCW "sherry", "port". */
function styleSummary(r: RegionProfile): string | undefined {
  const name = r.facts.names.en;
  if (/sherry/i.test(name))
    return `${name} is a style of sherry, the fortified wine of the Jerez region in Andalusia, Spain.`;
  if (/^port$/i.test(name)) return "Port is the fortified wine of the Douro Valley in northern Portugal.";
  return undefined;
}

function summary(r: RegionProfile, place: Place | undefined, within: Place | undefined): string {
  const rec = r.place;
  const seed = r.seed;
  const name = place ? capitalize(place.name) : r.facts.names.en;
  const fromRecord = !!rec && rec.styles.length > 0;
  const styles = and(r.styles.slice(0, 3).map((s) => styleName(s, fromRecord)));
  const grapeList = rec && rec.grapes.length > 0 ? rec.grapes : r.grapes.map((g) => g.grape.name);
  const grapes = and(grapeList.slice(0, 4).map((g) => grapeName(regionGrape(r, g), r.facts.country)));
  // A style name (Fino Sherry) is said as a style first, then the place it comes from.
  const style = r.record?.kind === "style" ? styleSummary(r) : undefined;
  const opening = place
    ? sentences(style, `${whatItIs(r, place, within)}.`)
    : (styleSummary(r) ??
      `${r.facts.names.en} is a wine category of ${countryName(r.facts.country) ?? "its country"}.`);
  const ruleStyles = r.rule?.styles && !/[:%]/.test(r.rule.styles) ? r.rule.styles : undefined;
  const known = ruleStyles
    ? choose(seed, "r-known", [
        `It is best known for ${ruleStyles}.`,
        `${name} has made its name with ${ruleStyles}.`,
      ])
    : styles
      ? fromRecord
        ? choose(seed, "r-styles", [`${name} is known for ${styles}.`, `Its reputation rests on ${styles}.`])
        : choose(seed, "r-shown", [
            `${name} produces ${styles}.`,
            `From ${place?.name ?? name} come ${styles}.`,
            `Its wines include ${styles}.`,
          ])
      : undefined;
  const grapeSentence = grapes
    ? rec && rec.grapes.length > 0
      ? choose(seed, "r-grapes", [
          rec.grapes.length > 1 ? `The principal grapes are ${grapes}.` : `The principal grape is ${grapes}.`,
          `${capitalize(grapes)} ${rec.grapes.length > 1 ? "are" : "is"} the leading ${rec.grapes.length > 1 ? "varieties" : "variety"}.`,
        ])
      : choose(seed, "r-grapes-shown", [
          `Grapes grown in ${place?.name ?? name} include ${grapes}.`,
          `${capitalize(grapes)} ${grapeList.length > 1 ? "are" : "is"} grown here.`,
        ])
    : undefined;
  const rules = r.rule ? rulesSentence(r, name) : undefined;
  const subregions = rec?.features.find((f) => f.kind === "subregions");
  const area = rec?.features.find((f) => f.kind === "area");
  const established = rec?.features.find((f) => f.kind === "established");
  const unesco = rec?.features.find((f) => f.kind === "unesco");
  return sentences(
    opening,
    known,
    grapeSentence,
    rules,
    subregions && subregions.kind === "subregions"
      ? choose(seed, "r-sub", [
          `Its best-known parts include ${and(subregions.names.slice(0, 4))}.`,
          `Names to know within it are ${and(subregions.names.slice(0, 4))}.`,
        ])
      : undefined,
    area && area.kind === "area"
      ? `Vineyards cover about ${new Intl.NumberFormat("en-GB").format(area.hectares)} hectares.`
      : undefined,
    established && established.kind === "established"
      ? `Its vineyards were first demarcated in ${established.year}.`
      : undefined,
    unesco && unesco.kind === "unesco"
      ? `Its vineyard landscape has been a UNESCO World Heritage site since ${unesco.year}.`
      : undefined,
  );
}

const ORDINAL = [
  "",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];

/**
 * The appellation's rules in one or two sentences: the colours and principal varieties it permits
 * (each variety once, in English), and the earliest release (domain/wine/appellation-rules.ts).
 */
function rulesSentence(r: RegionProfile, name: string): string | undefined {
  const rule = r.rule;
  if (!rule) return undefined;
  const colours = or(rule.colors.map((c) => (c === "rose" ? "rosé" : c)));
  const varieties = [...new Set(rule.grapes.map((g) => grapeName(regionGrape(r, g), r.facts.country)))];
  const from =
    varieties.length === 0
      ? ""
      : varieties.length > 3
        ? `, from ${varieties.slice(0, 3).join(", ")} and a few other varieties`
        : `, from ${and(varieties)}`;
  const only = (test: (kind: string) => boolean) => rule.kinds?.every(test) === true;
  const what = only((k) => k.startsWith("fortified/"))
    ? "only fortified wines"
    : only((k) => k.endsWith("/sparkling"))
      ? `only sparkling ${colours} wines`
      : `${rule.colors.length < 3 ? "only " : ""}${colours} wines`;
  const allow = `The rules of ${name} allow ${what}${from}.`;
  const years = rule.release?.standard;
  const release =
    years !== undefined && years >= 2 && years < ORDINAL.length
      ? ` None may be sold before 1 January of the ${ORDINAL[years]} year after the harvest.`
      : "";
  return `${allow}${release}`;
}

function climate(r: RegionProfile, place: Place | undefined): string {
  const rec = r.place;
  const seed = r.seed;
  const name = place?.name ?? r.facts.names.en;
  if (rec && (rec.climate || rec.soils.length > 0)) {
    const cl = rec.climate ? CLIMATES[rec.climate as ClimateId].en : undefined;
    const soils = and(rec.soils.map((s) => SOILS[s as SoilId].en));
    const first = cl
      ? choose(seed, "r-clim", [
          `${capitalize(name)} has a ${cl} climate.`,
          `The climate ${inPlace(place ?? { name, bare: name, prep: "in", country: undefined, record: rec })} is ${cl}.`,
        ])
      : undefined;
    const soil = soils
      ? choose(seed, "r-soil", [
          `The vines grow on ${soils}.`,
          `Its soils are mainly ${soils}.`,
          `${capitalize(soils)} ${rec.soils.length > 1 ? "dominate" : "dominates"} the vineyards.`,
        ])
      : undefined;
    const feats = rec.features
      .map((f) => feature(f, name))
      .filter((s): s is string => !!s)
      .slice(0, 2);
    return sentences(first, soil, ...feats);
  }
  if (!place) {
    if (/sherry/i.test(r.facts.names.en))
      return "Sherry comes from the white albariza soils around Jerez de la Frontera, where Atlantic winds temper a hot climate.";
    if (/^port$/i.test(r.facts.names.en))
      return "Port comes from the steep schist terraces of the Douro Valley, hot and dry in summer.";
  }
  const c = country(r.facts.country);
  const cn = c?.name.en;
  const kinds = c?.climates?.map((k) => CLIMATES[k].en);
  if (cn && kinds && kinds.length > 0)
    return choose(seed, "r-country-clim", [
      kinds.length === 1
        ? `${capitalize(name)} lies in ${c?.in.en.slice(3) ?? cn}, where vineyards broadly have a ${kinds[0]} climate.`
        : `${capitalize(name)} lies in ${c?.in.en.slice(3) ?? cn}, whose vineyards range across ${and(kinds)} climates.`,
      kinds.length === 1
        ? `Vineyards ${c?.in.en ?? `in ${cn}`} broadly have a ${kinds[0]} climate; in ${name}, site and altitude decide the detail.`
        : `Vineyards ${c?.in.en ?? `in ${cn}`} have ${or(kinds)} climates, broadly speaking; in ${name}, site and altitude decide the detail.`,
    ]);
  return `In ${name}, site, soil and altitude shape each wine.`;
}

/** Signature styles: the region's styles, each with the grapes its wines of that style show. */
function signatureStyles(r: RegionProfile): string[] {
  const fromRecord = !!r.place && r.place.styles.length > 0;
  return r.styles.slice(0, 3).map((s) => {
    const wines = r.facts.wines.filter((w) => styleOfWine(w) === s);
    const names = [
      ...new Set(wines.flatMap((w) => w.grapes.slice(0, 2).map((g) => grapeName(g, r.facts.country)))),
    ].slice(0, 2);
    const words = capitalize(styleName(s, fromRecord));
    return names.length > 0 && !s.startsWith("fortified_port") ? `${words} from ${and(names)}` : words;
  });
}

/** The region insight in English. */
export function regionInsight(r: RegionProfile): RegionInsightContent {
  const place = placeOf(r.place, r.record ? undefined : r.facts.names.en, r.facts.country);
  const within = r.within ? placeOf(r.within, undefined, r.facts.country) : undefined;
  const principal = r.place?.grapes ?? [];
  const ranked = [...r.grapes].sort((a, b) => {
    const ia = principal.indexOf(a.grape.name);
    const ib = principal.indexOf(b.grape.name);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  return {
    summary: summary(r, place, within),
    climateAndTerroir: climate(r, place),
    signatureStyles: signatureStyles(r),
    keyGrapes: ranked.slice(0, 5).map((g) => ({ id: g.grape.id, name: grapeName(g.grape, r.facts.country) })),
  };
}
