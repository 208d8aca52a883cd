/** Region records (see ../region-record.ts): new-world. Data table; sources per record. */
import type { RegionRecord } from "../region-record.ts";

export const REGIONS: readonly RegionRecord[] = [];
