/**
 * Open Food Facts product names as shoppers type them ("Château Mouton Rothschild 2015 Pauillac 75cl",
 * "MOET CHANDON IMPERIAL BRUT MAGNUM 1,5L") → the wine's own name, its vintage and classification.
 * Rules documented in docs/catalogue-sources.md "Open Food Facts dump".
 */
import { fold } from "../../domain/text-folding.ts";
import { PRODUCER_TITLES } from "./derivation.ts";

/** The vintage years accepted in a name: 1900 … next year. */
function yearRange(): [number, number] {
  return [1900, new Date().getUTCFullYear() + 1];
}

/**
 * The one vintage year a name states (a 4-digit 1900 … next year standing alone: "2015", "(2019)"),
 * or null when it states none or several different ones ("1664" is no vintage; "2015 & 2016" is none).
 */
export function vintageInName(name: string): number | null {
  const [min, max] = yearRange();
  const years = new Set(
    [...name.matchAll(/(?<![\p{L}\p{N}])(\d{4})(?![\p{L}\p{N}])/gu)]
      .map((m) => Number(m[1]))
      .filter((y) => y >= min && y <= max),
  );
  return years.size === 1 ? ([...years][0] ?? null) : null;
}

/**
 * Bottle sizes and packs: "75cl", "75 cl", "750 ml", "750ML", "0,75 l", "0.75L", "1.5L", "37.5cl",
 * "6x25cl", "6 x 75 cl", and the bottle names Magnum, Jéroboam, Double Magnum, Demi-bouteille,
 * Half bottle, Bouteille/Bottle.
 */
const BOTTLE_SIZE =
  /(?<![\p{L}\p{N}])(?:\d+\s*[x×]\s*)?\d+(?:[.,]\d+)?\s*(?:cl|ml|l|lt|ltr|litres?|liters?)(?![\p{L}\p{N}])|(?<![\p{L}])(?:double\s+magnum|magnum|j[ée]roboam|demi[- ]bouteille|half\s+bottle|bouteille|bottle)(?![\p{L}])/giu;

/** Quality designations that name no wine: AOC/AOP/DOC/DOCG/DOCa/IGT/IGP/QbA/VdP, as written in capitals. */
const DESIGNATIONS = /(?<![\p{L}])(?:AOC|AOP|DOCG|DOCa|DOC|IGT|IGP|QbA)(?![\p{L}])/gu;

/**
 * Generic colour phrases that repeat what the categories say ("vin rouge", "vino rosso", "red wine",
 * "Rotwein", "vin rosé", "vinho tinto"): removed when the colour is known. A colour word that is part
 * of the wine's name ("Pavillon Rouge", "Caillou Blanc", "Blanc de Blancs", "Rosado") stays.
 */
const COLOUR_PHRASES =
  /(?<![\p{L}])(?:vins?\s+(?:rouges?|blancs?|ros[ée]s?)|vino\s+(?:rosso|bianco|rosato|tinto|blanco|rosado)|vinho\s+(?:tinto|branco|ros[ée])|(?:red|white|ros[ée])\s+wines?|rotwein|wei(?:ß|ss)wein|ros[ée]wein)(?![\p{L}])/giu;

/** Classification terms, longest first (Bordeaux classed growths, Burgundy crus, Crus Bourgeois). */
const CLASSIFICATION =
  /(?<![\p{L}\p{N}])(?:(?:premier|1er|1st|deuxi[eè]me|2[eè]me|2nd|second|troisi[eè]me|3[eè]me|3rd|quatri[eè]me|4[eè]me|4th|cinqui[eè]me|5[eè]me|5th)\s+)?(?:grands?\s+crus?\s+class[ée]s?(?:\s+[ab])?|crus?\s+class[ée]s?|grand\s+cru|premier\s+cru|1er\s+cru|cru\s+bourgeois(?:\s+(?:sup[ée]rieur|exceptionnel))?)(?![\p{L}])/iu;

/** The classification a name states as written ("2ND GRAND CRU CLASSE", "1er cru"), or null. */
export function classificationInName(name: string): string | null {
  const match = CLASSIFICATION.exec(name);
  return match ? match[0].replace(/\s+/g, " ") : null;
}

/** Common HTML entities OFF names carry ("Moët &amp; Chandon"). */
function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ");
}

/** Words that join names and may be written either way ("J. Moreau & Fils" / "J. Moreau et Fils"). */
const CONNECTORS = new Set(["et", "and", "und", "e", "y"]);
/** Folded estate titles (Château, Domaine …), removed with a producer name they precede. */
const TITLES = new Set(PRODUCER_TITLES.map((t) => fold(t)));

/** A word of a name with its place in the text. */
interface Word {
  folded: string;
  start: number;
  end: number;
}

function words(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    folded: fold(m[0]),
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
}

/** Words after which a producer's name is part of the wine's name ("Pavillon Rouge du Château Margaux"). */
const POSSESSIVES = new Set(["du", "de", "des", "of", "di", "del", "della", "von", "vom", "da", "do"]);

/**
 * Removes the first occurrence of a producer's name from a name as whole words, case, accents and
 * connectors ("&", "et", "and") ignored, with an estate title right before it ("Château" before
 * "Gruaud Larose"). `found` is false when the producer's words do not occur in a row. When they follow
 * a possessive ("du", "de", "of", "di" …: "Pavillon Rouge du Château Margaux", "Margaux du Château
 * Margaux") the producer's name is part of the wine's name: the name is returned unchanged, found.
 */
export function removeProducer(name: string, producer: string): { name: string; found: boolean } {
  const target = fold(producer)
    .split(" ")
    .filter((w) => w !== "" && !CONNECTORS.has(w));
  if (target.length === 0) return { name, found: false };
  const all = words(name);
  const kept = all.filter((w) => !CONNECTORS.has(w.folded));
  const occurrences: { start: number; end: number; possessive: boolean }[] = [];
  for (let i = 0; i + target.length <= kept.length; i++) {
    const first = kept[i];
    const last = kept[i + target.length - 1];
    if (!first || !last || !target.every((t, j) => kept[i + j]?.folded === t)) continue;
    let at = all.indexOf(first);
    if (TITLES.has(all[at - 1]?.folded ?? "")) at--;
    occurrences.push({
      start: all[at]?.start ?? first.start,
      end: last.end,
      possessive: POSSESSIVES.has(all[at - 1]?.folded ?? ""),
    });
  }
  if (occurrences.length === 0) return { name, found: false };
  if (occurrences.some((o) => o.possessive)) return { name, found: true };
  const [o] = occurrences;
  return o ? { name: `${name.slice(0, o.start)} ${name.slice(o.end)}`, found: true } : { name, found: false };
}

/** Collapses what removals leave behind: empty brackets, runs of separators, separators at the ends. */
function tidy(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\uFE0F/gu, " ")
    .replace(/\(\s*\)|\[\s*\]|\{\s*\}/g, " ")
    .replace(/(^|\s)[,;:/|–—·-]+(?=\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,;:/|–—.-]+|[\s,;:/|–—-]+$/g, "")
    .trim();
}

/** What to take out of a product name to leave the wine's own name. */
export interface NameCleaning {
  /** Producer names to try in order, the first found is removed (the first brand, without its title, without "Vineyards" …). */
  producers: readonly string[];
  /** The colour is known from the categories: generic colour phrases are redundant. */
  colorKnown: boolean;
}

/**
 * The wine's own name from an OFF product name: HTML entities decoded, then removed — the producer
 * (first brand, with its estate title), a vintage year, bottle sizes, designations (AOC, DOCG …) and,
 * when the colour is known, generic colour phrases — and the leftover separators tidied. "" when
 * nothing else remains (a wine named by its producer alone).
 */
export function wineNameFromProduct(productName: string, cleaning: NameCleaning): string {
  let name = decodeEntities(productName).normalize("NFC");
  for (const producer of cleaning.producers) {
    const removal = removeProducer(name, producer);
    name = removal.name;
    if (removal.found) break;
  }
  const [min, max] = yearRange();
  name = name.replace(/(?<![\p{L}\p{N}])(\d{4})(?![\p{L}\p{N}])/gu, (year) =>
    Number(year) >= min && Number(year) <= max ? " " : year,
  );
  name = name.replace(BOTTLE_SIZE, " ").replace(DESIGNATIONS, " ");
  if (cleaning.colorKnown) {
    const withoutColour = tidy(name.replace(COLOUR_PHRASES, " "));
    if (withoutColour !== "") name = withoutColour;
  }
  return tidy(name);
}
