/**
 * The German description and long description of a wine. The description says what the wine is —
 * name, vintage, producer, style, appellation, grapes — and how it is built; the long description
 * says it again in other sentences with what the description leaves out: where the appellation
 * lies and what it is known for, the grapes' share, what its label terms and its style mean. Aromas,
 * alcohol, foods and serving are left to the tasting notes and the pairing (each fact once a page).
 * Sentence plans follow the wine's most notable fact (profile.notable); variants are chosen from
 * the profile's seed.
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { choose, sentences } from "../variation.ts";
import { byProducer, type Case, capitalize, list, nounPhrase } from "./grammar.ts";
import { fromSituated, inSituated, type Origin, origin, wineRef } from "./naming.ts";
import { typicalPalate } from "./typical.ts";
import { labelSentence, placeSentence, styleContext } from "./wine-context.ts";
import {
  ACIDITY_A,
  ACIDITY_IS,
  ACIDITY_WITH,
  blendNoun,
  grapeMake,
  grapeNames,
  isPomaceSpirit,
  spiritNoun,
  styleNoun,
  TANNIN_ARE,
  TANNIN_WITH,
  TANNINS,
} from "./words.ts";

/** True when the wine's name already names its only grape ("Cabernet Sauvignon", "Malbec Reserva"). */
function nameIsGrape(p: WineProfile): boolean {
  return p.nameKind === "grape";
}

/**
 * The grapes as an appositive after the style noun phrase in case `c` (", reinsortig aus Malbec
 * gekeltert", ", eine Cuvée aus Merlot und Cabernet Franc", ", überwiegend aus Tempranillo"); "" when
 * no grapes are known or the name already is the grape.
 */
export function grapeAppositive(p: WineProfile, c: Case, variant: string): string {
  const names = grapeNames(p);
  const make = grapeMake(p);
  if (make === "none") return "";
  const all = list(names);
  if (p.typical) return `, aus ${all}`;
  if (make === "single") {
    if (nameIsGrape(p)) return choose(p.seed, `${variant}-single-named`, ["", ", reinsortig ausgebaut"]);
    return choose(p.seed, `${variant}-single`, [
      `, reinsortig aus ${all} gekeltert`,
      `, ganz aus ${all} gekeltert`,
      `, sortenrein aus ${all}`,
    ]);
  }
  if (make === "mainly") {
    const [main, ...rest] = names;
    return rest.length > 0
      ? `, überwiegend aus ${main}, ergänzt um ${list(rest)}`
      : `, überwiegend aus ${main}`;
  }
  const blend = nounPhrase({ article: "indefinite", gender: "f", adjectives: [], noun: blendNoun(p) }, c);
  return `, ${blend} aus ${all}`;
}

/** The style noun phrase in case `c`, indefinite ("einen vollmundigen trockenen Rotwein"). */
function style(p: WineProfile, c: Case): string {
  return nounPhrase(styleNoun(p), c);
}

/** Sentence 1: what the wine is, who makes it, where it comes from, from which grapes. */
function identity(p: WineProfile, o: Origin): string {
  const where = fromSituated(o);
  const producer = p.facts.producerName;
  const term = p.notable[0] === "classification" ? classificationTerm(p) : undefined;
  if (term) {
    return `${capitalize(wineRef(p, "nom", { vintage: true, producer: true }))}, ein ${term} ${where}, ist ${style(p, "nom")}${grapeAppositive(p, "nom", "id")}.`;
  }
  const plans = [
    () =>
      `${capitalize(wineRef(p, "nom", { vintage: true, producer: true }))} ist ${style(p, "nom")} ${where}${grapeAppositive(p, "nom", "id")}.`,
    () =>
      `${capitalize(where)} kommt ${wineRef(p, "nom", { vintage: true, producer: true })}, ${style(p, "nom")}${grapeAppositive(p, "nom", "id")}.`,
  ];
  if (!p.nameHasProducer) {
    plans.push(
      () =>
        `Mit ${wineRef(p, "dat", { vintage: true, producer: false })} bietet ${producer} ${style(p, "acc")} ${where}${grapeAppositive(p, "acc", "id")}.`,
      () =>
        `${producer} erzeugt ${wineRef(p, "acc", { vintage: true, producer: false })} ${where}: ${style(p, "acc")}${grapeAppositive(p, "acc", "id")}.`,
    );
  }
  return choose(p.seed, "identity", plans)();
}

/** The strongest classification term of the name, as written on labels ("Grand Cru Classé"). */
function classificationTerm(p: WineProfile): string | undefined {
  const order = [
    "premier_grand_cru_classe",
    "grand_cru_classe",
    "cru_classe",
    "grand_cru",
    "premier_cru",
    "cru_bourgeois",
    "gran_selezione",
    "gran_reserva",
    "grosses_gewachs",
  ] as const;
  const names: Record<(typeof order)[number], string> = {
    premier_grand_cru_classe: "Premier Grand Cru Classé",
    grand_cru_classe: "Grand Cru Classé",
    cru_classe: "Cru Classé",
    grand_cru: "Grand Cru",
    premier_cru: "Premier Cru",
    cru_bourgeois: "Cru Bourgeois",
    gran_selezione: "Gran Selezione",
    gran_reserva: "Gran Reserva",
    grosses_gewachs: "Großes Gewächs",
  };
  const term = order.find((t) => p.terms.includes(t));
  // Großes Gewächs is neuter: "ein Großes Gewächs" reads the same in the nominative.
  return term ? names[term] : undefined;
}

/** The structure sentence of the description: acidity and, for reds, tannin, in one of several plans. */
function structure(p: WineProfile): string {
  const { acidity, tannin } = p.palate;
  if (p.category === "grape_spirit") return "";
  if (tannin) {
    return choose(p.seed, "structure-red", [
      `Getragen wird er von ${ACIDITY_WITH[acidity]} und ${TANNIN_WITH[tannin]}.`,
      `Die Säure ist ${ACIDITY_IS[acidity]}, die Tannine sind ${TANNIN_ARE[tannin]}.`,
      `Sein Gerüst bilden ${TANNINS[tannin]} und ${ACIDITY_A[acidity]}.`,
    ]);
  }
  return choose(p.seed, "structure", [
    `Getragen wird er von ${ACIDITY_WITH[acidity]}.`,
    `Seine Säure ist ${ACIDITY_IS[acidity]}.`,
    `Am Gaumen wirkt er dank ${ACIDITY_WITH[acidity]} ${acidity === "high" ? "straff und belebend" : acidity === "medium" ? "harmonisch" : "weich und rund"}.`,
  ]);
}

/** The description: identity, then the structure (or the style's typical palate). */
export function description(p: WineProfile): string {
  const o = origin(p);
  const second = p.typical ? typicalPalate(p, o, 0) : structure(p);
  return sentences(identity(p, o), second);
}

/** First sentence of the long description: producer and place, in other words than the description's. */
function longIntro(p: WineProfile, o: Origin): string {
  const where = inSituated(o);
  const producer = p.facts.producerName;
  if (p.category === "grape_spirit") {
    const noun = spiritNoun(p);
    return p.nameHasProducer
      ? `${capitalize(wineRef(p, "nom"))} wird ${where} gebrannt.`
      : `${producer} brennt ${wineRef(p, "acc", { producer: false })} ${where}; ${isPomaceSpirit(noun) ? `als ${noun} entsteht er aus dem Trester, den Pressrückständen der Trauben` : `ein ${noun} wird aus Trauben destilliert`}.`;
  }
  if (p.nameHasProducer) {
    return choose(p.seed, "intro-own", [
      `${capitalize(wineRef(p, "nom"))} entsteht ${where}.`,
      `Zu Hause ist ${wineRef(p, "nom")} ${where}.`,
      `${capitalize(wineRef(p, "nom"))} wird ${where} gekeltert.`,
    ]);
  }
  return choose(p.seed, "intro", [
    `Hinter ${wineRef(p, "dat", { producer: false })} steht ${producer}, ${where} zu Hause.`,
    `${capitalize(wineRef(p, "nom", { producer: false }))} stammt ${byProducer(producer)} ${where}.`,
    `${producer} keltert ${wineRef(p, "acc", { producer: false })} ${where}.`,
  ]);
}

/** The grapes again, said differently from the description's appositive. */
function grapeSentence(p: WineProfile): string {
  const names = grapeNames(p);
  const make = grapeMake(p);
  if (make === "none" || p.typical || p.category === "grape_spirit") return "";
  if (make === "single") {
    return nameIsGrape(p)
      ? ""
      : choose(p.seed, "grapes-single", [
          `Die Trauben sind ausschließlich ${names[0]}.`,
          `Er ist ein sortenreiner ${names[0]}.`,
        ]);
  }
  if (make === "mainly")
    return `Den Ton gibt ${names[0]} an, ${names.length > 1 ? `abgerundet von ${list(names.slice(1))}` : "mit kleinen Anteilen anderer Sorten"}.`;
  const [first, ...rest] = names;
  return choose(p.seed, "grapes-blend", [
    `In der Cuvée verbinden sich ${list(names)}.`,
    `${first} gibt den Ton an, dazu kommen ${list(rest)}.`,
    `Die Cuvée vereint ${list(names)}.`,
  ]);
}

/** A closing sentence on the wine's character from body and structure, when nothing else is said. */
function character(p: WineProfile): string {
  if (p.category === "grape_spirit" || p.typical) return "";
  const { body } = p.palate;
  const weight = body === "full" || body === "very_full" ? 2 : body === "medium" ? 1 : 0;
  const subject = capitalize(
    nounPhrase({ ...styleNoun(p, { body: false, sugar: false }), article: "definite" }, "nom"),
  );
  return choose(p.seed, "character", [
    `Wer ${["einen leichten", "einen ausgewogenen", "einen kraftvollen"][weight]} Wein sucht, ist bei ihm richtig.`,
    `Ihn prägen ${["Leichtigkeit und Trinkfluss", "Balance und Harmonie", "Kraft und Fülle"][weight]}.`,
    `${subject} setzt auf ${["Leichtigkeit", "Ausgewogenheit", "Fülle und Kraft"][weight]}.`,
  ]);
}

/**
 * The long description: intro (producer, place), the appellation's designation and setting (with a
 * record), the grapes, what the label terms and the style mean, the character.
 */
export function descriptionLong(p: WineProfile): string {
  const o = origin(p);
  const context = [labelSentence(p), styleContext(p)].filter((s) => s.length > 0);
  return sentences(
    longIntro(p, o),
    placeSentence(p, o),
    grapeSentence(p),
    ...context,
    p.typical ? typicalPalate(p, o, 1) : context.length === 0 ? character(p) : "",
  );
}
