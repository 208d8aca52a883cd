/**
 * What a wine is, in Italian noun phrases: the style noun with its agreement ("un rosso secco e corposo",
 * "uno spumante brut", "un Porto Tawny", "una grappa"), the wine's name as a subject or after a
 * preposition with its article and gender ("il Sassicaia", "la Barbera di Vietti", "il rosato di Los
 * Vascos" — a name of only style words is never used bare), and the grapes ("la Corvina e la Rondinella").
 */
import { grapeProseName } from "../../../../domain/wine/grapes/grape-records.ts";
import type { GrapeFacts } from "../../../../domain/wine/wine-facts.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { BODY, SUGAR } from "../lexicon/style-words.ts";
import { choose } from "../variation.ts";
import {
  article,
  type Gender,
  grapeGender,
  type ItArticle,
  type ItPrep,
  indefinite,
  list,
  prep,
  the,
  withArticle,
} from "./grammar.ts";

/** A noun phrase with its gender, so that adjectives and pronouns agree. */
export interface Noun {
  /** Without article: "rosso secco e corposo", "spumante brut". */
  bare: string;
  gender: Gender;
}

/** The spirit noun of a grape spirit's name: grappa (f), marc, brandy, pisco, orujo, else "distillato d'uva". */
function spiritNoun(p: WineProfile): Noun {
  const n = p.facts.name.toLowerCase();
  if (/grappa/.test(n)) return { bare: "grappa", gender: "f" };
  if (/\bmarc\b/.test(n)) return { bare: "marc", gender: "m" };
  if (/cognac/.test(n)) return { bare: "cognac", gender: "m" };
  if (/armagnac/.test(n)) return { bare: "armagnac", gender: "m" };
  if (/brandy/.test(n)) return { bare: "brandy", gender: "m" };
  if (/pisco/.test(n)) return { bare: "pisco", gender: "m" };
  if (/orujo/.test(n)) return { bare: "orujo", gender: "m" };
  if (/aguardente|bagaceira/.test(n)) return { bare: "acquavite", gender: "f" };
  return { bare: "distillato d'uva", gender: "m" };
}

const COLOUR: Record<string, [string, string]> = {
  red: ["rosso", "rossi"],
  white: ["bianco", "bianchi"],
  rose: ["rosato", "rosati"],
};

/** Sweetness adjective of a still wine ("secco", "abboccato", "dolce"), or a sparkling wine's label term. */
function sweetness(p: WineProfile): string | undefined {
  const sugar = p.facts.residualSugar;
  if (p.facts.subType === "sparkling") return sugar ? SUGAR[sugar].it[0] : undefined;
  if (p.palate.sweetness === "off_dry") return "abboccato";
  if (p.palate.sweetness === "sweet") return undefined; // said by the noun ("bianco dolce")
  return "secco";
}

/** Body adjective, only for still wines whose body is their own (never a fino "corposo"). */
function body(p: WineProfile): string | undefined {
  if (p.typical || p.facts.subType === "sparkling" || p.facts.type === "fortified") return undefined;
  return BODY[p.facts.body].it[0];
}

/**
 * The style noun of the wine, without article: "rosso secco e corposo", "bianco dolce", "spumante
 * brut", "Porto Tawny", "vino liquoroso bianco", "grappa".
 */
export function styleNoun(p: WineProfile): Noun {
  if (p.category === "grape_spirit") return spiritNoun(p);
  const colour = COLOUR[p.facts.color]?.[0] ?? "rosso";
  const k = p.style.kind;
  const m = (bare: string): Noun => ({ bare, gender: "m" });
  const named = (re: RegExp) => re.test(p.facts.name);
  if (k.endsWith("_port") && named(/\b(Vintage|LBV|Late Bottled|Colheita|Tawny|Ruby)\b/i)) return m("Porto");
  if (k === "sweet_light" && /Moscato d'Asti/.test(`${p.facts.name} ${p.facts.region.names.en}`))
    return m("bianco dolce, leggero e appena frizzante");
  switch (k) {
    case "vintage_port":
      return m("Porto Vintage");
    case "lbv_port":
      return m("Porto LBV (Late Bottled Vintage)");
    case "colheita_port":
      return m("Porto Colheita");
    case "tawny_port":
      return m("Porto Tawny");
    case "ruby_port":
      return m("Porto Ruby");
    case "fino":
      return m("vino liquoroso secco di tipo fino");
    case "fortified":
      return m(`vino liquoroso ${colour}`);
    case "botrytis":
      return m("bianco dolce botritizzato");
    case "sweet_light":
      return p.facts.subType === "sparkling"
        ? m(`spumante ${colour === "bianco" ? "" : `${colour} `}dolce e leggero`)
        : m(`${colour} dolce e leggero`);
    case "sweet_white":
    case "sweet_red": {
      const b = body(p);
      return m(b ? `${colour} dolce ${b}` : `${colour} dolce`);
    }
    case "sparkling_prestige":
      return { bare: "cuvée de prestige millesimata", gender: "f" };
    case "sparkling_vintage":
    case "sparkling_nv":
    case "sparkling_fresh": {
      const frizzante = /frizzante/i.test(p.facts.name);
      const named = sparklingName(p);
      const head = named ?? (frizzante ? "frizzante" : "spumante");
      const parts = [
        colour === "bianco" ? head : named ? `${head} ${agreeColour(colour)}` : `${head} ${colour}`,
      ];
      if (k === "sparkling_vintage") parts.push("millesimato");
      const s = sweetness(p);
      if (s) parts.push(s);
      return m(parts.join(" "));
    }
    default: {
      const adjectives = [sweetness(p), body(p)].filter((a): a is string => !!a);
      if (adjectives.length === 0) return m(colour);
      const [a, b] = adjectives;
      return m(b ? `${colour} ${a} e ${b}` : `${colour} ${a}`);
    }
  }
}

/**
 * The appellation a sparkling wine is named by in Italian when its region is that appellation ("uno
 * Champagne", "un Cava", "un Crémant", "un Franciacorta", "un Prosecco"), else undefined.
 */
function sparklingName(p: WineProfile): string | undefined {
  const region = p.facts.region.names.en;
  const m = /^(Champagne|Cava|Franciacorta|Prosecco|Crémant)\b/.exec(region) ?? /\b(Prosecco)\b/.exec(region);
  // "Il Prosecco di Cupcake è un Prosecco" says nothing: the name already gives it.
  return m?.[1] && !p.facts.name.includes(m[1]) ? m[1] : undefined;
}

/** A colour after an appellation noun: "Champagne rosé" (the French word), "Cava rosato". */
function agreeColour(colour: string): string {
  return colour === "rosato" ? "rosé" : colour;
}

/** "un rosso secco e corposo", "uno spumante brut", "una grappa". */
export function aStyle(p: WineProfile): string {
  const n = styleNoun(p);
  return indefinite(n.bare, n.gender);
}

/** True when the name may not stand alone (style words: "Rosé", "Gran Reserva", "Brut"; wine-name.ts). */
export function nameIsGeneric(p: WineProfile): boolean {
  return p.nameKind === "style_words";
}

/**
 * Gender of the wine as the subject of a sentence, so that adjectives and participles agree: a
 * generic name's or a spirit's head noun ("questo rosato", "questa grappa"), else the name's.
 */
export function subjectGender(p: WineProfile): Gender {
  return usesDemonstrative(p) ? headNoun(p).gender : nameGender(p);
}

/**
 * Second mentions say "questo rosso" for a generic name, a spirit and a long proper name (more than
 * three words: "Moncalvina Moscato d'Asti 'Canelli'"), which would weigh on every sentence.
 */
function usesDemonstrative(p: WineProfile): boolean {
  if (nameIsGeneric(p) || p.category === "grape_spirit") return true;
  return p.nameKind !== "grape" && proseName(p.facts.name).split(/\s+/).length > 3;
}

/** The gender of the wine's name as a wine: grape names keep the grape's (la Barbera), others are "il vino". */
export function nameGender(p: WineProfile): Gender {
  if (p.category === "grape_spirit") return spiritNoun(p).gender;
  if (p.nameKind === "grape") return grapeGender(p.facts.name);
  // A name led by one of its grapes takes the grape's gender: "la Barbera d'Alba".
  const first = p.facts.name.split(/\s+/)[0] ?? "";
  const led = p.facts.grapes.some((g) => grapeName(g).split(/\s+/)[0] === first);
  return led ? grapeGender(first) : "m";
}

/** Words an Italian name may begin with that are already an article or a foreign one. */
const ARTICLE_WORD = /^(il|lo|la|l'|i|gli|le|el|los|las|the|les|le|der|die|das|o|os|as|a)\s|^l'/i;

/** How the wine is named: with its vintage ("il Tignanello 2019"), with its producer. */
export interface WineRefOptions {
  vintage?: boolean;
  /** Add "di <producer>" to a proper name that does not contain it (style-words and grape names always have it). */
  producer?: boolean;
  /**
   * A second mention: a proper name without the producer and a closing parenthesis ("il Saint-Estèphe"
   * for "Saint-Estèphe (Grand Cru Classé)"), a generic or grape name as "questo rosso", "questa grappa".
   */
  short?: boolean;
}

/** The name without a closing parenthesis ("Saint-Estèphe (Grand Cru Classé)" → "Saint-Estèphe"). */
function proseName(name: string): string {
  const m = /^(.+?)\s*\([^)]*\)$/.exec(name);
  return m?.[1] ?? name;
}

/** The head noun of the style, for "questo rosso", "questa grappa", "questo Champagne". */
function headNoun(p: WineProfile): Noun {
  const n = styleNoun(p);
  return { bare: n.bare.split(" ")[0] ?? n.bare, gender: n.gender };
}

/** "questo rosso", "questa grappa", "quest'Amarone". */
function demonstrative(n: Noun): string {
  if (/^[aeiouàèéìòù]/i.test(n.bare)) return `quest'${n.bare}`;
  return `${n.gender === "f" ? "questa" : "questo"} ${n.bare}`;
}

/** The wine's noun phrase split into its article (none when the name begins with one) and the rest. */
function wineNP(p: WineProfile, o: WineRefOptions): { art: ItArticle | undefined; rest: string } {
  if (o.short) {
    if (usesDemonstrative(p)) return { art: undefined, rest: demonstrative(headNoun(p)) };
    if (p.nameKind === "grape") return { art: article(p.facts.name, nameGender(p)), rest: p.facts.name };
    const name = proseName(p.facts.name);
    if (ARTICLE_WORD.test(name) || /^\d/.test(name)) return { art: undefined, rest: name };
    return { art: article(name, nameGender(p)), rest: name };
  }
  const name = p.facts.name;
  const v = o.vintage && p.facts.vintage !== null && p.category === "wine" ? ` ${p.facts.vintage}` : "";
  const needsProducer = nameIsGeneric(p) || p.nameKind === "grape" || (o.producer && !p.nameHasProducer);
  const rest = `${name}${v}${needsProducer ? ` ${ofProducer(p.facts.producerName)}` : ""}`;
  if (ARTICLE_WORD.test(name) || /^\d/.test(name)) return { art: undefined, rest };
  return { art: article(name, nameGender(p)), rest };
}

/**
 * The wine as a subject with its definite article: "il Tignanello", "la Barbera d'Alba di Vietti", "il
 * Gran Reserva di Los Vascos" (a style-words or grape name always with its producer), "l'Ancellotta 2016
 * di Casa Perini" with `vintage`.
 */
export function theWine(p: WineProfile, o: WineRefOptions = {}): string {
  const { art, rest } = wineNP(p, o);
  return art ? withArticle(art, rest) : rest;
}

/** The wine after a preposition: "del Tignanello", "della Barbera di Vietti", "al Gran Reserva di Los Vascos". */
export function prepWine(pr: ItPrep, p: WineProfile, o: WineRefOptions = {}): string {
  const { art, rest } = wineNP(p, o);
  return prep(pr, art, rest);
}

/** "di Casa Perini"; a producer's name beginning with an Italian article contracts ("del Poggione"). */
export function ofProducer(producer: string): string {
  return producerAfter("di", producer);
}

/** "da Casa Perini", "dal Poggione". */
export function byProducer(producer: string): string {
  return producerAfter("da", producer);
}

function producerAfter(pr: "di" | "da", producer: string): string {
  // Only the articles no other language shares contract ("del Poggione"); "di La Vieille Ferme".
  const m = /^(Il|Lo|Gli) (.+)$/.exec(producer);
  if (m?.[1] && m[2]) return prep(pr, m[1].toLowerCase() as ItArticle, m[2]);
  return `${pr} ${producer}`;
}

/** A grape's Italian name (domain grapeProseName; Italian prose keeps "Syrah" for every country). */
export function grapeName(g: Pick<GrapeFacts, "name" | "names">): string {
  return grapeProseName(g, "it", "IT");
}

/** Grapes with their articles: "la Corvina, la Rondinella e il Molinara"? — each with its own gender. */
export function theGrapes(p: WineProfile, max = 4): string {
  return list(
    p.facts.grapes.slice(0, max).map((g) => {
      const n = grapeName(g);
      return the(n, grapeGender(n));
    }),
  );
}

/** Grapes without articles: "Corvina, Rondinella e Molinara". */
export function grapeList(p: WineProfile, max = 4): string {
  return list(p.facts.grapes.slice(0, max).map(grapeName));
}

/**
 * How the grapes make the wine: "da sole uve Nebbiolo", "da Sangiovese in purezza", "da un uvaggio di
 * Cabernet Sauvignon e Merlot", "da Corvina, Rondinella e Molinara"; "" without grapes.
 */
export function fromGrapes(p: WineProfile, slot: string): string {
  const gs = p.facts.grapes;
  if (gs.length === 0) return "";
  if (gs.length === 1) {
    const g = grapeName(gs[0] as (typeof gs)[number]);
    return choose(p.seed, slot, [`da sole uve ${g}`, `da ${g} in purezza`, `da uve ${g}`]);
  }
  return choose(p.seed, slot, [
    `da un uvaggio di ${grapeList(p)}`,
    `da ${grapeList(p)}`,
    `dall'assemblaggio di ${grapeList(p)}`,
  ]);
}
