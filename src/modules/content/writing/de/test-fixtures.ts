/**
 * Test support for the German writer's tests: region records with only what the texts read, and the
 * bundled catalogue's wines decided as profiles.
 */
import type { RegionRecord } from "../../../../domain/wine/regions/region-record.ts";

/** A record with only what place phrases read. */
export function place(
  name: string,
  de: RegionRecord["grammar"]["de"],
  extra: Partial<RegionRecord> = {},
): RegionRecord {
  return {
    name,
    country: "DE",
    kind: "appellation",
    names: { de: name, en: name, fr: name, it: name },
    grammar: { en: {}, de, fr: {}, it: {} },
    soils: [],
    features: [],
    grapes: [],
    styles: [],
    sources: ["test"],
    ...extra,
  };
}
