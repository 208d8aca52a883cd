/** Region records (see ../region-record.ts): italy-iberia. Data table; sources per record. */
import type { RegionRecord } from "../region-record.ts";

export const REGIONS: readonly RegionRecord[] = [];
