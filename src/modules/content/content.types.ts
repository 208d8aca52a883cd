import type { Language } from "../../domain/vocabulary.ts";
import type { RegionFacts, WineFacts } from "../../domain/wine/wine-facts.ts";

/** Texts of one wine in one language. */
export interface WineTexts {
  description: string;
  descriptionLong: string;
  tastingNotes: string;
  pairing: string;
}

/** A drinking window in one language: years after the vintage, 0 <= from <= to <= 100. */
export interface DrinkingPeriodContent {
  from: number;
  to: number;
  statement: string;
  young: string;
  ripe: string;
  storage: string;
}

/** A region insight in one language. */
export interface RegionInsightContent {
  summary: string;
  climateAndTerroir: string;
  signatureStyles: string[];
  keyGrapes: { id: number; name: string }[];
}

/** A text generator. Implementations are deterministic for the same facts and language. */
export interface ContentGenerator {
  wineTexts(facts: WineFacts, lang: Language): Promise<WineTexts>;
  drinkingPeriod(facts: WineFacts, lang: Language): Promise<DrinkingPeriodContent>;
  regionInsight(facts: RegionFacts, lang: Language): Promise<RegionInsightContent>;
}
