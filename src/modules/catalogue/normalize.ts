/**
 * Text folding shared by storage (`search_text` columns) and queries: lower case, accents removed
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

/** Folded words of a query, without empties. */
export function foldedWords(text: string): string[] {
  const folded = fold(text);
  return folded === "" ? [] : folded.split(" ");
}
