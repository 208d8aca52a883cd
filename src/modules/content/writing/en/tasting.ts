/**
 * English tasting notes: the nose (aromas the grapes or the style typically give, said of the wine,
 * never as a lecture on the grape), the palate (sweetness, body, acidity, tannin, finish) and the
 * alcohol, once. A grape spirit gets a spirit's note: what it is distilled from and its strength.
 */
import { ACIDITY, BODY, FINISH, SUGAR, TANNIN } from "../lexicon/style-words.ts";
import { choose, sentences } from "../variation.ts";
import type { WineContext } from "./context.ts";
import { and, capitalize, percent } from "./grammar.ts";
import { aromaList } from "./words.ts";

function nose(c: WineContext): string | undefined {
  const { p } = c;
  const ids = p.aromas.ids;
  if (ids.length === 0) return undefined;
  const list = aromaList(ids, 3);
  const grape = p.aromas.fromGrapes && c.grapes.length > 0 ? and(c.grapes.slice(0, 2)) : undefined;
  const place = c.place?.name;
  const plans: string[] = [`Expect aromas of ${list}.`, `The nose leans towards ${list}.`];
  if (grape)
    plans.push(
      `On the nose it shows the ${list} typical of ${grape}.`,
      `${grape} ${c.grapes.length > 1 ? "give" : "gives"} it aromas of ${list}.`,
      `Look for ${list} on the nose, as ${grape} usually ${c.grapes.length > 1 ? "give" : "gives"}.`,
    );
  else
    plans.push(
      `Its aromas run to ${list}.`,
      place
        ? `Aromas of ${list} are typical of its style and of ${place}.`
        : `Aromas of ${list} are typical of the style.`,
    );
  return choose(p.seed, "nose", plans);
}

/** "fresh, lively acidity, firm tannins and a long finish" */
function structure(c: WineContext): string[] {
  const { p } = c;
  const parts = [ACIDITY[p.palate.acidity].en];
  if (p.palate.tannin) parts.push(TANNIN[p.palate.tannin].en);
  if (p.palate.finish) parts.push(FINISH[p.palate.finish].en);
  return parts;
}

/** Whether body words are said: not for styles where the data's body class misleads (fino, Port). */
function saysBody(c: WineContext): boolean {
  return !["fino", "tawny_port", "ruby_port", "colheita_port", "lbv_port", "vintage_port"].includes(
    c.p.style.kind,
  );
}

/** Plural nouns of a colour and kind, for a style said as typical ("Whites from Chablis"). */
function stylePlural(c: WineContext): string {
  const { facts } = c.p;
  if (facts.subType === "sparkling") return "Sparkling wines";
  if (facts.type === "fortified") return "Fortified wines";
  if (facts.type === "dessert") return "Sweet wines";
  return facts.color === "red" ? "Reds" : facts.color === "rose" ? "Rosés" : "Whites";
}

/**
 * The palate of a wine whose facts are typical of its appellation and style (profile.typical): said
 * of the style and place, as typical, never of the bottle, and without an alcohol figure.
 */
function typicalPalate(c: WineContext): string {
  const { p } = c;
  const body = saysBody(c) ? BODY[p.palate.body].en : undefined;
  const where = c.place?.name ? ` from ${c.place.name}` : "";
  return `${stylePlural(c)}${where} are typically ${body ? `${body}, with ` : "made with "}${and(structure(c))}.`;
}

function palate(c: WineContext): string {
  const { p } = c;
  if (p.typical) return typicalPalate(c);
  const body = saysBody(c) ? BODY[p.palate.body].en : undefined;
  const rs = p.facts.residualSugar;
  const sparkling = p.facts.subType === "sparkling";
  const sweetWord =
    rs && SUGAR[rs].kind === "label"
      ? undefined
      : p.palate.sweetness === "dry"
        ? "dry"
        : p.palate.sweetness === "off_dry"
          ? "off-dry"
          : "sweet";
  const abv = p.palate.abv;
  const alcohol = abv !== null ? percent(abv) : undefined;
  const s = structure(c);
  const feel = [body, sweetWord].filter(Boolean).join(" and ");
  const bubbles = sparkling ? "its bubbles carry " : "";
  const plans = [
    `The palate is ${feel || "balanced"}, with ${and(s)}${alcohol ? `, at ${alcohol} alcohol` : ""}.`,
    `In the mouth ${c.ref} is ${feel || "well balanced"}; ${bubbles}${and(s)}${sparkling ? "" : s.length > 1 ? " give it shape" : " gives it shape"}.${alcohol ? ` Alcohol: ${alcohol}.` : ""}`,
    `${capitalize(feel || "balanced")} on the palate, ${c.ref} has ${and(s)}.${alcohol ? ` It carries ${alcohol} alcohol.` : ""}`,
    `${alcohol ? `At ${alcohol} alcohol, it` : "It"} is ${feel || "balanced"} on the palate, with ${and(s)}.`,
  ];
  return choose(p.seed, "palate", plans);
}

function spiritNote(c: WineContext): string {
  const { p } = c;
  const abv = p.palate.abv;
  const grape = c.grapes.length > 0 ? and(c.grapes.slice(0, 2)) : undefined;
  const distilled = /grappa|marc/.test(c.style)
    ? `It is distilled from the pomace${grape ? ` of ${grape}` : ""}, the skins and pips left after pressing.`
    : `It is distilled from grapes${grape ? `, here ${grape}` : ""}.`;
  const strength =
    abv !== null ? `At ${percent(abv)} alcohol it is a spirit to sip slowly from a small glass.` : undefined;
  return sentences(distilled, strength);
}

/** The tasting notes. */
export function tastingNotes(c: WineContext): string {
  if (c.p.category === "grape_spirit") return spiritNote(c);
  return sentences(nose(c), palate(c));
}
