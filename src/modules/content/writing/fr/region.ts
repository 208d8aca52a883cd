/**
 * Region insights in French: what the region is (appellation, region, national category; designation
 * and where it lies), what it is known for (features, classification), its principal grapes and the
 * appellation's rules; its climate and soils; its signature styles and key grapes. All from the
 * region record and the appellation rule; without a record the text says less — the country's broad
 * climates (countries lexicon: OCW, WAW country entries) and the grapes and styles its wines show —
 * and never speaks of a catalogue or counts wines.
 */
import { type RegionProfile, regionGrape } from "../../../../domain/wine/region-profile.ts";
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
import { choose } from "../variation.ts";
import {
  cap,
  de,
  type FrName,
  inPlace,
  join,
  list,
  num,
  ofPlace,
  orList,
  subject,
  withArticle,
} from "./grammar.ts";
import { fallbackName, inCountry, isNational, recordName } from "./places.ts";
import { grapeName, theGrape } from "./words.ts";

/** Signature styles in French (OCW style entries). */
const STYLES: Readonly<Record<RegionStyle, string>> = {
  red_light: "Rouges légers et fruités",
  red_medium: "Rouges souples, de corps moyen",
  red_full: "Rouges charpentés, taillés pour la garde",
  white_crisp: "Blancs secs et vifs",
  white_aromatic: "Blancs aromatiques",
  white_rich: "Blancs amples",
  rose: "Rosés",
  orange: "Vins orange, blancs macérés sur leurs peaux",
  sparkling_traditional: "Effervescents de méthode traditionnelle",
  sparkling_tank: "Effervescents en cuve close",
  sweet_late_harvest: "Blancs doux de vendanges tardives",
  sweet_botrytis: "Liquoreux de pourriture noble",
  sweet_icewine: "Vins de glace",
  sweet_dried_grape: "Vins de raisins passerillés",
  fortified_port: "Portos",
  fortified_sherry: "Xérès",
  fortified_madeira: "Madères",
  fortified_other: "Vins mutés",
  grape_spirit: "Eaux-de-vie de marc",
};

/** Colour of the grapes that make a style (for "… de Merlot et de Cabernet Franc"). */
function styleColour(s: RegionStyle): "red" | "white" | undefined {
  if (s.startsWith("red_") || s === "fortified_port") return "red";
  if (s.startsWith("white_") || s === "sweet_botrytis" || s === "sweet_late_harvest" || s === "sweet_icewine")
    return "white";
  return undefined;
}

/** The region's French name with its grammar. */
function nameOf(r: RegionProfile): FrName {
  const rec = r.place ?? r.record;
  return rec ? recordName(rec) : fallbackName(r.facts.names);
}

/** The region's grapes in French (record's principal grapes, else the wines' most named). */
function grapes(r: RegionProfile, colour?: "red" | "white"): string[] {
  const ranked = r.grapes.filter((g) => !colour || g.grape.color === colour);
  const names = ranked.map((g) => grapeName(g.grape, r.facts.country));
  return [...new Set(names)].slice(0, 3);
}

/** One sentence on what the region is and where it lies. */
function whatItIs(r: RegionProfile, n: FrName): string {
  const rec = r.place ?? r.record;
  const code = r.facts.country.toUpperCase();
  const where = r.within ? inPlace(recordName(r.within)) : inCountry(code);
  const at = where ? ` ${where}` : "";
  const sys = rec?.designation && rec.designation.system !== "none" ? rec.designation : undefined;
  const since = sys?.since ? ` depuis ${sys.since}` : "";
  if (r.record?.kind === "style")
    return `${cap(r.facts.names.fr || r.facts.names.en)} désigne un style de vin ; il vient ${ofPlace(n)}${at ? `,${at}` : ""}.`;
  if (isNational(rec, r.facts.names))
    return `${cap(subject(n))} est une dénomination nationale, ouverte aux vins de tout le pays, sans indication de région.`;
  if (rec?.kind === "appellation" || sys || (!rec && r.rule))
    return choose(r.seed, "what", [
      `${cap(subject(n))} est une appellation${sys ? ` (${sys.system}${since})` : ""}${at}.`,
      `Appellation${sys ? ` ${sys.system}${since}` : ""}, ${subject(n)} se situe${at || " dans son pays"}.`,
    ]);
  return choose(r.seed, "what", [
    `${cap(subject(n))} est une région viticole${at ? ` située${at}` : ""}.`,
    `Le vignoble ${ofPlace(n)} se trouve${at || " dans son pays"}.`,
  ]);
}

/** Features worth a sentence in the summary: founding, area, UNESCO, classification, sub-zones. */
function knownFor(features: readonly RegionFeature[], n: FrName): string | undefined {
  const bits: string[] = [];
  for (const f of features) {
    if (f.kind === "established") bits.push(`délimitée en ${f.year}`);
    if (f.kind === "area") bits.push(`environ ${num(f.hectares)} hectares de vignes`);
    if (f.kind === "unesco") bits.push(`inscrite au patrimoine mondial de l'UNESCO en ${f.year}`);
  }
  const sub = features.find((f) => f.kind === "subregions");
  const parts: string[] = [];
  if (bits.length) parts.push(`${cap(subject(n))} : ${list(bits)}.`);
  if (sub && sub.kind === "subregions") parts.push(`On y distingue notamment ${list(sub.names)}.`);
  return parts.length ? parts.join(" ") : undefined;
}

/** The appellation's rules: colours and principal grapes. */
function rules(r: RegionProfile): string | undefined {
  const rule = r.rule;
  if (!rule) return undefined;
  const colours = rule.colors.map((c) => (c === "red" ? "rouges" : c === "white" ? "blancs" : "rosés"));
  const principal = [...new Set(rule.grapes.map((g) => grapeName(regionGrape(r, g), r.facts.country)))].slice(
    0,
    4,
  );
  const only = (test: (kind: string) => boolean) => rule.kinds?.every(test) === true;
  const colourText = only((k) => k.startsWith("fortified/"))
    ? "que des vins de liqueur"
    : only((k) => k.endsWith("/sparkling"))
      ? "que des vins effervescents"
      : colours.length === 1
        ? `que des vins ${colours[0]}`
        : `des vins ${list(colours)}`;
  const grapesText = principal.length ? `, issus principalement ${de(list(principal))}` : "";
  return colourText.startsWith("que ")
    ? `Ses règles n'autorisent ${colourText}${grapesText}.`
    : `Ses règles autorisent ${colourText}${grapesText}.`;
}

/** The summary. */
function summary(r: RegionProfile, n: FrName): string {
  const rec = r.place ?? r.record;
  const main =
    rec && rec.grapes.length > 0
      ? [...new Set(rec.grapes.map((g) => grapeName(regionGrape(r, g), r.facts.country)))].slice(0, 4)
      : grapes(r);
  const grapeSentence =
    main.length === 0 || r.rule
      ? undefined
      : rec && rec.grapes.length > 0
        ? choose(r.seed, "grapes", [
            `Ses cépages principaux : ${list(main)}.`,
            `${list(main.map((g) => theGrape(g)))} y ${main.length > 1 ? "dominent" : "domine"}.`,
          ])
        : choose(r.seed, "grapes", [
            `On y rencontre notamment ${list(main.map((g) => theGrape(g)))}.`,
            `Parmi ses cépages figurent ${list(main.map((g) => theGrape(g)))}.`,
          ]);
  return join(whatItIs(r, n), rec ? knownFor(rec.features, n) : undefined, rules(r), grapeSentence);
}

/** A feature that shapes the climate, as a clause. */
function featureClause(f: RegionFeature): string | undefined {
  switch (f.kind) {
    case "river":
      return `la proximité ${de(f.name.fr)}`;
    case "sea":
      return `l'influence ${de(f.name.fr)}`;
    case "lake":
      return `la proximité ${de(f.name.fr)}`;
    case "mountains":
      return f.role === "shelter"
        ? `l'abri ${de(f.name.fr)}`
        : f.role === "cooling"
          ? `l'air frais descendu ${de(f.name.fr)}`
          : `l'effet de foehn ${de(f.name.fr)}, qui assèche l'air`;
    case "altitude":
      return `des vignes plantées entre ${num(f.min)} et ${num(f.max)} mètres d'altitude`;
    case "diurnal_range":
      return "de fortes amplitudes entre le jour et la nuit";
    case "fog":
      return "les brouillards matinaux";
    case "wind":
      return `le vent (${f.name.fr})`;
    case "steep_slopes":
      return "des coteaux très pentus";
    case "botrytis":
      return "des brumes d'automne propices à la pourriture noble";
    case "flor":
      return "un voile de levures (flor) qui se forme sur les vins en fût";
    default:
      return undefined;
  }
}

/** Climate and soils. */
function climate(r: RegionProfile, n: FrName): string {
  const rec = r.place ?? r.record;
  const of = ofPlace(n);
  // A record may hold only what the summary says (sub-regions, a year): the country speaks then.
  const said = rec?.features.map(featureClause).filter((x): x is string => x !== undefined) ?? [];
  if (rec && (rec.climate || rec.soils.length || said.length)) {
    const c = rec.climate ? CLIMATES[rec.climate as ClimateId].fr[0] : undefined;
    const soils = rec.soils.map((s) => SOILS[s as SoilId].fr);
    const features = said;
    return join(
      c &&
        choose(r.seed, "climate", [
          `Le climat ${of} est ${c}.`,
          `${cap(subject(n))} connaît un climat ${c}.`,
        ]),
      soils.length > 0 &&
        choose(r.seed, "soils", [
          `Les sols mêlent ${list(soils.map((s) => withArticle(/s$/.test(s) ? "les" : "le", s)))}.`,
          `Les vignes y poussent sur des sols ${list(soils.map(de))}.`,
        ]),
      features.length > 0 && `Comptent aussi ${list(features.slice(0, 3))}.`,
    );
  }
  const c = country(r.facts.country);
  const climates = c?.climates?.map((id) => CLIMATES[id].fr[0]) ?? [];
  const where = inCountry(r.facts.country) ?? "";
  if (climates.length === 0)
    return `Le climat ${of} dépend de sa situation ${where} : altitude, exposition et proximité de l'eau y font la différence.`;
  return choose(r.seed, "climate-country", [
    `${where ? `${cap(where)}, ` : ""}les vignobles connaissent des climats ${orList(climates)} selon les régions ; celui ${of} se rattache à ce cadre.`,
    `Pour situer ${subject(n)} : ${where}, le climat des vignobles est ${orList(climates)} selon les régions.`,
  ]);
}

/** Up to three signature styles, with the grapes of the region that make them. */
function signatureStyles(r: RegionProfile): string[] {
  return r.styles.slice(0, 3).map((s) => {
    const colour = styleColour(s);
    const g = colour ? grapes(r, colour).slice(0, 2) : [];
    return g.length ? `${STYLES[s]}, à base ${de(list(g))}` : STYLES[s];
  });
}

/** The region insight. */
export function regionInsight(r: RegionProfile): RegionInsightContent {
  const n = nameOf(r);
  return {
    summary: summary(r, n),
    climateAndTerroir: climate(r, n),
    signatureStyles: signatureStyles(r),
    keyGrapes: r.grapes
      .slice(0, 5)
      .map((g) => ({ id: g.grape.id, name: grapeName(g.grape, r.facts.country) })),
  };
}
