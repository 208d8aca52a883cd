import { choose } from "../variation.ts";
import { de, deNp, join, list, que } from "./grammar.ts";
import { labelSentence, styleFact } from "./labels.ts";
import { beyond, fromOrigin, inOrigin, nounNamesPlace, type Origin } from "./origin.ts";
import type { WineParts } from "./parts.ts";
import { demonstrative, indefinite } from "./style.ts";
import { agree, byProducer, theGrape } from "./words.ts";

/** True when the name already says the grape (a varietal named after its only grape). */
function nameSaysGrape(w: WineParts): boolean {
  return w.p.nameKind === "grape" && w.grapes.length === 1;
}

/**
 * The grapes as an apposition to the style noun: "100 % Malbec", "issu de Merlot et de Cabernet
 * Franc", "assemblage de Touriga Nacional, Touriga Franca et Tinta Roriz"; "" without grapes or when
 * the name is the grape.
 */
export function grapeApposition(w: WineParts, slot: string): string {
  const g = w.grapes;
  if (g.length === 0 || nameSaysGrape(w) || w.p.category === "grape_spirit") return "";
  const issu = agree("issu", w.noun.gender);
  const first = g[0] as string;
  if (g.length === 1) {
    if (w.p.facts.elaboration.includes(">"))
      return choose(w.seed, slot, [`majoritairement ${issu} ${de(first)}`, `à dominante ${de(first)}`]);
    return choose(w.seed, slot, [`100 % ${first}`, `${issu} du seul ${first}`, `pur ${first}`]);
  }
  if (g.length === 2)
    return choose(w.seed, slot, [
      `${issu} ${de(first)} et ${de(g[1] as string)}`,
      `assemblage ${de(first)} et ${de(g[1] as string)}`,
    ]);
  const shown = g.slice(0, 4);
  const more = g.length > 4 ? " et d'autres cépages" : "";
  return choose(w.seed, slot, [
    `assemblage ${more ? `${de(shown.join(", "))}${more}` : de(list(shown))}`,
    `${issu} ${more ? `${de(shown.join(", "))}${more}` : de(list(shown))}`,
  ]);
}

/** "un rouge corsé de Pauillac, dans le Haut-Médoc" — the style noun with where it comes from. */
function nounWithOrigin(w: WineParts): string {
  const np = indefinite(w.noun);
  const colourHead = /^(rouge|blanc|rosé|effervescent|rouge effervescent|vin muté)$/.test(w.noun.head);
  const national = colourHead && w.o.adjective ? indefinite(w.noun, w.o.adjective) : np;
  if (w.o.national) return `${np} vendu sous la dénomination ${w.o.national}`;
  const from = fromOrigin(w.o);
  if (!from || nounNamesPlace(w.noun.head, w.o)) {
    if (w.o.within) return `${np}${beyond(w.o)}`;
    return w.o.place ? np : national;
  }
  if (w.p.nameStatesRegion && !w.o.within && colourHead && w.o.adjective) return national;
  return `${np} ${from}${beyond(w.o)}`;
}

/** Sentence 1 of the description: what the wine is, by whom, from where, from which grapes. */
function identity(w: WineParts): string {
  const r = w.refYear;
  const what = nounWithOrigin(w);
  const grapes = grapeApposition(w, "grapes-d");
  const g = grapes ? `, ${grapes}` : "";
  const plans: string[] = [`${r.np} est ${what}${g}.`];
  if (r.proper && !w.p.nameHasProducer) {
    plans.push(`Signé ${w.producer}, ${r.np} est ${what}${g}.`);
    plans.push(`${w.producer} signe avec ${r.np} ${what}${g}.`);
    plans.push(`Avec ${r.np}, ${w.producer} propose ${what}${g}.`);
  }
  const where = inOrigin(w.o);
  if (where && !w.o.national && !w.p.nameStatesRegion)
    plans.push(`${agree("né", r.gender)} ${where}, ${r.np} est ${indefinite(w.noun)}${g}.`);
  return choose(w.seed, "identity", plans);
}

/** The description: identity, then the most notable fact (label term or style) in one sentence. */
export function description(w: WineParts): string {
  const label = labelSentence(w, "d");
  return join(identity(w), label ?? styleFact(w, "d"));
}

/** First sentence of the long description: where and by whom, said otherwise than the description. */
function longIntro(w: WineParts): string {
  const where = inOrigin(w.o);
  const beyondText = beyond(w.o);
  const short = w.ref.proper ? w.ref.np : w.ref.short;
  if (!where) return "";
  if (w.p.nameHasProducer)
    return choose(w.seed, "intro", [
      `${short} voit le jour ${where}${beyondText}.`,
      `C'est ${where}${beyondText} qu'est ${agree("élaboré", w.ref.gender)} ${short}.`,
    ]);
  const by = byProducer(w.producer);
  return choose(w.seed, "intro", [
    `C'est ${where}${beyondText}${beyondText ? "," : ""} ${que(w.producer)} élabore ${short}.`,
    `${w.producer} élabore ${short} ${where}${beyondText}.`,
    `${short} ${by} voit le jour ${where}${beyondText}.`,
    `${w.producer} produit ${short} ${where}${beyondText}.`,
  ]);
}

/** How the blend is built, for a blend of two or more grapes: the principal grape first. */
function blendSentence(w: WineParts): string | undefined {
  const g = w.grapes;
  if (g.length < 2) return undefined;
  const [first, ...rest] = g as [string, ...string[]];
  const others = list(rest.slice(0, 4).map((x) => theGrape(x)));
  const ce = demonstrative(w.noun);
  const lead = theGrape(first);
  return choose(w.seed, "blend", [
    `${lead} mène l'assemblage, complété par ${others}.`,
    `Dans ${ce}, ${lead} tient le premier rôle, aux côtés ${list(rest.slice(0, 4).map((x) => deNp(theGrape(x))))}.`,
    `${first} en tête, puis ${list(rest.slice(0, 4))} : ainsi se compose ${ce}.`,
  ]);
}

/**
 * The long description: where and by whom, what the label term or the style means (the one not
 * said in the description), the appellation's frame, and the blend.
 */
export function descriptionLong(w: WineParts): string {
  const label = labelSentence(w, "l");
  const style = styleFact(w, "l");
  const appellation = appellationSentence(w);
  const grapes = w.grapes.length === 1 && !nameSaysGrape(w) ? singleGrape(w) : blendSentence(w);
  return join(longIntro(w), label, label ? undefined : style, appellation, grapes);
}

/** For a single-grape wine whose name does not say the grape: the grape, said once. */
function singleGrape(w: WineParts): string {
  const g = w.grapes[0] as string;
  const ce = demonstrative(w.noun);
  return choose(w.seed, "single", [
    `${theGrape(g)} est le seul cépage de ${ce}.`,
    `Un seul cépage compose ${ce} : ${theGrape(g)}.`,
    `${ce} naît du seul ${g}.`,
  ]);
}

/** What the appellation's rules frame (colours permitted), when the wine has a rule and a named place. */
function appellationSentence(w: WineParts): string | undefined {
  const rule = w.p.rule;
  if (!rule || !w.o.place || w.o.wineNamed) return undefined;
  const colours = rule.colors.map((c) => (c === "red" ? "rouges" : c === "white" ? "blancs" : "rosés"));
  const sparkling = rule.kinds?.every((k) => k.endsWith("sparkling"));
  if (sparkling || colours.length !== 1) return undefined;
  const place = w.o.place;
  return choose(w.seed, "appellation", [
    `L'appellation ${place.name} ne produit que des vins ${colours[0]}.`,
    `En appellation ${place.name}, seuls les vins ${colours[0]} ont droit au nom.`,
  ]);
}

/** Re-exported for the tasting notes: "ce rouge", "cette grappa". */
export { demonstrative, fromOrigin, type Origin };
