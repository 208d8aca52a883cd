/**
 * Italian tasting notes and pairing of a wine: the nose (the profile's aromas), the palate (sweetness,
 * body, acidity, tannin, finish) and the alcohol, said once; the foods and the serving temperature.
 * A wine whose facts are typical of its appellation and style (`profile.typical`) is described as
 * typical ("di norma"), never as tasted; a grape spirit gets no wine structure.
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { AROMAS } from "../lexicon/aromas.ts";
import { APERITIF, FOODS } from "../lexicon/foods.ts";
import { ACIDITY, BODY, FINISH, SUGAR, TANNIN } from "../lexicon/style-words.ts";
import { choose, sentences } from "../variation.ts";
import { cap, degrees, list, prepPercent } from "./grammar.ts";
import { grapeName, prepWine, styleNoun, subjectGender, theWine } from "./style.ts";
import { agree, BODY_F } from "./words.ts";

/** The aromas in Italian, at most `max`: "ribes nero, legno di cedro e grafite". */
export function aromaList(ids: readonly string[], max = 4): string {
  return list(ids.slice(0, max).map((id) => AROMAS[id as keyof typeof AROMAS]?.it ?? id));
}

function nose(p: WineProfile): string | undefined {
  const ids = p.aromas.ids;
  if (ids.length === 0) return undefined;
  const aromas = aromaList(ids);
  const wine = theWine(p);
  if (p.typical || p.aromas.fromGrapes)
    return choose(p.seed, "t.nose.typical", [
      `Di norma ${wine} profuma di ${aromas}.`,
      `Al naso ${wine} richiama in genere ${aromas}.`,
      `Il profilo aromatico tipico ${prepWine("di", p)}: ${aromas}.`,
    ]);
  return choose(p.seed, "t.nose", [
    `Al naso ${wine} apre su note di ${aromas}.`,
    `Nel calice ${wine} profuma di ${aromas}.`,
    `Il naso ${prepWine("di", p)} è fatto di ${aromas}.`,
  ]);
}

/** Sweetness as an adjective agreeing with the subject, or a sparkling label term. */
function sweetWord(p: WineProfile, g: "m" | "f"): string | undefined {
  const sugar = p.facts.residualSugar;
  if (p.facts.subType === "sparkling" && sugar) return SUGAR[sugar].it[0];
  if (p.palate.sweetness === "sweet") return "dolce";
  if (p.palate.sweetness === "off_dry") return agree("abboccat", g);
  return p.style.kind === "fino" ? "secco e sapido" : agree("secc", g);
}

/** Body adjective agreeing with the subject ("corposo", "corposa", "di medio corpo"), when it is the wine's own. */
function bodyWord(p: WineProfile, g: "m" | "f"): string | undefined {
  if (p.typical || p.facts.type === "fortified" || p.facts.subType === "sparkling") return undefined;
  return g === "f" ? BODY_F[p.facts.body] : BODY[p.facts.body].it[0];
}

function palate(p: WineProfile): string {
  const g = subjectGender(p);
  const adjectives = (gender: "m" | "f") =>
    list([sweetWord(p, gender), bodyWord(p, gender)].filter((a): a is string => !!a));
  const parts = [ACIDITY[p.palate.acidity].it];
  if (p.palate.tannin) parts.push(TANNIN[p.palate.tannin].it);
  if (p.palate.finish) parts.push(FINISH[p.palate.finish].it);
  const abv = p.palate.abv;
  const typical = p.typical ? "di norma " : "";
  const dosage =
    p.facts.subType === "sparkling" && p.facts.residualSugar ? SUGAR[p.facts.residualSugar] : undefined;
  if (dosage && ["brut_nature", "extra_brut", "brut", "extra_dry"].includes(p.facts.residualSugar ?? "")) {
    const body = list(parts);
    return choose(p.seed, "t.palate", [
      `In bocca ${theWine(p, { short: true })} è ${typical}un ${dosage.it[0]}, con ${body}${abv !== null ? `; l'alcol è ${prepPercent("di", abv)}` : ""}.`,
      `Al palato, da ${dosage.it[0]} qual è, mostra ${body}${abv !== null ? `, ${prepPercent("con", abv)} di alcol` : ""}.`,
    ]);
  }
  return choose(p.seed, "t.palate", [
    `In bocca ${theWine(p, { short: true })} è ${typical}${adjectives(g)}, con ${list(parts)}${abv !== null ? `; l'alcol è ${prepPercent("di", abv)}` : ""}.`,
    `Il sorso, ${typical}${adjectives("m")}, si regge su ${list(parts)}${abv !== null ? `, ${prepPercent("con", abv)} di alcol` : ""}.`,
    `Al palato si rivela ${typical}${adjectives(g)}: ${list(parts)}${abv !== null ? `, per un titolo alcolometrico ${prepPercent("di", abv)}` : ""}.`,
  ]);
}

/** The tasting notes: nose, palate and alcohol; for a grape spirit, nose and strength only. */
export function tastingNotes(p: WineProfile): string {
  if (p.category === "grape_spirit") {
    const wine = theWine(p);
    const n = styleNoun(p);
    const pomace = /^(grappa|marc|orujo|acquavite)$/.test(n.bare);
    const grapes = p.facts.grapes.map(grapeName);
    const source = pomace
      ? `${cap(agree("distillat", n.gender))} dalle vinacce${grapes.length > 0 ? ` di ${list(grapes)}` : ""}`
      : undefined;
    const abv = p.palate.abv;
    return sentences(
      source
        ? `${source}, ${wine}${abv !== null ? ` ha una gradazione ${prepPercent("di", abv)}` : " è un distillato d'uva"}.`
        : undefined,
      !source && abv !== null
        ? `${cap(wine)} ha una gradazione alcolica ${prepPercent("di", abv)}.`
        : undefined,
    );
  }
  return sentences(nose(p), palate(p));
}

/** The foods as Italian noun phrases with their articles, the aperitif left out. */
function foodList(p: WineProfile, max = 4): string | undefined {
  const foods = p.foods
    .filter((f) => f !== "Aperitif")
    .slice(0, max)
    .map((f) => FOODS[f]?.it)
    .filter((f): f is string => !!f);
  return foods.length > 0 ? list(foods) : undefined;
}

/** The pairing: foods, aperitif, serving temperature and decanting. */
export function pairing(p: WineProfile): string {
  const wine = theWine(p);
  const g = subjectGender(p);
  const foods = foodList(p);
  const dishes = foods
    ? choose(p.seed, "p.foods", [
        `${cap(wine)} si abbina bene con ${foods}.`,
        `A tavola ${wine} accompagna ${foods}.`,
        `Con ${foods} ${wine} dà il meglio di sé.`,
        `Abbinamenti consigliati per ${wine}: ${foods}.`,
      ])
    : undefined;
  const aperitif = p.foods.includes("Aperitif") ? APERITIF.it : undefined;
  if (p.category === "grape_spirit")
    return `${cap(theWine(p, { short: true }))} si gusta a fine pasto, in un bicchiere a tulipano.`;
  const t = degrees(p.serving.temperature);
  const short = theWine(p, { short: true });
  const serve = choose(p.seed, "p.serve", [
    `Temperatura di servizio: ${t}.`,
    `Va ${agree("servit", g)} a ${t}.`,
    `Servire a ${t}.`,
    `${cap(short)} va in tavola a ${t}.`,
  ]);
  const decant = p.serving.decant
    ? p.style.kind === "vintage_port"
      ? "Va decantato: in bottiglia forma un deposito."
      : choose(p.seed, "p.decant", [
          `Meglio stapparl${g === "f" ? "a" : "o"} un'ora prima.`,
          `Un'ora in caraffa aiuta ${short} ad aprirsi.`,
          `Conviene decantarl${g === "f" ? "a" : "o"} un'ora prima di servirl${g === "f" ? "a" : "o"}.`,
        ])
    : undefined;
  return sentences(dishes, aperitif, serve, decant);
}
