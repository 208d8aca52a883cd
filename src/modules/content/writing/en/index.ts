/** The English writer (see ../writer.ts). */
import { legacyWriter } from "../legacy-writer.ts";
import type { Writer } from "../writer.ts";

/** English texts of wines, drinking periods and region insights. */
export const englishWriter: Writer = legacyWriter("en");
