/**
 * The words of a label as the matcher compares them (folded, and run together for words printed
 * without spaces), how a wine's word is found among them despite OCR slips (as part of a longer word,
 * inside the words run together, with one typo), the words printed on labels of every kind, and the
 * rarity weight of words over the catalogue (label-evidence.ts).
 */
import { fold } from "../../domain/text-folding.ts";
import { osaDistance } from "../../text/edit-distance.ts";

/**
 * Smoothed inverse document frequency of a term found in `df` of `n` documents: ln((n + 1) / (df + 1)) + 1
 * (scikit-learn's smooth_idf), so a term in every document still weighs 1 and none divides by zero.
 */
export function smoothIdf(n: number, df: number): number {
  return Math.log((n + 1) / (df + 1)) + 1;
}

/** The words of a label prepared once per match. */
export interface LabelWords {
  words: Set<string>;
  joined: string;
}

/** Folded words of the text read on a label, and the same words run together. */
export function labelWords(text: string): LabelWords {
  const folded = fold(text);
  return { words: new Set(folded.split(" ")), joined: folded.replace(/ /g, "") };
}

/** Shortest word looked for inside the label's words run together ("CHATEAUFONREAUD"). */
export const MIN_JOINED = 6;
/** Shortest word found as the start or end of a longer label word (two words read as one: "ONAPAULA"). */
export const MIN_PART = 4;

/** Whether `word` is the start or the end of `labelWord`, with at least three more letters ("paula" in "onapaula"; not "aine" in "omaine"). */
export function isPartOf(word: string, labelWord: string): boolean {
  if (labelWord.length >= word.length + 3 && word.length >= MIN_PART)
    return labelWord.startsWith(word) || labelWord.endsWith(word);
  // A name run into its particle: "DIAMA" is "di Ama", "DELUNA" "de Luna".
  const particle = labelWord.slice(0, labelWord.length - word.length);
  return word.length >= 3 && PARTICLES.has(particle) && labelWord.endsWith(word);
}

/**
 * Whether `word` with one typo is the start or the end of `labelWord`, with at least three more
 * letters: two words read as one, one of them with a slip ("COUISPATOU" starts with "louis").
 */
export function edgeWithTypo(word: string, labelWord: string): boolean {
  if (labelWord.length < word.length + 3) return false;
  for (let len = word.length - 1; len <= word.length + 1; len++) {
    if (osaDistance(word, labelWord.slice(0, len), 1) <= 1) return true;
    if (osaDistance(word, labelWord.slice(labelWord.length - len), 1) <= 1) return true;
  }
  return false;
}

/** Particles printed before names (Castello di Ama, Quinta do Crasto, Domaine de la Romanée), folded. */
export const PARTICLES = new Set([
  "di",
  "de",
  "da",
  "do",
  "du",
  "del",
  "della",
  "dos",
  "das",
  "la",
  "le",
  "lo",
  "el",
  "von",
  "van",
]);

/**
 * Words printed on labels of every kind, not only in names ("Vinhos", "Wines", "Cellars", "Estate"):
 * a producer or wine name made of them is weak evidence when found and little lost when missing, so
 * their information counts only part of their rarity in the catalogue (label-evidence.ts).
 */
export const FURNITURE: ReadonlySet<string> = new Set([
  "wine",
  "wines",
  "winery",
  "wineries",
  "vineyard",
  "vineyards",
  "cellar",
  "cellars",
  "estate",
  "estates",
  "family",
  "vinho",
  "vinhos",
  "vinha",
  "vinhas",
  "vina",
  "vinas",
  "vigna",
  "vigne",
  "vignes",
  "vino",
  "vini",
  "vinos",
  "vin",
  "vins",
  "wein",
  "weine",
  "famille",
  "familia",
  "selection",
  "selezione",
  "seleccion",
  "cantine",
  "bodegas",
  "vignerons",
  "winemakers",
]);

/** The set of a word's characters as bits (char code mod 32). */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

/**
 * Whether `word` appears with one typo inside `joined` (a label's words run together:
 * "PouisSatour" holds "latour"). Windows are only tried where one of the word's trigrams occurs.
 */
export function joinedWithTypo(word: string, joined: string): boolean {
  const tried = new Set<number>();
  for (let k = 0; k + 3 <= word.length; k++) {
    const gram = word.slice(k, k + 3);
    for (let at = joined.indexOf(gram); at >= 0; at = joined.indexOf(gram, at + 1)) {
      for (let start = at - k - 1; start <= at - k + 1; start++) {
        if (start < 0 || tried.has(start)) continue;
        tried.add(start);
        for (let len = word.length - 1; len <= word.length + 1; len++)
          if (start + len <= joined.length && osaDistance(word, joined.slice(start, start + len), 1) <= 1)
            return true;
      }
    }
  }
  return false;
}
