/**
 * A deterministic X-Wines Slim CSV of N wines for the import benchmark (bench/xwines-import.ts):
 *
 *   npx tsx bench/xwines-file.ts [--wines 300000] [--seed 1] [--out /tmp/xwines-300k.csv]
 *
 * The bundled 1,007 wines (data/xwines-slim-1k-wines.csv) byte for byte, then the synthetic wines of
 * `syntheticCatalogue(real, N, seed)` (src/modules/catalogue/synthetic.ts, realistic style) written back
 * as X-Wines rows: the same header, columns, Python-list cells, CSV quoting and CRLF line ends as the bundled file.
 * Type: red/white/rosé still → Red/White/Rosé, sparkling → Sparkling, dessert → Dessert, fortified →
 * Dessert/Port (the parser derives the style again, so a few synthetic wines change colour or type
 * on the way back); Body and Acidity in X-Wines' words; WineryName = title + name. The file is
 * written as a stream; it parses with the real parser (`parseXWines`) and imports without errors.
 */
import { createWriteStream, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import type { CatalogueWine } from "../src/domain/vocabulary.ts";
import { BUNDLED_XWINES } from "../src/modules/catalogue/catalogue.service.ts";
import { syntheticCatalogue } from "../src/modules/catalogue/synthetic.ts";
import { parseXWines, XWINES_COLUMNS } from "../src/modules/catalogue/xwines.ts";

const { values } = parseArgs({
  options: {
    wines: { type: "string", default: "300000" },
    seed: { type: "string", default: "1" },
    out: { type: "string", default: "/tmp/xwines-300k.csv" },
  },
});
const N = Number(values.wines);
const SEED = Number(values.seed);
const OUT = values.out as string;

const BODY: Record<CatalogueWine["body"], string> = {
  very_light: "Very light-bodied",
  light: "Light-bodied",
  medium: "Medium-bodied",
  full: "Full-bodied",
  very_full: "Very full-bodied",
};
const ACIDITY: Record<CatalogueWine["acidity"], string> = { low: "Low", medium: "Medium", high: "High" };

/** X-Wines Type of a catalogue wine (the inverse of derivation.ts `mapType`, up to its guesses). */
function xwinesType(w: CatalogueWine): string {
  if (w.type === "fortified") return "Dessert/Port";
  if (w.type === "dessert") return "Dessert";
  if (w.subType === "sparkling") return "Sparkling";
  return w.color === "red" ? "Red" : w.color === "rose" ? "Rosé" : "White";
}

/** A Python list literal as X-Wines writes it: `['Merlot', "Nero d'Avola"]`, `[2020, 'N.V.']`. */
function pythonList(items: (string | number)[]): string {
  const item = (v: string | number) =>
    typeof v === "number" ? String(v) : v.includes("'") ? `"${v.replaceAll('"', '\\"')}"` : `'${v}'`;
  return `[${items.map(item).join(", ")}]`;
}

/** A CSV cell, quoted when it holds a comma, quote or line break (quotes doubled). */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const bundledText = readFileSync(BUNDLED_XWINES, "utf8");
const real = parseXWines(bundledText);
// The bundled rows as written: real regions and producers keep their X-Wines spelling (the parser
// translates region names and splits estate titles), and country names by code.
const bundledRows = parse(bundledText, { bom: true, columns: true, skip_empty_lines: true }) as Record<
  string,
  string
>[];
const countryNames = new Map(bundledRows.map((r) => [r.Code as string, r.Country as string]));
const regionNames = new Map(bundledRows.map((r) => [Number(r.RegionID), r.RegionName as string]));
const wineries = new Map(
  bundledRows.map((r) => [
    Number(r.WineryID),
    { name: r.WineryName as string, website: r.Website as string },
  ]),
);

const catalogue = syntheticCatalogue(real, N, SEED, { style: "realistic" });
const producers = new Map(catalogue.producers.map((p) => [p.id, p]));
const regions = new Map(catalogue.regions.map((r) => [r.id, r]));
const realIds = new Set(real.wines.map((w) => w.id));

const out = createWriteStream(OUT);
const write = (text: string) =>
  out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", resolve));

// The bundled file ends its lines with CRLF, and csv-parse takes the first line's ending for all.
await write(bundledText.endsWith("\n") ? bundledText : `${bundledText}\r\n`);
let written = real.wines.length;
let buffer = "";
for (const w of catalogue.wines) {
  if (realIds.has(w.id)) continue;
  const p = producers.get(w.producerId);
  const r = regions.get(w.regionId);
  if (!p || !r) throw new Error(`wine ${w.id}: unknown producer or region`);
  const row: Record<(typeof XWINES_COLUMNS)[number], string> = {
    WineID: String(w.id),
    WineName: w.name,
    Type: xwinesType(w),
    Elaborate: w.elaboration,
    Grapes: pythonList(w.grapes),
    Harmonize: pythonList(w.foods),
    ABV: w.abv === null ? "" : w.abv.toFixed(1),
    Body: BODY[w.body],
    Acidity: ACIDITY[w.acidity],
    Code: r.country === "GB" ? "UK" : r.country,
    Country: countryNames.get(r.country === "GB" ? "UK" : r.country) ?? r.country,
    RegionID: String(r.id),
    RegionName: regionNames.get(r.id) ?? r.names.en,
    WineryID: String(p.id),
    WineryName: wineries.get(p.id)?.name ?? (p.title ? `${p.title} ${p.name}` : p.name),
    Website: wineries.get(p.id)?.website ?? p.website ?? "",
    Vintages: pythonList(w.vintages.length > 0 ? w.vintages : ["N.V."]),
  };
  buffer += `${XWINES_COLUMNS.map((c) => cell(row[c])).join(",")}\r\n`;
  written++;
  if (buffer.length > 1 << 20) {
    await write(buffer);
    buffer = "";
  }
}
await write(buffer);
await new Promise<void>((resolve, reject) =>
  out.end((err?: Error | null) => (err ? reject(err) : resolve())),
);
console.log(`${OUT}: ${written} wines (${real.wines.length} bundled, seed ${SEED})`);
