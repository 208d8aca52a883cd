/**
 * Region records: one language-free record per wine region or appellation of the catalogue — its
 * names and the grammar of those names in each language, its designation, where it lies, climate,
 * soils, the features that shape its wines, principal grape varieties and typical styles, and the
 * sources of all that. The texts (modules/content/writing/<lang>) say what a record holds; they never
 * decide it. Records are data, validated against {@link RegionRecordSchema} when first read
 * ({@link regionRecords} throws on an invalid record, and a test reads them all).
 *
 * Sources are named per record (`sources`): official specifications (INAO cahiers des charges, Italian
 * disciplinari, Spanish pliegos de condiciones, TTB 27 CFR part 9 for AVAs, the EU eAmbrosia register
 * of protected designations), regional wine boards, and The Oxford Companion to Wine (J. Robinson,
 * ed., 4th ed. 2015, "OCW") or The World Atlas of Wine (H. Johnson, J. Robinson, 8th ed. 2019, "WAW").
 */
import { type Static, Type } from "typebox";
import Value from "typebox/value";
import { fold } from "../../text-folding.ts";
import { COLORS, type Language, SUB_TYPES, WINE_TYPES } from "../../vocabulary.ts";

const Localized = Type.Object({ de: Type.String(), en: Type.String(), fr: Type.String(), it: Type.String() });

/** Broad climate classes (OCW "climate classification"): the writers name each in every language. */
export const CLIMATES = [
  "maritime",
  "cool_maritime",
  "continental",
  "cool_continental",
  "semi_continental",
  "mediterranean",
  "warm_dry",
  "semi_arid",
  "humid_subtropical",
] as const;
export type ClimateId = (typeof CLIMATES)[number];

/** Soil types (OCW "soil", "geology"); `llicorella`, `albariza`, `galestro`, `galets` are local names. */
export const SOILS = [
  "gravel",
  "clay",
  "limestone",
  "marl",
  "chalk",
  "kimmeridgian",
  "slate",
  "schist",
  "granite",
  "sand",
  "sandstone",
  "volcanic",
  "loess",
  "alluvial",
  "galets",
  "flint",
  "quartzite",
  "llicorella",
  "albariza",
  "galestro",
  "basalt",
  "gneiss",
  "greywacke",
  "pumice",
  "loam",
  "terra_rossa",
  "shale",
  "silt",
] as const;
export type SoilId = (typeof SOILS)[number];

/**
 * Typical styles of a region, language-free: still wines by colour and weight, sparkling by method,
 * sweet wines by how they are made, fortified wines by kind (OCW entries of the same names).
 */
export const REGION_STYLES = [
  "red_light",
  "red_medium",
  "red_full",
  "white_crisp",
  "white_aromatic",
  "white_rich",
  "rose",
  "orange",
  "sparkling_traditional",
  "sparkling_tank",
  "sweet_late_harvest",
  "sweet_botrytis",
  "sweet_icewine",
  "sweet_dried_grape",
  "fortified_port",
  "fortified_sherry",
  "fortified_madeira",
  "fortified_other",
  "grape_spirit",
] as const;
export type RegionStyle = (typeof REGION_STYLES)[number];

/** Protection systems a region's name can carry (EU PDO/PGI by their national names, AVA, GI …). */
export const DESIGNATIONS = [
  "AOC",
  "IGP",
  "DOCG",
  "DOC",
  "IGT",
  "DOCa",
  "DO",
  "VP",
  "DOP",
  "IG",
  "VR",
  "Anbaugebiet",
  "Bereich",
  "DAC",
  "PDO",
  "PGI",
  "AVA",
  "GI",
  "WO",
  "VQA",
  "IP",
  "DO-UY",
  "none",
] as const;

/**
 * A feature that shapes a region's wines, as data; each writer has one way (or a few) of saying each
 * kind. Proper names that differ between languages are `Localized` (the Rhine: Rhein, Rhin, Reno).
 */
export const RegionFeatureSchema = Type.Union([
  Type.Object({ kind: Type.Literal("river"), name: Localized }),
  Type.Object({ kind: Type.Literal("sea"), name: Localized }),
  Type.Object({ kind: Type.Literal("lake"), name: Localized }),
  Type.Object({
    kind: Type.Literal("mountains"),
    name: Localized,
    /** shelter: keeps off rain or cold wind; cooling: cool air down at night; rain_shadow: dry lee. */
    role: Type.Enum(["shelter", "cooling", "rain_shadow"]),
  }),
  /** Vineyard altitude in metres above sea level. */
  Type.Object({
    kind: Type.Literal("altitude"),
    min: Type.Integer({ minimum: -50 }),
    max: Type.Integer({ maximum: 3500 }),
  }),
  Type.Object({ kind: Type.Literal("diurnal_range") }),
  Type.Object({ kind: Type.Literal("fog") }),
  Type.Object({ kind: Type.Literal("wind"), name: Localized }),
  Type.Object({ kind: Type.Literal("steep_slopes") }),
  Type.Object({ kind: Type.Literal("botrytis") }),
  Type.Object({ kind: Type.Literal("flor") }),
  /** Year the region was first demarcated or its designation recognised. */
  Type.Object({ kind: Type.Literal("established"), year: Type.Integer({ minimum: 1000, maximum: 2030 }) }),
  /** Vineyard area in hectares (round figure, with its source in `sources`). */
  Type.Object({ kind: Type.Literal("area"), hectares: Type.Integer({ minimum: 1 }) }),
  Type.Object({
    kind: Type.Literal("classification"),
    id: Type.Enum([
      "medoc_1855",
      "sauternes_1855",
      "saint_emilion",
      "graves_1953",
      "burgundy_crus",
      "champagne_crus",
      "vdp",
      "alsace_grand_cru",
      "douro_vineyards",
      "tokaj_1737",
    ]),
  }),
  Type.Object({
    kind: Type.Literal("method"),
    id: Type.Enum(["traditional", "tank", "solera", "appassimento", "ripasso"]),
  }),
  Type.Object({ kind: Type.Literal("unesco"), year: Type.Integer({ minimum: 1978, maximum: 2030 }) }),
  /** Named sub-zones or villages (proper names, written the same in every language). */
  Type.Object({
    kind: Type.Literal("subregions"),
    names: Type.Array(Type.String(), { minItems: 1, maxItems: 6 }),
  }),
]);
export type RegionFeature = Static<typeof RegionFeatureSchema>;

/** Wine kinds as "type/sub-type" (vocabulary.ts): "wine/still", "fortified/still", "wine/sparkling" … */
const WINE_KINDS = WINE_TYPES.flatMap((type) => SUB_TYPES.map((sub) => `${type}/${sub}` as const));
/** Years after the harvest, 0–20. */
const Years = Type.Integer({ minimum: 0, maximum: 20 });

/**
 * What an appellation's rules permit, as its specification states them: colours (§ III "Couleur et types
 * de produit" of a cahier des charges, art. 1 of a disciplinare), grape varieties (§ V "Encépagement",
 * art. 2 "base ampelografica"; principal varieties only, by the catalogue's names, most important
 * first), wine kinds, and the earliest release by ageing level in calendar years after the harvest
 * (§ IX, the article on "immissione al consumo"; Ley 24/2003 art. 3 for crianza, reserva, gran
 * reserva). `source` names the document. New World GIs set no such rules and have none.
 */
export const AppellationRulesSchema = Type.Object({
  colors: Type.Array(Type.Enum(COLORS), { minItems: 1 }),
  grapes: Type.Array(Type.String(), { minItems: 1 }),
  /** Permitted kinds; all when absent. */
  kinds: Type.Optional(Type.Array(Type.Enum(WINE_KINDS), { minItems: 1 })),
  /**
   * Earliest release by ageing level ("standard" when the label carries no term; crianza, riserva —
   * Riserva/Reserva —, gran_reserva — Gran Reserva, Gran Selezione —, vintage — vintage sparkling or
   * Vintage Port —, lbv, colheita): Brunello di Montalcino `{ standard: 5 }` — a 2018 may be sold from
   * 1 January 2023. A level without an entry falls back to `standard`.
   */
  release: Type.Optional(
    Type.Object({
      standard: Type.Optional(Years),
      crianza: Type.Optional(Years),
      riserva: Type.Optional(Years),
      gran_reserva: Type.Optional(Years),
      vintage: Type.Optional(Years),
      lbv: Type.Optional(Years),
      colheita: Type.Optional(Years),
    }),
  ),
  /** The typical styles in a few English words, as the source describes them (the English writer quotes them). */
  styles: Type.String({ minLength: 3 }),
  /** The specification the rules come from, with its sections. */
  source: Type.String({ minLength: 3 }),
});
export type AppellationRules = Static<typeof AppellationRulesSchema>;

/** How a name is used in a place phrase in one language. */
const Grammar = Type.Object({
  en: Type.Object({
    article: Type.Optional(Type.Enum(["the"])),
    prep: Type.Optional(Type.Enum(["in", "on", "at"])),
  }),
  de: Type.Object({
    /** Gender or number of the name's article: der (m), die (f), das (n), die (pl); none when absent. */
    article: Type.Optional(Type.Enum(["m", "f", "n", "pl"])),
    /**
     * "an" for places on a lake, river or coast ("am Bielersee", "vom Bielersee"); "auf" for islands and
     * peninsulas ("auf Sizilien", "auf der Krim"); "in" otherwise.
     */
    prep: Type.Optional(Type.Enum(["in", "an", "auf"])),
    /** The name in place phrases when it differs there (dative "Dalmatinischen Küste"). */
    dative: Type.Optional(Type.String()),
  }),
  fr: Type.Object({
    article: Type.Optional(Type.Enum(["le", "la", "l'", "les"])),
    /** "en Champagne", "à Pauillac", "dans le Médoc", "sur l'Etna" (Grevisse § 1051). */
    prep: Type.Optional(Type.Enum(["en", "à", "dans", "sur"])),
  }),
  it: Type.Object({
    article: Type.Optional(Type.Enum(["il", "lo", "la", "l'", "i", "gli", "le"])),
    /** "in Toscana", "a Valdepeñas", "nelle Langhe" (with the article), "sull'Etna". */
    prep: Type.Optional(Type.Enum(["in", "a", "su"])),
  }),
});

/** One region or appellation. */
export const RegionRecordSchema = Type.Object({
  /** The English name as the catalogue (X-Wines) writes it; the record's key. */
  name: Type.String({ minLength: 1 }),
  /** Other names of the same place in the catalogue or its sources (LWIN, Open Food Facts). */
  aliases: Type.Optional(Type.Array(Type.String())),
  /** ISO 3166-1 alpha-2. */
  country: Type.String({ pattern: "^[A-Z]{2}$" }),
  /**
   * appellation: a protected name with rules; region: a wine region or state without its own rules
   * beyond a GI; national: a country-wide category (Vin de France, Vino d'Italia); style: a name that
   * is a wine style, not a place (Fino Sherry) — never written as a place; `place` says where it comes from.
   */
  kind: Type.Enum(["appellation", "region", "national", "style"]),
  /** For kind `style`, or a region standing for a larger place: the English name of the place. */
  place: Type.Optional(Type.String()),
  /** The English name of the region it lies in (one level up), when that matters to a reader. */
  within: Type.Optional(Type.String()),
  designation: Type.Optional(
    Type.Object({ system: Type.Enum(DESIGNATIONS), since: Type.Optional(Type.Integer()) }),
  ),
  names: Localized,
  grammar: Grammar,
  climate: Type.Optional(Type.Enum(CLIMATES)),
  soils: Type.Array(Type.Enum(SOILS), { maxItems: 4 }),
  features: Type.Array(RegionFeatureSchema, { maxItems: 8 }),
  /** Principal grape varieties, most important first, by the catalogue's names. */
  grapes: Type.Array(Type.String(), { maxItems: 8 }),
  styles: Type.Array(Type.Enum(REGION_STYLES), { maxItems: 5 }),
  /** The appellation's rules, where its specification sets colours and varieties. */
  rules: Type.Optional(AppellationRulesSchema),
  /** Where each fact comes from: document or book with the entry. At least one. */
  sources: Type.Array(Type.String({ minLength: 3 }), { minItems: 1 }),
});
export type RegionRecord = Static<typeof RegionRecordSchema>;

/** The grammar of a record's name in one language. */
export type RegionGrammar<L extends Language> = RegionRecord["grammar"][L];

/**
 * Checks `records` against the schema and indexes them by folded name and alias.
 * @throws Error naming the first invalid record and what is wrong with it, or a name given twice.
 */
export function indexRegionRecords(records: readonly RegionRecord[]): ReadonlyMap<string, RegionRecord> {
  const index = new Map<string, RegionRecord>();
  for (const record of records) {
    const name = (record as { name?: unknown }).name;
    if (!Value.Check(RegionRecordSchema, record)) {
      const [error] = [...Value.Errors(RegionRecordSchema, record)];
      throw new Error(
        `region record "${String(name)}": ${error?.instancePath ?? ""} ${error?.message ?? "invalid"}`,
      );
    }
    for (const name of [record.name, ...(record.aliases ?? [])]) {
      const key = fold(name);
      if (index.has(key))
        throw new Error(`region record "${record.name}": the name "${name}" is given twice`);
      index.set(key, record);
    }
  }
  return index;
}
