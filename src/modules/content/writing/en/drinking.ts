/**
 * English drinking-period texts: the window in calendar years for a vintage wine (years after
 * purchase for a non-vintage one), the wine young and with age, and storage advice matched to the
 * style: cellar conditions (lying down, dark, 10–14 °C, about 70 % humidity; OCW "storage") only
 * where ageing is meant. A grape spirit does not develop in bottle: 0 to 0, and it says so.
 */
import { type AromaId, FRUIT_AROMAS } from "../../../../domain/wine/aromas.ts";
import { soldReady, type WindowRule } from "../../../../domain/wine/drinking-window.ts";
import type { DrinkingPeriodContent } from "../../content.types.ts";
import { ACIDITY } from "../lexicon/style-words.ts";
import { choose, sentences } from "../variation.ts";
import type { WineContext } from "./context.ts";
import { capitalize, years } from "./grammar.ts";
import { aromaList } from "./words.ts";

type Stage = "tannic" | "red" | "fresh" | "white_long" | "sparkling_aged" | "sweet" | "port" | "fortified";

/** The stage wording group of a window rule and its last year (as the first generator grouped them). */
function stage(rule: WindowRule, to: number): Stage {
  if (rule === "vintage_port") return "port";
  if (rule.endsWith("_port") || rule === "fino" || rule === "fortified") return "fortified";
  if (rule === "botrytis" || rule === "sweet_white" || rule === "sweet_red") return "sweet";
  if (rule === "sparkling_vintage" || rule === "sparkling_prestige") return "sparkling_aged";
  if (rule === "red") return to >= 12 ? "tannic" : to >= 5 ? "red" : "fresh";
  if (rule === "white") return to >= 8 ? "white_long" : "fresh";
  return "fresh";
}

/** When the window ends, as the texts say it. */
interface End {
  /** "by 2031", "within three years of purchase". */
  by: string;
  /** "until about 2031". */
  until: string;
}

function endOf(vintage: number | null, to: number, year: number): End {
  const n = Math.max(1, to);
  if (vintage !== null && vintage + to < year)
    return { by: `within ${years(n)} of its harvest`, until: `for about ${years(n)} after its harvest` };
  if (vintage !== null) return { by: `by ${vintage + to}`, until: `until about ${vintage + to}` };
  return { by: `within ${years(n)} of purchase`, until: `for about ${years(n)} after purchase` };
}

function statement(c: WineContext, from: number, to: number, year: number): string {
  const v = c.p.facts.vintage;
  const seed = c.p.seed;
  if (v !== null) {
    const a = v + from;
    const b = v + to;
    if (b < year)
      return choose(seed, "stmt-past", [
        `The ${v} of ${c.ref} was at its best between ${a} and ${b}. Younger vintages are best within ${years(to)}.`,
        `${capitalize(c.ref)} drinks best within ${years(to)} of its harvest, so the ${v} was at its peak from ${a} to ${b}.`,
        `Past its best since ${b}, the ${v} of ${c.ref} is one to drink up; younger vintages are best within ${years(to)} of the harvest.`,
      ]);
    if (a === b) return `Drink the ${v} in ${a}.`;
    if (a <= year)
      return choose(seed, "stmt-now", [
        `The ${v} of ${c.ref} is ready now and will drink well until ${b}.`,
        `Ready to drink now, the ${v} of ${c.ref} stays at its best until ${b}.`,
        `Open the ${v} of ${c.ref} now or at any time up to ${b}.`,
      ]);
    return choose(seed, "stmt", [
      `The ${v} will be at its best from ${a} to ${b}.`,
      `Drink the ${v} between ${a} and ${b}.`,
      `Its window: ${a} to ${b}.`,
      `Wait until ${a} to open the ${v}; it should hold until ${b}.`,
    ]);
  }
  if (to === 0) return "Best enjoyed soon after purchase.";
  if (from === 0)
    return choose(seed, "stmt-nv", [
      `Best enjoyed within ${years(to)} of purchase.`,
      `Drink ${c.ref} within ${years(to)} of buying it.`,
      `${capitalize(c.ref)} is ready to drink and best within ${years(to)}.`,
    ]);
  return `Best enjoyed between ${from} and ${to} years after purchase.`;
}

function fruit(c: WineContext): string {
  const ids = c.p.aromas.ids;
  const fruits = ids.filter((id) => FRUIT_AROMAS.has(id));
  const two: AromaId[] = (fruits.length > 0 ? fruits : ids).slice(0, 2);
  return aromaList(two.length > 0 ? two : ["redFruit"], 2);
}

function young(c: WineContext, s: Stage): string {
  const f = fruit(c);
  const acid = ACIDITY[c.p.palate.acidity].en;
  const lively = { low: "soft", medium: "balanced", high: "lively" }[c.p.palate.acidity];
  const ref = c.ref;
  const seed = c.p.seed;
  const plans: Record<Stage, string[]> = {
    tannic: [
      `Young, ${ref} is firmly structured, with ${f} to the fore and tannins that still grip.`,
      `In its first years it is dense and tight-knit, with notes of ${f}, and its tannins need time.`,
      `Opened early, ${ref} shows primary fruit (${f}) and assertive tannins.`,
    ],
    red: [
      `Young, ${ref} is fruity and supple, led by ${f}.`,
      `In its first years it shows generous ${f} fruit and supple tannins.`,
      `Drunk young, ${ref} is all about fruit: ${f}, with a smooth texture.`,
    ],
    fresh: [
      `${capitalize(ref)} is at its best young, while the ${f} notes are vivid and the acidity ${lively}.`,
      `Drink ${ref} young to enjoy its notes of ${f} and its ${acid}.`,
      `The appeal of ${ref} lies in youth: bright notes of ${f}, carried by ${acid}.`,
      `Freshness is the point of ${ref}: ${f} on the nose, ${acid} on the palate.`,
    ],
    white_long: [
      `Young, it is taut and fresh, driven by ${acid} and notes of ${f}.`,
      `In its first years it is tight and focused, with ${acid} and notes of ${f}.`,
      `Opened early, it shows freshness above all: ${acid} and ${f}.`,
    ],
    sparkling_aged: [
      `On release it is lively and crisp, with notes of ${f}.`,
      `In its first years the bubbles are brisk and the fruit (${f}) fresh.`,
      `Young, it shows crisp ${f} fruit and a lively mousse.`,
    ],
    sweet: [
      `Young, it is intensely sweet and fruity, with ${f}, kept lively by its acidity.`,
      `In its youth sweetness and fruit (${f}) lead, balanced by acidity.`,
      `Drunk young, it offers luscious ${f}, with acidity to keep the sweetness in check.`,
    ],
    port: [
      "Young, it is dense, sweet and powerful, with concentrated dark fruit and firm tannins.",
      "In its first years it is opaque and powerful, its sweet black fruit held by firm tannins.",
    ],
    fortified: [
      "Aged by the producer before release, it is ready to drink as soon as it is sold.",
      "The producer ages it before release, so it is ready to drink when bought.",
      "It leaves the producer's cellar ready to drink.",
    ],
  };
  return choose(seed, "young", plans[s]);
}

function ripe(c: WineContext, s: Stage, end: End): string {
  const aged = c.p.aromas.aged;
  const notes = aged.length > 0 ? aromaList(aged, 2) : undefined;
  const seed = c.p.seed;
  const ref = c.ref;
  const plans: Record<Stage, string[]> = {
    tannic: [
      `With bottle age the tannins soften${notes ? ` and notes of ${notes} emerge` : ""}; it should keep improving ${end.until}.`,
      `Given time, it gains complexity${notes ? `, with ${notes}` : ""}; drink it ${end.by}.`,
      `Patience pays: the tannins round out${notes ? ` and ${notes} ${aged.length > 1 ? "appear" : "appears"}` : ""}, and it will hold ${end.until}.`,
    ],
    red: [
      `Over the next few years it softens${notes ? ` and can take on notes of ${notes}` : ""}; open it ${end.by}.`,
      `A few years in bottle round it out${notes ? `, adding hints of ${notes}` : ""}; drink it ${end.by}.`,
      `It gains in smoothness with a little age${notes ? ` and may show ${notes}` : ""}; best ${end.by}.`,
    ],
    fresh: [
      `${capitalize(ref)} gains nothing from cellaring and is best drunk ${end.by}.`,
      `Keeping ${ref} will not improve it: drink it ${end.by}.`,
      `There is no reason to wait; enjoy ${ref} ${end.by}.`,
    ],
    white_long: [
      `With age it becomes richer and rounder${notes ? `, with notes of ${notes}` : ""}; it will keep ${end.until}.`,
      `Bottle age adds depth${notes ? ` and hints of ${notes}` : ""}; drink it ${end.by}.`,
    ],
    sparkling_aged: [
      `With further age it takes on toasty, brioche-like notes; drink it ${end.by}.`,
      `Kept longer, it grows creamier and more complex; enjoy it ${end.by}.`,
    ],
    sweet: [
      `With age it deepens${notes ? ` towards ${notes}` : ""} and the sweetness seems to recede; it will keep ${end.until}.`,
      `Over time it gains complexity${notes ? `, with notes of ${notes}` : ""}; drink it ${end.by}.`,
    ],
    port: [
      `Over decades it softens and gains complexity${notes ? `, with ${notes}` : ""}; it will keep ${end.until}.`,
      `Long bottle age tames its power${notes ? ` and brings out ${notes}` : ""}; drink it ${end.by}.`,
    ],
    fortified: [
      `It does not improve further in bottle; drink it ${end.by}.`,
      `Further keeping adds nothing; enjoy it ${end.by}.`,
      `Once bought, it is best drunk ${end.by}.`,
    ],
  };
  return choose(seed, "ripe", plans[s]);
}

function storage(c: WineContext, rule: WindowRule, to: number, end: End): string {
  const seed = c.p.seed;
  if (soldReady(rule) || to <= 3) {
    const opened =
      rule === "fino"
        ? "Once opened, keep it in the fridge and finish it within a few days."
        : rule === "tawny_port" || rule === "colheita_port"
          ? "Once opened, it keeps for several weeks."
          : undefined;
    return sentences(
      choose(seed, "store-short", [
        `No cellar is needed for ${c.ref}: a cool, dark cupboard will do.`,
        "Keep it cool and dark until opening.",
        `Store ${c.ref} away from heat and light.`,
        `A cool, dark place is all ${c.ref} needs.`,
      ]),
      opened,
    );
  }
  const the =
    c.p.facts.vintage !== null
      ? `the ${c.p.facts.vintage} ${c.name.proper ? c.p.facts.name : c.styleWord}`
      : c.ref;
  const cellar = choose(seed, "cellar", [
    `Lay ${the} down in a dark place at a steady 10–14 °C, with around 70% humidity, and it will keep ${end.until}.`,
    `Kept lying down, away from light and vibration at 10–14 °C, ${the} will last ${end.until}.`,
    `In a cellar at a constant 10–14 °C and about 70% humidity, ${the} will develop ${end.until}.`,
    `Store ${the} on its side in the dark at 10–14 °C; it should hold ${end.until}.`,
    `A dark, cool cellar (10–14 °C, around 70% humidity) will keep ${the} in good shape ${end.until}.`,
  ]);
  return to >= 15 ? sentences(cellar, "Steady conditions matter most for long keeping.") : cellar;
}

function spiritPeriod(c: WineContext): DrinkingPeriodContent {
  const noun = c.style;
  return {
    from: 0,
    to: 0,
    statement: `Ready to drink: ${noun === "grape spirit" ? "a grape spirit" : `a ${noun}`} does not develop in bottle.`,
    young: "It is bottled at its peak and does not change once bottled.",
    ripe: "Unlike wine, it does not improve with keeping; it simply stays as it is.",
    storage: "Store the bottle upright, away from heat and light; once opened, it keeps for months.",
  };
}

/** The drinking period in English. */
export function drinkingPeriod(c: WineContext): DrinkingPeriodContent {
  const w = c.p.window;
  if (c.p.category === "grape_spirit" || !w) return spiritPeriod(c);
  const year = c.p.year;
  const s = stage(w.rule, w.to);
  const end = endOf(c.p.facts.vintage, w.to, year);
  return {
    from: w.from,
    to: w.to,
    statement: capitalize(statement(c, w.from, w.to, year)),
    young: capitalize(young(c, s)),
    ripe: capitalize(ripe(c, s, end)),
    storage: capitalize(storage(c, w.rule, w.to, end)),
  };
}
