/**
 * Saying what the domain decided: one writer per language (./de, ./en, ./fr, ./it), each owning its
 * grammar (articles, cases, elision and contraction, articulated prepositions, gender agreement) and
 * its words, behind this one interface. A writer reads only a profile (domain/wine/wine-profile.ts,
 * region-profile.ts) and never decides a fact: what is true or typical of a wine, its drinking window
 * and serving are the domain's; which of several real variants a sentence takes is the writer's,
 * chosen from the profile's `seed` (see ./variation.ts).
 */
import type { RegionProfile } from "../../../domain/wine/region-profile.ts";
import type { WineProfile } from "../../../domain/wine/wine-profile.ts";
import type { DrinkingPeriodContent, RegionInsightContent, WineTexts } from "../content.types.ts";

/** The texts of one language. Deterministic: the same profile gives the same texts. */
export interface Writer {
  /** Description, long description, tasting notes and pairing of one wine. */
  wineTexts(profile: WineProfile): WineTexts;
  /**
   * The drinking period: `from`/`to` copied from `profile.window` (years after the named vintage, or
   * after purchase for a non-vintage wine; 0–0 for a grape spirit, which does not develop in bottle)
   * with its statement, young, ripe and storage texts.
   */
  drinkingPeriod(profile: WineProfile): DrinkingPeriodContent;
  /** Summary, climate and terroir, up to three signature styles and up to five key grapes. */
  regionInsight(profile: RegionProfile): RegionInsightContent;
}
