/**
 * Generated label readings for fitting and validating the label ranking (bench/fit-label-ranking.ts):
 * what OCR reads on a label of a catalogue wine, with the noise measured on real OCR output.
 *
 * {@link measureNoise} compares the readings of real photos (bench/results/dev-photos-ocr.json) with
 * the wines they show: per field (producer, wine name, region) how often a word is read whole, run
 * into its neighbours, with slips (and how many per letter), or not at all; how many words of a
 * reading are none of the wine's (other text, garbled lines) and how long they are; how often the
 * reading is in capitals. {@link simulateReading} then writes readings of any wine with those rates.
 */
import { openDatabase } from "../src/db/database.ts";
import { fold } from "../src/domain/text-folding.ts";
import type { LabelDocument } from "../src/modules/labels/label-indexer.ts";
import { labelFacts } from "../src/modules/labels/label-text.ts";
import { labelDocumentPages } from "../src/modules/labels/labels.repository.ts";
import { osaDistance } from "../src/text/edit-distance.ts";

/** The wines of the SQLite catalogue at `path` as the label matcher indexes them (the label benches' catalogues). */
export async function labelDocumentsOf(path: string): Promise<LabelDocument[]> {
  const db = openDatabase({ kind: "sqlite", path });
  const docs: LabelDocument[] = [];
  for await (const page of labelDocumentPages(db.kysely)) docs.push(...page);
  await db.destroy();
  return docs;
}

/** How a word of a field is read: whole, run into a neighbour, with slips, or not at all (shares, sum 1). */
export interface FieldReading {
  whole: number;
  joined: number;
  slipped: number;
  missing: number;
}

/** OCR noise measured on real readings. */
export interface OcrNoise {
  producer: FieldReading;
  wine: FieldReading;
  region: FieldReading;
  /** Slips per letter of a word read with slips. */
  slipsPerLetter: number;
  /** Words of a reading that are none of the wine's: their counts (one per reading measured) and lengths. */
  otherWords: number[];
  otherLengths: number[];
  /** Share of readings in capitals. */
  capitals: number;
  /** Share of readings that name the wine's own country ("Product of Chile", "Prodotto in Italia"). */
  ownCountry: number;
  /** Readings measured. */
  readings: number;
}

const TITLE =
  /^(chateau|domaine|bodega|bodegas|weingut|tenuta|cantina|quinta|casa|maison|vina|clos|cave|cantine)$/;

/** The folded words of 3+ letters of a field. */
const wordsOf = (text: string) =>
  fold(text)
    .split(" ")
    .filter((w) => w.length >= 3);

/** How `word` appears among the reading's folded `tokens`. */
function howRead(word: string, tokens: readonly string[]): keyof FieldReading {
  if (tokens.includes(word)) return "whole";
  if (tokens.some((t) => t.length > word.length && t.includes(word))) return "joined";
  const max = word.length <= 4 ? 1 : 2;
  if (tokens.some((t) => Math.abs(t.length - word.length) <= max && osaDistance(word, t, max) <= max))
    return "slipped";
  return "missing";
}

/** The noise of `readings` (real OCR text) of the wines `docs` shows (by id). */
export function measureNoise(
  readings: readonly { wineId: number; text: string }[],
  docs: ReadonlyMap<number, LabelDocument>,
): OcrNoise {
  const counts = {
    producer: { whole: 0, joined: 0, slipped: 0, missing: 0 },
    wine: { whole: 0, joined: 0, slipped: 0, missing: 0 },
    region: { whole: 0, joined: 0, slipped: 0, missing: 0 },
  };
  let slips = 0;
  let slippedLetters = 0;
  const otherWords: number[] = [];
  const otherLengths: number[] = [];
  let capitals = 0;
  let ownCountry = 0;
  let measured = 0;
  for (const r of readings) {
    const d = docs.get(r.wineId);
    if (!d || r.text.trim() === "") continue;
    measured++;
    const letters = r.text.replace(/[^\p{L}]/gu, "");
    if (letters.length > 0 && letters === letters.toUpperCase()) capitals++;
    const tokens = fold(r.text).split(" ").filter(Boolean);
    if (d.country && labelFacts(new Set(tokens)).countries.has(d.country)) ownCountry++;
    const fields = {
      producer: wordsOf(d.producerName ?? d.producer).filter((w) => !TITLE.test(w)),
      wine: wordsOf(d.wine),
      region: wordsOf(d.region),
    };
    const own = new Set<string>();
    for (const [field, words] of Object.entries(fields) as [keyof typeof fields, string[]][]) {
      for (const w of words) {
        const how = howRead(w, tokens);
        counts[field][how]++;
        if (how === "slipped") {
          const t = tokens.find((t) => osaDistance(w, t, 2) <= 2) ?? w;
          slips += osaDistance(w, t);
          slippedLetters += w.length;
          own.add(t);
        } else if (how !== "missing") own.add(tokens.find((t) => t.includes(w)) ?? w);
      }
    }
    const others = tokens.filter((t) => t.length >= 2 && !own.has(t) && !/^\d+$/.test(t));
    otherWords.push(others.length);
    otherLengths.push(...others.map((t) => t.length));
  }
  const share = (c: FieldReading): FieldReading => {
    const n = c.whole + c.joined + c.slipped + c.missing || 1;
    return { whole: c.whole / n, joined: c.joined / n, slipped: c.slipped / n, missing: c.missing / n };
  };
  return {
    producer: share(counts.producer),
    wine: share(counts.wine),
    region: share(counts.region),
    slipsPerLetter: slippedLetters === 0 ? 0 : slips / slippedLetters,
    otherWords,
    otherLengths,
    capitals: measured === 0 ? 0 : capitals / measured,
    ownCountry: measured === 0 ? 0 : ownCountry / measured,
    readings: measured,
  };
}

/** OCR letter confusions seen on the dev photos' readings (rn/m, 0/o, 1/l, c/e …). */
const CONFUSIONS: Record<string, string> = {
  o: "0",
  l: "1",
  i: "l",
  m: "rn",
  e: "c",
  a: "o",
  u: "v",
  n: "h",
  c: "e",
  r: "n",
  t: "f",
  s: "5",
  d: "o",
  g: "q",
};
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The country a label names, by ISO code, in a form label-text.ts reads. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  FR: "france",
  IT: "italy",
  ES: "spain",
  PT: "portugal",
  DE: "germany",
  AT: "austria",
  AR: "argentina",
  CL: "chile",
  AU: "australia",
  BR: "brazil",
  UY: "uruguay",
};

/** Label phrases that are no wine's words (boilerplate of many labels). */
const BOILERPLATE = [
  "grand vin de bordeaux",
  "mis en bouteille au chateau",
  "contains sulfites",
  "appellation controlee",
  "denominazione di origine controllata",
  "vino de la tierra",
  "qualitatswein",
  "estate bottled",
  "imported by",
  "since",
  "alc vol",
  "vinho tinto",
  "red wine",
  "famille",
  "vieilles vignes",
  "indicazione geografica tipica",
];

/** A word with slips at `perLetter` (a dropped, doubled or confused letter; at least one). */
function slip(word: string, perLetter: number, rnd: () => number): string {
  const chars = [...word];
  let out = "";
  let made = 0;
  for (const [i, ch] of chars.entries()) {
    const last = made === 0 && i === chars.length - 1;
    if (!last && rnd() >= perLetter) {
      out += ch;
      continue;
    }
    made++;
    const r = rnd();
    if (r < 0.35) continue;
    if (r < 0.5) out += ch + ch;
    else out += CONFUSIONS[ch] ?? LETTERS[Math.floor(rnd() * LETTERS.length)];
  }
  return out;
}

/** A word read from `field` as the measured `reading` shares say; "" when not read, "+word" to run into the next. */
function readWord(word: string, reading: FieldReading, noise: OcrNoise, rnd: () => number): string {
  const r = rnd();
  if (r < reading.whole) return word;
  if (r < reading.whole + reading.joined) return `+${word}`;
  if (r < reading.whole + reading.joined + reading.slipped) return slip(word, noise.slipsPerLetter, rnd);
  return "";
}

const pick = <T>(items: readonly T[], rnd: () => number): T => items[Math.floor(rnd() * items.length)] as T;

/** Random letters of length `n` (a garbled line). */
const garble = (n: number, rnd: () => number) =>
  Array.from({ length: n }, () => LETTERS[Math.floor(rnd() * LETTERS.length)]).join("");

/**
 * What OCR might read on a label of `d` with `noise`: its producer, wine-name and region words each
 * read whole, run together, slipped or lost at the measured rates; other words of the measured
 * number and length (boilerplate, other wines' regions and grapes, garbled letters); often a year;
 * in capitals at the measured rate.
 */
export function simulateReading(
  d: LabelDocument,
  all: readonly LabelDocument[],
  noise: OcrNoise,
  rnd: () => number,
): string {
  const parts: string[] = [];
  const field = (text: string, reading: FieldReading) => {
    for (const w of text.split(" ").filter(Boolean)) parts.push(readWord(w, reading, noise, rnd));
  };
  field(d.producer, noise.producer);
  field(d.wine, noise.wine);
  field(d.region, noise.region);
  if (rnd() < 0.3 && d.grapes.length > 0) parts.push(pick(d.grapes, rnd));
  const others = pick(noise.otherWords, rnd);
  for (let i = 0; i < others; ) {
    const r = rnd();
    const other = pick(all, rnd);
    const phrase =
      r < 0.35
        ? pick(BOILERPLATE, rnd)
        : r < 0.5
          ? other.region
          : r < 0.6
            ? (other.grapes[0] ?? "")
            : garble(pick(noise.otherLengths, rnd), rnd);
    parts.splice(Math.floor(rnd() * (parts.length + 1)), 0, phrase);
    i += Math.max(1, phrase.split(" ").length);
  }
  const country = COUNTRY_NAMES[d.country ?? ""];
  if (country && rnd() < noise.ownCountry) parts.push(`product of ${country}`);
  if (rnd() < 0.5) {
    const listed = d.vintages ?? [];
    parts.push(String(listed.length > 0 && rnd() < 0.8 ? pick(listed, rnd) : 1990 + Math.floor(rnd() * 34)));
  }
  const text = parts
    .filter((p) => p !== "")
    .join(" ")
    .replace(/\+(\S+) /g, "$1")
    .replace(/\+/g, "");
  return rnd() < noise.capitals ? text.toUpperCase() : text;
}
