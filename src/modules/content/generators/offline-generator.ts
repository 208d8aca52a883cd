/**
 * The offline content generator: deterministic, template-based texts in de/en/fr/it built only from
 * catalogue facts (no network, no model). Same facts and language → same output.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import { pairingFoods } from "../../../domain/wine/tasting-and-serving.ts";
import type { RegionFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import { withStyleVintage } from "../../../domain/wine/wine-style.ts";
import type {
  ContentGenerator,
  DrinkingPeriodContent,
  RegionInsightContent,
  WineTexts,
} from "../content.types.ts";
import { buildDrinkingPeriod } from "./drinking-texts.ts";
import { buildRegionInsight } from "./region-insight.ts";
import { principalGrapesFirst } from "./wine-parts.ts";
import { buildWineTexts } from "./wine-texts.ts";

/**
 * Creates the offline generator.
 * - `wineTexts(facts, lang)`: description, descriptionLong, tastingNotes, pairing (see wine-texts.ts),
 *   naming only the vintage the wine's style may name (none for non-vintage wines; see wine-style.ts)
 *   and pairing the foods its style allows (`pairingFoods`, style-notes.ts).
 * - `drinkingPeriod(facts, lang)`: `{ from, to }` in years after the vintage (rules and sources in
 *   drinking-window.ts) with statement/young/ripe/storage texts (drinking-texts.ts).
 * - `regionInsight(facts, lang)`: summary, climateAndTerroir, signatureStyles, keyGrapes (region-insight.ts).
 */
export function createOfflineGenerator(): ContentGenerator {
  return {
    async wineTexts(facts: WineFacts, lang: Language): Promise<WineTexts> {
      const styled = withStyleVintage(principalGrapesFirst(facts));
      return buildWineTexts({ ...styled, foods: pairingFoods(styled) }, lang);
    },
    async drinkingPeriod(facts: WineFacts, lang: Language): Promise<DrinkingPeriodContent> {
      return buildDrinkingPeriod(principalGrapesFirst(facts), lang);
    },
    async regionInsight(facts: RegionFacts, lang: Language): Promise<RegionInsightContent> {
      return buildRegionInsight(facts, lang);
    },
  };
}
