/**
 * Tasting notes and pairing in French. The notes say the wine's nose (typical aromas of its grapes or
 * style, as decided in the profile), its palate (sweetness, body, acidity, tannin, finish) and its
 * alcohol — once per page. A wine known only from its appellation's typical facts (`typical`) is
 * described as typical ("d'ordinaire"). A grape spirit gets a spirit's note, not a wine's structure.
 * The pairing names foods chosen for the style, the aperitif, the serving temperature and decanting.
 */

import { ACIDITY, FINISH, TANNIN } from "../lexicon/style-words.ts";
import { choose } from "../variation.ts";
import { aNp, between, cap, join, list, pct } from "./grammar.ts";
import type { WineParts } from "./parts.ts";
import { demonstrative } from "./style.ts";
import { APERITIF_FR, agree, deAromas, foodWords, pronoun } from "./words.ts";

/** The subject of a tasting sentence: "ce rouge", "le Malbec Reserva", "Tignanello". */
function subjectOf(w: WineParts, slot: string): string {
  return choose(w.seed, slot, [demonstrative(w.noun), w.ref.proper ? w.ref.np : w.ref.short]);
}

/** The nose: three or four aromas, said of the wine (typical ones as typical). */
function nose(w: WineParts): string | undefined {
  const ids = w.p.aromas.ids.slice(0, 4);
  if (ids.length === 0) return undefined;
  const aromas = deAromas(ids);
  const usually = w.p.typical ? " d'ordinaire" : "";
  if (w.p.category === "grape_spirit") return `Au nez, ${demonstrative(w.noun)} livre des notes ${aromas}.`;
  const s = subjectOf(w, "nose-subject");
  return choose(w.seed, "nose", [
    `Le nez s'ouvre${usually} sur des notes ${aromas}.`,
    `Au nez, ${s} évoque${usually} des arômes ${aromas}.`,
    `On y trouve${usually} des parfums ${aromas}.`,
    `${cap(s)} offre${usually} un nez ${aromas}.`,
    `Premier nez${usually ? ", d'ordinaire," : ""} : des notes ${aromas}.`,
  ]);
}

/** With age: the aromas that develop, for wines that keep. */
function aged(w: WineParts): string | undefined {
  const ids = w.p.aromas.aged.slice(0, 3);
  if (ids.length === 0 || !w.p.window || w.p.window.to < 5) return undefined;
  const name = w.ref.proper ? w.ref.np : w.ref.short;
  const year = name;
  return choose(w.seed, "aged", [
    `Avec les années, ${name} prend des notes ${deAromas(ids)}.`,
    `Le temps ajoute ${aNp(year)} des nuances ${deAromas(ids)}.`,
  ]);
}

/** Palate: body, sweetness, acidity, tannin, finish and alcohol in one or two sentences. */
function palate(w: WineParts): string {
  const pal = w.p.palate;
  const g = w.noun.gender;
  const il = pronoun(g);
  const parts = [ACIDITY[pal.acidity].fr];
  if (pal.tannin) parts.push(TANNIN[pal.tannin].fr);
  if (pal.finish) parts.push(FINISH[pal.finish].fr);
  const structure = list(parts);
  const abv = pal.abv !== null ? pct(pal.abv) : undefined;
  const usually = w.p.typical ? "d'ordinaire " : "";
  const body =
    w.p.style.kind === "red" || w.p.style.kind === "white" || w.p.style.kind === "rose"
      ? (
          {
            very_light: "très léger",
            light: "léger",
            medium: "",
            full: "ample",
            very_full: "très ample",
          } as const
        )[pal.body]
      : "";
  const bodyText = body ? `${agree(body, g)}, ` : "";
  const alcohol = abv
    ? choose(w.seed, "abv", [` ; ${il} titre ${abv}`, `, pour ${abv} d'alcool`, ` (${abv} vol.)`])
    : "";
  return choose(w.seed, "palate", [
    bodyText
      ? `En bouche, ${il} se montre ${usually}${bodyText}porté par ${structure}${alcohol}.`
      : `En bouche, ${il} repose ${usually}sur ${structure}${alcohol}.`,
    `La bouche est ${usually}${bodyText}tenue par ${structure}${alcohol}.`,
    `En bouche : ${structure}${alcohol}.`,
    `Le palais ${usually ? "montre d'ordinaire" : "montre"} ${structure}${alcohol}.`,
  ]);
}

/** A grape spirit's palate: strength and finish, no wine structure. */
function spiritPalate(w: WineParts): string {
  const abv = w.p.palate.abv;
  const il = pronoun(w.noun.gender);
  return abv !== null
    ? `${cap(il)} titre ${pct(abv)} : une eau-de-vie à déguster en petite quantité, dans un verre étroit.`
    : `Une eau-de-vie à déguster en petite quantité, dans un verre étroit.`;
}

/** The tasting notes. */
export function tastingNotes(w: WineParts): string {
  if (w.p.category === "grape_spirit") return join(nose(w), spiritPalate(w));
  return join(nose(w), palate(w), aged(w));
}

/** The pairing: foods for the style, aperitif, serving temperature and decanting. */
export function pairing(w: WineParts): string {
  const t = between(w.p.serving.temperature);
  if (w.p.category === "grape_spirit")
    return join(`En digestif, en fin de repas, ou avec un café serré.`, `Servir ${t}.`);
  const foods = foodWords(w.p.foods).slice(0, 4);
  const ce = demonstrative(w.noun);
  const il = pronoun(w.noun.gender);
  const name = w.ref.proper ? w.ref.np : w.ref.short;
  const dish = foods.length
    ? choose(w.seed, "foods", [
        `À table, ${ce} accompagne volontiers ${list(foods)}.`,
        `${cap(name)} trouvera sa place avec ${list(foods)}.`,
        `On servira ${name} avec ${list(foods)}.`,
        `Côté accords, ${name} appelle ${list(foods)}.`,
      ])
    : undefined;
  const aperitif = w.p.foods.includes("Aperitif") ? APERITIF_FR : undefined;
  const decant = w.p.serving.decant
    ? choose(w.seed, "decant", [
        `Une heure en carafe aidera ${name} à s'ouvrir.`,
        `Pensez à carafer ${name} une heure avant le service.`,
      ])
    : undefined;
  const serve = choose(w.seed, "serve", [
    `Servir ${name} ${t}.`,
    `${cap(name)} se sert ${t}.`,
    `À déguster ${t}.`,
    `${cap(il)} s'apprécie ${t}.`,
  ]);
  return join(dish, aperitif, serve, decant);
}
