/**
 * The German tasting notes: the nose (the aromas the domain decided, typical of the grapes or the
 * style, said of the wine with "typisch"/"sortentypisch" since they are not a tasting of the bottle),
 * the palate (body, sweetness, acidity, tannin, finish) and the alcohol — the only place of a wine page
 * that states it. A grape spirit gets its nose and strength, no wine structure.
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { SUGAR } from "../lexicon/style-words.ts";
import { choose, sentences } from "../variation.ts";
import { percentVol } from "./grammar.ts";
import { distinctRef, origin } from "./naming.ts";
import { acidityAll, bodyAll, FINISH_IS, type LevelWords, tanninAll } from "./palate-words.ts";
import { stylePlural, typicalPalate } from "./typical.ts";
import { aromas, grapeNames, spiritNoun } from "./words.ts";

/** The nose: aromas of the grapes (named when one or two) or of the style. */
function nose(p: WineProfile): string {
  const ids = p.aromas.ids.slice(0, 4);
  if (ids.length === 0) return "";
  const a = aromas(ids);
  if (p.typical) {
    const o = origin(p);
    return `${stylePlural(p)} ${o.countryOnly ? "dieser Art" : o.from} duften typischerweise nach ${a}.`;
  }
  const grapes = grapeNames(p);
  const nameSaysGrape = grapes.some((g) => p.facts.name.toLowerCase().includes(g.toLowerCase()));
  if (p.aromas.fromGrapes && grapes.length === 1 && p.nameKind !== "grape" && !nameSaysGrape) {
    return choose(p.seed, "nose-grape", [
      `Sortentypisch für ${grapes[0]} duftet ${distinctRef(p, "nom")} nach ${a}.`,
      `In der Nase zeigt er, was ${grapes[0]} ausmacht: Noten von ${a}.`,
      `Typisch für ${grapes[0]} zeigt ${distinctRef(p, "nom")} in der Nase Noten von ${a}.`,
    ]);
  }
  return choose(p.seed, "nose", [
    `In der Nase zeigt er typische Noten von ${a}.`,
    `Zu erwarten sind Aromen von ${a}.`,
    `Im Glas verspricht er Aromen von ${a}.`,
    `Typisch für ihn sind Noten von ${a}.`,
  ]);
}

/** Sweetness on the palate as a predicate, or undefined for a dry wine (said by the style noun). */
function sweetness(p: WineProfile): string | undefined {
  const rs = p.facts.residualSugar;
  if (!rs || rs === "dry") return undefined;
  const term = SUGAR[rs];
  if (term.kind === "label") return undefined;
  return term.de;
}

/** The palate: body (not for a fino), sweetness, acidity, tannin and finish, in one of many variants. */
function palate(p: WineProfile): string {
  const sweet = sweetness(p);
  const { finish } = p.palate;
  const finishShort = finish ? (finish === "long" ? "Langer Abgang." : "Mittellanger Abgang.") : "";
  const finishText = finish ? `der Abgang ist ${FINISH_IS[finish]}` : "";
  const bodies = p.style.kind === "fino" ? [undefined] : bodyAll(p);
  const tannins: (LevelWords | undefined)[] = tanninAll(p).length > 0 ? tanninAll(p) : [undefined];
  const refs = [distinctRef(p, "nom"), "er"];
  const options: string[] = [];
  for (const body of bodies)
    for (const acid of acidityAll(p))
      for (const tan of tannins.filter((t) => !t || t.is !== acid.is)) {
        const feel = [body, sweet].filter((x): x is string => x !== undefined).join(" und ");
        if (feel.length === 0) {
          const structure = tan ? `${acid.a} und ${tan.a}` : acid.a;
          for (const ref of refs)
            options.push(`Am Gaumen zeigt ${ref} ${structure}${finishText ? `; ${finishText}` : ""}.`);
          options.push(sentences(`Im Mund zeigt er ${structure}.`, finishShort));
          continue;
        }
        const withs = tan ? `${acid.with} und ${tan.with}` : acid.with;
        const is = tan ? `die Tannine sind ${tan.is}, die Säure ist ${acid.is}` : `die Säure ist ${acid.is}`;
        const bare = tan ? `die Säure ${acid.is}, die Tannine ${tan.is}` : `die Säure ${acid.is}`;
        for (const ref of refs) {
          options.push(
            `Am Gaumen ist ${ref} ${feel}, mit ${withs}${finishText ? `; ${finishText}` : ""}.`,
            `Im Mund wirkt ${ref} ${feel}; ${is}${finishText ? `, ${finishText}` : ""}.`,
          );
        }
        options.push(
          sentences(`Am Gaumen ${feel}, mit ${withs}.`, finishShort),
          sentences(`Der Gaumen: ${feel}, ${bare}.`, finishShort),
        );
      }
  return choose(p.seed, "palate", options);
}

/** The alcohol, once per page. */
function alcohol(p: WineProfile): string {
  const abv = p.palate.abv;
  if (abv === null) return "";
  return choose(p.seed, "abv", [
    `Alkohol: ${percentVol(abv)}.`,
    `Er hat ${percentVol(abv)} Alkohol.`,
    `Der Alkoholgehalt liegt bei ${percentVol(abv)}.`,
  ]);
}

/** A grape spirit: its nose and its strength. */
function spirit(p: WineProfile): string {
  const noun = spiritNoun(p);
  const ids = p.aromas.ids.slice(0, 3);
  const abv = p.palate.abv;
  return sentences(
    ids.length > 0 ? `In der Nase zeigt dieser ${noun} Noten von ${aromas(ids)}.` : "",
    abv !== null
      ? `Mit ${percentVol(abv)} ist er ein kräftiger Brand, der langsam in kleinen Schlucken genossen wird.`
      : "",
  );
}

/** The tasting notes of a wine. */
export function tastingNotes(p: WineProfile): string {
  if (p.category === "grape_spirit") return spirit(p);
  if (p.typical) return sentences(nose(p), typicalPalate(p, origin(p), 2));
  return sentences(nose(p), palate(p), alcohol(p));
}
