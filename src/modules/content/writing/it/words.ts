/**
 * Italian words of the writer that are not in the shared lexicon: label terms as an Italian label or
 * press writes them, what the Spanish ageing terms require, style sentences per style kind, and
 * adjective endings by gender.
 *
 * Sources: Ley 24/2003 de la Viña y del Vino, art. 3 (red crianza 24 months with 6 in oak, reserva 36
 * with 12, gran reserva 60 with 18); Legge 238/2016 art. 31 (riserva: longer ageing set by each
 * disciplinare); IVDP Port categories (Vintage bottled in its 2nd–3rd year, LBV in its 4th–6th, Colheita
 * at least 7 years in wood, tawny and ruby blends of several years); OCW "sherry" (flor), "botrytized
 * wines", "champagne" (non-vintage blends), EU Delegated Regulation 2019/33 art. 49 (a vintage on the
 * label: ≥ 85 % of that harvest).
 */
import type { Body } from "../../../../domain/vocabulary.ts";
import { LABEL_TERM_NAMES, type LabelTerm } from "../../../../domain/wine/wine-name.ts";
import type { Gender } from "./grammar.ts";

/** An adjective or participle in -o agreeing with `gender`: ("firmat", f) → "firmata". */
export function agree(stem: string, gender: Gender): string {
  return `${stem}${gender === "f" ? "a" : "o"}`;
}

/** Body adjectives in the feminine singular (la Barbera, una grappa); the masculine is the lexicon's. */
export const BODY_F: Record<Body, string> = {
  very_light: "molto leggera",
  light: "leggera",
  medium: "di medio corpo",
  full: "corposa",
  very_full: "molto corposa",
};

/** Label terms as written on the label (quoted in guillemets by the writer). */
export const TERM_LABEL: Partial<Record<LabelTerm, string>> = LABEL_TERM_NAMES;

/**
 * What a term means, as a clause after "la menzione «…»" ("indica …"); only terms with a legal meaning
 * that holds for every wine carrying them; undefined otherwise.
 */
export function termMeaning(term: LabelTerm, colour: string, countryCode: string): string | undefined {
  const red = colour === "red";
  const spain = countryCode.toUpperCase() === "ES";
  // Portugal's Reserva and Gran Reserva (Decreto-Lei 212/2004) rank quality, not ageing: nothing to explain.
  if ((term === "reserva" || term === "gran_reserva" || term === "crianza") && !spain) return undefined;
  switch (term) {
    case "gran_reserva":
      return red
        ? "impone almeno cinque anni di invecchiamento, di cui diciotto mesi in botte di rovere"
        : "impone un lungo invecchiamento in cantina prima della vendita";
    case "reserva":
      return red
        ? "impone almeno tre anni di invecchiamento, di cui uno in botte di rovere"
        : "impone un invecchiamento più lungo prima della vendita";
    case "crianza":
      return red
        ? "impone almeno due anni di invecchiamento, di cui sei mesi in botte di rovere"
        : "impone un periodo di invecchiamento prima della vendita";
    case "riserva":
      return "indica un affinamento più lungo di quello della versione base, fissato dal disciplinare";
    case "gran_selezione":
      return "è il vertice della piramide del Chianti Classico, riservato alle uve della sola azienda";
    case "superiore":
      return "indica, per disciplinare, rese più basse e una gradazione minima più alta";
    case "classico":
      return "indica la zona storica, più antica, della denominazione";
    case "grosses_gewachs":
      return "è riservata dal VDP ai vini secchi dei suoi vigneti migliori";
    case "eiswein":
      return "indica uve vendemmiate e pigiate gelate";
    case "trockenbeerenauslese":
      return "indica acini appassiti, colpiti dalla muffa nobile, scelti uno a uno";
    case "beerenauslese":
      return "indica acini stramaturi scelti uno a uno";
    default:
      return undefined;
  }
}

/** The old-vines and single-vineyard terms as a phrase ("da vigne vecchie", "da un solo vigneto"). */
export const SITE: Partial<Record<LabelTerm, string>> = {
  old_vines: "da vigne vecchie",
  single_vineyard: "da un solo vigneto",
};
