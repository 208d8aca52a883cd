/**
 * Climate and terroir of a region in German: the record's climate, soils and the features that shape
 * its wines (rivers, lakes, seas, mountains, winds, fog, altitude, steep slopes, botrytis, flor), or,
 * without a record, the broad climate of the country's vineyards as general guidance (OCW and WAW
 * country entries, lexicon/countries.ts). Gender of the proper names from Duden; a name without a
 * known gender is written after its common noun ("der Fluss Napa").
 */

import type { RegionProfile } from "../../../../domain/wine/region-profile.ts";
import type { RegionFeature, RegionRecord, SoilId } from "../../../../domain/wine/regions/region-record.ts";
import { CLIMATES } from "../lexicon/climates.ts";
import { country } from "../lexicon/countries.ts";
import { SOILS } from "../lexicon/soils.ts";
import { choose, sentences } from "../variation.ts";
import { capitalize, type Gender, inflect, inPlace, list, number, placeSubject } from "./grammar.ts";
import { looksLikeStyle } from "./naming.ts";

/** Gender of German river, mountain, sea and wind names (Duden). */
const GENDER: Readonly<Record<string, Gender>> = {
  Rhein: "m",
  Main: "m",
  Neckar: "m",
  Douro: "m",
  Duero: "m",
  Ebro: "m",
  Tejo: "m",
  Po: "m",
  Tanaro: "m",
  Mosel: "f",
  Saar: "f",
  Ruwer: "f",
  Nahe: "f",
  Ahr: "f",
  Donau: "f",
  Loire: "f",
  Rhone: "f",
  Gironde: "f",
  Garonne: "f",
  Dordogne: "f",
  Saône: "f",
  Marne: "f",
  Etsch: "f",
  Elbe: "f",
  Saale: "f",
  Unstrut: "f",
  Atlantik: "m",
  Pazifik: "m",
  Mittelmeer: "n",
  Nordsee: "f",
  Ostsee: "f",
  Adria: "f",
  Vogesen: "pl",
  Alpen: "pl",
  Anden: "pl",
  Pyrenäen: "pl",
  Apenninen: "pl",
  Karpaten: "pl",
  Taunus: "m",
  Hunsrück: "m",
  Haardt: "f",
  Mistral: "m",
  Tramontane: "f",
  Zonda: "m",
  Bora: "f",
  Föhn: "m",
};

/** The gender of a name: the table, else from its last word (River m, Bay f, See m, Küste f). */
function genderOf(name: string): Gender | undefined {
  if (GENDER[name]) return GENDER[name];
  if (/\b(River|Fluss|Rio|Río)$/i.test(name)) return "m";
  if (/\b(Bay|Bucht|Küste|Coast)$/i.test(name)) return "f";
  if (/see$/i.test(name)) return "m";
  return undefined;
}

const COMMON: Record<"river" | "mountains" | "sea" | "wind" | "lake", string> = {
  river: "der Fluss",
  mountains: "das Gebirge",
  sea: "das Meer",
  wind: "der Wind",
  lake: "der See",
};

/** A feature's name as a subject: "die Mosel", "der Rhein", "die Vogesen"; else "der Fluss Napa". */
function subject(kind: keyof typeof COMMON, name: string): string {
  const g = genderOf(name);
  if (g) return `${{ m: "der", f: "die", n: "das", pl: "die" }[g]} ${name}`;
  if (kind === "lake" && /see$/i.test(name)) return `der ${name}`;
  return `${COMMON[kind]} ${name}`;
}

/** A feature's name in the dative: "den Anden", "dem Taunus", "der Haardt"; else "dem Gebirge X". */
function dative(kind: keyof typeof COMMON, name: string): string {
  const g = genderOf(name);
  if (g) return `${{ m: "dem", f: "der", n: "dem", pl: "den" }[g]} ${name}`;
  return `dem ${COMMON[kind].split(" ")[1]} ${name}`;
}

/** "zum Atlantik", "zur Adria", "zum Mittelmeer"; else "zum Meer X". */
function toward(name: string): string {
  const g = genderOf(name);
  if (!g) return `zum Meer ${name}`;
  return g === "f" ? `zur ${name}` : g === "pl" ? `zu den ${name}` : `zum ${name}`;
}

/** True when a feature's name is plural ("die Vogesen schützen"). */
function plural(name: string): boolean {
  return GENDER[name] === "pl";
}

/** The climate adjectives for "ein … Klima" (neuter, after "ein"). */
function climateWords(id: keyof typeof CLIMATES): string {
  const words = CLIMATES[id].de.map((s) => inflect(s, "indefinite", "nom", "n"));
  return CLIMATES[id].en.includes(",") ? words.join(", ") : words.join(" ");
}

/** The climate adjectives in the dative after "von" without article ("von kontinentalem Klima"). */
function climateDative(id: keyof typeof CLIMATES): string {
  const words = CLIMATES[id].de.map((s) => inflect(s, "none", "dat", "n"));
  return CLIMATES[id].en.includes(",") ? words.join(", ") : words.join(" ");
}

/** One sentence per feature kind that says something about the wines' conditions; "" for others. */
function featureSentence(f: RegionFeature, where: string, seed: number): string {
  switch (f.kind) {
    case "river":
      return `${capitalize(subject("river", f.name.de))} prägt die Landschaft und das Kleinklima der Weinberge.`;
    case "lake": {
      const s = subject("lake", f.name.de);
      return `${capitalize(s)} mildert die Temperaturen und speichert Wärme für die Reben.`;
    }
    case "sea":
      return `Die Nähe ${toward(f.name.de)} bringt ausgleichende, frische Luft in die Weinberge.`;
    case "mountains": {
      const s = capitalize(subject("mountains", f.name.de));
      const many = plural(f.name.de);
      if (f.role === "shelter")
        return `${s} ${many ? "schützen" : "schützt"} die Weinberge vor Regen und kalten Winden.`;
      if (f.role === "cooling")
        return `Aus ${dative("mountains", f.name.de)} fließt nachts kühle Luft in die Weinberge.`;
      return `${s} ${many ? "halten" : "hält"} den Regen ab; die Weinberge liegen im Regenschatten.`;
    }
    case "wind":
      return `${capitalize(subject("wind", f.name.de))} bestimmt das Klima ${where} mit.`;
    case "fog":
      return "Morgennebel kühlt die Weinberge oft bis in den Vormittag.";
    case "diurnal_range":
      return choose(seed, "diurnal", [
        "Große Unterschiede zwischen Tag- und Nachttemperaturen erhalten den Trauben ihre Säure.",
        `Kühle Nächte nach warmen Tagen bewahren ${where} die Frische der Trauben.`,
      ]);
    case "altitude":
      return `Die Weinberge liegen auf ${number(f.min)} bis ${number(f.max)} Metern Höhe.`;
    case "steep_slopes":
      return `Viele Weinberge ${where} liegen in steilen Hanglagen.`;
    case "botrytis":
      return "Die Bedingungen begünstigen die Edelfäule (Botrytis cinerea), die Grundlage edelsüßer Weine.";
    case "flor":
      return "In den Kellern reifen die Weine unter Flor, einer Hefeschicht auf dem Wein.";
    default:
      return "";
  }
}

/** Climate, soils and up to two features of a region with a record. */
function fromRecord(r: RegionProfile, place: RegionRecord): string {
  const name = capitalize(placeSubject(place));
  const where = inPlace(place);
  const climate = place.climate
    ? choose(r.seed, "climate", [
        `${name} ${place.grammar.de.article === "pl" ? "haben" : "hat"} ein ${climateWords(place.climate)} Klima.`,
        `${capitalize(where)} herrscht ein ${climateWords(place.climate)} Klima.`,
      ])
    : "";
  const soils =
    place.soils.length > 0
      ? choose(r.seed, "soils", [
          `Die Reben stehen auf Böden aus ${list(place.soils.map((s) => SOILS[s as SoilId].de))}.`,
          `Die Böden bestehen vor allem aus ${list(place.soils.map((s) => SOILS[s as SoilId].de))}.`,
        ])
      : "";
  const rivers = place.features.flatMap((f) => (f.kind === "river" ? [subject("river", f.name.de)] : []));
  const riverSentence =
    rivers.length === 0
      ? ""
      : `${capitalize(list(rivers.slice(0, 3)))} ${rivers.length > 1 ? "prägen" : "prägt"} die Landschaft und das Kleinklima der Weinberge.`;
  const winds = place.features.flatMap((f) => (f.kind === "wind" ? [f.name.de] : []));
  const windSentence =
    winds.length < 2 ? "" : `Die Winde ${list(winds.slice(0, 3))} bestimmen das Klima ${where} mit.`;
  const features = [
    riverSentence,
    windSentence,
    ...place.features
      .filter((f) => f.kind !== "river" && (f.kind !== "wind" || winds.length < 2))
      .map((f) => featureSentence(f, where, r.seed)),
  ]
    .filter((s) => s.length > 0)
    .slice(0, 3);
  return sentences(climate, soils, ...features);
}

/** The broad climate of the country's vineyards, as general guidance, with the region's name. */
function fromCountry(r: RegionProfile): string {
  const c = country(r.facts.country);
  const styleName = !r.record && looksLikeStyle(r.facts.names.en);
  if ((r.place?.kind === "national" || styleName) && c?.climates && c.climates.length > 0)
    return `Der Weinbau ${c.in.de} ist allgemein von ${list(c.climates.map((id) => climateDative(id)))} Klima geprägt.`;
  const ids = c?.climates ?? [];
  const name = r.facts.names.de || r.facts.names.en;
  if (!c || ids.length === 0) return "";
  const climates = list(ids.map((id) => climateDative(id)));
  return choose(r.seed, "country-climate", [
    `${capitalize(name)} liegt ${c.in.de}, wo der Weinbau allgemein von ${climates} Klima geprägt ist.`,
    `Für ${name} gilt, was für den Weinbau ${c.in.de} allgemein gilt: Er ist von ${climates} Klima geprägt.`,
  ]);
}

/** The region's climate and terroir text (record, else the country's broad climate). */
export function climateAndTerroir(r: RegionProfile): string {
  // A record may hold only features the summary says (sub-regions, designation year): then the
  // country's broad climate speaks for the place.
  const own = r.place ? fromRecord(r, r.place) : "";
  if (own) return own;
  const general = fromCountry(r);
  if (general) return general;
  // Nothing known of the place or its country: the one thing true of every vineyard.
  const name = r.facts.names.de || r.facts.names.en;
  return `Wie überall im Weinbau prägen Klima, Boden und Lage den Stil der Weine aus ${name}.`;
}
