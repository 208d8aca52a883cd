/** The Italian writer (see ../writer.ts). */
import { legacyWriter } from "../legacy-writer.ts";
import type { Writer } from "../writer.ts";

/** Italian texts of wines, drinking periods and region insights. */
export const italianWriter: Writer = legacyWriter("it");
