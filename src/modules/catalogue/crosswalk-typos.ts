/**
 * Typos as the crosswalk allows them (crosswalk-fit.ts): one edit between words of at least
 * {@link TYPO_MIN} letters (optimal string alignment distance, src/text/edit-distance.ts), and German
 * transliterations ("Mueller" = "Müller"). The look-ups that do not depend on the record (a word
 * against a wine's region words, a colour's words, the title and noise words) are cached across
 * records.
 */
import type { Color } from "../../domain/vocabulary.ts";
import { osaDistance } from "../../text/edit-distance.ts";
import { COLOR_WORDS, LONG_NOISE, TITLE_WORDS, untransliterated } from "./crosswalk-words.ts";

/** Shortest word matched with one typo (shorter words must be exact: "Lalande" ≠ "Lalanne" is allowed, "Cos" ≠ "Cot" is not). */
export const TYPO_MIN = 5;
/** A German transliteration in a word ("ae", "oe", "ue"). */
const TRANSLITERATED = /ae|oe|ue/;

/** Title words long enough to be recognised with a typo ("Chtaeau", "Tenata"). */
const LONG_TITLES: readonly string[] = [...TITLE_WORDS].filter((w) => w.length >= TYPO_MIN);
/**
 * Typos between `word` and the closest of `words`: 0 when present, 1 within one edit (both at least
 * {@link TYPO_MIN} letters), else -1.
 */
export function typosTo(word: string, words: readonly string[] | ReadonlySet<string>): number {
  let best = -1;
  for (const w of words) {
    if (w === word) return 0;
    if (best !== -1 || word.length < TYPO_MIN || w.length < TYPO_MIN) continue;
    const longer = w.length - word.length;
    if (longer >= -1 && longer <= 1 && osaDistance(word, w, 1) <= 1) best = 1;
    else if (longer >= -3 && longer <= 3 && TRANSLITERATED.test(word + w)) {
      if (untransliterated(word) === untransliterated(w)) best = 0; // "mueller" = "muller"
    }
  }
  return best;
}

/** Whether `word` is within one typo of one of `words` the record's `field` does not write rightly. */
export function typoOfAbsent(word: string, words: readonly string[], field: readonly string[]): boolean {
  for (const w of words) if (!field.includes(w) && typosTo(word, [w]) >= 0) return true;
  return false;
}

/**
 * Answers of the typo look-ups that do not depend on the record (a word against a wine's region words,
 * a colour's words, the title and noise words), kept across records; emptied when large.
 */
const TYPO_CACHE_MAX = 100_000;
const regionTypos = new WeakMap<readonly string[], Map<string, boolean>>();
const colourTypos: Record<Color, Map<string, boolean>> = {
  red: new Map(),
  white: new Map(),
  rose: new Map(),
};
const noiseTypos = new Map<string, { noise: boolean; title: boolean }>();

function cached<K>(cache: Map<K, boolean>, key: K, look: (key: K) => boolean): boolean {
  let found = cache.get(key);
  if (found === undefined) {
    if (cache.size >= TYPO_CACHE_MAX) cache.clear();
    found = look(key);
    cache.set(key, found);
  }
  return found;
}

/** Whether `word` is within one typo of a word of a wine's region (`regionWords`, an interned list). */
export function regionTypo(word: string, regionWords: readonly string[]): boolean {
  if (regionWords.length === 0) return false;
  let cache = regionTypos.get(regionWords);
  if (!cache) {
    cache = new Map();
    regionTypos.set(regionWords, cache);
  }
  return cached(cache, word, (w) => typosTo(w, regionWords) >= 0);
}

/** Whether `word` is within one typo of a colour word of `color`. */
export function colourTypo(word: string, color: Color): boolean {
  return cached(colourTypos[color], word, (w) => typosTo(w, COLOR_WORDS[color]) >= 0);
}

/**
 * Whether a record word is a title or noise word with a typo ("Chtaeau", "Magnnm"). A title stands
 * before the name: only a word of `first` (the first words of the record's producer and wine names)
 * is taken for one ("Ramos Castrillo" is a family and a place, not "Ramos" of a "Castillo").
 */
export function noiseWithTypo(first: readonly string[], word: string): boolean {
  let found = noiseTypos.get(word);
  if (found === undefined) {
    if (noiseTypos.size >= TYPO_CACHE_MAX) noiseTypos.clear();
    found = { noise: typosTo(word, LONG_NOISE) >= 0, title: typosTo(word, LONG_TITLES) >= 0 };
    noiseTypos.set(word, found);
  }
  if (found.noise) return true;
  return found.title && first.includes(word);
}
