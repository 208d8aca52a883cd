/**
 * Region records (see ../region-record.ts): Italian, Spanish, German and US appellations, sub-zones and wine villages beyond the bundled catalogue's regions (Bolgheri, Rioja Alta, the Mosel villages, Howell Mountain …). Data table; sources per record.
 */
import type { RegionRecord } from "../region-record.ts";

export const REGIONS: readonly RegionRecord[] = [];
