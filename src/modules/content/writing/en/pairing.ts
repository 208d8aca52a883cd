/**
 * English pairing text: the foods that suit the style (profile.foods, best first), the aperitif when
 * it is one of them, and serving — temperature and decanting (profile.serving) — said once, folded
 * with the wine's name or vintage so that the sentence is the wine's own. A grape spirit is served
 * as a digestif.
 */
import { choose, sentences } from "../variation.ts";
import type { WineContext } from "./context.ts";
import { capitalize, degrees } from "./grammar.ts";
import { foodList } from "./words.ts";

function foods(c: WineContext): string | undefined {
  const { p } = c;
  const list = foodList(p.foods, 4);
  if (!list) return undefined;
  const subject = c.name.proper ? c.name.subject : `this ${c.styleWord}`;
  const sweet = p.palate.sweetness === "sweet";
  const plans = [
    `Try ${c.ref} with ${list}.`,
    `At the table, ${c.ref} suits ${list}.`,
    `${capitalize(subject)} goes well with ${list}.`,
    `It is a natural partner for ${list}.`,
    `Pour ${c.ref} alongside ${list}.`,
  ];
  if (sweet) plans.push(`Serve it with ${list}, or on its own after a meal.`);
  return choose(p.seed, "foods", plans);
}

function aperitif(c: WineContext): string | undefined {
  if (!c.p.foods.includes("Aperitif")) return undefined;
  return choose(c.p.seed, "aperitif", [
    "It also makes a fine aperitif.",
    "On its own, it is an excellent aperitif.",
    "It works well as an aperitif, too.",
  ]);
}

function serving(c: WineContext): string {
  const { p } = c;
  const t = degrees(p.serving.temperature);
  const the = c.name.proper
    ? c.ref
    : p.facts.vintage !== null
      ? `the ${p.facts.vintage} ${c.nameIsGrape ? p.facts.name : c.styleWord}`
      : c.ref;
  const decant = p.serving.decant
    ? choose(p.seed, "decant", [
        "Decant it an hour ahead.",
        "It opens up in a decanter.",
        "An hour's decanting helps.",
      ])
    : undefined;
  // The foods sentence has named the wine: the serving sentence mostly says "it".
  const plans = [
    `Serve ${the} at ${t}.`,
    `${capitalize(the)} is best poured at ${t}.`,
    `Serve it at ${t}.`,
    `It is best poured at ${t}.`,
    `Bring it to ${t} before opening.`,
    `It shows best at ${t}.`,
  ];
  return sentences(choose(p.seed, "serve", plans), decant);
}

function spiritPairing(c: WineContext): string {
  const { p } = c;
  const t = degrees(p.serving.temperature);
  const list = foodList(p.foods, 3);
  return sentences(
    `Serve it at ${t} as a digestif at the end of a meal.`,
    list ? `It can also accompany ${list}.` : undefined,
  );
}

/** The pairing text. */
export function pairing(c: WineContext): string {
  if (c.p.category === "grape_spirit") return spiritPairing(c);
  return sentences(foods(c), aperitif(c), serving(c));
}
