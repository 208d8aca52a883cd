/**
 * The French writer (see ../writer.ts): wine pages, drinking periods and region insights written as a
 * French caviste would, built from parts (grammar.ts: elision and contraction; places.ts and
 * origin.ts: place phrases from the region records' grammar; words.ts and style.ts: the wine's name
 * and style noun with agreement; wine.ts, labels.ts, tasting.ts, drinking.ts, region.ts: the texts).
 */
import type { Writer } from "../writer.ts";
import { drinkingPeriod } from "./drinking.ts";
import { wineParts } from "./parts.ts";
import { regionInsight } from "./region.ts";
import { pairing, tastingNotes } from "./tasting.ts";
import { description, descriptionLong } from "./wine.ts";

/** French texts of wines, drinking periods and region insights. */
export const frenchWriter: Writer = {
  wineTexts(profile) {
    const w = wineParts(profile);
    return {
      description: description(w),
      descriptionLong: descriptionLong(w),
      tastingNotes: tastingNotes(w),
      pairing: pairing(w),
    };
  },
  drinkingPeriod: (profile) => drinkingPeriod(wineParts(profile)),
  regionInsight,
};
