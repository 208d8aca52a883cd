/**
 * What a region's appellation rules (`domain/appellation-rules.ts`, sources there) do to its insight:
 * the wines that may speak for the appellation, and one sentence stating the rules.
 */

import type { Language } from "../../../domain/vocabulary.ts";
import { appellationRule, followsRule, principalRank } from "../../../domain/wine/appellation-rules.ts";
import type { GrapeFacts, RegionFacts, WineFacts } from "../../../domain/wine/wine-facts.ts";
import { COLOR_COUNT } from "../writing/lexicon/style-words.ts";
import { frDe, joinList } from "./format.ts";
import { distinctGrapeNames } from "./wine-parts.ts";

/**
 * The appellation's rules in one sentence: the kinds or colours they permit and the principal grapes
 * among the region's wines (`ranked`: its permitted wines' grapes, most listed first; up to three,
 * localized); "" when the region has no rule.
 */
export function ruleSentence(
  r: RegionFacts,
  ranked: readonly { grape: GrapeFacts }[],
  lang: Language,
): string {
  const rule = appellationRule(r.names.en);
  if (!rule) return "";
  const only = (kind: (k: string) => boolean) => rule.kinds?.every(kind) === true;
  const colours = joinList(
    lang,
    rule.colors.map((c) => COLOR_COUNT[c][lang][1]),
  );
  const what = only((k) => k.startsWith("fortified/"))
    ? { en: "fortified wines", de: "Likörweine", fr: "des vins de liqueur", it: "vini liquorosi" }[lang]
    : only((k) => k.endsWith("/sparkling"))
      ? { en: "sparkling wines", de: "Schaumweine", fr: "des vins effervescents", it: "vini spumanti" }[lang]
      : { en: colours, de: colours, fr: `des vins ${colours}`, it: `vini ${colours}` }[lang];
  // The rule's principal varieties first (its own order), not the catalogue's most listed.
  const grapes = distinctGrapeNames(
    ranked
      .map((e) => e.grape)
      .filter((g) => rule.grapes.includes(g.name))
      .sort((a, b) => principalRank(rule, a.name) - principalRank(rule, b.name)),
    r.country,
    lang,
  );
  const list = joinList(lang, grapes.slice(0, 3));
  // Grapes after several colours would pair them wrongly ("reds and whites from Gamay").
  const byColour = !only((k) => k.startsWith("fortified/")) && !only((k) => k.endsWith("/sparkling"));
  const from =
    grapes.length === 0 || (byColour && rule.colors.length > 1)
      ? ""
      : { en: ` from ${list}`, de: ` aus ${list}`, fr: ` à base ${frDe(list)}`, it: ` a base di ${list}` }[
          lang
        ];
  return {
    en: `The appellation rules permit ${what}${from}.`,
    de: `Die Regeln der Appellation erlauben ${what}${from}.`,
    fr: `Les règles de l'appellation autorisent ${what}${from}.`,
    it: `Il disciplinare della denominazione ammette ${what}${from}.`,
  }[lang];
}

/**
 * The region's wines its appellation rule permits (colour, grape varieties, kind; see
 * `domain/appellation-rules.ts`): catalogue entries the rules forbid (a Chardonnay "Saint-Émilion Grand
 * Cru", a red Pouilly-Fuissé) say nothing true about the appellation and are left out. All wines when
 * the region has no rule or when none of its wines follows it.
 */
export function permittedWines(r: RegionFacts): WineFacts[] {
  const rule = appellationRule(r.names.en);
  if (!rule) return r.wines;
  const kept = r.wines.filter((w) => followsRule(rule, { ...w, grapes: w.grapes.map((g) => g.name) }));
  return kept.length > 0 ? kept : r.wines;
}
