/**
 * What a label term or a style means, in one English sentence about the wine. Sources: Ley 24/2003
 * art. 3 (Spanish crianza 24 months, reserva 36 months with at least 12 in oak, gran reserva 60
 * months with at least 18 in oak, for reds); Legge 238/2016 art. 31 (riserva, superiore, classico);
 * Chianti Classico disciplinare (Gran Selezione: estate-grown grapes); Weingesetz § 20 (Prädikate);
 * VDP statutes (Grosses Gewächs); IVDP Port categories; OCW "sherry" (flor), "champagne" (non-vintage
 * blends), "prestige cuvée", "port".
 */
import type { LabelTerm } from "../../../../domain/wine/wine-name.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { choose } from "../variation.ts";

/** A sentence on the wine's label term of rank or ageing, or undefined when none is worth saying. */
export function termSentence(p: WineProfile, subject: string): string | undefined {
  const red = p.facts.color === "red";
  const inName = (t: string) => p.facts.region.names.en.toLowerCase().includes(t);
  const say: Partial<Record<LabelTerm, string | undefined>> = {
    premier_grand_cru_classe: `Premier Grand Cru Classé on the label places ${subject} in the top rank of its classification.`,
    grand_cru_classe: `As a Grand Cru Classé, ${subject} is one of the classified growths of its appellation.`,
    cru_classe: `${subject} is a cru classé, one of the classified growths of its appellation.`,
    grand_cru: inName("grand cru")
      ? undefined
      : "Grand cru is the highest rank a vineyard can hold in its region.",
    premier_cru: "Premier cru marks a vineyard of the rank just below grand cru.",
    cru_bourgeois: `${subject} is a Cru Bourgeois, a classification of Médoc estates.`,
    gran_selezione:
      "Gran Selezione is the top tier of Chianti Classico, made only from the estate's own grapes.",
    gran_reserva:
      red && p.facts.region.country === "ES"
        ? "As a Gran Reserva it has had at least five years of ageing, at least eighteen months of them in oak, before release."
        : undefined,
    reserva:
      red && p.facts.region.country === "ES"
        ? "As a Reserva it has been aged for at least three years, at least one of them in oak, before release."
        : undefined,
    crianza:
      red && p.facts.region.country === "ES"
        ? "As a Crianza it has spent at least two years ageing, part of that time in oak, before release."
        : undefined,
    riserva: "Riserva means longer ageing before release than the appellation's standard wine.",
    superiore: "Superiore means stricter rules than the basic wine, including a higher minimum alcohol.",
    classico: "Classico means that the grapes come from the historic heart of the appellation.",
    grosses_gewachs:
      "Grosses Gewächs is the VDP's name for a dry wine from one of its top-classified vineyards.",
    kabinett: "Kabinett is the lightest of Germany's Prädikat levels, made from fully ripe grapes.",
    spatlese: "Spätlese means late harvest: the grapes were picked riper than for a Kabinett.",
    auslese: "Auslese means the grapes were selected from especially ripe bunches.",
    beerenauslese: "Beerenauslese is made from individually selected overripe berries.",
    trockenbeerenauslese:
      "Trockenbeerenauslese is made from berries shrivelled on the vine, usually by noble rot.",
    eiswein:
      "Ice wine is pressed from grapes frozen on the vine, which concentrates their sugar and acidity.",
    old_vines: `${subject} comes from old vines, which give smaller crops of more concentrated fruit.`,
    single_vineyard: `${subject} comes from a single vineyard.`,
  };
  for (const term of p.terms) {
    const s = say[term];
    if (s) return s;
  }
  return undefined;
}

/** A sentence on how the style is made or aged, or undefined for still table wines. */
export function styleSentence(p: WineProfile, subject: string): string | undefined {
  const seed = p.seed;
  switch (p.style.kind) {
    case "vintage_port":
      return "Vintage Port is bottled young from a single declared year and matures slowly in bottle.";
    case "lbv_port":
      return `${subject} is a Late Bottled Vintage: the wine of one year, aged in wood for four to six years and bottled ready to drink.`;
    case "colheita_port":
      return `A Colheita is a tawny Port from a single harvest, aged for years in wooden casks before bottling.`;
    case "tawny_port":
      return choose(seed, "tawny", [
        "A tawny Port is aged in wooden casks, where slow oxidation turns its colour amber and its fruit nutty.",
        `Long ageing in wooden casks gives ${subject} its amber colour and nutty character.`,
      ]);
    case "ruby_port":
      return "A ruby Port is aged briefly in large vats and bottled young to keep its fruit.";
    case "fino":
      return choose(seed, "fino", [
        "It is aged under flor, the layer of yeast that keeps it pale and dry.",
        `Ageing under a layer of flor yeast keeps ${subject} pale, dry and tangy.`,
      ]);
    case "sparkling_nv":
      return choose(seed, "nv", [
        `As a non-vintage wine, ${subject} is blended from several harvests for a consistent house style.`,
        `${subject} carries no vintage: it is blended from several years to keep its style consistent.`,
        `Blending wines of several years gives ${subject} the same character from one bottling to the next.`,
      ]);
    case "sparkling_vintage":
      return `${subject} is made only from the grapes of its stated year.`;
    case "sparkling_prestige":
      return `${subject} is a prestige cuvée, the top wine of its house, usually made only in the best years.`;
    default:
      return undefined;
  }
}
