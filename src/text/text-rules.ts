/**
 * Text rules of wine search, shared by the index and the queries: words, transliteration aliases,
 * wine-trade abbreviations and the typo allowance.
 *
 * Words are the space-separated parts of {@link fold}: lower case, accents removed (Rosé → rose,
 * Château → chateau, Gewürztraminer → gewurztraminer), punctuation (hyphens, apostrophes, dots) as
 * spaces ("Shiraz-Cabernet" → shiraz cabernet, "Ch." → ch).
 */
import { fold, transliterate } from "../domain/text-folding.ts";

/** Most words of a query that are matched; further words are ignored (a query is at most 200 characters). */
export const MAX_QUERY_WORDS = 12;

/**
 * Typos tolerated in a query word of `length` characters (Typesense's rule as the brief states it):
 * 0 below 4 characters, 1 for 4–7, 2 for 8 or more. A typo is one insertion, deletion, substitution
 * or transposition of two adjacent letters (optimal string alignment distance).
 */
export function typoAllowance(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** Printable ASCII only: the words of {@link fold} without normalisation (control characters take the slow path). */
const ASCII = /^[ -~]*$/;

/** Words of an indexed text, and for each word its transliterated spelling when that differs. */
export interface IndexWords {
  /** Folded words in text order, e.g. ["markus", "molitor", "urziger", "wurzgarten"]. */
  words: string[];
  /** Same length as `words`: the transliterated spelling ("uerziger") or null when it is the same. */
  aliases: (string | null)[];
}

/**
 * Splits a name into folded words plus transliteration aliases (ü → ue, ö → oe, ä → ae, ø → oe,
 * å → aa), so "Müller-Thurgau" is found as "muller thurgau" and as "mueller thurgau".
 */
export function indexWords(text: string): IndexWords {
  if (ASCII.test(text)) {
    // Same words as fold (nothing to strip or transliterate), without normalisation and Unicode classes.
    const plain = text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
    const words = plain === "" ? [] : plain.split(" ");
    return { words, aliases: words.map(() => null) };
  }
  const folded = fold(text);
  const words = folded === "" ? [] : folded.split(" ");
  const translit = fold(transliterate(text));
  const alt = translit === "" ? [] : translit.split(" ");
  const aliases = words.map((w, i) => {
    const a = alt.length === words.length ? alt[i] : undefined;
    return a !== undefined && a !== w ? a : null;
  });
  return { words, aliases };
}

/** Folded words of a query, at most {@link MAX_QUERY_WORDS}: "Ch. Müller-Thurgau" → ["ch", "muller", "thurgau"]. */
export function queryWords(q: string): string[] {
  const folded = fold(q);
  return folded === "" ? [] : folded.split(" ").slice(0, MAX_QUERY_WORDS);
}

/**
 * E-digraphs that {@link indexWords}'s aliases spell umlauts with (ä ö ü, ø), where fold leaves the
 * bare vowel. "aa" (å) is left out: "Aalto" would also find every "Alto".
 */
const DIGRAPHS = /ae|oe|ue/g;
/** Most digraphs of one word whose bare-vowel spellings are tried (2^n spellings). */
const MAX_DIGRAPHS = 3;

/**
 * The spellings of a folded query word with some of its e-digraphs (ae, oe, ue) reduced to
 * the bare vowel, as a name whose umlauts a source dropped is written: "spaetburgunder" →
 * ["spatburgunder"], "mueller" → ["muller"] (LWIN writes "Spatburgunder", "Muller-Thurgau"; a
 * query typed the German way, "Spaetburgunder", must find those too, as it finds "Spätburgunder"
 * through the index's aliases). Every subset of the word's first {@link MAX_DIGRAPHS} digraphs
 * ("uerziger wuerzgarten"), the word itself excluded; [] when it has none.
 */
export function bareVowelSpellings(word: string): string[] {
  const at = [...word.matchAll(DIGRAPHS)].map((m) => m.index as number).slice(0, MAX_DIGRAPHS);
  const out: string[] = [];
  for (let subset = 1; subset < 1 << at.length; subset++) {
    let spelled = "";
    let from = 0;
    at.forEach((i, k) => {
      if ((subset & (1 << k)) === 0) return;
      spelled += word.slice(from, i + 1); // keep the vowel, drop the e
      from = i + 2;
    });
    out.push(spelled + word.slice(from));
  }
  return out;
}

/**
 * Usual abbreviations of wine labels and lists (folded, without the dot) and what they stand for.
 * A value with spaces is a phrase whose words must all occur in the wine (in any order).
 */
export const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  ch: ["chateau"],
  chat: ["chateau"],
  cht: ["chateau"],
  chx: ["chateaux"],
  dom: ["domaine"],
  dne: ["domaine"],
  dmne: ["domaine"],
  st: ["saint", "sankt", "santo", "santa"],
  ste: ["sainte"],
  sta: ["santa"],
  sto: ["santo"],
  mt: ["mount", "mont", "monte"],
  mtn: ["mountain"],
  cab: ["cabernet"],
  sauv: ["sauvignon"],
  chard: ["chardonnay"],
  zin: ["zinfandel"],
  gewurz: ["gewurztraminer"],
  sangio: ["sangiovese"],
  res: ["reserve", "reserva", "riserva"],
  rsv: ["reserve", "reserva", "riserva"],
  cs: ["cabernet sauvignon"],
  sb: ["sauvignon blanc"],
  pn: ["pinot noir"],
  pg: ["pinot grigio", "pinot gris"],
  gc: ["grand cru"],
  pc: ["premier cru"],
  "1er": ["premier"],
  cdp: ["chateauneuf du pape"],
  cdr: ["cotes du rhone"],
  bdx: ["bordeaux"],
  wg: ["weingut"],
  qta: ["quinta"],
  bros: ["brothers"],
};

const EXPANSIONS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    const list = map.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    map.set(from, list);
  };
  for (const [abbr, fulls] of Object.entries(ABBREVIATIONS)) {
    for (const full of fulls) {
      add(abbr, full);
      // One-word full forms also lead back to the abbreviation: "saint emilion" finds "St-Émilion".
      if (!full.includes(" ")) add(full, abbr);
    }
  }
  return map;
})();

/**
 * Other spellings of one folded query word by {@link ABBREVIATIONS}, each as its list of words:
 * "ch" → [["chateau"]], "cs" → [["cabernet", "sauvignon"]], "saint" → [["st"]]; [] when none.
 */
export function abbreviationAlternatives(word: string): string[][] {
  return (EXPANSIONS.get(word) ?? []).map((phrase) => phrase.split(" "));
}
