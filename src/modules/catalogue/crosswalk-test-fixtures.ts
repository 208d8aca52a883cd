/**
 * Builders the crosswalk's tests share: a catalogue wine as the crosswalk compares it, and source
 * records written the LWIN and the Open Food Facts way (every field not given blank).
 */
import type { Color } from "../../domain/vocabulary.ts";
import type { CrosswalkWine } from "./crosswalk.ts";
import type { SourceRecord } from "./source-record.ts";

export function wine(
  id: number,
  producerTitle: string | null,
  producerName: string,
  name: string,
  color: Color,
  region: string,
  subType: "still" | "sparkling" = "still",
  country = "FR",
): CrosswalkWine {
  return { id, producerTitle, producerName, name, color, type: "wine", subType, region, country };
}

/** A record with every field at its "unknown" value (also the crosswalk benches' starting point). */
export function blankRecord(source: SourceRecord["source"], key: string): SourceRecord {
  return {
    source,
    key,
    status: "live",
    combinedInto: null,
    producer: { name: "", title: null },
    wineName: "",
    color: null,
    type: "wine",
    subType: "still",
    country: null,
    region: null,
    appellation: null,
    classification: null,
    gtins: [],
    grapes: [],
    abv: null,
    vintage: null,
    fingerprint: "",
  };
}

/** An LWIN record (key 1000001) with `fields` given, the rest blank. */
export function record(fields: Partial<SourceRecord>): SourceRecord {
  return { ...blankRecord("lwin", "1000001"), ...fields };
}

export const lwin = (
  title: string | null,
  name: string,
  wineName: string,
  more: Partial<SourceRecord> = {},
) => record({ source: "lwin", producer: { name, title }, wineName, country: "FR", ...more });
export const off = (brand: string, productName: string, more: Partial<SourceRecord> = {}) =>
  record({
    source: "off",
    key: "03263280103567",
    producer: { name: brand, title: null },
    wineName: productName,
    ...more,
  });
