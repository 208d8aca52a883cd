/**
 * Sentences for a wine whose body, acidity, flavour and foods are typical of its appellation and style
 * (`profile.typical`: a wine known only from LWIN or Open Food Facts): they are said of the style and
 * place — "Weißweine aus Chablis sind typischerweise leicht, mit frischer, lebendiger Säure" — never
 * of the bottle.
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { BODY } from "../lexicon/style-words.ts";
import { choose } from "../variation.ts";
import type { Origin } from "./naming.ts";
import { ACIDITY_WITH, TANNIN_WITH } from "./palate-words.ts";

/** The style as a plural noun: "Weißweine", "Rotweine", "Rosés", "Schaumweine", "Likörweine", "Süßweine". */
export function stylePlural(p: WineProfile): string {
  if (p.facts.subType === "sparkling") return "Schaumweine";
  if (p.facts.type === "fortified") return "Likörweine";
  if (p.facts.type === "dessert") return "Süßweine";
  return { red: "Rotweine", white: "Weißweine", rose: "Rosés" }[p.facts.color];
}

/**
 * The style's typical palate in plan `slot` (0: description, 1: long description, 2: tasting notes),
 * so that no two fields share the sentence.
 */
export function typicalPalate(p: WineProfile, o: Origin, slot: 0 | 1 | 2): string {
  const noun = stylePlural(p);
  const where = o.countryOnly ? "dieser Art" : o.from;
  const tannin = p.palate.tannin ? ` und ${TANNIN_WITH[p.palate.tannin]}` : "";
  const rest = `${BODY[p.facts.body].de}, mit ${ACIDITY_WITH[p.palate.acidity]}${tannin}`;
  const plans = [
    [`${noun} ${where} sind typischerweise ${rest}.`, `Typisch für ${noun} ${where}: ${rest}.`],
    [`Typischerweise sind ${noun} ${where} ${rest}.`],
    [`Am Gaumen sind ${noun} ${where} in der Regel ${rest}.`],
  ][slot] as string[];
  return choose(p.seed, `typical-${slot}`, plans);
}
