/**
 * The description and long description of a wine in English. The description says who makes it,
 * what it is and where it comes from, and the most notable fact (profile.notable); the long one
 * restates those facts in other sentences and adds what the place, the grapes, the label terms and
 * the style mean. Neither speaks of serving or alcohol (the tasting notes and pairing do).
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { choose, sentences } from "../variation.ts";
import { grapeClause, origin, styleWithArticle, type WineContext } from "./context.ts";
import { and, capitalize, inPlace, possessive } from "./grammar.ts";
import { styleSentence, termSentence } from "./terms.ts";

/** The appellation's typical styles as the rules table words them, when readable as a phrase. */
export function ruleStyles(p: WineProfile): string | undefined {
  const s = p.rule?.styles;
  return s && !/[:%]/.test(s) ? s : undefined;
}

function comma(clause: string): string {
  return clause ? `, ${clause}` : "";
}

/** The description: one identity sentence and at most one notable fact. */
export function description(c: WineContext): string {
  const { p, name } = c;
  const v = p.seed;
  const from = origin(c, v);
  const grapes = grapeClause(c, v >> 2);
  const style = styleWithArticle(c);
  // A name that already says the style ("Brut Champagne", "Tawny Port") is not called one again.
  if (from && name.full.toLowerCase().includes(c.style.toLowerCase()))
    return sentences(
      `${capitalize(name.full)} comes ${from}${grapes ? ` and is ${grapes}` : ""}.`,
      notableSentence(c, ""),
    );
  const plans: string[] = [`${capitalize(name.full)} is ${style}${from ? ` ${from}` : ""}${comma(grapes)}.`];
  const from0 = origin(c, 0);
  if (from0) plans.push(`${capitalize(from0)} comes ${name.full}, ${style}${comma(grapes)}.`);
  if (!p.nameHasProducer && name.proper)
    plans.push(
      `${p.facts.name} is ${possessive(p.facts.producerName)} ${c.style}${from ? ` ${from}` : ""}${comma(grapes)}.`,
    );
  if (!p.nameHasProducer && c.place && name.proper)
    plans.push(
      `${p.facts.producerName} makes ${p.facts.name} ${inPlace(c.place)}: ${style}${comma(grapes)}.`,
    );
  const first = choose(v, "desc", plans);
  const second = notableSentence(c, first);
  return sentences(first, second);
}

/** The sentence of the first notable fact that has one (classification, appellation, site, style). */
function notableSentence(c: WineContext, already: string): string | undefined {
  const { p } = c;
  const subject = c.name.proper ? c.ref : "it";
  for (const n of p.notable) {
    if (n === "classification" || n === "site") {
      const s = termSentence(p, subject);
      if (s) return capitalize(s);
    }
    if (n === "appellation" && c.place) {
      const styles = ruleStyles(p);
      if (styles)
        return choose(p.seed, "known", [
          `${capitalize(c.place.name)} is best known for ${styles}.`,
          `The appellation is known above all for ${styles}.`,
          `${capitalize(c.place.name)} has made its name with ${styles}.`,
        ]);
    }
    if (n === "style") {
      const s = styleSentence(p, subject);
      if (s && !already.includes(s)) return capitalize(s);
    }
  }
  return undefined;
}

/** Where the place lies and what governs it, when a record or rule says so. */
function placeSentence(c: WineContext): string | undefined {
  const { p, place } = c;
  if (!place) return undefined;
  const v = p.seed;
  const rec = place.record;
  const designation =
    rec?.designation && rec.designation.system !== "none" ? rec.designation.system : undefined;
  const where = c.within ? `${c.within.name}${c.country ? `, ${c.country}` : ""}` : c.country;
  if (designation && where)
    return choose(v, "place-desig", [
      `${capitalize(place.name)} is ${designation === "AOC" || designation === "AVA" ? "an" : "a"} ${designation} ${inPlace({ ...place, name: where })}.`,
      `The grapes come from ${place.name}, ${designation === "AOC" || designation === "AVA" ? "an" : "a"} ${designation} ${inPlace({ ...place, name: where })}.`,
    ]);
  if (p.rule && where && c.within)
    return `${capitalize(place.name)} lies in ${where}, and its rules set the grape varieties the wine may contain.`;
  return undefined;
}

/** A sentence on the grapes, in other words than the description's clause. */
function grapeSentence(c: WineContext): string | undefined {
  const { p } = c;
  const g = c.grapes;
  if (g.length === 0) return undefined;
  const subject = c.name.proper ? c.name.subject : "The wine";
  if (c.nameIsGrape) {
    if (p.facts.elaboration.includes("100%"))
      return choose(p.seed, "grape-own", [
        `As its name says, it is a single-variety ${g[0]}.`,
        `Nothing but ${g[0]} goes into it.`,
        `It is a varietal wine: ${g[0]} alone.`,
      ]);
    return undefined;
  }
  if (g.length === 1)
    return choose(p.seed, "grape-one", [
      `${capitalize(subject)} is a pure ${g[0]}.`,
      `${g[0]} is the only grape in ${c.name.proper ? c.name.subject : "it"}.`,
      `It is made from ${g[0]} alone.`,
    ]);
  const principal = p.rule && p.rule.grapes[0] === p.facts.grapes[0]?.name;
  if (principal && g.length > 1)
    return `${g[0]}, the appellation's principal variety, comes first in the blend, with ${and(g.slice(1, 4))}.`;
  return choose(p.seed, "grape-blend", [
    `The blend brings together ${and(g.slice(0, 5))}.`,
    `${capitalize(subject)} combines ${and(g.slice(0, 5))}.`,
    `Its grapes are ${and(g.slice(0, 5))}.`,
  ]);
}

/** The long description: place, grapes, label terms and style, in sentences unlike the description's. */
export function descriptionLong(c: WineContext, short: string): string {
  const { p } = c;
  const subject = c.name.proper ? c.ref : "it";
  const term = termSentence(p, subject);
  const style = styleSentence(p, subject);
  const producer = p.nameHasProducer
    ? undefined
    : choose(p.seed, "producer", [
        `It is made by ${p.facts.producerName}${c.place ? ` ${inPlace(c.place)}` : ""}.`,
        `${p.facts.producerName} produces it${c.place ? ` ${inPlace(c.place)}` : ""}${c.country && c.place?.bare !== c.country ? `${c.place ? "," : ""} in ${c.country}` : ""}.`,
        `The producer is ${p.facts.producerName}${c.country ? `, ${c.place ? inPlace(c.place) : `in ${c.country}`}` : ""}.`,
      ]);
  const parts = [
    producer,
    placeSentence(c),
    grapeSentence(c),
    term && capitalize(term),
    style && capitalize(style),
  ];
  const appellation = ruleStyles(p);
  if (appellation && c.place && p.notable[0] !== "appellation")
    parts.push(
      choose(p.seed, "typical-of", [
        `The appellation's reputation rests on ${appellation}.`,
        `${capitalize(c.place.name)} is known for ${appellation}.`,
      ]),
    );
  if (p.category === "grape_spirit") return sentences(producer);
  const kept = parts.filter((s): s is string => typeof s === "string" && !short.includes(s));
  return sentences(...kept);
}
