/**
 * The templates of the first offline generator (../generators) behind the Writer interface, for a
 * language whose writer is not yet written; removed when all four are.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import { buildDrinkingPeriod } from "../generators/drinking-texts.ts";
import { buildRegionInsight } from "../generators/region-insight.ts";
import { buildWineTexts } from "../generators/wine-texts.ts";
import type { Writer } from "./writer.ts";

/** The first generator's texts in `lang`. */
export function legacyWriter(lang: Language): Writer {
  return {
    wineTexts: (p) => buildWineTexts({ ...p.facts, foods: p.foods }, lang),
    drinkingPeriod: (p) => buildDrinkingPeriod(p.facts, lang),
    regionInsight: (p) => buildRegionInsight(p.facts, lang),
  };
}
