/**
 * The German description and long description of a wine. The description says what the wine is —
 * name, vintage, producer, style, appellation, grapes — and how it is built; the long description
 * says it again in other sentences with what the description leaves out: where the appellation
 * lies and what it is known for, the grapes' share, what its label terms and its style mean. Aromas,
 * alcohol, foods and serving are left to the tasting notes and the pairing (each fact once a page).
 * Sentence plans follow the wine's most notable fact (profile.notable); variants are chosen from
 * the profile's seed.
 */
import { fold } from "../../../../domain/text-folding.ts";
import { LABEL_TERM_NAMES } from "../../../../domain/wine/wine-name.ts";
import type { WineProfile } from "../../../../domain/wine/wine-profile.ts";
import { choose, sentences } from "../variation.ts";
import { byProducer, type Case, capitalize, list, nounPhrase, producerSubject } from "./grammar.ts";
import { distinctRef, fromSituated, inSituated, type Origin, origin, wineRef } from "./naming.ts";
import { acidityAll, tanninAll } from "./palate-words.ts";
import { typicalPalate } from "./typical.ts";
import { labelSentence, placeSentence, styleContext } from "./wine-context.ts";
import { blendNoun, grapeMake, grapeNames, isPomaceSpirit, spiritNoun, styleNoun } from "./words.ts";

/** True when the wine's name already names its only grape ("Cabernet Sauvignon", "Malbec Reserva"). */
function nameIsGrape(p: WineProfile): boolean {
  return p.nameKind === "grape";
}

/**
 * The grapes as an appositive after the style noun phrase in case `c` (", reinsortig aus Malbec
 * gekeltert", ", eine Cuvée aus Merlot und Cabernet Franc", ", überwiegend aus Tempranillo"); "" when
 * no grapes are known or the name already is the grape.
 */
export function grapeAppositive(p: WineProfile, c: Case, variant: string): string {
  const names = grapeNames(p);
  const make = grapeMake(p);
  if (make === "none") return "";
  const all = list(names);
  if (names.length === 1 && styleNoun(p).noun === names[0]) return "";
  if (p.typical) return `, aus ${all}`;
  if (p.category === "grape_spirit")
    return isPomaceSpirit(spiritNoun(p)) ? `, gebrannt aus dem Trester von ${all}` : `, aus ${all}`;
  if (make === "single") {
    if (nameIsGrape(p)) return choose(p.seed, `${variant}-single-named`, ["", ", reinsortig ausgebaut"]);
    return choose(p.seed, `${variant}-single`, [
      `, reinsortig aus ${all} gekeltert`,
      `, ganz aus ${all} gekeltert`,
      `, sortenrein aus ${all}`,
    ]);
  }
  if (make === "mainly") {
    const [main, ...rest] = names;
    return rest.length > 0
      ? `, überwiegend aus ${main}, ergänzt um ${list(rest)}`
      : `, überwiegend aus ${main}`;
  }
  const blend = nounPhrase({ article: "indefinite", gender: "f", adjectives: [], noun: blendNoun(p) }, c);
  return `, ${blend} aus ${all}`;
}

/** The style noun phrase in case `c`, indefinite ("einen vollmundigen trockenen Rotwein"). */
function style(p: WineProfile, c: Case): string {
  return nounPhrase(styleNoun(p), c);
}

/** Style nouns that say where the wine comes from (Champagner from Champagne, Portwein from the Douro …). */
const ORIGIN_NOUNS: ReadonlySet<string> = new Set([
  "Champagner",
  "Rosé-Champagner",
  "Cava",
  "Rosé-Cava",
  "Franciacorta",
  "Portwein",
  "Vintage Port",
  "Late Bottled Vintage Port",
  "Colheita-Port",
  "Tawny Port",
  "Ruby Port",
  "Sherry",
  "Fino",
  "Manzanilla",
  "Amontillado",
  "Oloroso",
  "Palo Cortado",
  "Cream Sherry",
  "Madeira",
  "Marsala",
]);

/** The place a noun already names: no "ein Champagner aus der Champagne". */
const NOUN_ORIGIN: Readonly<Record<string, RegExp>> = {
  Champagner: /\bchampagne\b/,
  "Rosé-Champagner": /\bchampagne\b/,
  Cava: /\bcava\b/,
  "Rosé-Cava": /\bcava\b/,
  Franciacorta: /\bfranciacorta\b/,
  Madeira: /\bmadeira\b/,
  Marsala: /\bmarsala\b/,
};

/** Sentence 1: what the wine is, who makes it, where it comes from, from which grapes. */
function identity(p: WineProfile, o: Origin): string {
  // "Dom Ruinart … ist ein Champagner": a noun that names its origin needs no "aus Frankreich".
  const noun = styleNoun(p).noun;
  const origins = `${p.facts.region.names.en} ${p.place?.name ?? ""} ${o.name ?? ""}`;
  const implied =
    ORIGIN_NOUNS.has(noun) && (o.countryOnly || (NOUN_ORIGIN[noun]?.test(fold(origins)) ?? false));
  const where = implied ? "" : fromSituated(o);
  const at = where ? ` ${where}` : "";
  const producer = producerSubject(p.facts.producerName);
  const found = p.notable[0] === "classification" ? classificationTerm(p) : undefined;
  // A name that carries the term ("Pauillac (Premier Grand Cru Classé)") need not be told it again.
  const spelled = fold(p.facts.name).replace(/\b1er\b/g, "premier");
  const term = found && !spelled.includes(fold(found)) ? found : undefined;
  if (term) {
    return `${capitalize(wineRef(p, "nom", { vintage: true, producer: true }))}, ein ${term}${at}, ist ${style(p, "nom")}${grapeAppositive(p, "nom", "id")}.`;
  }
  const plans = [
    () =>
      `${capitalize(wineRef(p, "nom", { vintage: true, producer: true }))} ist ${style(p, "nom")}${at}${grapeAppositive(p, "nom", "id")}.`,
    ...(implied
      ? []
      : [
          () =>
            `${capitalize(where)} kommt ${wineRef(p, "nom", { vintage: true, producer: true })}, ${style(p, "nom")}${grapeAppositive(p, "nom", "id")}.`,
        ]),
  ];
  if (!p.nameHasProducer) {
    plans.push(
      () =>
        `Mit ${wineRef(p, "dat", { vintage: true, producer: false })} bietet ${producer} ${style(p, "acc")}${at}${grapeAppositive(p, "acc", "id")}.`,
      () =>
        `${capitalize(style(p, "nom"))}${at}${grapeAppositive(p, "nom", "id")}: Das ist ${wineRef(p, "nom", { vintage: true, producer: true })}.`,
    );
  }
  return choose(p.seed, "identity", plans)();
}

/** The strongest classification term of the name, as written on labels ("Grand Cru Classé"). */
function classificationTerm(p: WineProfile): string | undefined {
  const order = [
    "premier_grand_cru_classe",
    "grand_cru_classe",
    "cru_classe",
    "grand_cru",
    "premier_cru",
    "cru_bourgeois",
    "gran_selezione",
    "gran_reserva",
    "grosses_gewachs",
  ] as const;
  const term = order.find((t) => p.terms.includes(t));
  // Großes Gewächs is neuter: "ein Großes Gewächs" reads the same in the nominative.
  return term ? LABEL_TERM_NAMES[term] : undefined;
}

/** The structure sentence of the description: acidity and, for reds, tannin, the wine named in most plans. */
function structure(p: WineProfile): string {
  if (p.category === "grape_spirit") return "";
  const vintage = p.facts.vintage !== null ? `des Jahrgangs ${p.facts.vintage}` : "dieses Weins";
  const grapes = grapeNames(p);
  const subjects: [string, string][] = [["er", "ihn"]];
  if (p.facts.vintage !== null)
    subjects.push([`der Jahrgang ${p.facts.vintage}`, `den Jahrgang ${p.facts.vintage}`]);
  if (grapes.length === 1 && p.nameKind !== "grape" && p.facts.type === "wine" && p.facts.subType === "still")
    subjects.push([`dieser ${grapes[0]}`, `diesen ${grapes[0]}`]);
  const tannins = tanninAll(p);
  const options: string[] = [];
  for (const acid of acidityAll(p)) {
    if (tannins.length > 0) {
      for (const tan of tannins.filter((t) => t.is !== acid.is)) {
        for (const [subject] of subjects)
          options.push(`Getragen wird ${subject} von ${acid.with} und ${tan.with}.`);
        options.push(
          `Er hat ${acid.a} und ${tan.a}.`,
          `Im Glas zeigt er ${acid.a}, dazu ${tan.a}.`,
          `Das Gerüst ${vintage} bilden ${tan.a} und ${acid.a}.`,
        );
      }
      continue;
    }
    // No "straffe Säure … straff": the effect in other words than the acidity's.
    const feel = acid.is.includes("straff")
      ? "frisch und belebend"
      : { high: "straff und belebend", medium: "geschmeidig", low: "weich und rund" }[p.palate.acidity];
    options.push(`Seine Säure ist ${acid.is}.`);
    for (const [subject, object] of subjects) {
      options.push(
        `Getragen wird ${subject} von ${acid.with}.`,
        `Am Gaumen wirkt ${subject} dank ${acid.with} ${feel}.`,
        `${capitalize(acid.a)} macht ${object} ${feel}.`,
      );
    }
  }
  return choose(p.seed, "structure", options);
}

/** The description: identity, then the structure (or the style's typical palate). */
export function description(p: WineProfile): string {
  const o = origin(p);
  const second = p.typical ? typicalPalate(p, o, 0) : structure(p);
  return sentences(identity(p, o), second);
}

/** First sentence of the long description: producer and place, in other words than the description's. */
function longIntro(p: WineProfile, o: Origin): string {
  const where = inSituated(o);
  const producer = producerSubject(p.facts.producerName);
  if (p.category === "grape_spirit") {
    const noun = spiritNoun(p);
    return p.nameHasProducer
      ? `${capitalize(wineRef(p, "nom"))} wird ${where} gebrannt.`
      : `${capitalize(producer)} brennt ${wineRef(p, "acc", { producer: false })} ${where}; ${isPomaceSpirit(noun) ? `als ${noun} entsteht er aus dem Trester, den Pressrückständen der Trauben` : `ein ${noun} wird aus Trauben destilliert`}.`;
  }
  if (p.nameHasProducer) {
    return choose(p.seed, "intro-own", [
      `${capitalize(wineRef(p, "nom"))} entsteht ${where}.`,
      `Zu Hause ist ${wineRef(p, "nom")} ${where}.`,
      `${capitalize(wineRef(p, "nom"))} wird ${where} gekeltert.`,
    ]);
  }
  return choose(p.seed, "intro", [
    `Hinter ${wineRef(p, "dat", { producer: false })} steht ${producer}; die Trauben wachsen ${where}.`,
    `${capitalize(wineRef(p, "nom", { producer: false }))} stammt ${byProducer(p.facts.producerName)} ${where}.`,
    `${capitalize(producer)} keltert ${wineRef(p, "acc", { producer: false })} ${where}.`,
  ]);
}

/** The grapes again, said differently from the description's appositive. */
function grapeSentence(p: WineProfile): string {
  const names = grapeNames(p);
  const make = grapeMake(p);
  if (make === "none" || p.typical || p.category === "grape_spirit") return "";
  if (make === "single") {
    const named = nameIsGrape(p) || fold(p.facts.name).includes(fold(names[0] ?? "-"));
    if (named && p.facts.type === "wine" && p.facts.subType === "still")
      return choose(p.seed, "grapes-named", [
        `Wie der Name sagt, ist er reinsortig aus ${names[0]} gekeltert.`,
        `Wie der Name sagt: ${names[0]}, und nur ${names[0]}.`,
        `Wie der Name sagt: reinsortiger ${names[0]}.`,
        `Der Name verrät die Rebsorte: ${names[0]}, reinsortig gekeltert.`,
      ]);
    return nameIsGrape(p) || p.facts.type !== "wine" || p.facts.subType !== "still"
      ? ""
      : choose(p.seed, "grapes-single", [
          `Er ist ein sortenreiner ${names[0]}.`,
          `Gekeltert ist er allein aus ${names[0]}.`,
        ]);
  }
  if (make === "mainly")
    return `Den Ton gibt ${names[0]} an, ${names.length > 1 ? `abgerundet von ${list(names.slice(1))}` : "mit kleinen Anteilen anderer Sorten"}.`;
  const [first, ...rest] = names;
  return choose(p.seed, "grapes-blend", [
    `In der Cuvée verbinden sich ${list(names)}.`,
    `${first} gibt den Ton an, dazu ${rest.length > 1 ? "kommen" : "kommt"} ${list(rest)}.`,
    `Die Cuvée vereint ${list(names)}.`,
  ]);
}

/** When the wine drinks well, for the long description (the drinking period says more). */
function readiness(p: WineProfile): string {
  const w = p.window;
  const v = p.facts.vintage;
  if (!w || p.category === "grape_spirit") return "";
  const year = p.year;
  if (v === null || v + w.to < year) {
    return w.to <= 3 ? choose(p.seed, "ready-nv", ["Er ist für den baldigen Genuss gemacht.", ""]) : "";
  }
  const [a, b] = [v + w.from, v + w.to];
  if (a === b) return `Der Jahrgang ${v} trinkt sich ${a} am besten.`;
  return choose(p.seed, "ready", [
    `Der Jahrgang ${v} ist ab ${a} trinkreif und hält sich bis etwa ${b}.`,
    `Trinkreif ist der Jahrgang ${v} ${a <= year ? "schon jetzt" : `ab ${a}`}; seine beste Zeit reicht bis etwa ${b}.`,
    `Von ${a} bis ${b} zeigt sich der Jahrgang ${v} von seiner besten Seite.`,
    `Seine beste Zeit liegt zwischen ${a} und ${b}.`,
    `Trinkreif ab ${a}, mit Potenzial bis etwa ${b}.`,
    // The drinking period says it in full; half the long descriptions leave it to it.
    "",
    "",
    "",
    "",
    "",
  ]);
}

/** A sentence on the wine's character from its body, for a long description that says little else. */
function character(p: WineProfile): string {
  if (p.category === "grape_spirit" || p.typical) return "";
  const ref = capitalize(distinctRef(p, "nom"));
  const body = p.facts.body;
  const weight = body === "full" || body === "very_full" ? 2 : body === "medium" ? 1 : 0;
  return choose(p.seed, "character", [
    `${ref} ist ${["ein leichter, unkomplizierter Wein", "ein ausgewogener, vielseitiger Wein", "ein Wein mit Kraft und Struktur"][weight]}.`,
    `${ref} setzt auf ${["Leichtigkeit und Trinkfluss", "Balance statt Wucht", "Fülle und Struktur"][weight]}.`,
  ]);
}

/**
 * The long description: intro (producer, place), the appellation's designation and setting (with a
 * record), the grapes, what the label terms and the style mean, the character.
 */
export function descriptionLong(p: WineProfile): string {
  const o = origin(p);
  const parts = [
    longIntro(p, o),
    placeSentence(p, o),
    grapeSentence(p),
    labelSentence(p),
    styleContext(p),
    p.typical ? typicalPalate(p, o, 1) : "",
  ].filter((s) => s.length > 0);
  // A paragraph of at least three sentences: the character when little else is known.
  if (parts.length < 3) parts.push(character(p));
  return sentences(...parts, readiness(p));
}
