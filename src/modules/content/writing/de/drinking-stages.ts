/**
 * The German youth and maturity sentences of the drinking period, by profiles of window rules that
 * share a wording: tannic, supple and fresh reds, long-lived whites, aged sparkling wines, sweet wines,
 * vintage Port and other fortified wines (OCW "ageing", "bottle age", "tertiary aromas"). Filled with
 * the wine's own fruit and aged aromas, so that sentences differ between wines.
 */
import { type AromaId, FRUIT_AROMAS } from "../../../../domain/wine/aromas.ts";
import type { WindowRule } from "../../../../domain/wine/drinking-window.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { choose } from "../variation.ts";
import { capitalize } from "./grammar.ts";
import { distinctRef } from "./naming.ts";
import { acidityWords } from "./palate-words.ts";
import { aromas } from "./words.ts";

/** Groups of window rules that share the youth and maturity wording. */
export type Stage =
  | "tannic"
  | "red"
  | "fresh"
  | "white_long"
  | "sparkling_aged"
  | "sweet"
  | "port"
  | "fortified";

/**
 * The profile of a window: reds by length (≥ 12 years tannic, ≥ 5 supple, else fresh), whites of
 * ≥ 8 years long-lived, Port and other fortified wines, sweet wines, aged sparkling wines.
 */
export function stage(rule: WindowRule, to: number): Stage {
  switch (rule) {
    case "vintage_port":
      return "port";
    case "lbv_port":
    case "colheita_port":
    case "tawny_port":
    case "ruby_port":
    case "fino":
    case "fortified":
      return "fortified";
    case "botrytis":
    case "sweet_white":
    case "sweet_red":
      return "sweet";
    case "sparkling_vintage":
    case "sparkling_prestige":
      return "sparkling_aged";
    case "red":
      return to >= 12 ? "tannic" : to >= 5 ? "red" : "fresh";
    case "white":
      return to >= 8 ? "white_long" : "fresh";
    default:
      return "fresh";
  }
}

function two(ids: readonly AromaId[], fallback: AromaId[]): AromaId[] {
  return (ids.length > 0 ? ids : fallback).slice(0, 2);
}

/**
 * Which of the drinking period's youth, maturity and storage texts names the wine (the statement
 * usually does too); the other two say "er", so that the name does not recur in every sentence.
 */
export function namedField(p: WineProfile): "young" | "ripe" | "storage" {
  return choose(p.seed, "drink-named", ["young", "ripe", "storage"] as const);
}

/** The wine young: one of the stage's plans, with its fruit (two aromas at most) and acidity. */
export function young(p: WineProfile, s: Stage): string {
  const plans =
    namedField(p) === "young"
      ? youngPlans(p, s, distinctRef(p, "nom"), distinctRef(p, "acc"))
      : youngPlans(p, s, "er", "ihn");
  return choose(p.seed, "young", [...new Set(plans)]);
}

function youngPlans(p: WineProfile, s: Stage, nom: string, acc: string): string[] {
  const typical = p.aromas.ids;
  const fruits = typical.filter((id) => FRUIT_AROMAS.has(id));
  const fruit = aromas(two(fruits.length > 0 ? fruits : typical, ["redFruit"]));
  const acid = acidityWords(p, "young").with;
  const plans: Record<Stage, string[]> = {
    tannic: [
      `In der Jugend ist er straff: Noten von ${fruit} stehen im Vordergrund, die Tannine wirken noch fest und fordernd.`,
      `Jung wirkt er dicht und verschlossen, mit Noten von ${fruit}; seine Tannine brauchen noch Zeit.`,
      `In den ersten Jahren dominiert die Frucht mit Noten von ${fruit}, und die Tannine greifen noch kräftig zu.`,
      `Wer ${acc} früh öffnet, erlebt Noten von ${fruit} und Tannine, die noch Zeit brauchen.`,
      `Jung getrunken zeigt ${nom} vor allem Noten von ${fruit} und noch kräftige Tannine; Luft tut ihm dann gut.`,
    ],
    red: [
      `Jung zeigt er sich fruchtig und geschmeidig, geprägt von ${fruit}.`,
      `In seinen ersten Jahren prägen ${acc} Noten von ${fruit}.`,
      `In den ersten Jahren bietet ${nom} saftige Frucht mit Noten von ${fruit}.`,
      `Wer ihn jung trinkt, findet vor allem Frucht: Noten von ${fruit}, dazu eine zugängliche Textur.`,
      `Jung schmeckt ${nom} fruchtig und zugänglich, mit Noten von ${fruit}.`,
    ],
    fresh: [
      `Am schönsten ist ${nom} jung, solange die Noten von ${fruit} frisch und die Säure lebendig sind.`,
      `Man trinkt ${acc} am besten jung, wenn seine Frucht mit Noten von ${fruit} am lebendigsten ist.`,
      `Sein Reiz liegt in der Jugend: klare Frucht mit Noten von ${fruit}, getragen von ${acid}.`,
      `${capitalize(nom)} ist ein Wein für die ersten Jahre, solange Noten von ${fruit} im Vordergrund stehen.`,
      `Jung getrunken zeigt ${nom} am meisten Frische: Noten von ${fruit} und ${acidityWords(p, "young").a}.`,
    ],
    white_long: [
      `Jung wirkt er straff und frisch, getragen von ${acid} und Aromen von ${fruit}.`,
      `In den ersten Jahren ist er präzise und straff, mit Aromen von ${fruit}.`,
      `Früh geöffnet zeigt er vor allem Frische, mit ${acid} und Noten von ${fruit}.`,
      `In seinen ersten Jahren wirkt ${nom} straff, mit Noten von ${fruit}.`,
    ],
    sparkling_aged: [
      `Jung zeigt er ein lebhaftes Mousseux und knackige Frucht mit Noten von ${fruit}.`,
      `Kurz nach der Markteinführung wirkt er lebhaft und knackig, mit Noten von ${fruit}.`,
      `In den ersten Jahren ist das Mousseux lebhaft und die Frucht mit Noten von ${fruit} frisch.`,
    ],
    sweet: [
      `Jung ist er intensiv süß und fruchtig, mit Noten von ${fruit}, von der Säure lebendig gehalten.`,
      `In der Jugend stehen Süße und Frucht mit Noten von ${fruit} im Vordergrund, die Säure sorgt für Balance.`,
      `Jung bietet er üppige Frucht mit Noten von ${fruit}, während die Säure die Süße im Zaum hält.`,
      `Jung zeigt ${nom} Süße und Frucht mit Noten von ${fruit}, belebt von ${acid}.`,
    ],
    port: [
      "Jung ist er dicht, süß und kraftvoll, mit konzentrierter dunkler Frucht und festen Tanninen.",
      "In den ersten Jahren ist er tiefdunkel und kraftvoll, mit süßer, konzentrierter schwarzer Frucht.",
      "Jung geöffnet zeigt er rohe Kraft: süße schwarze Frucht und Tannine, die noch dominieren.",
    ],
    fortified: [
      "Da er vor der Freigabe beim Erzeuger reift, ist er bei Markteinführung trinkreif.",
      "Er reift vor dem Verkauf beim Erzeuger und kommt trinkfertig in den Handel.",
      "Gereift wird er, bevor er in den Handel kommt: Er ist sofort trinkreif.",
    ],
  };
  return plans[s];
}

/** The wine mature: one of the stage's plans, with its aged aromas and the window's end (`by`, `until`). */
export function ripe(p: WineProfile, s: Stage, end: { by: string; until: string }): string {
  const plans =
    namedField(p) === "ripe"
      ? ripePlans(p, s, end, distinctRef(p, "nom"), distinctRef(p, "acc"))
      : ripePlans(p, s, end, "er", "ihn");
  return choose(p.seed, "ripe", [...new Set(plans)]);
}

function ripePlans(
  p: WineProfile,
  s: Stage,
  end: { by: string; until: string },
  nom: string,
  acc: string,
): string[] {
  const aged = p.aromas.aged;
  const tertiary = aromas(two(aged, ["leather", "forestFloor"]));
  const whiteAged = aromas(two(aged, ["honey", "hazelnut"]));
  const plans: Record<Stage, string[]> = {
    tannic: [
      `Mit der Flaschenreife werden die Tannine weicher, und Noten von ${tertiary} treten hervor; getrunken werden sollte er ${end.by}.`,
      `Mit den Jahren im Keller wird ${nom} runder und komplexer und entwickelt Noten von ${tertiary}.`,
      `Gereift zeigt ${nom} weichere Tannine und ein vielschichtiges Bukett mit Noten von ${tertiary}.`,
      `Mit der Zeit wird ${nom} runder; Noten von ${tertiary} kommen hinzu, getrunken werden sollte er ${end.by}.`,
    ],
    red: [
      `Nach einigen Jahren wird die Frucht milder, Noten von ${tertiary} können sich zeigen; öffnen sollte man ihn ${end.by}.`,
      `Mit etwas Flaschenreife wird er weicher und nimmt Noten von ${tertiary} an; trinken sollte man ihn ${end.by}.`,
      `Eine kurze Lagerung rundet ihn ab und bringt Anklänge von ${tertiary}; am besten ${end.by} öffnen.`,
      `Öffnen sollte man ${acc} ${end.by}; bis dahin wird er weicher und kann Noten von ${tertiary} annehmen.`,
    ],
    fresh: [
      `Für eine lange Lagerung ist er nicht gemacht; am besten ${end.by} öffnen, solange er frisch ist.`,
      `Längere Lagerung verbessert ${acc} nicht; er sollte ${end.by} getrunken werden.`,
      `Im Keller gewinnt er nichts hinzu; am besten trinkt man ihn ${end.by}.`,
      `Seine Frische ist sein Trumpf, deshalb ${end.by} öffnen.`,
      `Am besten ${end.by} trinken; Lagerung macht ${acc} nicht besser.`,
      `Aufheben lohnt nicht: ${capitalize(nom)} zeigt sich ${end.by} am frischesten.`,
      "Lange Lagerung ist nichts für ihn.",
      "Lange warten sollte man nicht.",
    ],
    white_long: [
      `Mit zunehmender Reife gewinnt er an Tiefe und entwickelt Noten von ${whiteAged}.`,
      `Nach einigen Jahren in der Flasche wird er runder und komplexer, mit Noten von ${whiteAged}.`,
      `Die Flaschenreife verleiht ihm mehr Fülle und bringt Noten von ${whiteAged} hervor.`,
      `Mit den Jahren entwickelt ${nom} Noten von ${whiteAged}; seinen Höhepunkt hat er ${end.by} erreicht.`,
    ],
    sparkling_aged: [
      "Mit der Flaschenreife wird das Mousseux feiner, und röstige, nussige Noten können sich entwickeln.",
      "Nach einigen Jahren Lagerung gewinnt er an Feinheit: Das Mousseux wird weicher, Noten von Toast und Nüssen kommen hinzu.",
      "Mit der Zeit in der Flasche wird er komplexer, das Mousseux sanfter, und Noten von Gebäck und Honig entwickeln sich.",
    ],
    sweet: [
      `Mit der Reife tritt die Süße scheinbar zurück, und Noten von ${aromas(two(aged, ["honey", "driedFruit"]))} entwickeln sich.`,
      "Über die Jahre vertieft sich seine Farbe, Noten von Trockenfrüchten, Gewürzen und Nüssen kommen hinzu, und die Süße bindet sich ein.",
      "Im Keller gewinnt er an Komplexität, die Süße wirkt weniger ausgeprägt, und Anklänge von Karamell und kandierten Früchten kommen hinzu.",
    ],
    port: [
      "Über Jahrzehnte in der Flasche gewinnt er an Komplexität, mit Noten von getrockneten Früchten, Gewürzen und Leder; er bildet ein Depot und sollte dekantiert werden.",
      "Er ist für Jahrzehnte gebaut: Langsam werden die Tannine weicher, Noten von Trockenfrüchten und Gewürzen treten hervor; wegen des Depots dekantieren.",
      "Mit langer Flaschenreife wird er mild und vielschichtig; vor dem Servieren sollte er vom Depot abgegossen werden.",
    ],
    fortified: [
      `Weitere Lagerung bringt wenig hinzu; er hält sich gut ${end.until}.`,
      `Besser wird er nicht mehr, hält sich aber gut ${end.until}.`,
      `Eine weitere Reifung braucht er nicht; er bleibt ${end.until} in gutem Zustand.`,
    ],
  };
  return plans[s];
}
