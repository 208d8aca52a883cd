/**
 * The English writer (see ../writer.ts): wine texts (./wine.ts, ./tasting.ts, ./pairing.ts), drinking
 * periods (./drinking.ts) and region insights (./region.ts), built from a profile's parts with the
 * grammar of ./grammar.ts and the words of ./words.ts and ../lexicon.
 */
import type { Writer } from "../writer.ts";
import { wineContext } from "./context.ts";
import { drinkingPeriod } from "./drinking.ts";
import { pairing } from "./pairing.ts";
import { regionInsight } from "./region.ts";
import { tastingNotes } from "./tasting.ts";
import { description, descriptionLong } from "./wine.ts";

/** English texts of wines, drinking periods and region insights. */
export const englishWriter: Writer = {
  wineTexts(profile) {
    const c = wineContext(profile);
    const short = description(c);
    return {
      description: short,
      descriptionLong: descriptionLong(c, short),
      tastingNotes: tastingNotes(c),
      pairing: pairing(c),
    };
  },
  drinkingPeriod: (profile) => drinkingPeriod(wineContext(profile)),
  regionInsight,
};
