/**
 * The German writer (see ../writer.ts): wine texts as a German wine merchant or sommelier writes them
 * (./wine.ts, ./tasting.ts, ./pairing.ts), drinking periods (./drinking.ts) and region insights
 * (./region.ts), built from parts with German grammar (./grammar.ts, ./naming.ts, ./words.ts).
 */
import type { Writer } from "../writer.ts";
import { drinkingPeriod } from "./drinking.ts";
import { pairing } from "./pairing.ts";
import { regionInsight } from "./region.ts";
import { tastingNotes } from "./tasting.ts";
import { description, descriptionLong } from "./wine.ts";

/** German texts of wines, drinking periods and region insights. */
export const germanWriter: Writer = {
  wineTexts: (p) => ({
    description: description(p),
    descriptionLong: descriptionLong(p),
    tastingNotes: tastingNotes(p),
    pairing: pairing(p),
  }),
  drinkingPeriod,
  regionInsight,
};
