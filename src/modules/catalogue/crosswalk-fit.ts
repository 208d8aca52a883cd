/**
 * How well one catalogue wine fits one source record, word by word (crosswalk.ts decides from the
 * fits of all the wines of the record's producer). Both sides are compared as sets of words
 * (crosswalk-words.ts), both ways:
 *
 * - every word of the wine's name must be in the record: in its producer or wine name, or in its
 *   appellation, region or classification (LWIN names a grand vin by producer + appellation only).
 *   A word of the wine's region may be missing when the record names no appellation (product names
 *   often leave it out); a colour word of the wine's colour may be missing (costs
 *   {@link PENALTY}.colorUnknown when the record does not say its colour), except "Rosé" when the
 *   record says no colour (a rosé says so); "Brut" of a sparkling wine and the classification words
 *   of a classed growth ("Grand Cru Classé") may be missing at a cost. Any other missing word
 *   ("Réserve", "Clos de Bèze", "Pavillon") makes the wine not fit;
 * - every word of the record's producer and wine name must be explained by the wine: its producer
 *   (with its optional words), name or region, a colour word of its colour, "Brut" of a sparkling
 *   wine, or a noise or title word written with a typo. A colour word of another colour is a conflict; any
 *   other extra word makes the wine not fit;
 * - a word matches with one typo when both are at least {@link TYPO_MIN} letters long (Open Food
 *   Facts names are typed by shoppers), at a cost; two words written as one ("Montredon" = "Mont
 *   Redon") match at no cost.
 *
 * Conflicts (the wine cannot be the record): another colour (the record's, or one its colour words
 * name), another country. Doubts (a fit, but the record goes to review): another appellation (places
 * compared at every level and in every language, crosswalk-places.ts), still against sparkling,
 * dessert or fortified against table wine, and the producer conflicts of crosswalk-producer.ts
 * (another estate title, a compound name in the other order, producer and wine words crossing),
 * which also cost {@link PENALTY}.producerConflict.
 */
import type { Color, SubType, WineType } from "../../domain/vocabulary.ts";
import { producerWordsApart, producerWordsCross, titlesConflict } from "./crosswalk-producer.ts";
import { colourTypo, noiseWithTypo, regionTypo, TYPO_MIN, typoOfAbsent, typosTo } from "./crosswalk-typos.ts";
import { BUSINESS_WORDS, BY_LINE, colorOfWord, RANK_WORDS } from "./crosswalk-words.ts";

export { TYPO_MIN, typosTo };

/**
 * What each imperfection costs the score (1 = a perfect fit). Fitted on the development part of the
 * generated labelled set (bench/crosswalk-set.ts, bench/crosswalk-quality.ts), never on its
 * validation part or the hand-labelled set.
 */
export const PENALTY = {
  /** A word matched with one typo. */
  typo: 0.03,
  /** The wine's name has a colour word and the record says no colour. */
  colorUnknown: 0.05,
  /** The classification words of a classed growth's name the record does not write (once per wine). */
  classification: 0.06,
  /** The same when the record states a classification in its own words (LWIN "2eme Cru Classe"). */
  classificationStated: 0.02,
  /** "Brut" written on one side only, for a sparkling wine (most Champagne is Brut; LWIN often leaves it out). */
  style: 0.02,
  /**
   * The producer conflicts (crosswalk-producer.ts): estate titles that differ, a compound name in the
   * other order, producer and wine words that cross. Each also sends the record to review; the cost
   * (above crosswalk.ts MARGIN) lets a wine without the conflict win a tie.
   */
  producerConflict: 0.1,
  /**
   * The record states an estate title and the wine's producer has none: a wine of the same title wins
   * the tie ("Tenuta Serra-Bellini" is Tenuta Serra-Bellini's rather than an untitled Serra-Bellini's),
   * a wine alone still links (X-Wines often leaves titles out).
   */
  titleUnconfirmed: 0.05,
  /** A word that makes the wine not fit (only ranks the near misses sent to review). */
  unexplained: 0.3,
} as const;

/**
 * Classification words, folded and canonical. Missing from the record they cost a little, once, when
 * the record states a classification of its own (LWIN writes it apart: "2eme Cru Classe") or the
 * wine's name is a classed growth's ("Pauillac (Grand Cru Classé)", which shoppers leave out);
 * otherwise they are words like any other ("Chablis Premier Cru" is not "Chablis"), and extra in the
 * record they never fit.
 */
const CLASSIFICATION_WORDS: ReadonlySet<string> = new Set([
  "grand",
  "cru",
  "crus",
  "classe",
  "premier",
  "deuxieme",
  "growth",
]);

/**
 * Whether a wine's name word may be missing from a record and the wine still fit, under some
 * condition (fitWine decides): a word of its region, a colour word, a classification word, "Brut",
 * the by-line. crosswalk-candidates.ts fits only the wines whose other words a record names.
 */
export function excusable(word: string, wine: IndexedWine): boolean {
  return (
    wine.regionWords.includes(word) ||
    colorOfWord(word) !== undefined ||
    CLASSIFICATION_WORDS.has(word) ||
    word === "brut" ||
    word === BY_LINE
  );
}

/** Words a fit may fail on and still be worth a review (crosswalk.ts sends such near misses to review). */
export const MAX_NEAR_MISS = 1;

/** A catalogue wine as the crosswalk keeps it: its words, style, region words and country. */
export interface IndexedWine {
  id: number;
  /** Compared words of the wine's name (crosswalk-words.ts nameWords). */
  words: readonly string[];
  color: Color;
  type: WineType;
  subType: SubType;
  /** Compared words of its region or appellation. */
  regionWords: readonly string[];
  /** Its producer's estate titles, one form per kind ("chateau", "domaine"; crosswalk-producer.ts); [] when none. */
  titles: readonly string[];
  /** Its producer's hyphenated compounds in the other order (crosswalk-producer.ts hyphenCompounds, reversed). */
  reversedCompounds: readonly string[];
  /** Place keys of its region's names in every language (crosswalk-places.ts placeKey). */
  places: readonly string[];
  /** Place keys of the places its region lies in (crosswalk-places.ts enclosingPlaces). */
  within: readonly string[];
  country: string;
}

/** A source record as the fits compare it. */
export interface RecordWords {
  /** Compared words of the record's producer and wine name together, in order. */
  bag: readonly string[];
  /** The words of its producer's name alone, and of its wine name alone. */
  producerWords: readonly string[];
  wineWords: readonly string[];
  /** Words of its appellation, region and classification (they may explain a wine's name words). */
  context: ReadonlySet<string>;
  /** Compared words of its appellation alone; [] when none. */
  appellation: readonly string[];
  /** The estate titles it states (crosswalk-producer.ts recordEstateTitles); [] when none. */
  titles: readonly string[];
  /** Hyphenated compounds of its producer and wine name (crosswalk-producer.ts hyphenCompounds). */
  compounds: ReadonlySet<string>;
  /** Place key of its appellation ("" when none). */
  appellationPlace: string;
  /**
   * Place keys its appellation and region name or lie in (the appellation, its region, and the places
   * each lies in): a wine whose region is one of them is of the same place or a larger one.
   */
  around: ReadonlySet<string>;
  hasClassification: boolean;
  /** Its colour as stated, else as its colour words name one colour, else null. */
  color: Color | null;
  /** Whether the record stated its colour (not only its words). */
  colorStated: boolean;
  country: string | null;
  type: WineType;
  subType: SubType;
  /** Whether its type and sub-type are stated by the source (LWIN) rather than defaulted (Open Food Facts). */
  styleStated: boolean;
  /** The first words of its producer and wine names (where an estate title stands). */
  firstWords: readonly string[];
  /** Typo look-ups already made for this record (filled while fitting its candidates). */
  memo: Map<string, string[]>;
}

/** How one wine fits a record. */
export interface Fit {
  wine: IndexedWine;
  /** 1 for a perfect fit, less per imperfection ({@link PENALTY}). */
  score: number;
  /** Words that keep the wine from fitting (missing from the record, or extra in it); [] for a fit. */
  unexplained: string[];
  /** Name words of the wine found in the record (beyond its producer's words). */
  nameWordsFound: number;
  /** Why a fit should still be reviewed ("appellation differs", "still or sparkling differs"); [] when none. */
  doubts: string[];
  /** The wine's name has colour words the record does not write, and the record says no colour. */
  colorUnknown: boolean;
}

/** The record's words within one typo of `word` (other than itself), remembered for the record's other fits. */
function partners(record: RecordWords, word: string): string[] {
  let found = record.memo.get(word);
  if (found === undefined) {
    // A colour word is that colour ("Tinto" is not a typo of "Pinto").
    const colour = colorOfWord(word) !== undefined;
    found = record.bag.filter(
      (b) => b !== word && (colour || colorOfWord(b) === undefined) && typosTo(word, [b]) >= 0,
    );
    record.memo.set(word, found);
  }
  return found;
}

/**
 * A cheap bound before the fit (a producer may have hundreds of wines): true when more of the wine's
 * words lack the record's than one typo per spare record word and {@link MAX_NEAR_MISS} could make up,
 * so the fit would fail on more than {@link MAX_NEAR_MISS} words anyway.
 */
function farOff(wine: IndexedWine, producerWords: readonly string[], record: RecordWords): boolean {
  let lacking = 0;
  for (const word of wine.words) {
    if (record.bag.includes(word) || record.context.has(word) || producerWords.includes(word)) continue;
    if (wine.regionWords.includes(word) || colorOfWord(word) !== undefined || CLASSIFICATION_WORDS.has(word))
      continue;
    if (word === "brut" || word === BY_LINE) continue;
    lacking++;
  }
  if (lacking <= MAX_NEAR_MISS) return false;
  let spare = 0;
  for (const word of record.bag) if (!wine.words.includes(word) && !producerWords.includes(word)) spare++;
  return lacking > MAX_NEAR_MISS + spare;
}

/** Whether `word` is two words of `words` run together ("montredon" = "mont" + "redon"). */
function twoRunTogether(word: string, words: readonly string[]): boolean {
  if (word.length < 6) return false;
  for (const w of words) {
    if (w.length >= 2 && word.startsWith(w) && words.includes(word.slice(w.length))) return true;
  }
  return false;
}

/**
 * How `wine` of producer `producerWords` fits `record`; null when they conflict (colour, country).
 * `producerTypos` is what matching the producer's words cost already.
 */
export function fitWine(
  wine: IndexedWine,
  producerWords: readonly string[],
  record: RecordWords,
  producerTypos: number,
  producerOptional: readonly string[] = [],
): Fit | null {
  if (record.country !== null && record.country !== wine.country) return null;
  if (record.colorStated && record.color !== wine.color) return null;
  if (farOff(wine, producerWords, record)) return null;
  let score = 1 - producerTypos * PENALTY.typo;
  const unexplained: string[] = [];
  let nameWordsFound = 0;
  let colorUnknown = false;
  let classificationMissing = false;
  // Record words each wine word takes: exact ones first, then one-typo ones among those left, so one
  // record word never stands for two ("Blanc" is not "Blanc de Blancs").
  const used = new Set<string>();
  const ownWords = wine.words.filter((w) => !producerWords.includes(w));
  const typoFound = new Set<string>();
  for (const word of ownWords) if (record.bag.includes(word)) used.add(word);
  for (const word of ownWords) {
    if (used.has(word)) continue;
    const match = partners(record, word).find((b) => !used.has(b) && !wine.words.includes(b));
    if (match !== undefined) {
      used.add(match);
      typoFound.add(word);
    }
  }
  // The wine's name words, each found in the record or excused.
  for (const word of ownWords) {
    if (record.bag.includes(word) || typoFound.has(word)) {
      if (typoFound.has(word)) score -= PENALTY.typo;
      nameWordsFound++;
    } else if (record.context.has(word)) {
      nameWordsFound++;
    } else if (wine.regionWords.includes(word) && record.appellation.length === 0) {
      // The appellation left out of a product name; a record naming another one must not lose it.
    } else if (word === "brut" && wine.subType === "sparkling") {
      score -= PENALTY.style; // "Imperial Rosé" = "Impérial Rosé Brut"
    } else if (colorOfWord(word) === wine.color && !(wine.color === "rose" && record.color === null)) {
      // A rosé says so on its label: "Brut Impérial" is not "Impérial Rosé Brut".
      if (record.color === null) {
        colorUnknown = true;
        score -= PENALTY.colorUnknown;
      }
    } else if (
      CLASSIFICATION_WORDS.has(word) &&
      (record.hasClassification || wine.words.includes("classe"))
    ) {
      if (!classificationMissing)
        score -= record.hasClassification ? PENALTY.classificationStated : PENALTY.classification;
      classificationMissing = true;
    } else if (!record.bag.some((b) => twoRunTogether(b, wine.words) && b.includes(word))) {
      unexplained.push(word);
    }
  }
  // The record's words, each explained by the wine (not looked at for a wine too far off to review).
  for (const word of unexplained.length > MAX_NEAR_MISS ? [] : record.bag) {
    if (used.has(word) || producerWords.includes(word) || wine.words.includes(word)) continue;
    if (producerOptional.includes(word)) continue;
    if (BUSINESS_WORDS.has(word) && record.producerWords.includes(word)) continue;
    // "Saint-Estèphe 2nd Grand Cru Classé": the rank of a classed growth the wine's name leaves out.
    if (RANK_WORDS.has(word) && wine.words.includes("classe") && record.bag.includes("cru")) continue;
    if (word === "brut" && wine.subType === "sparkling") {
      score -= PENALTY.style;
      continue;
    }
    if (wine.regionWords.includes(word)) continue;
    const color = colorOfWord(word);
    if (color !== undefined) {
      if (color !== wine.color) return null;
      continue;
    }
    // A typo of a word the same field does not also write rightly: "Marques … Marquis" in a producer
    // name is two words, a brand written again with a typo in the product name is one.
    const field = record.producerWords.includes(word) ? record.producerWords : record.wineWords;
    if (typoOfAbsent(word, producerWords, field)) continue; // counted in producerTypos
    if (
      regionTypo(word, wine.regionWords) ||
      colourTypo(word, wine.color) ||
      noiseWithTypo(record.firstWords, word)
    ) {
      score -= PENALTY.typo;
      continue;
    }
    if (twoRunTogether(word, wine.words) || twoRunTogether(word, producerWords)) continue;
    unexplained.push(word);
  }
  // A by-line ("du Château Margaux") on one side only counts when nothing else names the wine:
  // "Margaux du Château Margaux" is not Château Margaux, "Pavillon Rouge" is "Pavillon Rouge du …".
  const byLine = unexplained.indexOf(BY_LINE);
  if (
    byLine >= 0 &&
    ownWords.some((w) => w !== BY_LINE && !wine.regionWords.includes(w) && !unexplained.includes(w))
  )
    unexplained.splice(byLine, 1);
  score -= unexplained.length * PENALTY.unexplained;
  const doubts: string[] = [];
  // Doubts only matter for a fit (a near miss goes to review anyway).
  const fits = unexplained.length === 0;
  if (fits && record.appellation.length > 0 && !appellationAgrees(record, wine, producerWords))
    doubts.push("appellation differs");
  if (record.subType !== wine.subType && (record.styleStated || record.subType === "sparkling"))
    doubts.push("still or sparkling differs");
  if (record.styleStated && record.type !== wine.type) doubts.push("wine type differs");
  const conflicts = [
    titlesConflict(record.titles, wine.titles) && "estate title differs",
    wine.reversedCompounds.some((c) => record.compounds.has(c)) && "producer name in another order",
    producerWordsCross(record.producerWords, producerWords, producerOptional, wine.words, wine.regionWords) &&
      "producer and wine name words cross",
    producerWordsApart(record.producerWords, record.wineWords, producerWords) && "producer name words apart",
  ].filter((c): c is string => c !== false);
  score -= conflicts.length * PENALTY.producerConflict;
  if (record.titles.length > 0 && wine.titles.length === 0) score -= PENALTY.titleUnconfirmed;
  doubts.push(...conflicts);
  return { wine, score, unexplained, nameWordsFound, doubts, colorUnknown };
}

/**
 * Whether the record's appellation agrees with the wine's region: every word of the appellation is a
 * word of the wine's region, name or producer; or the wine's region (in any language) is the record's
 * appellation or region or a place either lies in ("Tuscany" for "Toscana", "Rhône Valley" for
 * "Ventoux"); or the wine's region lies in the record's appellation ("Brauneberg" in "Mosel"). Two
 * places inside one region ("Pauillac" and "Margaux") do not agree.
 */
function appellationAgrees(record: RecordWords, wine: IndexedWine, producerWords: readonly string[]) {
  const byWords = record.appellation.every(
    (word) =>
      typosTo(word, wine.regionWords) >= 0 || typosTo(word, wine.words) >= 0 || producerWords.includes(word),
  );
  if (byWords) return true;
  if (wine.places.some((p) => record.around.has(p))) return true;
  return record.appellationPlace !== "" && wine.within.includes(record.appellationPlace);
}
