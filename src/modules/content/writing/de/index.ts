/** The German writer (see ../writer.ts). */
import { legacyWriter } from "../legacy-writer.ts";
import type { Writer } from "../writer.ts";

/** German texts of wines, drinking periods and region insights. */
export const germanWriter: Writer = legacyWriter("de");
