/**
 * The German drinking period: the window in words (calendar years for a vintage wine, years after
 * purchase for a non-vintage one), the wine young and mature (./drinking-stages.ts), and storage advice
 * that fits the style and the window's length — cellar conditions only where ageing is meant. A grape
 * spirit does not develop in bottle: 0 to 0, and texts that say so.
 *
 * Storage conditions (10–14 °C, about 70 % relative humidity, bottles lying down, darkness) follow
 * OCW "storage" and the Deutsches Weininstitut's cellar advice; spirits are stored upright so that the
 * strong alcohol does not attack the cork (the distillers' common advice).
 */
import { soldReady, type WindowRule } from "../../../../domain/wine/drinking-window.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import type { DrinkingPeriodContent } from "../../content.types.ts";
import { choose, sentences } from "../variation.ts";
import { namedField, ripe, type Stage, stage, young } from "./drinking-stages.ts";
import { capitalize, count } from "./grammar.ts";
import { distinctRef, wineRef } from "./naming.ts";
import { spiritNoun } from "./words.ts";

/** "ein Jahr" / "drei Jahre"; with `dative` "eines Jahres" / "von drei Jahren" (after "innerhalb"). */
function years(n: number, dative = false): string {
  if (n === 1) return dative ? "eines Jahres" : "ein Jahr";
  return dative ? `von ${count(n)} Jahren` : `${count(n)} Jahre`;
}

/** The window's end in two constructions: `by` ("bis 2030") and `until` ("bis etwa 2030"). */
interface End {
  by: string;
  until: string;
}

function endOf(p: WineProfile, to: number, year: number): End {
  const n = Math.max(1, to);
  const v = p.facts.vintage;
  if (v !== null && v + to < year)
    return { by: `innerhalb ${years(n, true)} nach der Lese`, until: `bis etwa ${years(n)} nach der Lese` };
  if (v !== null) return { by: `bis ${v + to}`, until: `bis etwa ${v + to}` };
  return { by: `innerhalb ${years(n, true)} nach dem Kauf`, until: `etwa ${years(n)} lang nach dem Kauf` };
}

function statement(p: WineProfile, from: number, to: number, year: number): string {
  const v = p.facts.vintage;
  if (v !== null) {
    const [a, b] = [v + from, v + to];
    if (b < year) {
      return choose(p.seed, "past", [
        `${capitalize(distinctRef(p, "nom", true))} hatte seine beste Zeit von ${a} bis ${b}; ein jüngerer Jahrgang trinkt sich am besten innerhalb ${years(to, true)} nach der Lese.`,
        `Seinen Höhepunkt hatte ${distinctRef(p, "nom", true)} zwischen ${a} und ${b}; jüngere Jahrgänge sind innerhalb ${years(to, true)} nach der Lese am schönsten.`,
      ]);
    }
    if (a === b) return `Der Jahrgang ${v} ist ${a} am besten zu genießen.`;
    return choose(p.seed, "statement", [
      `${capitalize(distinctRef(p, "nom", true))} ist zwischen ${a} und ${b} am besten zu genießen.`,
      `Trinkfenster für ${wineRef(p, "acc", { vintage: true })}: ${a} bis ${b}.`,
      `${capitalize(wineRef(p, "acc", { vintage: true }))} am besten von ${a} bis ${b} trinken.`,
      `Seine beste Zeit hat ${distinctRef(p, "nom", true)} von ${a} bis ${b}.`,
      `${a} bis ${b}: In diesen Jahren zeigt sich ${distinctRef(p, "nom", true)} am besten.`,
    ]);
  }
  if (to === 0) return "Am besten bald nach dem Kauf zu genießen.";
  if (from === 0)
    return choose(p.seed, "statement-nv", [
      `Am besten innerhalb ${years(to, true)} nach dem Kauf zu genießen.`,
      `Er ist trinkreif, wenn er in den Handel kommt, und bleibt es etwa ${years(to)}.`,
      `${capitalize(distinctRef(p, "acc"))} trinkt man am besten innerhalb ${years(to, true)} nach dem Kauf.`,
      `${capitalize(distinctRef(p, "nom"))} ist bei Markteinführung trinkreif und bleibt es etwa ${years(to)}.`,
    ]);
  return `Am besten ${count(from)} bis ${count(to)} Jahre nach dem Kauf zu genießen.`;
}

function storage(p: WineProfile, rule: WindowRule, to: number, end: End, past: boolean): string {
  const plans =
    namedField(p) === "storage"
      ? storagePlans(p, rule, past ? 0 : to, end, distinctRef(p, "nom"), distinctRef(p, "acc"))
      : storagePlans(p, rule, past ? 0 : to, end, "er", "ihn");
  return choose(p.seed, "storage", [...new Set(plans)]);
}

function storagePlans(
  _p: WineProfile,
  rule: WindowRule,
  to: number,
  end: End,
  nom: string,
  ref: string,
): string[] {
  if (soldReady(rule) || to <= 3) {
    return [
      `Für ${ref} ist kein Weinkeller nötig: kühl, dunkel und vor Wärme geschützt aufbewahren und ${end.by} trinken.`,
      `Einlagern muss man ${ref} nicht; ein kühler, dunkler Platz genügt, getrunken wird er ${end.by}.`,
      `${capitalize(nom)} braucht keinen Keller, nur einen kühlen, dunklen Platz, und wird ${end.by} getrunken.`,
      `Zum Einlagern ist ${nom} nicht gedacht: kühl und dunkel aufbewahren und ${end.by} öffnen.`,
      "Kühl und dunkel aufbewahren genügt.",
      "Ein Weinkeller ist nicht nötig.",
    ];
  }
  const long = to >= 15;
  return [
    `Liegend, dunkel und erschütterungsfrei bei 10 bis 14 °C gelagert, hält ${nom === "er" ? "er sich" : `sich ${nom}`} ${end.until}.`,
    `Wer ${ref} ${end.until} aufbewahren möchte, lagert die Flaschen liegend und dunkel bei gleichmäßig 10 bis 14 °C und etwa 70 % Luftfeuchtigkeit.`,
    `Ein dunkler, ruhiger Keller mit konstant 10 bis 14 °C bewahrt ${ref} ${end.until}; die Flaschen dort liegend lagern.`,
    long
      ? `Für ein so langes Leben braucht er gute Bedingungen: liegend, dunkel, bei 10 bis 14 °C und rund 70 % Luftfeuchtigkeit; so reift er ${end.until}.`
      : `Bei 10 bis 14 °C, liegend und vor Licht geschützt, bleibt ${nom} ${end.until} in guter Form.`,
  ];
}

/** A grape spirit's period: 0 to 0, no development in bottle. */
function spiritPeriod(p: WineProfile): DrinkingPeriodContent {
  const noun = spiritNoun(p);
  return {
    from: 0,
    to: 0,
    statement: `Ein ${noun} entwickelt sich in der Flasche nicht weiter: Er ist trinkfertig, wenn er abgefüllt wird.`,
    young: `Seinen Charakter hat er bei der Abfüllung; Zeit in der Flasche verändert ihn nicht.`,
    ripe: `Eine Reife in der Flasche gibt es bei Bränden nicht; er schmeckt in einigen Jahren wie heute.`,
    storage: `Die Flasche aufrecht, kühl und dunkel aufbewahren, damit der hochprozentige Alkohol den Korken nicht angreift; geöffnet hält sie sich lange.`,
  };
}

/**
 * The drinking period of one wine: `from`/`to` from profile.window (years after the vintage, or after
 * purchase for a non-vintage wine), the statement, youth, maturity and storage; a typical wine's
 * statement adds that the window is the style's. The profile's year decides whether the named
 * vintage's window is past.
 */
export function drinkingPeriod(p: WineProfile): DrinkingPeriodContent {
  const w = p.window;
  if (p.category === "grape_spirit" || w === null) return spiritPeriod(p);
  const year = p.year;
  const end = endOf(p, w.to, year);
  const s: Stage = stage(w.rule, w.to);
  const typical = p.typical
    ? choose(p.seed, "typical-window", [
        "Dieses Trinkfenster ist typisch für Weine seines Stils.",
        "Das Trinkfenster gilt für Weine dieses Stils im Allgemeinen.",
      ])
    : "";
  return {
    from: w.from,
    to: w.to,
    statement: sentences(statement(p, w.from, w.to, year), typical),
    young: young(p, s),
    ripe: ripe(p, s, end),
    storage: storage(p, w.rule, w.to, end, p.facts.vintage !== null && p.facts.vintage + w.to < year),
  };
}
