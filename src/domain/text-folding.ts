/**
 * Text folding, the one way names are compared: stored `search_text` columns, search queries,
 * wine-trade terms in names (`terms` in catalogue/text-match.ts) and words read from labels. Lower case, accents removed
 * (Rosé → rose, Château → chateau, Gewürztraminer → gewurztraminer), ß → ss, æ → ae, œ → oe,
 * punctuation to spaces, runs of spaces collapsed.
 */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The usual ASCII transliteration of letters that {@link fold} would reduce to a bare vowel:
 * ä → ae, ö → oe, ü → ue (German: Müller → Mueller, Gewürztraminer → Gewuerztraminer), ø → oe,
 * å → aa, either case; other text is returned unchanged. `fold(transliterate(x))` keeps the word
 * boundaries of `fold(x)`, so the two word lists align one to one.
 */
export function transliterate(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[äÄ]/g, (c) => (c === "ä" ? "ae" : "Ae"))
    .replace(/[öÖøØ]/g, (c) => (c === "ö" || c === "ø" ? "oe" : "Oe"))
    .replace(/[üÜ]/g, (c) => (c === "ü" ? "ue" : "Ue"))
    .replace(/[åÅ]/g, (c) => (c === "å" ? "aa" : "Aa"));
}

/** Folded words of a query, without empties. */
export function foldedWords(text: string): string[] {
  const folded = fold(text);
  return folded === "" ? [] : folded.split(" ");
}
