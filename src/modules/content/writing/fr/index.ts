/** The French writer (see ../writer.ts). */
import { legacyWriter } from "../legacy-writer.ts";
import type { Writer } from "../writer.ts";

/** French texts of wines, drinking periods and region insights. */
export const frenchWriter: Writer = legacyWriter("fr");
