/** The parts of a French wine page: the wine's name, style noun, origin and grapes, decided once. */
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { choose } from "../variation.ts";
import { type Origin, origin } from "./origin.ts";
import { type StyleNoun, styleNoun } from "./style.ts";
import { grapeNames, type WineRef, wineRef } from "./words.ts";

/** Parts every sentence of a wine page may use. */
export interface WineParts {
  p: WineProfile;
  ref: WineRef;
  /** The name with the vintage, for the first mention. */
  refYear: WineRef;
  noun: StyleNoun;
  o: Origin;
  grapes: string[];
  producer: string;
  seed: number;
}

/** Builds the parts of a wine page. */
export function wineParts(p: WineProfile): WineParts {
  return {
    p,
    ref: wineRef(p),
    refYear: wineRef(p, p.facts.vintage),
    noun: styleNoun(p, choose(p.seed, "body-word", [0, 1, 2, 3, 4, 5])),
    o: origin(p),
    grapes: grapeNames(p),
    producer: p.facts.producerName,
    seed: p.seed,
  };
}
