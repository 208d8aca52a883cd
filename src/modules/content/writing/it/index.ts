/**
 * The Italian writer (see ../writer.ts): wine texts (./wine.ts, ./tasting.ts), drinking periods
 * (./drinking.ts) and region insights (./region.ts), built from the grammar of ./grammar.ts and the
 * place phrases of ./places.ts.
 */
import type { Writer } from "../writer.ts";
import { drinkingPeriod } from "./drinking.ts";
import { regionInsight } from "./region.ts";
import { pairing, tastingNotes } from "./tasting.ts";
import { description, descriptionLong } from "./wine.ts";

/** Italian texts of wines, drinking periods and region insights. */
export const italianWriter: Writer = {
  wineTexts: (p) => ({
    description: description(p),
    descriptionLong: descriptionLong(p),
    tastingNotes: tastingNotes(p),
    pairing: pairing(p),
  }),
  drinkingPeriod,
  regionInsight,
};
