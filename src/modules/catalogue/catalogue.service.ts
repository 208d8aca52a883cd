/**
 * Import of a catalogue file: parse, write (ids kept), then generate the English content every wine
 * and region must have (description, tasting notes, pairing, drinking period, region insight).
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import type { Catalogue } from "../../domain/vocabulary.ts";
import { currentVintage } from "../../domain/wine/wine-style.ts";
import { generateMissing, type NamedGenerator, staleWineContent } from "../content/content.service.ts";
import { countWines, WINES_PER_PART, type WriteCounts, writeCatalogueParts } from "./catalogue.repository.ts";
import { saveRelease } from "./sources.repository.ts";
import { chunks } from "./statement-chunks.ts";
import type { SyntheticStyle } from "./synthetic.ts";

/** The bundled X-Wines Slim catalogue (1,007 wines, CC0), shipped in the repository's data/ folder. */
export const BUNDLED_XWINES = fileURLToPath(
  new URL("../../../data/xwines-slim-1k-wines.csv", import.meta.url),
);

/**
 * Writes a whole catalogue in one transaction (all or nothing), in parts of {@link WINES_PER_PART}
 * wines, and moves the catalogue version; what is written: catalogue.repository.ts
 * writeCatalogueParts. Wines whose text facts changed lose their stored texts, queued to be written
 * again (content.service.ts staleWineContent). `onProgress(done, total)` after each part.
 */
export function writeCatalogue(
  db: Kysely<Database>,
  catalogue: Catalogue,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<WriteCounts> {
  const { wines, ...dictionaries } = catalogue;
  return writeCatalogueParts(db, dictionaries, chunks(wines, WINES_PER_PART), staleWineContent, (done) =>
    onProgress(done, wines.length),
  );
}

/** Progress of an import phase: `phase` is "wines" or "content". */
export type ImportProgress = (phase: "wines" | "content", done: number, total: number) => void;

/**
 * The catalogue with each wine's current vintage decided in `year` (see `currentVintage`: null for
 * non-vintage styles, release rules respected), so the producer detail's `vintage`, the texts and the
 * drinking window (years after that vintage) name the same year until the next import.
 */
export function withCurrentVintages(catalogue: Catalogue, year: number): Catalogue {
  const regionNames = new Map(catalogue.regions.map((r) => [r.id, r.names.en]));
  return { ...catalogue, wines: withCurrentVintage(catalogue.wines, regionNames, year) };
}

/** `wines` with their current vintage in `year` (see withCurrentVintages); `regionNames`: id → English name. */
function withCurrentVintage(
  wines: Catalogue["wines"],
  regionNames: ReadonlyMap<number, string>,
  year: number,
): Catalogue["wines"] {
  return wines.map((w) => {
    const region = { names: { en: regionNames.get(w.regionId) ?? "" } };
    const grapes = w.grapes.map((name) => ({ name }));
    return { ...w, vintage: currentVintage({ ...w, grapes, region }, year) };
  });
}

/**
 * Writes the English content every wine and region must have and lacks (wine texts, drinking periods,
 * region insights), as an import does after writing wines. Returns how many were written.
 */
export async function writeEnglishContent(
  db: Kysely<Database>,
  generator: NamedGenerator,
  now: () => Date,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<number> {
  const generated = await generateMissing(
    db,
    generator,
    "en",
    ["texts", "periods", "insights"],
    now,
    onProgress,
  );
  return generated.texts + generated.periods + generated.insights;
}

/** Result of {@link importXWines}. */
export interface ImportResult extends WriteCounts {
  generated: number;
  milliseconds: number;
}

/**
 * Imports an X-Wines CSV file and generates missing English content. A new X-Wines wine that is a
 * wine first known from another source takes that wine's id (xwines-links.ts). The file's name is
 * recorded as the X-Wines release imported (`GET /v1/sources`).
 *
 * The file is streamed twice (xwines-stream.ts), never held: the first pass checks every row and
 * gathers the producers, regions, grapes and WineIDs (a malformed file fails before anything is
 * written); the second writes the wines in parts of WINES_PER_PART (1,000) in the one transaction of
 * writeCatalogueParts. Then the English content, in batches (content.service.ts generateMissing).
 * Memory: the dictionaries, the WineIDs and one part of wines or texts; 300,000 wines with their
 * texts stay under 1 GB of RSS (bench/results/xwines-import.md).
 * @throws Error when the file cannot be read or a row is malformed (nothing is written then).
 */
export async function importXWines(
  db: Kysely<Database>,
  file: string,
  generator: NamedGenerator,
  now: () => Date,
  onProgress: ImportProgress = () => {},
): Promise<ImportResult> {
  const started = performance.now();
  // The CSV parser (csv-parse) is loaded by an import, not by every start.
  const [{ XWinesRows }, { xwinesParts }, { xwinesLinker }] = await Promise.all([
    import("./xwines.ts"),
    import("./xwines-stream.ts"),
    import("./xwines-links.ts"),
  ]);
  const scan = new XWinesRows();
  for await (const _part of xwinesParts(file, scan, WINES_PER_PART)) {
    // The first pass only checks the rows and gathers what the second pass writes first.
  }
  const dictionaries = scan.dictionaries();
  const total = scan.wineIds.size;
  const link = await xwinesLinker(db, dictionaries, scan.wineIds);
  const year = now().getUTCFullYear();
  const regionNames = new Map(dictionaries.regions.map((r) => [r.id, r.names.en]));
  async function* parts(): AsyncGenerator<Catalogue["wines"]> {
    for await (const part of xwinesParts(file, new XWinesRows(), WINES_PER_PART))
      yield link(withCurrentVintage(part, regionNames, year));
  }
  const counts = await writeCatalogueParts(db, dictionaries, parts(), staleWineContent, (done) =>
    onProgress("wines", done, total),
  );
  await saveRelease(db, "xwines", basename(file), now().toISOString());
  const generated = await writeEnglishContent(db, generator, now, (done, total) =>
    onProgress("content", done, total),
  );
  return {
    ...counts,
    generated,
    milliseconds: Math.round(performance.now() - started),
  };
}

/** Imports the bundled catalogue when the database has no wine yet. Returns null when it had some. */
export async function importBundledIfEmpty(
  db: Kysely<Database>,
  generator: NamedGenerator,
  now: () => Date,
): Promise<ImportResult | null> {
  if ((await countWines(db)) > 0) return null;
  return importXWines(db, BUNDLED_XWINES, generator, now);
}

/** Result of {@link importSynthetic}: counts written and the time taken (no content is generated). */
export interface SyntheticImportResult extends WriteCounts {
  milliseconds: number;
}

/**
 * Imports a synthetic catalogue of `n` wines (`synthetic.ts`: the bundled X-Wines catalogue plus
 * recombined wines, producers, regions and grapes) built with `seed` in `style` ("realistic": no
 * impossible wines; "hard": the first generator, kept byte for byte, with impossible wines).
 *
 * The real grapes are written first on their own, so they get the ids a plain import gives them
 * (synthetic grapes come after them). No English content is generated here: wine texts are made on
 * demand by the detail route, drinking periods and region insights by the 404-generating flow or
 * `winedata generate --lang en`.
 * @throws RangeError when `n` is below the number of real wines (nothing is written then).
 */
export async function importSynthetic(
  db: Kysely<Database>,
  n: number,
  seed: number,
  onProgress: ImportProgress = () => {},
  style: SyntheticStyle = "realistic",
): Promise<SyntheticImportResult> {
  const started = performance.now();
  const [{ parseXWines }, { syntheticCatalogue }] = await Promise.all([
    import("./xwines.ts"),
    import("./synthetic.ts"),
  ]);
  const real = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
  const year = new Date().getUTCFullYear();
  const catalogue = withCurrentVintages(syntheticCatalogue(real, n, seed, { style }), year);
  await writeCatalogue(db, { wines: [], producers: [], regions: [], grapes: real.grapes });
  const counts = await writeCatalogue(db, catalogue, (done, total) => onProgress("wines", done, total));
  return { ...counts, milliseconds: Math.round(performance.now() - started) };
}
