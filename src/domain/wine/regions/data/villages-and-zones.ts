/**
 * Region records (see ../region-record.ts): Italian, Spanish, German and US appellations, sub-zones and wine villages beyond the bundled catalogue's regions (Bolgheri, Rioja Alta, the Mosel villages, Howell Mountain …). Data table; sources per record.
 *
 * Designation years follow the conventions of the other data files: Italian DOC/DOCG and Spanish DO,
 * the first decree of that designation; AVAs, the effective date of the TTB rule (27 CFR part 9,
 * section named in `sources`, cross-checked with the UC Davis Library AVA digitizing project). A year,
 * soil or feature is left out where the sources do not state it plainly.
 *
 * German villages (Gemeinden) carry no designation of their own: their names are used on labels with
 * the vineyard (Piesporter Goldtröpfchen) but are no Bereich; where a Bereich bears the same name
 * (Bernkastel, Johannisberg, Nierstein) it covers far more than the village, so the village record
 * does not take it. The Saar and the Ruwer are river valleys that coincide with the Bereiche Saar and
 * Ruwertal: those two records are Bereiche. The Rioja zones (Rioja Alta, Rioja Alavesa, Rioja Oriental,
 * formerly Rioja Baja) are sub-zones of the DOCa named on labels, with no rules of their own.
 */
import type { RegionRecord } from "../region-record.ts";
import {
  g,
  lake,
  method,
  mountains,
  n,
  river,
  STEEP,
  STILL,
  sea,
  subregions,
  TOWN,
  TRADITIONAL,
  VALPOLICELLA_PERMITTED,
  WINE,
} from "./record-parts.ts";

const TYRRHENIAN = sea("Tyrrhenian Sea", "Tyrrhenisches Meer", "mer Tyrrhénienne", "mar Tirreno");
const TANARO = river("Tanaro");
const LESSINI = mountains(
  "shelter",
  "Lessini Mountains",
  "Lessinische Berge",
  "monts Lessini",
  "Monti Lessini",
);
const ISEO = lake("Lake Iseo", "Iseosee", "lac d'Iseo", "lago d'Iseo");
const EBRO = river("Ebro", "Ebro", "Èbre", "Ebro");
const DUERO = river("Duero", "Duero", "Douro", "Duero");
const MOSEL = river("Mosel", "Mosel", "Moselle", "Mosella");
const SAAR = river("Saar", "Saar", "Sarre", "Saar");
const RUWER = river("Ruwer");
const RHINE = river("Rhine", "Rhein", "Rhin", "Reno");
const MAIN = river("Main", "Main", "Main", "Meno");
const HAARDT = mountains("rain_shadow", "Haardt");

/** The Valpolicella varieties (disciplinari Valpolicella, Amarone and Recioto della Valpolicella, art. 2). */
const VALPOLICELLA_GRAPES = ["Corvina", "Corvinone", "Rondinella", "Molinara"];
/** The Rioja varieties most planted (pliego de condiciones DOCa Rioja; Mazuelo is Carignan, Viura Macabeo). */
const RIOJA_GRAPES = ["Tempranillo", "Garnacha", "Graciano", "Carignan/Cariñena", "Macabeo"];

/** A German river valley named after its river: "in the Saar", "an der Saar", "nella Saar". */
const VALLEY_DE = (fr: "la en" | "la dans") => g("the in", "f an", fr, "la in");
/** A Rioja zone: "in Rioja Alta", "in der Rioja Alta", "dans la Rioja Alta", "nella Rioja Alta". */
const RIOJA_ZONE = g("- in", "f in", "la dans", "la in");

/** A Middle Mosel village on steep slate above the river, making Riesling. */
function moselVillage(
  name: string,
  aliases?: string[],
  soils: RegionRecord["soils"] = ["slate"],
): RegionRecord {
  return {
    name,
    ...(aliases ? { aliases } : {}),
    country: "DE",
    kind: "region",
    within: "Mosel",
    names: n(name),
    grammar: TOWN,
    climate: "cool_continental",
    soils,
    features: [MOSEL, STEEP],
    grapes: ["Riesling"],
    styles: ["white_crisp", "sweet_late_harvest"],
    sources: ["OCW 'Mosel'", "WAW 'Middle Mosel'"],
  };
}

const ITALY: RegionRecord[] = [
  {
    name: "Bolgheri",
    country: "IT",
    kind: "appellation",
    within: "Toscana",
    designation: { system: "DOC", since: 1983 },
    names: n("Bolgheri"),
    grammar: TOWN,
    climate: "mediterranean",
    soils: ["clay", "sand", "gravel"],
    features: [TYRRHENIAN, subregions("Bolgheri Sassicaia")],
    grapes: [
      "Cabernet Sauvignon",
      "Merlot",
      "Cabernet Franc",
      "Syrah/Shiraz",
      "Vermentino",
      "Sauvignon Blanc",
    ],
    styles: ["red_full", "white_crisp", "rose"],
    sources: ["Disciplinare di produzione DOC Bolgheri, art. 1–2", "OCW 'Bolgheri'"],
  },
  {
    name: "Bolgheri Sassicaia",
    aliases: ["Sassicaia"],
    country: "IT",
    kind: "appellation",
    within: "Bolgheri",
    designation: { system: "DOC", since: 2013 },
    names: n("Bolgheri Sassicaia"),
    grammar: WINE,
    climate: "mediterranean",
    soils: [],
    features: [TYRRHENIAN],
    grapes: ["Cabernet Sauvignon", "Cabernet Franc"],
    styles: ["red_full"],
    sources: ["Disciplinare di produzione DOC Bolgheri Sassicaia, art. 1–2", "OCW 'Bolgheri'"],
  },
  {
    name: "Vino Nobile di Montepulciano",
    aliases: ["Vino Nobile", "Nobile di Montepulciano"],
    country: "IT",
    kind: "appellation",
    within: "Toscana",
    designation: { system: "DOCG", since: 1980 },
    names: n("Vino Nobile di Montepulciano"),
    grammar: WINE,
    climate: "mediterranean",
    soils: ["clay", "sand"],
    features: [],
    grapes: ["Sangiovese", "Canaiolo Nero"],
    styles: ["red_medium", "red_full"],
    rules: {
      colors: ["red"],
      grapes: ["Sangiovese", "Canaiolo Nero", "Merlot", "Cabernet Sauvignon"],
      kinds: STILL,
      release: { standard: 3, riserva: 4 },
      styles: "Sangiovese-led reds for ageing",
      source:
        "DOCG Vino Nobile di Montepulciano, disciplinare: red; Sangiovese at least 70 %; 2 years of ageing from 1 January after the harvest (Riserva 3).",
    },
    sources: [
      "Disciplinare di produzione DOCG Vino Nobile di Montepulciano, art. 1–2",
      "OCW 'Vino Nobile di Montepulciano'",
    ],
  },
  {
    name: "Roero",
    country: "IT",
    kind: "appellation",
    within: "Piemonte",
    designation: { system: "DOCG", since: 2004 },
    names: n("Roero"),
    grammar: g("the in", "n in", "le dans", "il in"),
    climate: "continental",
    soils: ["sand", "marl"],
    features: [TANARO],
    // Arneis, Roero's white variety, has no grape record of the catalogue yet.
    grapes: ["Nebbiolo"],
    styles: ["red_medium", "white_crisp"],
    sources: ["Disciplinare di produzione DOCG Roero, art. 1–2", "OCW 'Roero'"],
  },
  {
    name: "Soave",
    country: "IT",
    kind: "appellation",
    within: "Veneto",
    designation: { system: "DOC", since: 1968 },
    names: n("Soave"),
    grammar: TOWN,
    soils: ["volcanic", "limestone"],
    features: [LESSINI, subregions("Soave Classico")],
    // Garganega, the principal variety, has no grape record of the catalogue yet.
    grapes: [],
    styles: ["white_crisp"],
    sources: ["Disciplinare di produzione DOC Soave, art. 1–3", "OCW 'Soave'"],
  },
  {
    name: "Recioto della Valpolicella",
    country: "IT",
    kind: "appellation",
    within: "Valpolicella",
    designation: { system: "DOCG", since: 2010 },
    names: n("Recioto della Valpolicella"),
    grammar: WINE,
    climate: "semi_continental",
    soils: [],
    features: [method("appassimento"), LESSINI],
    grapes: VALPOLICELLA_GRAPES,
    styles: ["sweet_dried_grape"],
    rules: {
      colors: ["red"],
      grapes: VALPOLICELLA_PERMITTED,
      kinds: ["dessert/still", "dessert/sparkling", "wine/still"],
      styles: "sweet red from dried grapes",
      source:
        "DOCG Recioto della Valpolicella, disciplinare, art. 1–2: sweet red from dried grapes, still or spumante, same varieties as Amarone.",
    },
    sources: ["Disciplinare di produzione DOCG Recioto della Valpolicella, art. 1–2 and 5", "OCW 'Recioto'"],
  },
  {
    name: "Franciacorta",
    country: "IT",
    kind: "appellation",
    within: "Lombardia",
    designation: { system: "DOCG", since: 1995 },
    names: n("Franciacorta"),
    grammar: g("- in", "f in", "la en", "- in"),
    soils: ["gravel", "sand"],
    features: [TRADITIONAL, ISEO],
    // Erbamat, admitted since 2017, has no grape record of the catalogue yet.
    grapes: ["Chardonnay", "Pinot Nero", "Pinot Blanc"],
    styles: ["sparkling_traditional"],
    rules: {
      colors: ["white", "rose"],
      grapes: ["Chardonnay", "Pinot Nero", "Pinot Noir", "Pinot Blanc"],
      kinds: ["wine/sparkling"],
      release: { standard: 2, vintage: 3, riserva: 6 },
      styles: "traditional-method sparkling",
      source:
        "DOCG Franciacorta, disciplinare, art. 2: white and rosé sparkling; Chardonnay, Pinot Nero, Pinot Bianco (up to 50 %), Erbamat (up to 10 %); art. 6: 18 months on the lees (release from 25 months after the harvest), millesimato 30 months (37 months), riserva 60 months.",
    },
    sources: ["Disciplinare di produzione DOCG Franciacorta, art. 1–2", "OCW 'Franciacorta'"],
  },
  {
    name: "Taurasi",
    country: "IT",
    kind: "appellation",
    within: "Campania",
    designation: { system: "DOCG", since: 1993 },
    names: n("Taurasi"),
    grammar: TOWN,
    soils: ["volcanic", "clay", "limestone"],
    features: [],
    grapes: ["Aglianico"],
    styles: ["red_full"],
    rules: {
      colors: ["red"],
      grapes: ["Aglianico"],
      kinds: STILL,
      release: { standard: 3, riserva: 4 },
      styles: "tannic Aglianico for ageing",
      source: "DOCG Taurasi, disciplinare: red; Aglianico at least 85 %; 3 years of ageing (Riserva 4).",
    },
    sources: ["Disciplinare di produzione DOCG Taurasi, art. 1–2", "OCW 'Taurasi'", "OCW 'Aglianico'"],
  },
];

const SPAIN: RegionRecord[] = [
  {
    name: "Rioja Alta",
    country: "ES",
    kind: "region",
    within: "Rioja",
    names: n("Rioja Alta"),
    grammar: RIOJA_ZONE,
    climate: "continental",
    soils: ["clay", "limestone", "alluvial"],
    features: [EBRO, subregions("Haro", "Briones", "Cenicero", "Fuenmayor")],
    grapes: RIOJA_GRAPES,
    styles: ["red_medium", "red_full", "white_crisp", "rose"],
    sources: ["Pliego de condiciones DOCa Rioja (zonas)", "OCW 'Rioja'", "WAW 'Rioja'"],
  },
  {
    name: "Rioja Alavesa",
    country: "ES",
    kind: "region",
    within: "Rioja",
    names: n("Rioja Alavesa"),
    grammar: RIOJA_ZONE,
    climate: "continental",
    soils: ["limestone", "clay"],
    features: [
      EBRO,
      mountains("shelter", "Sierra de Cantabria"),
      subregions("Laguardia", "Labastida", "Elciego", "Lanciego"),
    ],
    grapes: RIOJA_GRAPES,
    styles: ["red_light", "red_medium", "red_full", "white_crisp"],
    sources: ["Pliego de condiciones DOCa Rioja (zonas)", "OCW 'Rioja'", "WAW 'Rioja'"],
  },
  {
    name: "Rioja Oriental",
    aliases: ["Rioja Baja"],
    country: "ES",
    kind: "region",
    within: "Rioja",
    names: n("Rioja Oriental"),
    grammar: RIOJA_ZONE,
    soils: ["alluvial", "clay"],
    features: [EBRO, subregions("Alfaro", "Aldeanueva de Ebro", "Calahorra")],
    grapes: ["Garnacha", "Tempranillo", "Graciano", "Carignan/Cariñena"],
    styles: ["red_medium", "rose"],
    sources: ["Pliego de condiciones DOCa Rioja (zonas)", "OCW 'Rioja'", "WAW 'Rioja'"],
  },
  {
    name: "Toro",
    country: "ES",
    kind: "appellation",
    within: "Castilla y León",
    designation: { system: "DO", since: 1987 },
    names: n("Toro"),
    grammar: TOWN,
    climate: "continental",
    soils: ["sand", "clay"],
    features: [DUERO],
    // Tinta de Toro is the local Tempranillo; the white Malvasía of Toro is Malvasía Castellana, no Malvasia.
    grapes: ["Tempranillo", "Garnacha", "Verdejo"],
    styles: ["red_full"],
    sources: ["Pliego de condiciones DOP Toro", "OCW 'Toro'"],
  },
];

const GERMANY: RegionRecord[] = [
  moselVillage("Bernkastel-Kues", ["Bernkastel"]),
  moselVillage("Piesport"),
  moselVillage("Wehlen"),
  moselVillage("Graach"),
  // Ürziger Würzgarten: red volcanic and sandstone soil among the slate.
  moselVillage("Ürzig", undefined, ["slate", "sandstone", "volcanic"]),
  moselVillage("Erden"),
  moselVillage("Zeltingen", ["Zeltingen-Rachtig"]),
  moselVillage("Trittenheim"),
  {
    name: "Saar",
    country: "DE",
    kind: "region",
    within: "Mosel",
    designation: { system: "Bereich" },
    names: n("Saar", "Saar", "Sarre", "Saar"),
    grammar: VALLEY_DE("la en"),
    climate: "cool_continental",
    soils: ["slate"],
    features: [SAAR, STEEP, subregions("Wiltingen", "Ockfen", "Ayl", "Kanzem", "Serrig", "Saarburg")],
    grapes: ["Riesling"],
    styles: ["white_crisp", "sweet_late_harvest"],
    sources: ["OCW 'Saar'", "OCW 'Mosel'"],
  },
  {
    name: "Ruwer",
    aliases: ["Ruwertal"],
    country: "DE",
    kind: "region",
    within: "Mosel",
    designation: { system: "Bereich" },
    names: n("Ruwer"),
    grammar: VALLEY_DE("la dans"),
    climate: "cool_continental",
    soils: ["slate"],
    features: [RUWER, STEEP, subregions("Kasel", "Mertesdorf", "Waldrach", "Eitelsbach")],
    grapes: ["Riesling"],
    styles: ["white_crisp", "sweet_late_harvest"],
    sources: ["OCW 'Ruwer'", "OCW 'Mosel'"],
  },
  {
    name: "Wiltingen",
    country: "DE",
    kind: "region",
    within: "Mosel",
    names: n("Wiltingen"),
    grammar: TOWN,
    climate: "cool_continental",
    soils: ["slate"],
    features: [SAAR, STEEP],
    grapes: ["Riesling"],
    styles: ["white_crisp", "sweet_late_harvest"],
    sources: ["OCW 'Saar'", "OCW 'Mosel'"],
  },
  {
    name: "Rüdesheim",
    aliases: ["Rüdesheim am Rhein"],
    country: "DE",
    kind: "region",
    within: "Rheingau",
    names: n("Rüdesheim"),
    grammar: TOWN,
    climate: "cool_continental",
    soils: ["slate", "quartzite"],
    features: [RHINE, STEEP],
    grapes: ["Riesling"],
    styles: ["white_crisp", "sweet_late_harvest"],
    sources: ["OCW 'Rheingau'", "WAW 'Rheingau'"],
  },
  {
    name: "Johannisberg",
    country: "DE",
    kind: "region",
    within: "Rheingau",
    names: n("Johannisberg"),
    grammar: TOWN,
    climate: "cool_continental",
    soils: ["quartzite", "loess"],
    features: [RHINE],
    grapes: ["Riesling"],
    styles: ["white_crisp", "sweet_late_harvest", "sweet_botrytis"],
    sources: ["OCW 'Rheingau'", "WAW 'Rheingau'"],
  },
  {
    name: "Hochheim",
    aliases: ["Hochheim am Main"],
    country: "DE",
    kind: "region",
    within: "Rheingau",
    names: n("Hochheim"),
    grammar: TOWN,
    climate: "cool_continental",
    soils: ["loess", "marl"],
    features: [MAIN],
    grapes: ["Riesling"],
    styles: ["white_crisp"],
    sources: ["OCW 'Rheingau'", "WAW 'Rheingau'"],
  },
  {
    name: "Forst",
    aliases: ["Forst an der Weinstraße"],
    country: "DE",
    kind: "region",
    within: "Pfalz",
    names: n("Forst"),
    grammar: TOWN,
    climate: "semi_continental",
    soils: ["basalt", "sandstone", "limestone"],
    features: [HAARDT],
    grapes: ["Riesling"],
    styles: ["white_crisp", "white_rich"],
    sources: ["OCW 'Pfalz'", "WAW 'Pfalz'"],
  },
  {
    name: "Deidesheim",
    country: "DE",
    kind: "region",
    within: "Pfalz",
    names: n("Deidesheim"),
    grammar: TOWN,
    climate: "semi_continental",
    soils: ["sandstone", "limestone", "loam"],
    features: [HAARDT],
    grapes: ["Riesling"],
    styles: ["white_crisp", "white_rich"],
    sources: ["OCW 'Pfalz'", "WAW 'Pfalz'"],
  },
  {
    name: "Nierstein",
    country: "DE",
    kind: "region",
    within: "Rheinhessen",
    names: n("Nierstein"),
    grammar: TOWN,
    climate: "semi_continental",
    // The red slate (Rotliegend) of the Roter Hang above the Rhine.
    soils: ["slate"],
    features: [RHINE, subregions("Roter Hang")],
    grapes: ["Riesling", "Silvaner/Sylvaner"],
    styles: ["white_crisp", "white_rich"],
    sources: ["OCW 'Rheinhessen'", "WAW 'Rheinhessen'"],
  },
];

const USA: RegionRecord[] = [
  {
    // The AVA lies above the 1,400-foot contour of Howell Mountain (27 CFR 9.94).
    name: "Howell Mountain",
    country: "US",
    kind: "appellation",
    within: "Napa Valley",
    designation: { system: "AVA", since: 1984 },
    names: n("Howell Mountain"),
    grammar: g("- on", "m an", "le sur", "il su"),
    climate: "mediterranean",
    soils: ["volcanic"],
    features: [],
    grapes: ["Cabernet Sauvignon", "Merlot", "Zinfandel", "Cabernet Franc"],
    styles: ["red_full"],
    sources: ["TTB 27 CFR 9.94 (Howell Mountain)", "OCW 'Napa Valley'", "WAW 'Napa Valley'"],
  },
];

export const REGIONS: readonly RegionRecord[] = [...ITALY, ...SPAIN, ...GERMANY, ...USA];
