/**
 * The German pairing text: the foods the domain chose for the style (X-Wines categories, dative after
 * "zu"), the aperitif, and serving — temperature and decanting — which only this field of a wine page
 * states. A grape spirit is served as a digestif.
 */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { FOODS } from "../lexicon/foods.ts";
import { choose, sentences } from "../variation.ts";
import { capitalize, degrees, list } from "./grammar.ts";
import { distinctRef, origin } from "./naming.ts";
import { stylePlural } from "./typical.ts";
import { spiritNoun } from "./words.ts";

/** The foods in the dative, after "zu" ("Rindfleisch, Lamm und Geflügel"). */
function foods(p: WineProfile): string {
  // The domain orders foods best first; a shop text names the best five at most.
  return list(
    p.foods
      .filter((f) => f !== "Aperitif" && FOODS[f])
      .slice(0, 5)
      .map((f) => FOODS[f]?.de ?? ""),
  );
}

/** The lead sentence with the foods, in one of several plans, the wine named in some. */
function lead(p: WineProfile, food: string): string {
  if (p.typical) {
    const o = origin(p);
    return `${stylePlural(p)} ${o.countryOnly ? "dieser Art" : o.from} passen typischerweise zu ${food}.`;
  }
  const ref = distinctRef(p, "nom");
  return choose(p.seed, "pairing", [
    `${capitalize(ref)} passt zu ${food}.`,
    `Ein guter Begleiter ist ${ref} zu ${food}.`,
    `Am Tisch empfiehlt sich ${ref} zu ${food}.`,
    `Zu ${food} macht ${ref} eine gute Figur.`,
    `Schön ist ${ref} zu ${food}.`,
  ]);
}

/** Serving temperature and, for tannic reds and Vintage Port, decanting. */
function serving(p: WineProfile): string {
  const t = degrees(p.serving.temperature);
  // The lead sentence names the wine; serving is said briefly, as shop copy has it.
  const temperature = choose(p.seed, "serve", [
    `Trinktemperatur: ${t}.`,
    `Ideal sind ${t}.`,
    `Bei ${t} servieren.`,
    `Serviert bei ${t}.`,
    `Am besten bei ${t}.`,
  ]);
  if (!p.serving.decant) return temperature;
  const decant = choose(p.seed, "decant", [
    "Eine Stunde vorher dekantieren.",
    "Dekantieren lohnt sich.",
    "Eine Stunde Luft tut ihm gut.",
    "Vorher in die Karaffe geben.",
  ]);
  return choose(p.seed, "serve-order", [sentences(decant, temperature), sentences(temperature, decant)]);
}

/** The pairing text of one wine. */
export function pairing(p: WineProfile): string {
  if (p.category === "grape_spirit") {
    const noun = spiritNoun(p);
    return sentences(
      `Ein ${noun} ist ein klassischer Digestif zum Abschluss eines Essens.`,
      `Serviert wird er bei ${degrees(p.serving.temperature)} im schlanken Brandglas.`,
    );
  }
  const food = foods(p);
  const aperitif = p.foods.includes("Aperitif")
    ? choose(p.seed, "aperitif", [
        "Auch als Aperitif macht er sich gut.",
        "Er eignet sich außerdem als Aperitif.",
        "Ebenso passt er als Aperitif.",
      ])
    : "";
  const first = food
    ? lead(p, food)
    : choose(p.seed, "pairing-alone", [
        "Er lässt sich gut für sich allein genießen.",
        "Er braucht keine Speise als Begleitung.",
      ]);
  return sentences(first, aperitif, serving(p));
}
