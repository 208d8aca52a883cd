/**
 * Parts the region data files build their records from (see ../region-record.ts): names in four
 * languages, the grammar of a name from short specs, and features (rivers, seas, mountains …) with
 * their names per language. Shared so that a sea or a grammar pattern is written once.
 */
import type { RegionFeature, RegionRecord } from "../region-record.ts";

type Names = RegionRecord["names"];
type Grammar = RegionRecord["grammar"];
type Spec<A extends string, P extends string> = `${A | "-"} ${P | "-"}`;
type Article<L extends keyof Grammar> = NonNullable<Grammar[L]["article"]>;
type Prep<L extends keyof Grammar> = NonNullable<Grammar[L]["prep"]>;
type Classification = Extract<RegionFeature, { kind: "classification" }>["id"];
type Method = Extract<RegionFeature, { kind: "method" }>["id"];
type MountainRole = Extract<RegionFeature, { kind: "mountains" }>["role"];

/** Names in en, de, fr, it; a language not given takes the English name. */
export function n(en: string, de = en, fr = en, it = en): Names {
  return { de, en, fr, it };
}

/** One language's grammar from its spec, "<article> <prep>" with "-" for none. */
function part<L extends keyof Grammar>(spec: Spec<Article<L>, Prep<L>>): Grammar[L] {
  const [article, prep] = spec.split(" ") as [Article<L> | "-", Prep<L> | "-"];
  return {
    ...(article !== "-" ? { article } : {}),
    ...(prep !== "-" ? { prep } : {}),
  } as Grammar[L];
}

/**
 * The grammar of a name from one short spec per language, "<article> <prep>" with "-" for none:
 * en "the in" (in the Médoc), de "f an" (an der Mosel), fr "le dans" (dans le Médoc), it "la in".
 * `deDative` is the German name in place phrases when it differs (Dalmatinischen Küste).
 */
export function g(
  en: Spec<Article<"en">, Prep<"en">>,
  de: Spec<Article<"de">, Prep<"de">>,
  fr: Spec<Article<"fr">, Prep<"fr">>,
  it: Spec<Article<"it">, Prep<"it">>,
  deDative?: string,
): Grammar {
  return {
    en: part<"en">(en),
    de: { ...part<"de">(de), ...(deDative ? { dative: deDative } : {}) },
    fr: part<"fr">(fr),
    it: part<"it">(it),
  };
}

/** A town, village or commune: "in Pauillac", "in Pauillac", "à Pauillac", "a Pauillac". */
export const TOWN = g("- in", "- in", "- à", "- a");
/** A name that is a wine's, not a place's ("Barbera d'Alba", "Cava"): no article, no preposition. */
export const WINE = g("- -", "- -", "- -", "- -");

export const river = (en: string, de = en, fr = en, it = en): RegionFeature => ({
  kind: "river",
  name: n(en, de, fr, it),
});
export const sea = (en: string, de = en, fr = en, it = en): RegionFeature => ({
  kind: "sea",
  name: n(en, de, fr, it),
});
export const lake = (en: string, de = en, fr = en, it = en): RegionFeature => ({
  kind: "lake",
  name: n(en, de, fr, it),
});
export const wind = (en: string, de = en, fr = en, it = en): RegionFeature => ({
  kind: "wind",
  name: n(en, de, fr, it),
});
export const mountains = (role: MountainRole, en: string, de = en, fr = en, it = en): RegionFeature => ({
  kind: "mountains",
  name: n(en, de, fr, it),
  role,
});
/** Named sub-zones or villages (1–6 proper names). */
export const subregions = (...names: string[]): RegionFeature => ({ kind: "subregions", names });
/** Year the region was demarcated or its designation recognised. */
export const established = (year: number): RegionFeature => ({ kind: "established", year });
/** Year of inscription on the UNESCO World Heritage List. */
export const unesco = (year: number): RegionFeature => ({ kind: "unesco", year });
/** Vineyard altitude in metres above sea level. */
export const altitude = (min: number, max: number): RegionFeature => ({ kind: "altitude", min, max });
/** Vineyard area in hectares. */
export const area = (hectares: number): RegionFeature => ({ kind: "area", hectares });
export const method = (id: Method): RegionFeature => ({ kind: "method", id });
export const classification = (id: Classification): RegionFeature => ({ kind: "classification", id });
export const STEEP: RegionFeature = { kind: "steep_slopes" };
export const FOG: RegionFeature = { kind: "fog" };
export const FLOR: RegionFeature = { kind: "flor" };
export const DIURNAL: RegionFeature = { kind: "diurnal_range" };
export const BOTRYTIS: RegionFeature = { kind: "botrytis" };
export const TRADITIONAL = method("traditional");

export const ATLANTIC = sea("Atlantic Ocean", "Atlantik", "océan Atlantique", "oceano Atlantico");
export const MEDITERRANEAN = sea("Mediterranean Sea", "Mittelmeer", "mer Méditerranée", "mar Mediterraneo");
export const PACIFIC = sea("Pacific Ocean", "Pazifik", "océan Pacifique", "oceano Pacifico");

// ---- Features and grammar shared by several data files ----

/** An appellation that is not a place name of its own: "in Bordeaux Supérieur", "en Bordeaux Supérieur". */
export const LABEL = g("- in", "- in", "- en", "- in");
/** A plural "Côtes …"/"Costières …" appellation: "in the Côtes de Bourg", "dans les Costières de Nîmes". */
export const PLURAL = g("the in", "pl in", "les dans", "le in");
export const GIRONDE = river("Gironde", "Gironde", "Gironde", "Gironda");
export const GARONNE = river("Garonne", "Garonne", "Garonne", "Garonna");
export const DORDOGNE = river("Dordogne", "Dordogne", "Dordogne", "Dordogna");
export const RHONE = river("Rhône", "Rhone", "Rhône", "Rodano");
export const MISTRAL = wind("Mistral", "Mistral", "mistral", "maestrale");
export const LOIRE = river("Loire", "Loire", "Loire", "Loira");
export const RHINE = river("Rhine", "Rhein", "Rhin", "Reno");
export const MOSEL = river("Mosel", "Mosel", "Moselle", "Mosella");
export const TYRRHENIAN = sea("Tyrrhenian Sea", "Tyrrhenisches Meer", "mer Tyrrhénienne", "mar Tirreno");
export const TANARO = river("Tanaro");
export const LESSINI = mountains(
  "shelter",
  "Lessini Mountains",
  "Lessinische Berge",
  "monts Lessini",
  "Monti Lessini",
);
export const EBRO = river("Ebro", "Ebro", "Èbre", "Ebro");
export const DUERO = river("Duero", "Duero", "Douro", "Duero");
/** The Valpolicella varieties (disciplinari Valpolicella, Amarone and Recioto della Valpolicella, art. 2). */
export const VALPOLICELLA_GRAPES = ["Corvina", "Corvinone", "Rondinella", "Molinara"];

// ---- Parts of appellation rules (region-record.ts AppellationRulesSchema) shared by several appellations ----

/** Bordeaux red varieties of the Médoc communal AOCs (cahiers des charges Pauillac, Margaux, Saint-Julien, Saint-Estèphe, § V). */
export const MEDOC_RED_PERMITTED = [
  "Cabernet Sauvignon",
  "Cabernet Franc",
  "Merlot",
  "Petit Verdot",
  "Malbec",
  "Carmenère",
];
/** Bordeaux white varieties (cahiers des charges Bordeaux, Pessac-Léognan, Sauternes, § V). */
export const BORDEAUX_WHITE_PERMITTED = ["Sémillon", "Sauvignon Blanc", "Sauvignon Gris", "Muscadelle"];
/** The Valpolicella varieties (disciplinari Valpolicella, Amarone and Recioto della Valpolicella, art. 2). */
export const VALPOLICELLA_PERMITTED = [
  "Corvina",
  "Corvinone",
  "Rondinella",
  "Molinara",
  "Croatina",
  "Oseleta",
];
/** Moscato Bianco under its catalogue names (disciplinare Asti DOCG, art. 2). */
export const MOSCATO_BIANCO_NAMES = ["Muscat/Moscato Bianco", "Muscat/Moscato", "Muscat Blanc"];
/** The Port varieties most planted (IVDP; Oxford Companion, "port"). */
export const PORT_PERMITTED = [
  "Touriga Nacional",
  "Touriga Franca",
  "Tinta Roriz",
  "Tinta Barroca",
  "Tinto Cão",
  "Tinta Amarela",
  "Tinta Francisca",
  "Sousão",
  "Malvasia Fina",
  "Viosinho",
  "Rabigato",
  "Côdega de Larinho",
];
/** Tempranillo under its catalogue names. */
export const TEMPRANILLO_NAMES = ["Tempranillo", "Tinto Fino", "Tinta Roriz", "Aragonez"];
/** Garnacha under its catalogue names. */
export const GARNACHA_NAMES = ["Garnacha", "Garnacha Tinta", "Grenache"];
/** Spanish ageing terms for red wines (Ley 24/2003, art. 3, and the DOCa Rioja rules): crianza 2 years (1 in oak), reserva 3 (1 in oak), gran reserva 5 (2 in oak, counted from 1 October of the harvest year). */
export const SPANISH_AGEING = { crianza: 2, riserva: 3, gran_reserva: 5 } as const;
/** Still wine only. */
export const STILL: ["wine/still"] = ["wine/still"];
