/**
 * Realistic catalogue source files for benchmarks and the crosswalk's measurement at scale,
 * deterministic by seed, written as streams (memory stays small whatever the sizes):
 *
 *   npx tsx bench/catalogue-files.ts --lwin 200000 --off 50000 --out DIR [--seed S] [--changed 0.01]
 *
 * - DIR/lwin.csv: the LWIN export format (BOM, CRLF, the 22 Liv-ex columns). Every row of the bundled
 *   X-Wines Slim catalogue (data/xwines-slim-1k-wines.csv) is one of them, written the LWIN way (no
 *   diacritics, the estate title apart or, for some, left in the name; for some the name's words in
 *   another order, "Premier Cru" for "1er Cru", an appellation-only name as WINE "" with its
 *   classification apart) — DIR/lwin-truth.json {lwin → X-Wines WineID}. The other rows are made of
 *   real vocabulary (X-Wines regions and countries, estate titles, family and place names, cuvée and
 *   classification terms of synthetic-words.ts): ~1 % Deleted, ~0.5 % Combined (a second row of an
 *   earlier wine, REFERENCE = its LWIN), ~0.2 % spirits and beers.
 * - DIR/off.jsonl: Open Food Facts products, ~70 % wines (of which ~40 % are LWIN rows of lwin.csv named
 *   the OFF way: brand + name + vintage + bottle size, capitals, colour phrases, word order; the others
 *   wines of producers no LWIN row has), the rest other foods; ~1 % invalid barcodes.
 *   DIR/off-truth.json {GTIN-14 → lwin}.
 * - With --changed F: DIR/lwin-release-2.csv, the next release: a share F of the rows changed
 *   (classification, name, colour fix), a few newly Deleted, and N/1000 new rows at the end.
 */
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { gs1CheckDigit } from "../src/domain/gtin.ts";
import { fold } from "../src/domain/text-folding.ts";
import { mapType, splitProducerTitle } from "../src/modules/catalogue/derivation.ts";
import { LWIN_COLUMNS } from "../src/modules/catalogue/lwin.ts";
import { Draw, mulberry32 } from "../src/modules/catalogue/synthetic-random.ts";
import {
  COLOR_WORDS,
  COUNTRY_GROUP,
  FAMILY,
  PLACES,
  PREFIXES,
  TITLES,
  type WordGroup,
} from "../src/modules/catalogue/synthetic-words.ts";
import { parsePythonList } from "../src/modules/catalogue/xwines.ts";

const { values } = parseArgs({
  options: {
    lwin: { type: "string", default: "200000" },
    off: { type: "string", default: "50000" },
    out: { type: "string" },
    seed: { type: "string", default: "1" },
    changed: { type: "string" },
  },
});
if (!values.out) throw new Error("--out DIR is required");
const LWIN_ROWS = Number(values.lwin);
const OFF_PRODUCTS = Number(values.off);
const SEED = Number(values.seed);
const CHANGED = values.changed === undefined ? null : Number(values.changed);
const OUT = values.out;
mkdirSync(OUT, { recursive: true });

/** Text without diacritics, as LWIN writes names ("Château" → "Chateau"); ß → ss. */
const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss");

/** A write stream that waits for "drain": memory stays bounded however much is written. */
class Output {
  private readonly stream: WriteStream;
  constructor(path: string) {
    this.stream = createWriteStream(path);
  }
  async write(text: string): Promise<void> {
    if (!this.stream.write(text))
      await new Promise<void>((resolve) => this.stream.once("drain", () => resolve()));
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
}

const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(",")}\r\n`;

/** One LWIN row before writing, with the accented names OFF shoppers would type. */
interface Row {
  lwin: string;
  status: "Live" | "Deleted" | "Combined";
  title: string;
  producer: string;
  wine: string;
  country: string;
  region: string;
  subRegion: string;
  colour: string;
  type: string;
  subType: string;
  classification: string;
  reference: string;
  /** The accented producer and wine name (for OFF names); X-Wines WineID when the row is one. */
  accented: { title: string; producer: string; wine: string };
  xwines: number | null;
}

// ---- X-Wines, the real wines every file holds ----
const XWINES_CSV = join(import.meta.dirname, "../data/xwines-slim-1k-wines.csv");
const xwines = (
  parse(readFileSync(XWINES_CSV), { bom: true, columns: true }) as Record<string, string>[]
).map((r) => ({
  id: Number(r.WineID),
  name: r.WineName ?? "",
  type: r.Type ?? "",
  grapes: parsePythonList(r.Grapes ?? "[]").map(String),
  abv: r.ABV ? Number(r.ABV) : null,
  country: r.Country ?? "",
  code: (r.Code ?? "").toUpperCase() === "UK" ? "GB" : (r.Code ?? "").toUpperCase(),
  region: r.RegionName ?? "",
  winery: r.WineryName ?? "",
}));
const regions = [...new Map(xwines.map((w) => [w.region, w])).values()];
const CLASSIFICATIONS = [
  "Grand Cru",
  "Premier Cru",
  "1er Cru Classe",
  "2eme Cru Classe",
  "Grand Cru Classe",
  "Cru Bourgeois",
  "Grosses Gewachs",
];
/** Rows between two X-Wines rows: they are spread through the file. */
const XWINES_EVERY = Math.max(1, Math.floor(LWIN_ROWS / xwines.length));

/** LWIN7 of row i. */
const lwinOf = (i: number) => String(1_100_000 + i);
/** A PRNG for (seed, stream, index): each row is a pure function of its index. */
const drawFor = (stream: number, i: number) =>
  new Draw(mulberry32((SEED * 0x9e3779b1) ^ (stream * 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35)));

const STYLE: Record<string, [string, string]> = {
  "wine/still": ["Wine", "Still"],
  "wine/sparkling": ["Wine", "Sparkling"],
  "dessert/still": ["Wine", "Sweet"],
  "dessert/sparkling": ["Wine", "Sweet"],
  "fortified/still": ["Fortified Wine", "Port"],
};
const COLOUR: Record<string, string> = { red: "Red", white: "White", rose: "Rose" };

/** The X-Wines wine k written the LWIN way, with the variations the crosswalk must tolerate. */
function xwinesRow(i: number, k: number): Row {
  const w = xwines[k];
  if (!w) throw new Error(`no X-Wines wine ${k}`);
  const d = drawFor(1, i);
  const style = mapType(w.type, w.name, w.grapes, w.abv);
  const [type, subType] = STYLE[`${style.type}/${style.subType}`] ?? ["Wine", "Still"];
  const split = splitProducerTitle(w.winery);
  let wine = w.name;
  let classification = "";
  const paren = /^(.*?)\s*\(([^)]*(?:Cru|Class)[^)]*)\)$/.exec(wine);
  if (paren && paren[1] === w.region) [wine, classification] = ["", paren[2] ?? ""];
  if (d.chance(0.2)) wine = wine.replace(/\b1er Cru\b/, "Premier Cru");
  const words = wine.split(" ");
  if (words.length > 2 && d.chance(0.25)) wine = [...words.slice(1), words[0]].join(" ");
  const titleInName = split.title !== null && d.chance(0.2);
  return {
    lwin: lwinOf(i),
    status: "Live",
    title: titleInName ? "" : plain(split.title ?? ""),
    producer: plain(titleInName ? w.winery : split.name),
    wine: plain(wine),
    country: w.country,
    region: plain(w.region),
    subRegion: plain(w.region),
    colour: COLOUR[style.color] ?? "",
    type,
    subType: style.type === "fortified" && /sherry|jerez|fino|oloroso/i.test(w.name) ? "Sherry" : subType,
    classification: plain(classification),
    reference: "",
    accented: { title: split.title ?? "", producer: split.name, wine: w.name },
    xwines: w.id,
  };
}

/** Fills {P} {F} {L} {V} {N} of a cuvée pattern. */
function fill(pattern: string, d: Draw, group: WordGroup): string {
  return pattern
    .replace("{P}", d.pick(PLACES[group]))
    .replace("{F}", d.pick(FAMILY[group]))
    .replace("{L}", d.pick(PLACES[group]))
    .replace("{V}", d.pick(PLACES[group]))
    .replace("{N}", String(1 + d.int(12)));
}

/** A synthetic wine of real vocabulary; producers own ~5 consecutive rows. */
function syntheticRow(i: number): Row {
  const producerDraw = drawFor(2, Math.floor(i / 5));
  const region = producerDraw.pick(regions);
  const group = COUNTRY_GROUP[region.code] ?? "en";
  const titles = TITLES[group];
  const title = titles.length > 0 && producerDraw.chance(0.8) ? producerDraw.pick(titles) : "";
  const family = producerDraw.pick(FAMILY[group]);
  const producer = producerDraw.chance(0.5)
    ? `${family} ${producerDraw.pick(PLACES[group])}`
    : `${family}-${producerDraw.pick(FAMILY[group])}`;
  const d = drawFor(3, i);
  const colour = d.pick(["red", "red", "red", "red", "red", "white", "white", "white", "rose"] as const);
  const sparkling = d.chance(0.08);
  const cuvee = fill(d.pick(PREFIXES[group]), d, group);
  const wine = d.chance(0.3) ? `${cuvee} ${COLOR_WORDS[group][colour]}` : cuvee;
  return {
    lwin: lwinOf(i),
    status: "Live",
    title: plain(title),
    producer: plain(producer),
    wine: plain(wine),
    country: region.country,
    region: plain(region.region),
    subRegion: d.chance(0.8) ? plain(region.region) : "",
    colour: COLOUR[colour] ?? "",
    type: "Wine",
    subType: sparkling ? "Sparkling" : d.chance(0.03) ? "Sweet" : "Still",
    classification: d.chance(0.06) ? d.pick(CLASSIFICATIONS) : "",
    reference: "",
    accented: { title, producer, wine },
    xwines: null,
  };
}

/** Row i of release 1: an X-Wines wine, a combined duplicate, a spirit, or a synthetic wine. */
function rowAt(i: number): Row {
  if (i % XWINES_EVERY === 0 && i / XWINES_EVERY < xwines.length) return xwinesRow(i, i / XWINES_EVERY);
  const d = drawFor(4, i);
  const roll = d.next();
  if (roll < 0.005 && i > 10) {
    const survivor = i - 1 - d.int(Math.min(i - 1, 1000));
    const row = {
      ...rowAt(survivor),
      lwin: lwinOf(i),
      status: "Combined" as const,
      reference: lwinOf(survivor),
    };
    return survivor % XWINES_EVERY === 0 ? { ...row, xwines: null } : row;
  }
  const row = syntheticRow(i);
  if (roll < 0.007) return { ...row, type: d.pick(["Spirit", "Beer", "Sake"]), subType: "", colour: "" };
  if (roll < 0.017) return { ...row, status: "Deleted" };
  return row;
}

function lwinFields(r: Row, updated: string): string[] {
  const producer = `${r.title} ${r.producer}`.trim();
  const display = [producer, r.wine, r.subRegion].filter((s) => s !== "").join(", ");
  return [
    r.lwin,
    r.status,
    display,
    r.title,
    r.producer,
    r.wine,
    r.country,
    r.region,
    r.subRegion,
    "",
    "",
    r.colour,
    r.type,
    r.subType,
    "",
    r.classification,
    "sequential",
    "2000",
    "",
    "2015-01-01",
    updated,
    r.reference,
  ];
}

/** Release 2's version of a row: changed with probability CHANGED, or newly Deleted (1 in 10 changes). */
function nextRelease(r: Row, i: number): Row {
  const d = drawFor(5, i);
  if (CHANGED === null || r.status !== "Live" || !d.chance(CHANGED)) return r;
  const change = d.int(10);
  if (change === 0) return { ...r, status: "Deleted" };
  if (change < 5) return { ...r, classification: r.classification === "" ? d.pick(CLASSIFICATIONS) : "" };
  if (change < 8) return { ...r, wine: r.wine === "" ? "Grand Vin" : `${r.wine} Vieilles Vignes` };
  return { ...r, subRegion: r.subRegion === "" ? r.region : "" };
}

/** Producers of the LWIN rows, as {@link producerKey}: the "other wines" of the OFF dump never share one. */
const lwinProducers = new Set<string>();

/** A producer's name as a key: folded words, sorted ("Rousseau-Lefèvre" = "Lefevre Rousseau"), without the title. */
function producerKey(producer: string): string {
  return [...new Set(fold(producer).split(" "))].sort().join(" ");
}

async function writeLwin(): Promise<void> {
  const header = csvLine(LWIN_COLUMNS);
  const one = new Output(join(OUT, "lwin.csv"));
  const two = CHANGED === null ? null : new Output(join(OUT, "lwin-release-2.csv"));
  const truth = new Output(join(OUT, "lwin-truth.json"));
  await one.write(`\uFEFF${header}`);
  await two?.write(`\uFEFF${header}`);
  await truth.write("{");
  let first = true;
  for (let i = 0; i < LWIN_ROWS; i++) {
    const row = rowAt(i);
    lwinProducers.add(producerKey(row.producer));
    await one.write(csvLine(lwinFields(row, "2024-03-15")));
    if (two) {
      const next = nextRelease(row, i);
      await two.write(csvLine(lwinFields(next, next === row ? "2024-03-15" : "2024-09-01")));
    }
    if (row.xwines !== null && row.status !== "Combined") {
      await truth.write(`${first ? "" : ","}\n  "${row.lwin}": ${row.xwines}`);
      first = false;
    }
  }
  for (let j = 0; two && j < Math.ceil(LWIN_ROWS / 1000); j++) {
    await two.write(csvLine(lwinFields(syntheticRow(LWIN_ROWS + j), "2024-09-01")));
  }
  await truth.write("\n}\n");
  await Promise.all([one.close(), two?.close(), truth.close()]);
}

const FOODS: readonly [string, string[]][] = [
  ["Comté AOP 18 mois", ["en:dairies", "en:cheeses"]],
  ["Kronenbourg 1664 Bière blonde 6x25cl", ["en:beverages", "en:alcoholic-beverages", "en:beers"]],
  ["Vinaigre de vin rouge", ["en:condiments", "en:vinegars", "en:wine-vinegars"]],
  ["Pur jus de raisin", ["en:beverages", "en:juices", "en:grape-juices"]],
  ["Vin rouge sans alcool", ["en:beverages", "en:wines", "en:non-alcoholic-wines"]],
  ["Petit Beurre", ["en:snacks", "en:biscuits"]],
  ["Chocolat noir 70%", ["en:snacks", "en:chocolates"]],
  ["Pâtes Penne Rigate", ["en:pastas"]],
];
const SIZES = ["75cl", "75 cl", "750 ml", "0,75 l", "0.75L", "1.5L", "Magnum", "37.5cl", ""];
const COLOUR_TAG: Record<string, string> = {
  Red: "en:red-wines",
  White: "en:white-wines",
  Rose: "en:rose-wines",
};

/** An LWIN row named as an OFF shopper would: brand, wine, appellation, vintage, size, case. */
function offWine(r: Row, d: Draw, code: string): Record<string, unknown> {
  const brand = `${r.accented.title} ${r.accented.producer}`.trim();
  const vintage = d.chance(0.7) ? String(2005 + d.int(18)) : "";
  const parts = [
    d.chance(0.8) ? brand : r.accented.producer,
    r.accented.wine,
    r.wine === "" ? r.subRegion : "",
    vintage,
    d.pick(SIZES),
  ];
  if (d.chance(0.3)) parts.unshift(parts.splice(1, 1)[0] ?? "");
  let name = parts.filter((p) => p !== "").join(d.chance(0.2) ? " - " : " ");
  if (d.chance(0.1)) name = name.toUpperCase();
  const tags = ["en:beverages", "en:alcoholic-beverages", "en:wines"];
  if (r.colour && d.chance(0.8)) tags.push(COLOUR_TAG[r.colour] ?? "en:wines");
  if (r.subType === "Sparkling") tags.push("en:sparkling-wines");
  const product: Record<string, unknown> = {
    code,
    product_name: name,
    brands: d.chance(0.9) ? brand : "",
    categories_tags: tags,
  };
  if (d.chance(0.5)) product.origins = r.country;
  product.countries_tags = [
    d.pick(["en:france", "en:united-kingdom", "en:germany", "en:belgium", "en:switzerland"]),
  ];
  if (d.chance(0.6)) product.nutriments = { alcohol_100g: 11.5 + d.int(8) * 0.5, alcohol_unit: "% vol" };
  return product;
}

async function writeOff(): Promise<void> {
  const off = new Output(join(OUT, "off.jsonl"));
  const truth = new Output(join(OUT, "off-truth.json"));
  await truth.write("{");
  let first = true;
  for (let k = 0; k < OFF_PRODUCTS; k++) {
    const d = drawFor(6, k);
    const body = String(300_000_000_000 + k * 7 + 1);
    let code = `${body}${gs1CheckDigit(body)}`;
    const invalid = d.chance(0.01);
    if (invalid) code = `${body}${(gs1CheckDigit(body) + 1) % 10}`;
    let product: Record<string, unknown>;
    if (d.chance(0.3)) {
      const [name, tags] = d.pick(FOODS);
      product = { code, product_name: name, categories_tags: tags, countries_tags: ["en:france"] };
    } else if (d.chance(0.4)) {
      let i = d.int(LWIN_ROWS);
      let row = rowAt(i);
      while (row.status !== "Live" || row.type !== "Wine") {
        i = (i + 1) % LWIN_ROWS;
        row = rowAt(i);
      }
      product = offWine(row, d, code);
      if (!invalid) {
        await truth.write(`${first ? "" : ","}\n  "${code.padStart(14, "0")}": "${row.lwin}"`);
        first = false;
      }
    } else {
      // Another wine: of a producer no LWIN row has (the generator's vocabulary is small, so a drawn
      // producer often is an LWIN one; such a product would be that producer's wine, not another).
      let other = syntheticRow(LWIN_ROWS + 1_000_000 + k * 5);
      for (let n = 1; lwinProducers.has(producerKey(other.producer)); n++)
        other = syntheticRow(LWIN_ROWS + 1_000_000 + (OFF_PRODUCTS + k * 64 + n) * 5);
      product = offWine(other, d, code);
    }
    await off.write(`${JSON.stringify(product)}\n`);
  }
  await truth.write("\n}\n");
  await Promise.all([off.close(), truth.close()]);
}

const started = performance.now();
await writeLwin();
await writeOff();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(
  `wrote ${LWIN_ROWS} LWIN rows and ${OFF_PRODUCTS} OFF products to ${OUT} in ${seconds} s, peak RSS ${peakMb} MB`,
);
