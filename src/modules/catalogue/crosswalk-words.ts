/**
 * The words of names as the crosswalk (crosswalk.ts) compares them: folded (domain/text-folding.ts:
 * accents, case and punctuation ignored; German transliterations are equal words in crosswalk-fit.ts:
 * "Spaetlese" = "Spätlese" = "Spatlese"), estate titles and particles left out ("Château Margaux" = "Chateau
 * Margaux" = "Margaux"), abbreviations written out ("St-Émilion" = "Saint-Émilion"), and what product
 * names add to a wine's name removed: vintages, bottle sizes, pack counts, appellation-system words
 * (AOC, DOCG …) and the word "wine" in its languages.
 */
import { fold } from "../../domain/text-folding.ts";
import type { Color } from "../../domain/vocabulary.ts";
import { abbreviationAlternatives } from "../../text/text-rules.ts";
import { PRODUCER_TITLES } from "./derivation.ts";
import { RED_WORDS, ROSE_WORDS, WHITE_WORDS } from "./wine-words.ts";

/**
 * Folded estate-title words ({@link PRODUCER_TITLES}, the two-word ones as their words, and their
 * usual abbreviations "ch", "dne", "wg", "qta" from src/text/text-rules.ts ABBREVIATIONS): left out of
 * producer and wine names alike, so "Château Margaux", "Chateau Margaux", "Ch. Margaux" and "Margaux"
 * are one producer.
 */
export const TITLE_WORDS: ReadonlySet<string> = new Set([
  // "Dom" is left out: in Champagne it is a monk's title in names ("Dom Pérignon", "Dom Ruinart").
  ...PRODUCER_TITLES.flatMap((t) => fold(t).split(" ")).filter((w) => w !== "dom"),
  ...["chateau", "domaine", "weingut", "quinta"].flatMap((full) =>
    abbreviationAlternatives(full)
      .filter((alt) => alt.length === 1 && alt[0] !== "dom")
      .map((alt) => alt[0] as string),
  ),
  "chateaux",
  "domaines",
  "weinguter",
]);

/**
 * Particles, articles and conjunctions (French, Italian, Spanish, Portuguese, German, English):
 * written or left out at will ("Château de Fonbel" = "Château Fonbel", "Fratelli Cella" = "Cella &
 * Fratelli"), so they never decide a match.
 */
const PARTICLES: ReadonlySet<string> = new Set(
  (
    "de du des d la le les l di del della dei delle degli da do dos das dal von vom van der den " +
    "the and et e y und of a au aux en el lo il in im"
  ).split(" "),
);

/**
 * Words a product name or an LWIN row adds that do not name the wine: "wine" in the languages of the
 * sources, appellation systems (AOC, AOP, DOC, DOCG, IGT, IGP, DO, DOCa, QbA, AVA) and their words,
 * bottle and pack words ("bouteille", "magnum", "btl").
 */
const NOISE: ReadonlySet<string> = new Set(
  (
    "vin vins vino vini vinho wine wines wein aoc aop ac doc docg igt igp dop ig vdp qba ava " +
    "appellation controlee protegee origine denominazione denominacion origen controllata garantita " +
    "indicazione geografica tipica protetta bouteille bouteilles bottle bottles btl magnum jeroboam " +
    "demi mis produit product produce"
  ).split(" "),
);

/** Noise words of at least five letters ("magnum", "bouteille"), recognised with a typo too. */
export const LONG_NOISE: readonly string[] = [...NOISE].filter((w) => w.length >= 5);

/** Units of bottle sizes, folded ("75 cl", "750 ml", "0,75 l", "1.5 L", "75 cls"). */
const SIZE_UNIT = /^(cl|cls|ml|l|lt|ltr|litre|litres|liter|liters)$/;
/** A size or pack count written as one word: "75cl", "750ml", "5l", "6x75cl", "6x". */
const SIZE_WORD = /^(\d+(cl|cls|ml|l|lt|ltr)|\d+x\d*(cl|ml|l)?|x\d+)$/;
/** A vintage: 1900–2099. */
const YEAR = /^(19|20)\d\d$/;

/** One spelling of the usual abbreviations: "saint", "sankt", "st" → "st"; "1er", "premier" → "premier". */
const CANONICAL: Readonly<Record<string, string>> = {
  saint: "st",
  sankt: "st",
  sainte: "ste",
  "1er": "premier",
  "1st": "premier",
  first: "premier",
  "2eme": "deuxieme",
  "2nd": "deuxieme",
  "2e": "deuxieme",
  "3eme": "troisieme",
  "3rd": "troisieme",
  "3e": "troisieme",
  "4eme": "quatrieme",
  "4th": "quatrieme",
  "4e": "quatrieme",
  "5eme": "cinquieme",
  "5th": "cinquieme",
  "5e": "cinquieme",
  // The Port DOC is "Porto" in Portuguese, "Port" in English (IVDP).
  porto: "port",
  oporto: "port",
  mt: "mont",
  mount: "mont",
  monte: "mont",
};

/** Colour words of each colour, folded (wine-words.ts: Rouge, Tinto, Blanc, Bianco, Rosé, Rosado …). */
const COLOR_OF_WORD: ReadonlyMap<string, Color> = new Map([
  ...RED_WORDS.terms.map((w) => [canonicalWord(w), "red"] as const),
  ...WHITE_WORDS.terms.map((w) => [canonicalWord(w), "white"] as const),
  ...ROSE_WORDS.terms.map((w) => [canonicalWord(w), "rose"] as const),
]);

/** The colour words of each colour, compared form. */
export const COLOR_WORDS: Readonly<Record<Color, readonly string[]>> = {
  red: [...COLOR_OF_WORD].filter(([, c]) => c === "red").map(([w]) => w),
  white: [...COLOR_OF_WORD].filter(([, c]) => c === "white").map(([w]) => w),
  rose: [...COLOR_OF_WORD].filter(([, c]) => c === "rose").map(([w]) => w),
};

/** The colour a word names ("rouge" → red, "bianco" → white), or undefined. */
export function colorOfWord(word: string): Color | undefined {
  return COLOR_OF_WORD.get(word);
}

/** A folded word in the crosswalk's one spelling of the usual abbreviations ({@link CANONICAL}). */
export function canonicalWord(word: string): string {
  return CANONICAL[word] ?? word;
}

/**
 * A compared word with German transliterations undone ("ae" → "a", "oe" → "o", "ue" → "u":
 * "spaetlese" → "spatlese", "mueller" → "muller"), for comparing two words that differ otherwise
 * (crosswalk-fit.ts typosTo); the index keeps words as folded, so a typo next to an "e" does not turn
 * into two ("chtaeau" stays one edit from "chateau").
 */
export function untransliterated(word: string): string {
  return word.replace(/ae/g, "a").replace(/oe/g, "o").replace(/ue/g, "u");
}

/**
 * The word standing for a by-line ("… du Château Margaux", "… di Castello X"): a wine named as the
 * wine OF an estate ("Margaux du Château Margaux", "Pavillon Rouge du Château
 * Margaux") is not the estate's grand vin. Not a folded word (fold keeps letters and digits only).
 */
export const BY_LINE = "§of-estate";

/** Particles that put a wine's name before its estate's: "du Château", "de la Tenuta", "di Castello". */
const BY_LINE_PARTICLES: ReadonlySet<string> = new Set([
  "du",
  "de",
  "di",
  "del",
  "della",
  "da",
  "do",
  "of",
  "von",
]);

/**
 * Ranks of the 1855 Médoc classification ("2ème Grand Cru Classé", written "2nd" on labels), canonical:
 * a classed growth's rank, never part of its wine's name.
 */
export const RANK_WORDS: ReadonlySet<string> = new Set(["deuxieme", "troisieme", "quatrieme", "cinquieme"]);

/**
 * Words a brand adds to a producer's name for its business ("Caymus Vineyards" = "Caymus", "Penfolds
 * Winery"): a record's producer may write them when the catalogue's producer does not.
 */
export const BUSINESS_WORDS: ReadonlySet<string> = new Set([
  "vineyards",
  "vineyard",
  "winery",
  "wineries",
  "cellars",
  "family",
]);

/** Words of a name as the crosswalk compares them, and the vintage it named (null when none). */
export interface NameWords {
  words: string[];
  vintage: number | null;
}

/**
 * The compared words of `text` (any case, accents, punctuation), in order, without duplicates:
 * folded, abbreviations written one way ({@link canonicalWord}), without title words, particles, noise words, vintages
 * and bottle sizes ("Château Margaux 2015 75cl" → ["margaux"], vintage 2015). `keepTitles` keeps the
 * title words (for a producer whose name is only a title and particles, e.g. "Domaine de la Cave").
 */
export function nameWords(text: string, keepTitles = false): NameWords {
  const folded = fold(text);
  const raw = folded === "" ? [] : folded.split(" ");
  const words: string[] = [];
  let vintage: number | null = null;
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i] as string;
    const next = raw[i + 1];
    if (YEAR.test(word)) {
      if (next !== undefined && SIZE_UNIT.test(next)) continue;
      vintage ??= Number(word);
      continue;
    }
    if (SIZE_WORD.test(word) || SIZE_UNIT.test(word)) continue;
    // "75 cl", "0 75 l" (from "0,75 l"), "1 5l" (from "1.5L"): a number before a unit is a size.
    if (/^\d+$/.test(word) && next !== undefined && (SIZE_UNIT.test(next) || SIZE_WORD.test(next))) continue;
    if (/^\d+$/.test(word) && next !== undefined && /^\d+$/.test(next) && SIZE_UNIT.test(raw[i + 2] ?? ""))
      continue;
    if (
      i > 0 &&
      BY_LINE_PARTICLES.has(word) &&
      next !== undefined &&
      TITLE_WORDS.has(next) &&
      raw[i + 2] !== undefined &&
      // An estate's name follows ("du Château Margaux"), not a vintage or bottle size ("Réserve du Domaine 2015 75cl").
      !/^\d/.test(raw[i + 2] as string) &&
      !words.includes(BY_LINE)
    )
      words.push(BY_LINE);
    if (PARTICLES.has(word) || NOISE.has(word)) continue;
    if (!keepTitles && TITLE_WORDS.has(word)) continue;
    const canonical = canonicalWord(word);
    if (!words.includes(canonical)) words.push(canonical);
  }
  return { words, vintage };
}

/** Country names that producers add to a brand's name ("Miguel Torres Chile", "Chandon Argentina"), folded. */
const COUNTRY_NAMES: ReadonlySet<string> = new Set(
  (
    "france italy italia spain espana portugal germany deutschland austria chile argentina australia " +
    "usa america california brazil brasil uruguay africa zealand hungary greece"
  ).split(" "),
);

/** A producer's compared words: those a record must write, and those it may leave out. */
export interface ProducerWords {
  required: string[];
  /** Words in brackets ("Barons de Rothschild (Lafite)") and country names ("Miguel Torres Chile"). */
  optional: string[];
}

/**
 * The compared words of a producer's name ({@link nameWords}): words in brackets and country names
 * are optional; with its title words when nothing else is left (a producer named "Casa Vinicola"
 * keeps ["casa", "vinicola"]).
 */
export function producerWords(name: string): ProducerWords {
  const bracketed = [...name.matchAll(/\(([^)]*)\)/g)].flatMap((m) => nameWords(m[1] ?? "").words);
  const all = nameWords(name.replace(/\([^)]*\)/g, " ")).words;
  const required = all.filter((w) => !COUNTRY_NAMES.has(w));
  const optional = [...bracketed, ...all.filter((w) => COUNTRY_NAMES.has(w))];
  if (required.length > 0) return { required, optional };
  const titled = nameWords(name, true).words;
  return { required: titled.length > 0 ? titled : all, optional: [] };
}
