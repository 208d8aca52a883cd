/**
 * Grape records: one language-free record per grape variety of the catalogue — the catalogue's key,
 * berry colour, the usual name in each language, the grammatical gender the name takes in each
 * language (Italian "la Corvina", "il Sangiovese"; French "le Chardonnay"), synonyms, typical aromas
 * young and with age, and how long its wines usually age. Data in ./grapes.data.ts, validated against
 * {@link GrapeRecordSchema} when first read.
 *
 * Sources: berry colour and synonyms, the Vitis International Variety Catalogue (VIVC, Julius
 * Kühn-Institut) and J. Robinson, J. Harding, J. Vouillamoz, "Wine Grapes" (2012); gender of variety
 * names, Duden (de), Le Petit Robert (fr), Treccani (it: varieties in -a such as Corvina, Barbera,
 * Garganega are feminine); aromas and ageing, OCW and Wine Folly, per record.
 */
import { type Static, Type } from "typebox";
import Value from "typebox/value";
import { fold } from "../../text-folding.ts";
import { AROMA_IDS } from "../aromas.ts";

const Localized = Type.Object({ de: Type.String(), en: Type.String(), fr: Type.String(), it: Type.String() });
const Aroma = Type.Enum(AROMA_IDS);
const Gender = Type.Union([Type.Literal("m"), Type.Literal("f"), Type.Literal("n")]);

/** One grape variety. */
export const GrapeRecordSchema = Type.Object({
  /** The catalogue's (X-Wines) spelling: the key. */
  name: Type.String({ minLength: 1 }),
  color: Type.Union([Type.Literal("red"), Type.Literal("white")]),
  /** The usual name in each language (Pinot Noir: de Spätburgunder, it Pinot Nero). */
  names: Localized,
  /** Gender of the name in each language (de Riesling m, Scheurebe f; fr m; it m, or f for -a names). */
  gender: Type.Object({ de: Gender, fr: Gender, it: Gender }),
  synonyms: Type.Array(Type.String()),
  /**
   * The name a country's labels and wine writing use when it differs from `names`, by ISO 3166-1
   * alpha-2 code: Syrah is "Shiraz" in Australia and South Africa (OCW "Shiraz"; Wine Grapes, 2012).
   */
  countryNames: Type.Optional(Type.Record(Type.String({ pattern: "^[A-Z]{2}$" }), Type.String())),
  /** Typical aromas of young wines; aromas that develop with age (may be empty when unknown). */
  aromas: Type.Array(Aroma, { maxItems: 6 }),
  aged: Type.Array(Aroma, { maxItems: 6 }),
  /** How long wines of the variety usually improve: long (10+ years), medium (3–10), short. */
  ageing: Type.Optional(Type.Union([Type.Literal("long"), Type.Literal("medium"), Type.Literal("short")])),
});
export type GrapeRecord = Static<typeof GrapeRecordSchema>;

/**
 * Checks `records` and indexes them by folded name and synonym (a name wins over another's synonym).
 * @throws Error naming the first invalid record, or a name given twice.
 */
export function indexGrapeRecords(records: readonly GrapeRecord[]): ReadonlyMap<string, GrapeRecord> {
  const index = new Map<string, GrapeRecord>();
  for (const record of records) {
    const name = (record as { name?: unknown }).name;
    if (!Value.Check(GrapeRecordSchema, record)) {
      const [error] = [...Value.Errors(GrapeRecordSchema, record)];
      throw new Error(
        `grape record "${String(name)}": ${error?.instancePath ?? ""} ${error?.message ?? "invalid"}`,
      );
    }
    const key = fold(record.name);
    if (index.has(key) && fold(index.get(key)?.name ?? "") === key)
      throw new Error(`grape record "${record.name}" is given twice`);
    index.set(key, record);
  }
  for (const record of records) {
    for (const synonym of record.synonyms) if (!index.has(fold(synonym))) index.set(fold(synonym), record);
  }
  return index;
}
