/** Region records (see ../region-record.ts): europe-west. Data table; sources per record. */
import type { RegionRecord } from "../region-record.ts";

export const REGIONS: readonly RegionRecord[] = [];
