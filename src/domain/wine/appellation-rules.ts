/**
 * Appellation rules — permitted colours, principal grape varieties, wine kinds, minimum ageing before
 * release and typical styles — read from the region records (`regions/`, field `rules`, schema
 * `AppellationRulesSchema` in regions/region-record.ts), where each appellation's rules sit beside
 * its other facts with the specification they come from. Used by the realistic synthetic catalogue
 * (templates kept inside the rules where the real data strays: X-Wines lists a Chardonnay
 * "Saint-Émilion Grand Cru", a Champagne with Syrah and Carignan), by the import's fact repair
 * (record-facts.ts), by drinking windows (release dates) and by region insights (colours, grapes).
 *
 * Grape names are the catalogue's (X-Wines) names, synonyms included where the data uses both
 * ("Pinot Noir" and "Pinot Nero", "Tempranillo" and "Tinto Fino"). New World geographical
 * indications (AVAs, Argentine and Chilean GIs, Australian zones) set no colour or variety rules.
 * Sources are named per record (`rules.source`): French cahiers des charges, Italian disciplinari,
 * Spanish pliegos de condiciones and Ley 24/2003, the IVDP rules for Port, the EU eAmbrosia product
 * specifications; cross-checked with The Oxford Companion to Wine (J. Robinson, ed., 4th ed. 2015).
 */
import { fold } from "../text-folding.ts";
import type { Color, SubType, WineType } from "../vocabulary.ts";
import { GARNACHA_NAMES, MOSCATO_BIANCO_NAMES, TEMPRANILLO_NAMES } from "./regions/data/record-parts.ts";
import type { AppellationRules } from "./regions/region-record.ts";
import { REGION_RECORDS } from "./regions/region-records.ts";

/**
 * Quality or ageing level a label term selects, for the release rules: "standard" (no term),
 * "crianza", "riserva" (Riserva/Reserva), "gran_reserva" (Gran Reserva, Gran Selezione),
 * "vintage" (vintage-dated sparkling or Vintage Port), "lbv" (Late Bottled Vintage Port), "colheita".
 */
export type AgeingLevel =
  | "standard"
  | "crianza"
  | "riserva"
  | "gran_reserva"
  | "vintage"
  | "lbv"
  | "colheita";

/** An appellation's rules with the English name of its region (the record's name). */
export interface AppellationRule extends AppellationRules {
  /** The region record's name, as the catalogue (X-Wines) writes it. */
  region: string;
  /** The record's other names ("Port" for Porto). */
  aliases?: readonly string[];
}

/**
 * Catalogue names the rules give one variety under (Moscato Bianco, Tempranillo, Garnacha): a rule
 * listing only names of one group permits one variety (record-facts.ts `fixedGrape`).
 */
export const SAME_VARIETY: readonly (readonly string[])[] = [
  MOSCATO_BIANCO_NAMES,
  TEMPRANILLO_NAMES,
  GARNACHA_NAMES,
];

/** The rules by folded region name and alias, built on first use. */
let byName: ReadonlyMap<string, AppellationRule> | undefined;
let all: readonly AppellationRule[] | undefined;

/** Every appellation's rules, in record order. */
export function appellationRules(): readonly AppellationRule[] {
  all ??= REGION_RECORDS.flatMap((record) =>
    record.rules ? [{ ...record.rules, region: record.name, aliases: record.aliases }] : [],
  );
  return all;
}

/**
 * The rule of a region by its English name: the entry of the same name, or of the longest leading part
 * ("Champagne Grand Cru 'Bouzy'" → Champagne, "Chablis 1er Cru 'Montmains'" → Chablis); undefined when none.
 */
export function appellationRule(regionName: string): AppellationRule | undefined {
  byName ??= new Map(
    appellationRules().flatMap((rule) =>
      [rule.region, ...(rule.aliases ?? [])].map((name) => [fold(name), rule] as const),
    ),
  );
  const words = fold(regionName).split(" ");
  for (let n = words.length; n > 0; n--) {
    const rule = byName.get(words.slice(0, n).join(" "));
    if (rule) return rule;
  }
  return undefined;
}

/**
 * Sort key of a grape variety in the rule's principal order: its place in `rule.grapes`; varieties the
 * rule does not list, and every variety without a rule, come after (all equal).
 */
export function principalRank(rule: AppellationRule | undefined, grape: string): number {
  const i = rule?.grapes.indexOf(grape) ?? -1;
  return i === -1 ? (rule?.grapes.length ?? 0) : i;
}

/** Whether a wine's colour, grapes and kind are permitted by `rule`. */
export function followsRule(
  rule: AppellationRule,
  wine: { color: Color; type: WineType; subType: SubType; grapes: readonly string[] },
): boolean {
  return (
    rule.colors.includes(wine.color) &&
    wine.grapes.every((g) => rule.grapes.includes(g)) &&
    (rule.kinds === undefined || rule.kinds.includes(`${wine.type}/${wine.subType}`))
  );
}
