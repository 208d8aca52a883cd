/**
 * The region records (data in ./data): every region of the bundled catalogue, one file per part of the
 * world, and the appellations, sub-zones and villages other sources and the appellation rules name
 * (france-appellations, villages-and-zones). Validated and indexed on first use: {@link regionRecord}
 * finds one by its English name or an alias.
 */
import { fold } from "../../text-folding.ts";
import { REGIONS as EUROPE_WEST } from "./data/europe-west.ts";
import { REGIONS as FRANCE_APPELLATIONS } from "./data/france-appellations.ts";
import { REGIONS as ITALY_IBERIA } from "./data/italy-iberia.ts";
import { REGIONS as NEW_WORLD } from "./data/new-world.ts";
import { REGIONS as VILLAGES_AND_ZONES } from "./data/villages-and-zones.ts";
import { indexRegionRecords, type RegionRecord } from "./region-record.ts";

let index: ReadonlyMap<string, RegionRecord> | undefined;

/** Every record, in data order. */
export const REGION_RECORDS: readonly RegionRecord[] = [
  ...EUROPE_WEST,
  ...ITALY_IBERIA,
  ...NEW_WORLD,
  ...FRANCE_APPELLATIONS,
  ...VILLAGES_AND_ZONES,
];

/**
 * The record of the region named `name` (English, as the catalogue writes it, or an alias; accents
 * and case ignored), or undefined.
 * @throws Error on the first call when a record is invalid (see indexRegionRecords).
 */
export function regionRecord(name: string): RegionRecord | undefined {
  index ??= indexRegionRecords(REGION_RECORDS);
  return index.get(fold(name));
}
