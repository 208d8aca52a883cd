/**
 * The Italian description and long description of a wine. The description says what the wine is,
 * who makes it, where (the appellation, with the country where the place alone would not tell) and
 * from which grapes, then its most notable fact; the long description gives the context — where the
 * place lies, the grapes, what the style or the label term means — in other sentences. Alcohol,
 * aromas and palate are the tasting notes', serving the pairing's: each fact once per page.
 */
import type { ClimateId, SoilId } from "../../../../domain/wine/regions/region-record.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { CLIMATES } from "../lexicon/climates.ts";
import { SOILS } from "../lexicon/soils.ts";
import { choose, sentences } from "../variation.ts";
import { cap, grapeGender, list, the } from "./grammar.ts";
import {
  inCountry,
  inPlace,
  needsCountry,
  type Origin,
  originFrom,
  originIn,
  originOf,
  originOfPhrase,
} from "./places.ts";
import {
  aStyle,
  byProducer,
  fromGrapes,
  grapeName,
  nameIsGeneric,
  ofProducer,
  styleNoun,
  subjectGender,
  theGrapes,
  theWine,
} from "./style.ts";
import { agree, SITE, TERM_LABEL, termMeaning } from "./words.ts";

/** The wine's origin (see places.ts). */
export function wineOrigin(p: WineProfile): Origin {
  return originOf(p.place, p.placeWithin, p.facts.region, p.region);
}

/**
 * Where the wine comes from after its style noun, as a main part and the country when the place alone
 * would not tell: { main: "della Serra Gaúcha", country: "in Brasile" }; { main: "prodotto in Spagna" }
 * for a wine known only by its country; main "" when the name already states the place.
 */
function whereOf(p: WineProfile, o: Origin): { main: string; from: string; country: string | undefined } {
  const country = needsCountry(o) ? inCountry(o.country) : undefined;
  if (o.kind === "country")
    return {
      main: `${agree("prodott", styleNoun(p).gender)} ${originIn(o)}`,
      from: originFrom(o),
      country: undefined,
    };
  if (p.nameStatesRegion)
    return {
      main: country ? `${agree("prodott", styleNoun(p).gender)} ${country}` : "",
      from: "",
      country: undefined,
    };
  return { main: originOfPhrase(o), from: originFrom(o), country };
}

/** "della Serra Gaúcha, in Brasile," inside a sentence (the country between commas), or at its end without the last comma. */
function withCountry(main: string, country: string | undefined, inside: boolean): string {
  if (!country) return main;
  return main ? `${main}, ${country}${inside ? "," : ""}` : country;
}

/** Grapes clause for the description: none when the name is the grape itself. */
function grapesClause(p: WineProfile, slot: string): string {
  if (p.category === "grape_spirit") return "";
  if (p.nameKind === "grape" && p.facts.grapes.length <= 1) return "";
  return fromGrapes(p, slot);
}

function identity(p: WineProfile, o: Origin): string {
  const wine = theWine(p, { vintage: true });
  const style = aStyle(p);
  const w = whereOf(p, o);
  const grapes = grapesClause(p, "d.grapes");
  const producer = p.facts.producerName;
  const by = !(p.nameHasProducer || p.nameKind === "grape" || nameIsGeneric(p));
  const sg = styleNoun(p).gender;
  if (p.category === "grape_spirit") {
    const n = styleNoun(p);
    if (p.facts.name.toLowerCase().includes(n.bare.split(" ")[0] ?? n.bare)) {
      const at = o.kind === "country" ? inCountry(o.country) : originIn(o);
      return `${cap(theWine(p))} è ${agree("prodott", n.gender)} ${byProducer(producer)}${at ? ` ${at}` : ""}.`;
    }
    const where = withCountry(w.main, w.country, false);
    return `${cap(theWine(p, { producer: true }))} è ${style}${where ? ` ${where}` : ""}.`;
  }
  const whereEnd = withCountry(w.main, w.country, false);
  const variants = [
    `${cap(wine)} è ${style}${whereEnd ? ` ${whereEnd}` : ""}${grapes ? `, ${agree("ottenut", sg)} ${grapes}` : ""}${by ? `, ${agree("firmat", sg)} ${byProducer(producer)}` : ""}.`,
    `${cap(theWine(p, { vintage: true, producer: by }))}: ${style}${whereEnd ? ` ${whereEnd}` : ""}${grapes ? `, ${grapes}` : ""}.`,
  ];
  if (w.from)
    variants.push(
      `${cap(withCountry(w.from, w.country, true))} arriva ${theWine(p, { vintage: true, producer: by })}, ${style}${grapes ? ` ${grapes}` : ""}.`,
    );
  return choose(p.seed, "d.identity", variants);
}

/** A sentence on the wine's rank or site from its label terms, or undefined. */
function termSentence(p: WineProfile, slot: string): string | undefined {
  if (p.category === "grape_spirit") return undefined;
  const name = theWine(p, { short: true });
  for (const term of p.terms) {
    if (term === "classico" && p.facts.region.country !== "IT") continue;
    const label = TERM_LABEL[term];
    const meaning = label ? termMeaning(term, p.facts.color, p.facts.region.country) : undefined;
    if (label && meaning)
      return choose(p.seed, slot, [
        `La menzione «${label}» ${meaning}.`,
        `In etichetta, «${label}»: una menzione che ${meaning}.`,
      ]);
    if (label && p.tier === "classified")
      return choose(p.seed, slot, [
        `In etichetta porta la menzione «${label}».`,
        `${cap(name)} si fregia della menzione «${label}».`,
      ]);
    const site = SITE[term];
    if (site)
      return choose(p.seed, slot, [
        `Nasce ${site}, come dice la sua etichetta.`,
        `L'etichetta lo dice: le uve vengono ${site}.`,
      ]);
  }
  return undefined;
}

/** A sentence on what the style means for this wine (Port categories, flor, sparkling blends, noble rot). */
function styleSentence(p: WineProfile): string | undefined {
  if (p.category === "grape_spirit") return undefined;
  const w = theWine(p, { short: true });
  const v = p.facts.vintage;
  switch (p.style.kind) {
    case "vintage_port":
      return choose(p.seed, "l.style", [
        `Come ogni Porto Vintage, ${w} nasce da un'unica annata dichiarata e va in bottiglia giovane, al secondo o terzo anno: è lì che matura.`,
        `${cap(w)} è un Vintage: le uve di una sola grande annata${v ? `, il ${v},` : ""} imbottigliate dopo appena due o tre anni in legno, perché il vino evolva in vetro.`,
      ]);
    case "lbv_port":
      return `Come ogni LBV, ${w} è il vino di una sola annata${v ? `, il ${v},` : ""} imbottigliato tra il quarto e il sesto anno, già pronto da bere.`;
    case "colheita_port":
      return `Come ogni Colheita, ${w} è un tawny di una sola annata${v ? `, il ${v},` : ""} affinato in legno per almeno sette anni.`;
    case "tawny_port":
      return choose(p.seed, "l.style", [
        `Come ogni Tawny, ${w} affina a lungo in piccole botti di legno, da cui prende il colore ambrato e i toni di frutta secca.`,
        `${cap(w)} riposa in botti di legno fino a prendere il colore fulvo che dà il nome ai Tawny.`,
      ]);
    case "ruby_port":
      return `Come ogni Ruby, ${w} affina per poco tempo in grandi botti e va in bottiglia giovane, per conservare il frutto.`;
    case "fino":
      return `${cap(w)} matura sotto il velo di flor, i lieviti che lo proteggono dall'aria e gli danno i suoi toni di mandorla e lievito.`;
    case "botrytis":
      return `Per ${w} la muffa nobile concentra negli acini zuccheri e acidità.`;
    case "sparkling_nv":
      return choose(p.seed, "l.style", [
        `${cap(w)} è una cuvée senza annata: vini di più vendemmie assemblati per ritrovare ogni anno lo stile ${ofProducer(p.facts.producerName)}.`,
        `Senza annata in etichetta, ${w} unisce vini di più vendemmie, per restare fedele allo stile ${ofProducer(p.facts.producerName)}.`,
      ]);
    case "sparkling_vintage":
    case "sparkling_prestige":
      return v
        ? `Millesimato, ${w} nasce dalle uve della sola vendemmia ${v}.`
        : `${cap(w)} è un millesimato: nasce dalle uve di una sola vendemmia.`;
    default:
      return undefined;
  }
}

/** The grapes sentence of the long description, with articles and genders ("la Corvina e la Rondinella"). */
function grapesSentence(p: WineProfile): string | undefined {
  const gs = p.facts.grapes;
  if (gs.length === 0 || p.category === "grape_spirit") return undefined;
  const name = theWine(p, { short: true });
  if (gs.length === 1) {
    if (p.nameKind === "grape") return undefined;
    const g = grapeName(gs[0] as (typeof gs)[number]);
    const gender = grapeGender(g);
    return choose(p.seed, "l.grapes", [
      `È ${agree("fatt", subjectGender(p))} con ${the(g, gender)} in purezza.`,
      `Dietro ${name} c'è un solo vitigno, ${the(g, gender)}.`,
    ]);
  }
  const more = gs.length > 4 ? ", con altri vitigni minori" : "";
  return choose(p.seed, "l.grapes", [
    `Nell'uvaggio entrano ${theGrapes(p)}${more}.`,
    `Il taglio unisce ${theGrapes(p)}${more}.`,
    `${cap(theGrapes(p))} compongono ${name}${more}.`,
  ]);
}

/** The pronoun of the wine as an object: "lo", "la" (la Barbera, una grappa). */
function pronoun(p: WineProfile): "lo" | "la" {
  const g = subjectGender(p);
  return g === "f" ? "la" : "lo";
}

/** Where the place lies and who makes the wine there. */
function placeSentence(p: WineProfile, o: Origin): string | undefined {
  const producer = p.facts.producerName;
  const lo = pronoun(p);
  if (o.kind === "country") {
    const where = originIn(o);
    if (!where) return undefined;
    return choose(p.seed, "l.place", [
      `${cap(producer)} ${lo} produce ${where}.`,
      `${cap(theWine(p, { short: true }))} nasce ${where}, per mano di ${producer}.`,
    ]);
  }
  const within = o.within ? inPlace(o.within) : undefined;
  const extra = within ?? (needsCountry(o) ? inCountry(o.country) : undefined);
  // A name without article is a town or an appellation around it: "nella zona di Barolo" is true of both.
  const at = o.kind === "place" && !o.place.article ? `nella zona di ${o.place.name}` : originIn(o);
  const where = withCountry(at, extra, false);
  const whereInside = withCountry(at, extra, true);
  return choose(p.seed, "l.place", [
    `${cap(producer)} ${lo} produce ${where}.`,
    `${cap(theWine(p, { short: true }))} nasce ${whereInside} per mano di ${producer}.`,
    `È ${whereInside} che ${producer} ${lo} produce.`,
  ]);
}

/** What the place's record says of its soils and climate, in one sentence, or undefined without a record. */
function terroirSentence(p: WineProfile, o: Origin): string | undefined {
  const place = p.place;
  if (!place || o.kind === "country") return undefined;
  const soils = place.soils.slice(0, 3).map((s) => SOILS[s as SoilId].it);
  const climate = place.climate ? CLIMATES[place.climate as ClimateId].it[0] : undefined;
  const where = originIn(o);
  if (soils.length > 0 && climate)
    return choose(p.seed, "l.terroir", [
      `${cap(where)} le vigne crescono su ${list(soils)}, in un clima ${climate}.`,
      `Clima ${climate} e suoli di ${list(soils)}: è il quadro ${originOfPhrase(o)}.`,
    ]);
  if (soils.length > 0) return `${cap(where)} le vigne crescono su ${list(soils)}.`;
  return climate ? `${cap(where)} il clima è ${climate}.` : undefined;
}

/** The description: identity, then the most notable fact. */
export function description(p: WineProfile): string {
  const o = wineOrigin(p);
  const notable = termSentence(p, "d.term");
  return sentences(identity(p, o), notable ?? (p.notable.includes("style") ? styleSentence(p) : undefined));
}

/** The long description: where and by whom, the grapes, the style, the label term (not said yet). */
export function descriptionLong(p: WineProfile): string {
  const o = wineOrigin(p);
  const term = termSentence(p, "d.term");
  const style = term || !p.notable.includes("style") ? styleSentence(p) : undefined;
  return sentences(
    placeSentence(p, o),
    terroirSentence(p, o),
    grapesSentence(p),
    style,
    term ? undefined : termSentence(p, "l.term"),
  );
}
