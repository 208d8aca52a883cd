/**
 * How a shop clerk types a wine into the search box (bench/clerk-queries.ts): from the wine's
 * producer (title and name) and wine name, lower case and without accents, sometimes without the
 * title or in another word order, with one typo in every third query.
 */

/** A wine as a clerk's query is made from it. */
export interface ClerkWine {
  id: number;
  /** Producer's name without its title ("Margaux"). */
  producer: string;
  /** Producer's title ("Château"), or null. */
  title: string | null;
  /** Wine name ("" for a grand vin named by its producer alone). */
  wine: string;
}

/** Rank (1-based) of the first namesake and of the wine itself in a result list, or null when absent. */
export interface Hits {
  rank: number | null;
  strictRank: number | null;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Lower case without accents or punctuation, as typed on a keyboard without dead keys: "Château d'Yquem" → "chateau d yquem". */
export function typed(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * One typo in `word` (4+ letters): an insertion, deletion, substitution or swap of two neighbouring
 * letters (one of the four drawn), never at the first letter (people rarely miss the first one).
 */
export function withTypo(word: string, rand: () => number): string {
  const at = 1 + Math.floor(rand() * (word.length - 1));
  const letter = LETTERS[Math.floor(rand() * LETTERS.length)] as string;
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, at) + letter + word.slice(at);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2: {
      const other = letter === word[at] ? (letter === "a" ? "e" : "a") : letter;
      return word.slice(0, at) + other + word.slice(at + 1);
    }
    default: {
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + (word[i + 1] ?? "") + (word[i] ?? "") + word.slice(i + 2);
    }
  }
}

/**
 * The `n`-th clerk's query for `w`: typed producer (title dropped with probability 1/2) and wine
 * name; one query in four with the wine name first or two neighbouring words swapped; a typo in one
 * word of 4+ letters when `n % 3 === 2` (no typo when no word is that long).
 */
export function clerkQuery(
  w: ClerkWine,
  n: number,
  rand: () => number,
): { q: string; typo: boolean; titleDropped: boolean } {
  const titleDropped = w.title !== null && rand() < 0.5;
  const title = titleDropped
    ? []
    : typed(w.title ?? "")
        .split(" ")
        .filter(Boolean);
  const producer = [...title, ...typed(w.producer).split(" ").filter(Boolean)];
  const wine = typed(w.wine).split(" ").filter(Boolean);
  let words = [...producer, ...wine];
  if (rand() < 0.25) {
    if (wine.length > 0 && rand() < 0.5) words = [...wine, ...producer];
    else if (words.length > 1) {
      const i = Math.floor(rand() * (words.length - 1));
      [words[i], words[i + 1]] = [words[i + 1] as string, words[i] as string];
    }
  }
  let typo = false;
  if (n % 3 === 2) {
    const long = words.map((word, i) => [word, i] as const).filter(([word]) => word.length >= 4);
    if (long.length > 0) {
      const [word, i] = long[Math.floor(rand() * long.length)] as readonly [string, number];
      words[i] = withTypo(word, rand);
      typo = true;
    }
  }
  return { q: words.join(" "), typo, titleDropped };
}

/** The split a wine's queries belong to, by a seeded hash of its id: half "dev", half "held-out". */
export function splitOf(id: number, seed: number): "dev" | "held-out" {
  let h = (id ^ seed) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  return ((h ^ (h >>> 16)) & 1) === 0 ? "dev" : "held-out";
}

/** Ranks of the first of `namesakes` and of `id` in `got`. */
export function hitRanks(got: readonly number[], id: number, namesakes: readonly number[]): Hits {
  const set = new Set(namesakes);
  const first = got.findIndex((g) => set.has(g));
  const own = got.indexOf(id);
  return { rank: first < 0 ? null : first + 1, strictRank: own < 0 ? null : own + 1 };
}
