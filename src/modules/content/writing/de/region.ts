/**
 * The German region insight: what the region is (designation, where it lies, since when protected),
 * what shapes it (classification, UNESCO, subregions), its principal grapes and styles, its
 * appellation rules — from the record and the rule; without a record, only what the region's wines
 * and the country tell, said with care. Never counts or lists "our" wines. Sources of the
 * classification sentences: OCW "classification", "Saint-Émilion", "Graves", "Alsace" (51 grands
 * crus), "Douro" (vineyard grades A–F), "Tokaj" (1737 decree), "Champagne" (échelle des crus), the
 * VDP's statutes (Große Lage, Erste Lage, Ortswein, Gutswein).
 */

import { type RegionProfile, regionGrape } from "../../../../domain/wine/region-profile.ts";
import type { RegionRecord, RegionStyle } from "../../../../domain/wine/regions/region-record.ts";
import type { RegionInsightContent } from "../../content.types.ts";
import { choose, sentences } from "../variation.ts";
import {
  capitalize,
  count,
  fromCountry,
  fromPlace,
  inCountry,
  inPlace,
  list,
  number,
  placeSubject,
} from "./grammar.ts";
import { looksLikeStyle } from "./naming.ts";
import { climateAndTerroir } from "./region-terroir.ts";
import { grapeName } from "./words.ts";

/** Region styles as German plural noun phrases (nominative = accusative). */
const STYLE: Record<RegionStyle, string> = {
  red_light: "leichte Rotweine",
  red_medium: "mittelkräftige Rotweine",
  red_full: "kräftige Rotweine",
  white_crisp: "frische Weißweine",
  white_aromatic: "aromatische Weißweine",
  white_rich: "volle Weißweine",
  rose: "Rosés",
  orange: "maischevergorene Weißweine (Orange Wines)",
  sparkling_traditional: "Schaumweine aus traditioneller Flaschengärung",
  sparkling_tank: "Schaumweine aus der Tankgärung",
  sweet_late_harvest: "Spätlese-Süßweine",
  sweet_botrytis: "edelsüße Weine",
  sweet_icewine: "Eiswein",
  sweet_dried_grape: "Süßweine aus getrockneten Trauben",
  fortified_port: "Portwein",
  fortified_sherry: "Sherry",
  fortified_madeira: "Madeira",
  fortified_other: "Likörweine",
  grape_spirit: "Tresterbrände",
};

/** Styles named by a singular mass noun ("Typisch ist Sherry"). */
const SINGULAR: ReadonlySet<RegionStyle> = new Set<RegionStyle>([
  "sweet_icewine",
  "fortified_port",
  "fortified_sherry",
  "fortified_madeira",
]);

/** Styles derived from the wines' facts say less than a record's (a sparkling wine's method is unknown). */
const DERIVED: Partial<Record<RegionStyle, string>> = {
  sparkling_traditional: "Schaumweine",
  sweet_late_harvest: "Süßweine",
  fortified_other: "Likörweine",
};

/** Designation systems with their German article and name, as "eine AOC", "ein Anbaugebiet". */
const SYSTEM: Partial<Record<string, string>> = {
  AOC: "eine AOC",
  DOCG: "eine DOCG",
  DOC: "eine DOC",
  DOCa: "eine DOCa",
  DO: "eine DO",
  DOP: "eine DOP",
  IGP: "eine IGP",
  IGT: "eine IGT",
  DAC: "ein DAC-Gebiet",
  VQA: "eine VQA-Herkunft",
  AVA: "eine AVA",
  WO: "ein Wine-of-Origin-Gebiet",
  GI: "eine geschützte Herkunft (GI)",
  PDO: "eine geschützte Ursprungsbezeichnung",
  PGI: "eine geschützte geografische Angabe",
  Anbaugebiet: "ein Anbaugebiet",
  Bereich: "ein Bereich",
};

const CLASSIFICATION: Record<string, string> = {
  medoc_1855: "Die besten Châteaux sind seit 1855 in der Klassifikation des Médoc eingestuft.",
  sauternes_1855: "Die Süßweingüter wurden 1855 klassifiziert.",
  saint_emilion: "Saint-Émilion hat eine eigene Klassifikation, die regelmäßig überarbeitet wird.",
  graves_1953: "Die Güter der Graves wurden 1953 klassifiziert.",
  burgundy_crus: "Die Lagen sind in Grands Crus, Premiers Crus und Gemeindelagen gegliedert.",
  champagne_crus: "Die Gemeinden sind als Grand Cru, Premier Cru oder ohne Cru-Status eingestuft.",
  vdp: "Der VDP gliedert die Lagen seiner Mitglieder in Große Lage, Erste Lage, Ortswein und Gutswein.",
  alsace_grand_cru: "Das Elsass hat 51 Grand-Cru-Lagen.",
  douro_vineyards: "Die Weinberge des Douro sind nach einem Punktesystem in Klassen von A bis F eingeteilt.",
  tokaj_1737: "Tokaj wurde 1737 als eines der ersten Weinbaugebiete der Welt abgegrenzt.",
};

/** German names of the grapes named in the record or rule (see regionGrape), each variety once. */
function grapeNames(r: RegionProfile, names: readonly string[]): string[] {
  return [...new Set(names.map((n) => grapeName(regionGrape(r, n), r.facts.country)))];
}

/** First sentence: what and where the region is. */
function identity(r: RegionProfile, place: RegionRecord): string {
  const name = capitalize(placeSubject(place));
  const where = r.within ? inPlace(r.within) : (inCountry(place.country) ?? "");
  if (r.record?.kind === "style") {
    const style = r.record.names.de || r.record.name;
    return `${style} bezeichnet einen Weinstil, keinen Ort: Er kommt ${fromPlace(place)}.`;
  }
  const is = place.grammar.de.article === "pl" ? "sind" : "ist";
  if (place.kind === "national") return `${name} ${is} eine landesweite Weinkategorie ${where}.`;
  const system = place.designation ? SYSTEM[place.designation.system] : undefined;
  const since = place.designation?.since ? `, geschützt seit ${place.designation.since}` : "";
  if (place.designation?.system === "Anbaugebiet" && place.country === "DE")
    return `${name} ${is} eines der dreizehn deutschen Anbaugebiete für Qualitätswein${since}.`;
  if (system) return `${name} ${is} ${system} ${where}${since}.`;
  return choose(r.seed, "identity", [
    `${name} ${is} ein Weinbaugebiet ${where}.`,
    `${name} ${is} eine Weinregion ${where}.`,
  ]);
}

/** Classification, UNESCO, first demarcation, area and subregions, at most two sentences. */
function distinctions(r: RegionProfile, place: RegionRecord): string[] {
  const out: string[] = [];
  for (const f of place.features) {
    if (f.kind === "classification") out.push(CLASSIFICATION[f.id] ?? "");
    if (f.kind === "unesco") out.push(`Die Weinbaulandschaft gehört seit ${f.year} zum UNESCO-Welterbe.`);
    if (f.kind === "established" && !place.designation?.since)
      out.push(`Das Gebiet wurde ${f.year} erstmals abgegrenzt.`);
    if (f.kind === "area") out.push(`Die Rebfläche umfasst rund ${number(f.hectares)} Hektar.`);
    if (f.kind === "subregions")
      out.push(
        f.names.length === 1
          ? `Ein bekannter Teil des Gebiets ist ${f.names[0]}.`
          : choose(r.seed, "subregions", [
              `Zu den bekanntesten Teilen gehören ${list(f.names)}.`,
              `Bekannte Namen innerhalb des Gebiets sind ${list(f.names)}.`,
            ]),
      );
  }
  return out.filter((s) => s.length > 0).slice(0, 2);
}

/** The principal grapes (record, else the region's wines) and the styles. */
function grapesAndStyles(r: RegionProfile, place: RegionRecord | undefined, styleName = false): string[] {
  const fromRecord = place && place.grapes.length > 0;
  const grapes = fromRecord
    ? grapeNames(r, place.grapes.slice(0, 5))
    : [...new Set(r.grapes.slice(0, 4).map((g) => grapeName(g.grape, r.facts.country)))];
  const styles = r.styles.slice(0, 3).map((s) => STYLE[s]);
  const out: string[] = [];
  if (grapes.length > 0) {
    out.push(
      fromRecord
        ? grapes.length === 1
          ? choose(r.seed, "grapes", [
              `Die wichtigste Rebsorte ist ${grapes[0]}.`,
              `Angebaut wird vor allem ${grapes[0]}.`,
            ])
          : choose(r.seed, "grapes", [
              `Die wichtigsten Rebsorten sind ${list(grapes)}.`,
              `Angebaut werden vor allem ${list(grapes)}.`,
            ])
        : styleName
          ? `Verwendet ${grapes.length > 1 ? "werden" : "wird"} dafür ${list(grapes)}.`
          : `Zu den Rebsorten der Region ${grapes.length > 1 ? "gehören" : "gehört"} ${list(grapes)}.`,
    );
  }
  if (styles.length > 0 && !styleName) {
    out.push(
      place && place.styles.length > 0
        ? choose(r.seed, "styles", [
            `Bekannt ist das Gebiet für ${list(styles)}.`,
            `Typisch ${styles.length === 1 && SINGULAR.has(r.styles[0] as RegionStyle) ? "ist" : "sind"} ${list(styles)}.`,
          ])
        : place?.kind === "national"
          ? `Unter dieser Bezeichnung kommen vor allem ${list(r.styles.slice(0, 3).map((s) => DERIVED[s] ?? STYLE[s]))} in den Handel.`
          : `Von dort kommen unter anderem ${list(r.styles.slice(0, 3).map((s) => DERIVED[s] ?? STYLE[s]))}.`,
    );
  }
  return out;
}

/** The appellation's rules: permitted colours or kinds, principal grapes, earliest release. */
function rules(r: RegionProfile): string {
  const rule = r.rule;
  if (!rule) return "";
  const only = (test: (k: string) => boolean) => rule.kinds?.every(test) === true;
  const colours = rule.colors.map((c) => ({ red: "Rotweine", white: "Weißweine", rose: "Rosés" })[c]);
  const what = only((k) => k.startsWith("fortified/"))
    ? "Likörweine"
    : only((k) => k.endsWith("/sparkling"))
      ? "Schaumweine"
      : list(colours);
  const grapes = grapeNames(r, rule.grapes.slice(0, 4));
  const from =
    grapes.length > 0 && (rule.colors.length === 1 || what === "Schaumweine" || what === "Likörweine")
      ? ` aus ${list(grapes)}`
      : "";
  const release = rule.release?.standard;
  const wait =
    release && release > 1
      ? ` Verkauft werden dürfen sie frühestens ${count(release)} Jahre nach der Lese.`
      : "";
  return `Die Regeln der Appellation erlauben ${what}${from}.${wait}`;
}

/** Up to three signature styles, each with the region's leading grapes of its colour. */
function signatureStyles(r: RegionProfile): string[] {
  const derived = !(r.place && r.place.styles.length > 0);
  return r.styles.slice(0, 3).map((s) => {
    const label = (derived ? DERIVED[s] : undefined) ?? STYLE[s];
    const colour =
      s.startsWith("red") || s === "fortified_port"
        ? "red"
        : s.startsWith("white") || s.startsWith("sweet")
          ? "white"
          : undefined;
    const grapes = colour
      ? [
          ...new Set(
            r.grapes
              .filter((g) => g.grape.color === colour)
              .slice(0, 2)
              .map((g) => grapeName(g.grape, r.facts.country)),
          ),
        ]
      : [];
    return capitalize(grapes.length > 0 && !label.includes(" aus ") ? `${label} aus ${list(grapes)}` : label);
  });
}

/** The region insight in German. */
export function regionInsight(r: RegionProfile): RegionInsightContent {
  const place = r.place;
  const name = r.facts.names.de || r.facts.names.en;
  const styleName = !r.record && looksLikeStyle(r.facts.names.en);
  const head = place
    ? [identity(r, place), ...distinctions(r, place)]
    : styleName
      ? [
          `${name} bezeichnet einen Weinstil, keinen Ort; er kommt ${fromCountry(r.facts.country) ?? "aus seinem Herkunftsland"}.`,
        ]
      : [
          `${name} ist ${r.rule ? "eine Appellation" : "ein Weinbaugebiet"} ${inCountry(r.facts.country) ?? ""}.`,
        ];
  const keyGrapes: { id: number; name: string }[] = [];
  for (const g of r.grapes) {
    const n = grapeName(g.grape, r.facts.country);
    if (!keyGrapes.some((k) => k.name === n)) keyGrapes.push({ id: g.grape.id, name: n });
    if (keyGrapes.length === 5) break;
  }
  return {
    summary: sentences(...head, ...grapesAndStyles(r, place, styleName), rules(r)),
    climateAndTerroir: climateAndTerroir(r),
    signatureStyles: signatureStyles(r),
    keyGrapes,
  };
}
