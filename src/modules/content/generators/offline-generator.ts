/**
 * The offline content generator: deterministic texts in de/en/fr/it built only from catalogue facts
 * (no network, no model), in two steps — decide (domain/wine: `decideWine`, `decideRegion`), then say
 * (writing/<lang>: one writer per language). Same facts, language and year → same output.
 */
import type { Language } from "../../../domain/vocabulary.ts";
import { decideRegion } from "../../../domain/wine/region-profile.ts";
import type { RegionFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import { decideWine } from "../../../domain/wine/wine-profile.ts";
import type {
  ContentGenerator,
  DrinkingPeriodContent,
  RegionInsightContent,
  WineTexts,
} from "../content.types.ts";
import { WRITERS } from "../writing/writers.ts";

/**
 * Creates the offline generator; `now` gives the year texts are written in (which vintage a wine's
 * style may name: see domain/wine/wine-style.ts).
 * - `wineTexts(facts, lang)`: description, descriptionLong (the description followed by what the long
 *   text adds: always the longer one), tastingNotes, pairing;
 * - `drinkingPeriod(facts, lang)`: `{ from, to }` in years after the named vintage (rules and sources
 *   in domain/wine/drinking-window.ts) with statement, young, ripe and storage texts;
 * - `regionInsight(facts, lang)`: summary, climateAndTerroir, signatureStyles, keyGrapes.
 */
export function createOfflineGenerator(now: () => Date = () => new Date()): ContentGenerator {
  return {
    async wineTexts(facts: WineFacts, lang: Language): Promise<WineTexts> {
      const texts = WRITERS[lang].wineTexts(decideWine(facts, now().getUTCFullYear()));
      // `text_long` is the full description a detail page shows alone: the short text, then what
      // the long one adds (the writers never repeat a sentence between the two).
      return { ...texts, descriptionLong: `${texts.description} ${texts.descriptionLong}` };
    },
    async drinkingPeriod(facts: WineFacts, lang: Language): Promise<DrinkingPeriodContent> {
      return WRITERS[lang].drinkingPeriod(decideWine(facts, now().getUTCFullYear()));
    },
    async regionInsight(facts: RegionFacts, lang: Language): Promise<RegionInsightContent> {
      return WRITERS[lang].regionInsight(decideRegion(facts));
    },
  };
}
