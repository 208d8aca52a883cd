/**
 * The long description's context sentences in German: the appellation (designation, soils, climate,
 * altitude) said of the wine, what a label term means, and what the wine's style means. Sources of
 * the meanings: Ley 24/2003 de la Viña y del Vino art. 3 (crianza: at least six months in oak; gran
 * reserva the longest ageing category), Legge 238/2016 art. 31 (riserva: longer ageing; superiore:
 * stricter rules; classico: the original zone), the Chianti Classico disciplinare (Gran Selezione, its
 * top level since 2014), the VDP's classification (Großes Gewächs: the dry wine of a Grosse Lage),
 * Weingesetz § 20 (Prädikate; Eiswein from grapes frozen at harvest and pressing), the IVDP's Port
 * categories (vintage bottled in its second or third year, LBV in its fourth to sixth, colheita at
 * least seven years in wood, tawny aged in wood, ruby bottled young), OCW "sherry" (flor), "botrytized
 * wines", "champagne", "Cava", "crémant", "Franciacorta" (second fermentation in bottle, required by
 * their rules), Regulation (EU) 2019/787 Annex I (grape marc spirit).
 */
import type { SoilId } from "../../../../domain/wine/regions/region-record.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { CLIMATES } from "../lexicon/climates.ts";
import { SOILS } from "../lexicon/soils.ts";
import { choose } from "../variation.ts";
import { byProducer, capitalize, inflect, list, number } from "./grammar.ts";
import { type Origin, wineRef } from "./naming.ts";
import { praedikat, styleNoun, TERM_NAMES } from "./words.ts";

/** Designation systems written after the name on labels and in German wine writing ("Chianti Classico DOCG"). */
const WRITTEN_AFTER = new Set([
  "AOC",
  "DOCG",
  "DOC",
  "DOCa",
  "DO",
  "DOP",
  "IGP",
  "IGT",
  "DAC",
  "VQA",
  "AVA",
  "WO",
  "IG",
  "VR",
  "IP",
]);

/** The German climate adjectives with the ending for a neuter noun after "ein"/"das" (`ending`). */
function climate(id: keyof typeof CLIMATES, article: "indefinite" | "definite"): string {
  const stems = CLIMATES[id].de;
  const words = stems.map((s) => inflect(s, article, "nom", "n"));
  return CLIMATES[id].en.includes(",") ? words.join(", ") : words.join(" ");
}

/**
 * One sentence on the appellation, folded with the wine's name: its designation ("Er trägt die
 * Herkunftsbezeichnung Pauillac AOC"), its soils, or its climate and altitude; "" without a place record.
 */
export function placeSentence(p: WineProfile, o: Origin): string {
  const place = p.place;
  if (!place || o.countryOnly || p.category === "grape_spirit") return "";
  const ref = choose(p.seed, "place-ref", [wineRef(p, "acc"), "ihn"]);
  const options: string[] = [];
  const system = place.designation?.system;
  if (system && WRITTEN_AFTER.has(system) && place.kind === "appellation") {
    options.push(`Auf dem Etikett steht die geschützte Herkunft ${place.names.de || place.name} ${system}.`);
  }
  if (place.soils.length > 0) {
    const soils = list(place.soils.slice(0, 3).map((s) => SOILS[s as SoilId].de));
    options.push(
      choose(p.seed, "soil", [
        `Die Trauben für ${wineRef(p, "acc")} wachsen ${o.in} auf Böden aus ${soils}.`,
        `${capitalize(o.in)} stehen die Reben für ${wineRef(p, "acc")} auf ${soils}.`,
      ]),
    );
  }
  const altitude = place.features.find((f) => f.kind === "altitude");
  if (place.climate) {
    const height =
      altitude && altitude.kind === "altitude"
        ? `, die Weinberge liegen auf ${number(altitude.min)} bis ${number(altitude.max)} Metern Höhe`
        : "";
    options.push(`Das ${climate(place.climate, "definite")} Klima ${o.in} prägt ${ref}${height}.`);
  }
  if (place.features.some((f) => f.kind === "steep_slopes")) {
    options.push(`Die Trauben für ${wineRef(p, "acc")} stammen aus steilen Hanglagen ${o.in}.`);
  }
  return options.length > 0 ? choose(p.seed, "place-fact", options) : "";
}

/** What the strongest label term says about the wine; "" without one. */
export function labelSentence(p: WineProfile): string {
  if (p.category === "grape_spirit") return "";
  const t = p.terms;
  const country = p.facts.region.country.toUpperCase();
  const still = p.facts.subType === "still";
  if (!still && country === "ES" && styleNoun(p).noun.endsWith("Cava")) {
    if (t.includes("gran_reserva"))
      return "Als Cava Gran Reserva hat er mindestens 30 Monate auf der Hefe gereift.";
    if (t.includes("reserva")) return "Als Cava Reserva hat er mindestens 18 Monate auf der Hefe gereift.";
  }
  if (t.includes("gran_selezione"))
    return "Gran Selezione ist die oberste Qualitätsstufe des Chianti Classico.";
  if (t.includes("gran_reserva") && country === "ES" && still)
    return "Als Gran Reserva hat er die längste Reifezeit hinter sich, die das spanische Weinrecht kennt, im Holzfass und in der Flasche.";
  if (t.includes("reserva") && country === "ES" && still)
    return "Als Reserva ist er vor der Freigabe deutlich länger gereift als ein junger Wein, zum Teil im Holzfass.";
  if (t.includes("crianza") && still)
    return "Als Crianza hat er vor dem Verkauf mindestens sechs Monate im Holzfass und weitere Zeit in der Flasche verbracht.";
  if (t.includes("riserva"))
    return "Die Bezeichnung Riserva steht für eine längere Reifezeit, als sie die Regeln der Appellation für den einfachen Wein verlangen.";
  if (t.includes("grosses_gewachs"))
    return "Als Großes Gewächs ist er der trockene Spitzenwein aus einer Großen Lage nach der Klassifikation des VDP.";
  if (t.includes("eiswein"))
    return "Für Eiswein werden die Trauben gefroren gelesen und gepresst, so bleibt nur der konzentrierte Saft.";
  const pr = praedikat(p);
  if (pr) return `Er trägt das Prädikat ${TERM_NAMES[pr]}.`;
  if (t.includes("old_vines"))
    return choose(p.seed, "old-vines", [
      "Die Trauben stammen von alten Reben.",
      "Alte Reben liefern die Trauben für ihn.",
    ]);
  if (t.includes("single_vineyard")) return "Die Trauben stammen aus einer einzelnen Lage.";
  if (t.includes("classico")) return "Classico bezeichnet das historische Kerngebiet der Appellation.";
  if (t.includes("superiore"))
    return "Superiore steht für strengere Vorgaben als beim einfachen Wein der Appellation, etwa einen höheren Mindestalkohol.";
  return "";
}

/** What the wine's style means: how a Port category, a fino, a botrytis wine or a bottle-fermented sparkling wine is made. */
export function styleContext(p: WineProfile): string {
  if (p.category === "grape_spirit") return "";
  const noun = styleNoun(p).noun;
  switch (p.style.kind) {
    case "vintage_port":
      return "Vintage Port wird nach zwei bis drei Jahren im Fass abgefüllt und reift dann in der Flasche weiter.";
    case "lbv_port":
      return "Ein Late Bottled Vintage Port stammt aus einem einzigen Jahrgang und wird erst im vierten bis sechsten Jahr abgefüllt.";
    case "colheita_port":
      return "Ein Colheita ist ein Tawny aus einem einzigen Jahrgang, der mindestens sieben Jahre im Holzfass reift.";
    case "tawny_port":
      return choose(p.seed, "tawny", [
        "Ein Tawny reift lange im Holzfass und kommt trinkreif in den Handel.",
        "Seine Farbe und seine nussigen Töne verdankt ein Tawny der langen Reife im Holzfass.",
      ]);
    case "ruby_port":
      return "Ein Ruby reift nur kurz im großen Holzfass und wird jung abgefüllt, damit seine Frucht erhalten bleibt.";
    case "fino":
      return "Ein Fino reift unter einer Hefeschicht, dem Flor, die ihn vor Sauerstoff schützt und ihm seine Frische erhält.";
    case "botrytis":
      if (p.terms.includes("eiswein")) return "";
      return choose(p.seed, "botrytis", [
        "Die Edelfäule (Botrytis cinerea) konzentriert Zucker und Säure in den Beeren.",
        "Edelfaule Beeren, von Botrytis cinerea eingeschrumpft, geben ihm Süße und Konzentration.",
      ]);
    default:
      break;
  }
  const bottle = [
    "Champagner",
    "Rosé-Champagner",
    "Cava",
    "Rosé-Cava",
    "Crémant",
    "Rosé-Crémant",
    "Franciacorta",
  ];
  if (bottle.includes(noun)) {
    const base = noun.startsWith("Rosé-") ? noun.slice(5) : noun;
    return choose(p.seed, "bottle", [
      `Wie jeder ${base} hat er seine zweite Gärung in der Flasche erlebt.`,
      `${capitalize(wineRef(p, "nom"))} hat, wie jeder ${base}, seine zweite Gärung in der Flasche erlebt.`,
      `Die Perlage entsteht, wie bei jedem ${base}, durch eine zweite Gärung in der Flasche.`,
    ]);
  }
  if (p.style.kind === "sparkling_nv" && p.facts.vintage === null)
    return choose(p.seed, "nv", [
      `Ohne Jahrgangsangabe abgefüllt, zeigt er den Stil ${byProducer(p.facts.producerName).startsWith("von ") ? `des Hauses ${p.facts.producerName}` : "seines Hauses"}.`,
      `Als Schaumwein ohne Jahrgang steht er für den gleichbleibenden Stil ${byProducer(p.facts.producerName)}.`,
    ]);
  return "";
}
