/**
 * The generated labelled set of the crosswalk (src/modules/catalogue/crosswalk.ts), from real
 * catalogue facts: the bundled X-Wines wines (data/xwines-slim-1k-wines.csv). Deterministic by seed.
 *
 * - Some wines are held out of the index (`heldOut`: about 35% of the wines of producers with two or
 *   more, never a producer's last): their records are wines NOT in the catalogue beside their
 *   producer's other wines, expected `null`.
 * - Every wine is written the LWIN way (`lwin`: diacritics removed, estate title apart or in the
 *   name, producer words in another order in some, the producer repeated in the wine's name in some,
 *   the appellation as SUB_REGION, a grand vin named by producer + appellation with an empty WINE,
 *   "Grand Cru Classé" as CLASSIFICATION) and the Open Food Facts way (`off`: brand + name + vintage +
 *   bottle size, colour and appellation words, in lower/upper case, accents dropped, word order
 *   shuffled in some, one typo in a minority, colour/appellation/country mostly unknown).
 * - Hard negatives of indexed wines (`other-colour`: same name, other colour; `second-wine`;
 *   `reserve`: "Réserve" added or taken away; `cru`: a climat or cuvée added; `sparkling-rose`: a
 *   Brut's Rosé; `similar-producer`: another producer sharing words of the name), expected `null`
 *   unless a catalogue wine of the producer is exactly that (then it is skipped).
 * - Split by producer (a hash of its id and the seed): `development` (fit thresholds there) and
 *   `validation` (held apart: only reported).
 *
 * Run: npx tsx bench/crosswalk-set.ts [--seed 1]   (prints the counts per kind and part)
 */
import { readFileSync } from "node:fs";
import type { Catalogue, Color } from "../src/domain/vocabulary.ts";
import type { CrosswalkWine } from "../src/modules/catalogue/crosswalk.ts";
import { blankRecord } from "../src/modules/catalogue/crosswalk-test-fixtures.ts";
import { colorOfWord, nameWords } from "../src/modules/catalogue/crosswalk-words.ts";

export { blankRecord };

import type { SourceRecord } from "../src/modules/catalogue/source-record.ts";
import { Draw, mulberry32 } from "../src/modules/catalogue/synthetic-random.ts";
import { parseXWines } from "../src/modules/catalogue/xwines.ts";

/** What a labelled record is: a wine written another way, or a hard negative. */
export type LabelKind =
  | "lwin"
  | "off"
  | "held-out-lwin"
  | "held-out-off"
  | "other-colour"
  | "second-wine"
  | "reserve"
  | "cru"
  | "sparkling-rose"
  | "similar-producer";

/** A record and the X-Wines WineID it is (null: no wine of the index). */
export interface LabelledRecord {
  kind: LabelKind;
  record: SourceRecord;
  expected: number | null;
}

/** The generated set: the wines to index and the two parts of the labelled records. */
export interface LabelledSet {
  index: CrosswalkWine[];
  development: LabelledRecord[];
  validation: LabelledRecord[];
}

/** The bundled catalogue (X-Wines Slim, 1,007 wines). */
export function bundledCatalogue(): Catalogue {
  return parseXWines(readFileSync(new URL("../data/xwines-slim-1k-wines.csv", import.meta.url), "utf8"));
}

/** The catalogue's wines as the crosswalk compares them (English region names). */
export function crosswalkWines(catalogue: Catalogue): CrosswalkWine[] {
  const producers = new Map(catalogue.producers.map((p) => [p.id, p]));
  const regions = new Map(catalogue.regions.map((r) => [r.id, r]));
  return catalogue.wines.map((w) => {
    const p = producers.get(w.producerId);
    const r = regions.get(w.regionId);
    if (!p || !r) throw new Error(`wine ${w.id}: producer or region missing`);
    return {
      id: w.id,
      producerName: p.name,
      producerTitle: p.title,
      name: w.name,
      color: w.color,
      type: w.type,
      subType: w.subType,
      region: r.names.en,
      country: r.country,
    };
  });
}

/** Text without diacritics, case kept ("Château" → "Chateau"). */
export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "");
}

const COLOR_WORD: Record<Color, readonly string[]> = {
  red: ["Rouge", "Red", "Tinto", "Rosso"],
  white: ["Blanc", "White", "Blanco", "Bianco"],
  rose: ["Rosé", "Rose", "Rosado", "Rosato"],
};
const SIZES = ["75cl", "75 cl", "750ml", "750 ml", "0,75 L", "0.75L", "Magnum 1,5L", "37,5cl", "6x75cl"];
const SECOND_WINES = [
  "Le Petit",
  "La Réserve de",
  "Les Fiefs de",
  "Second Vin de",
  "Alter Ego de",
  "Le Clarence de",
];
const CLIMATS = [
  "Clos de Bèze",
  "Les Amoureuses",
  "Vieilles Vignes",
  "Les Clos",
  "Cuvée Prestige",
  "Grand Clos",
];
const PRODUCER_WORDS = ["Baron", "Fils", "Comte", "Marquis", "Frères", "Héritiers"];

/** Whether the words of `text` hold those of `part` (compared words). */
function holds(text: string, part: string): boolean {
  const words = nameWords(text).words;
  return nameWords(part).words.every((w) => words.includes(w));
}

/** One letter typed wrong in the longest word of at least 6 letters (swap, drop, double or replace). */
function typo(d: Draw, text: string): string {
  const words = text.split(" ");
  let at = -1;
  for (let i = 0; i < words.length; i++)
    if (
      /^\p{L}{6,}$/u.test(words[i] as string) &&
      (at < 0 || (words[i] as string).length > (words[at] as string).length)
    )
      at = i;
  if (at < 0) return text;
  const w = words[at] as string;
  const i = 1 + d.int(w.length - 2);
  const edits = [
    () => w.slice(0, i) + (w[i + 1] ?? "") + w[i] + w.slice(i + 2),
    () => w.slice(0, i) + w.slice(i + 1),
    () => w.slice(0, i) + w[i] + w.slice(i),
    () => `${w.slice(0, i)}${d.pick(["a", "e", "i", "o", "n", "r"])}${w.slice(i + 1)}`,
  ];
  words[at] = d.pick(edits)();
  return words.join(" ");
}

/** `wine` written the LWIN way (see the module comment). */
export function lwinRecord(d: Draw, wine: CrosswalkWine, key: string): SourceRecord {
  const r = blankRecord("lwin", key);
  const producer = stripAccents(wine.producerName);
  const title = wine.producerTitle ? stripAccents(wine.producerTitle) : null;
  const words = producer.split(" ");
  const reordered = words.length === 2 && d.chance(0.15) ? `${words[1]} ${words[0]}` : producer;
  r.producer =
    title && d.chance(0.2) ? { name: `${title} ${reordered}`, title: null } : { name: reordered, title };
  let name = stripAccents(wine.name);
  const classed = /\(?\s*Grand Cru Class[eé]\s*\)?/i;
  if (classed.test(name)) {
    r.classification = "Grand Cru Classe";
    name = name.replace(classed, " ").replace(/\s+/g, " ").trim();
  }
  const region = stripAccents(wine.region);
  if (holds(region, name) || holds(`${title ?? ""} ${producer}`, name)) name = "";
  else if (d.chance(0.5) && name.toLowerCase().startsWith(`${region.toLowerCase()} `))
    name = name.slice(region.length).trim();
  if (name !== "" && d.chance(0.3)) name = `${title ? `${title} ` : ""}${producer} ${name}`;
  r.wineName = name;
  r.color = wine.color;
  r.type = wine.type;
  r.subType = wine.subType;
  r.country = wine.country;
  r.appellation = region;
  return r;
}

function fold(text: string): string {
  return nameWords(text).words.join(" ");
}

/** `wine` written the Open Food Facts way (see the module comment). */
export function offRecord(d: Draw, wine: CrosswalkWine, key: string): SourceRecord {
  const r = blankRecord("off", key);
  const display = `${wine.producerTitle ? `${wine.producerTitle} ` : ""}${wine.producerName}`;
  let name = wine.name;
  if (d.chance(0.3)) {
    const parts = name.split(" ");
    for (let i = parts.length - 1; i > 0; i--) {
      const j = d.int(i + 1);
      [parts[i], parts[j]] = [parts[j] as string, parts[i] as string];
    }
    name = parts.join(" ");
  }
  const brandForm = d.int(5);
  const brand = brandForm <= 2 ? display : brandForm === 3 ? wine.producerName : "";
  const pieces = [brand === "" || d.chance(0.5) ? display : "", name];
  if (d.chance(0.3)) pieces.push(d.pick(COLOR_WORD[wine.color]));
  if (d.chance(0.3)) pieces.push(wine.region);
  if (d.chance(0.6)) pieces.push(String(2005 + d.int(17)));
  if (d.chance(0.6)) pieces.push(d.pick(SIZES));
  let product = pieces.filter((p) => p !== "").join(" ");
  const form = d.int(10);
  if (form < 2) product = product.toLowerCase();
  else if (form < 4) product = product.toUpperCase();
  if (d.chance(0.3)) product = stripAccents(product);
  if (d.chance(0.15)) product = typo(d, product);
  r.producer = { name: brand, title: null };
  r.wineName = product;
  r.color = d.chance(0.4) ? wine.color : null;
  r.subType = wine.subType === "sparkling" && d.chance(0.5) ? "sparkling" : "still";
  r.country = d.chance(0.5) ? wine.country : null;
  r.appellation = d.chance(0.3) ? wine.region : null;
  return r;
}

/** A hard negative of `wine` (see the module comment), or null when none applies to it. */
function negative(
  d: Draw,
  wine: CrosswalkWine,
  siblings: readonly CrosswalkWine[],
  producerNames: ReadonlySet<string>,
  key: string,
): LabelledRecord | null {
  const kinds: LabelKind[] = ["other-colour", "second-wine", "reserve", "cru", "similar-producer"];
  if (wine.subType === "sparkling" && wine.color === "white") kinds.push("sparkling-rose");
  const kind = d.pick(kinds);
  const variant: CrosswalkWine = { ...wine };
  switch (kind) {
    case "other-colour": {
      const other = d.pick((["red", "white", "rose"] as const).filter((c) => c !== wine.color));
      const named = COLOR_WORD[wine.color].find((w) => holds(wine.name, w));
      const word = COLOR_WORD[other][0] as string;
      if (holds(wine.name, word)) return null; // "Blanc de Noir" (a rosé) made white: no other name
      variant.color = other;
      variant.name = named
        ? stripAccents(wine.name).replace(new RegExp(`\\b${stripAccents(named)}\\b`, "i"), word)
        : `${wine.name} ${word}`;
      break;
    }
    case "second-wine":
      variant.name = `${d.pick(SECOND_WINES)} ${wine.producerTitle ?? ""} ${wine.producerName}`.replace(
        /\s+/g,
        " ",
      );
      break;
    case "reserve": {
      const word =
        { IT: "Riserva", ES: "Reserva", PT: "Reserva", CL: "Reserva", AR: "Reserva" }[wine.country] ??
        "Réserve";
      const plain = wine.name
        .replace(/\b(Reserva|Riserva|R[ée]serve|Reserve)\b/i, "")
        .replace(/\s+/g, " ")
        .trim();
      variant.name = plain !== wine.name && plain !== "" ? plain : `${wine.name} ${word}`;
      break;
    }
    case "cru":
      variant.name = `${wine.name} ${d.pick(CLIMATS)}`;
      break;
    case "sparkling-rose":
      variant.name = `${wine.name} Rosé`;
      variant.color = "rose";
      break;
    case "similar-producer": {
      const words = wine.producerName.split(" ");
      const extra = d.pick(PRODUCER_WORDS);
      variant.producerName =
        words.length >= 2 && d.chance(0.5)
          ? words.map((w, i) => (i === words.length - 1 ? extra : w)).join(" ")
          : `${wine.producerName} ${extra}`;
      if (producerNames.has(fold(variant.producerName)) || nameWords(variant.producerName).words.length < 2)
        return null;
      // A producer named in the wine's name as well would still be this producer's wine: leave it.
      if (holds(wine.name, wine.producerName)) return null;
      break;
    }
  }
  // The variant is a wine of the catalogue after all (same words in any order, colour words aside,
  // same colour): not a negative. "Rouge de Malbec" is "Malbec", red; "Rosé (…)" made red is "Tinto (…)".
  const words = (w: CrosswalkWine) =>
    [...new Set(nameWords(`${w.producerName} ${w.name}`).words.filter((x) => colorOfWord(x) === undefined))]
      .sort()
      .join(" ");
  if (siblings.some((s) => s.color === variant.color && words(s) === words(variant))) return null;
  if (words(variant) === words(wine) && variant.color === wine.color) return null;
  const record = d.chance(0.5) ? lwinRecord(d, variant, key) : offRecord(d, variant, key);
  return { kind, record, expected: null };
}

/** Part of a producer by a hash of its name and the seed. */
function part(producer: string, seed: number): "development" | "validation" {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < producer.length; i++) h = Math.imul(h ^ producer.charCodeAt(i), 16777619);
  return (h >>> 0) % 2 === 0 ? "development" : "validation";
}

/**
 * The labelled set of `catalogue` (see the module comment); the same seeds give the same set. `seed`
 * splits the producers into the two parts; `drawSeed` (default: `seed`) draws the records, so more
 * development material can be drawn for the same producers without touching the validation part.
 */
export function labelledSet(catalogue: Catalogue, seed = 1, drawSeed = seed): LabelledSet {
  const d = new Draw(mulberry32(drawSeed * 7919 + 13));
  const wines = crosswalkWines(catalogue);
  const byProducer = new Map<string, CrosswalkWine[]>();
  for (const w of wines)
    byProducer.set(fold(w.producerName), [...(byProducer.get(fold(w.producerName)) ?? []), w]);
  const producerNames = new Set(byProducer.keys());
  const heldOut = new Set<number>();
  for (const group of byProducer.values()) {
    for (const w of group.slice(1)) if (d.chance(0.35)) heldOut.add(w.id);
  }
  const set: LabelledSet = {
    index: wines.filter((w) => !heldOut.has(w.id)),
    development: [],
    validation: [],
  };
  let n = 0;
  for (const w of wines) {
    const out = set[part(fold(w.producerName), seed)];
    const key = () => String(1_000_000 + n++);
    const expected = heldOut.has(w.id) ? null : w.id;
    out.push({ kind: expected ? "lwin" : "held-out-lwin", record: lwinRecord(d, w, key()), expected });
    out.push({ kind: expected ? "off" : "held-out-off", record: offRecord(d, w, key()), expected });
    if (expected !== null) {
      const neg = negative(d, w, byProducer.get(fold(w.producerName)) ?? [], producerNames, key());
      if (neg) out.push(neg);
    }
  }
  return set;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--seed");
  const seed = at > 0 ? Number(process.argv[at + 1]) : 1;
  const set = labelledSet(bundledCatalogue(), seed);
  console.log(`seed ${seed}: ${set.index.length} wines indexed`);
  for (const name of ["development", "validation"] as const) {
    const counts = new Map<string, number>();
    for (const r of set[name]) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
    console.log(`${name}: ${set[name].length} records`, Object.fromEntries(counts));
  }
}
