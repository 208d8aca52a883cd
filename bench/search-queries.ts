/**
 * Reproducible query set for the search-quality benchmark, generated from the catalogue with a
 * seeded PRNG (mulberry32). Each query has the wine ids that count as relevant:
 *
 * | category       | query                                                     | relevant wines                                  |
 * |----------------|-----------------------------------------------------------|-------------------------------------------------|
 * | exact          | display name as stored                                    | same folded display name                        |
 * | producer       | producer display name only                                | every wine of that producer (or same name)      |
 * | wine           | wine name without producer                                | every wine with the same folded wine name       |
 * | typo1          | one edit (ins/del/subst/transposition) in a 4+ letter word | that wine and its namesakes (*)                 |
 * | typo2          | two edits in an 8+ letter word                            | that wine and its namesakes (*)                 |
 * | accents        | display name with diacritics removed (only names having some) | that wine and its namesakes (*)             |
 * | order          | display name words shuffled                               | same folded word multiset                       |
 * | prefix         | display name, last word cut to its first 3–6 letters      | wines whose folded display name starts so       |
 * | missing_space  | two adjacent words of the display name joined             | that wine and its namesakes (*)                 |
 * | transliteration| ä→ae ö→oe ü→ue ß→ss ø→oe å→aa æ→ae œ→oe in display, wine or producer name | as exact / wine / producer |
 * | abbreviation   | Château→Ch., Domaine→Dom., Saint→St., Sainte→Ste., Mount→Mt., Cabernet Sauvignon→Cab Sauv, Sauvignon Blanc→Sauv Blanc | that wine and its namesakes (*) |
 *
 * (*) Namesakes: the wines with the same folded display name, as for `exact` (the synthetic
 * catalogue has namesake producers: at 300k, 52,307 wines share their display name with another,
 * "Château les Tourelles Brut" is 14 wines of 13 producers). No query can tell them apart, so any
 * of them is a right answer; `strict` keeps the one wine the query was made from, for the "one
 * wine" MRR of the report.
 *
 * At most {@link PER_CATEGORY} queries per category (wines sampled without replacement).
 */
import { fold } from "../src/domain/text-folding.ts";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import { osaDistance } from "../src/text/edit-distance.ts";

/** A wine as the generator needs it. */
export interface BenchWine {
  id: number;
  producerId: number;
  producer: string;
  wine: string;
  display: string;
}

/** One benchmark query and its relevant wine ids. */
export interface BenchQuery {
  category: string;
  q: string;
  relevant: number[];
  /** Only the wine the query was made from, where `relevant` adds its namesakes (see the table). */
  strict?: number[];
}

export const PER_CATEGORY = 250;
export const SEED = 20261123;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Generates the whole query set; same catalogue and seed → same queries. */
export function generateQueries(wines: readonly BenchWine[], seed = SEED): BenchQuery[] {
  const rand = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const shuffled = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  const group = (key: (w: BenchWine) => string) => {
    const map = new Map<string, number[]>();
    for (const w of wines) {
      const k = key(w);
      const list = map.get(k);
      if (list === undefined) map.set(k, [w.id]);
      else list.push(w.id); // linear: groups of thousands at 300k wines
    }
    return (w: BenchWine) => map.get(key(w)) as number[];
  };
  const foldedDisplays = wines.map((w) => fold(w.display)); // folded once: prefix relevance scans them all
  const sameDisplay = group((w) => fold(w.display));
  const sameWine = group((w) => fold(w.wine));
  const sameWords = group((w) => fold(w.display).split(" ").sort().join(" "));
  const producerWines = group((w) => String(w.producerId));
  const union = (a: number[], b: number[]) => [...new Set([...a, ...b])];
  const byProducerName = group((w) => fold(w.producer));
  const namesakes = (w: BenchWine) => ({ relevant: sameDisplay(w), strict: [w.id] });

  const queries: BenchQuery[] = [];
  const category = (
    name: string,
    make: (w: BenchWine) => Omit<BenchQuery, "category"> | null,
    pool = wines,
  ) => {
    let n = 0;
    for (const w of shuffled(pool)) {
      if (n >= PER_CATEGORY) break;
      const made = make(w);
      if (made === null || fold(made.q).replace(/ /g, "").length < 3) continue;
      queries.push({ category: name, ...made });
      n++;
    }
  };
  const edit = (word: string): string => {
    const lower = word.toLowerCase();
    const i = Math.floor(rand() * lower.length);
    const kind = Math.floor(rand() * 4);
    if (kind === 0) return lower.slice(0, i) + pick([...LETTERS]) + lower.slice(i);
    if (kind === 1) return lower.slice(0, i) + lower.slice(i + 1);
    if (kind === 2) return lower.slice(0, i) + pick([...LETTERS]) + lower.slice(i + 1);
    const j = Math.min(i, lower.length - 2);
    return lower.slice(0, j) + lower[j + 1] + lower[j] + lower.slice(j + 2);
  };
  const typo = (w: BenchWine, minLength: number, edits: number) => {
    const tokens = w.display.split(" ");
    const eligible = tokens.flatMap((t, i) => (new RegExp(`^[A-Za-z]{${minLength},}$`).test(t) ? [i] : []));
    if (eligible.length === 0) return null;
    const at = pick(eligible);
    const original = (tokens[at] as string).toLowerCase();
    for (let attempt = 0; attempt < 20; attempt++) {
      let changed = original;
      for (let e = 0; e < edits; e++) changed = edit(changed);
      if (osaDistance(original, changed, edits) !== edits) continue;
      const out = [...tokens];
      out[at] = changed;
      return { q: out.join(" "), ...namesakes(w) };
    }
    return null;
  };
  const stripMarks = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .normalize("NFC");
  const translit = (s: string) =>
    s
      .replace(/ä/g, "ae")
      .replace(/Ä/g, "Ae")
      .replace(/[öø]/g, "oe")
      .replace(/[ÖØ]/g, "Oe")
      .replace(/ü/g, "ue")
      .replace(/Ü/g, "Ue")
      .replace(/ß/g, "ss")
      .replace(/å/g, "aa")
      .replace(/æ/g, "ae")
      .replace(/œ/g, "oe");
  const word = (w: string) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, "gu");
  const abbreviations: [RegExp, string][] = [
    [word("Cabernet Sauvignon"), "Cab Sauv"],
    [word("Sauvignon Blanc"), "Sauv Blanc"],
    [word("Ch[âa]teau"), "Ch."],
    [word("Domaine"), "Dom."],
    [word("Sainte"), "Ste."],
    [word("Saint"), "St."],
    [word("Mount"), "Mt."],
  ];
  const abbreviate = (s: string) => abbreviations.reduce((text, [re, short]) => text.replace(re, short), s);

  category("exact", (w) => ({ q: w.display, relevant: sameDisplay(w) }));
  const oneWinePerProducer = [...new Map(wines.map((w) => [w.producerId, w])).values()];
  category(
    "producer",
    (w) => ({ q: w.producer, relevant: union(producerWines(w), byProducerName(w)) }),
    oneWinePerProducer,
  );
  category("wine", (w) => ({ q: w.wine, relevant: sameWine(w) }));
  category("typo1", (w) => typo(w, 4, 1));
  category("typo2", (w) => typo(w, 8, 2));
  category("accents", (w) =>
    stripMarks(w.display) === w.display ? null : { q: stripMarks(w.display), ...namesakes(w) },
  );
  category("order", (w) => {
    const tokens = w.display.split(" ");
    if (tokens.length < 2) return null;
    let out = shuffled(tokens);
    while (out.join(" ") === w.display) out = shuffled(tokens);
    return { q: out.join(" "), relevant: sameWords(w) };
  });
  category("prefix", (w) => {
    const tokens = w.display.split(" ");
    const last = fold(tokens[tokens.length - 1] as string);
    if (!/^[a-z]{4,}$/.test(last)) return null;
    const cut = 3 + Math.floor(rand() * (Math.min(6, last.length - 1) - 2));
    const q = [...tokens.slice(0, -1), last.slice(0, cut)].join(" ");
    const start = fold(q);
    return {
      q,
      relevant: wines.filter((_, k) => (foldedDisplays[k] as string).startsWith(start)).map((x) => x.id),
    };
  });
  category("missing_space", (w) => {
    const tokens = w.display.split(" ");
    const pairs = tokens
      .slice(0, -1)
      .flatMap((t, i) => (/^\p{L}+$/u.test(t) && /^\p{L}+$/u.test(tokens[i + 1] as string) ? [i] : []));
    if (pairs.length === 0) return null;
    const i = pick(pairs);
    const out = [...tokens.slice(0, i), `${tokens[i]}${tokens[i + 1]}`, ...tokens.slice(i + 2)];
    return { q: out.join(" "), ...namesakes(w) };
  });
  const variants = (w: BenchWine) =>
    [
      { q: translit(w.display), original: w.display, relevant: sameDisplay(w) },
      { q: translit(w.wine), original: w.wine, relevant: sameWine(w) },
      { q: translit(w.producer), original: w.producer, relevant: union(producerWines(w), byProducerName(w)) },
    ].filter((v) => v.q !== v.original);
  const seenTranslit = new Set<string>();
  category(
    "transliteration",
    (w) => {
      const options = variants(w).filter((v) => !seenTranslit.has(v.q));
      if (options.length === 0) return null;
      const v = pick(options);
      seenTranslit.add(v.q);
      return { q: v.q, relevant: v.relevant };
    },
    [...wines, ...wines, ...wines],
  );
  category("abbreviation", (w) => {
    const q = abbreviate(w.display);
    return q === w.display ? null : { q, ...namesakes(w) };
  });
  return queries;
}
