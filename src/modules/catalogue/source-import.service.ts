/**
 * Import of a release of a catalogue source — the LWIN database (lwin.ts) or an Open Food Facts dump
 * (open-food-facts.ts) — into the catalogue, incrementally (docs/catalogue-sources.md):
 * - a record seen before with the same fingerprint is left alone (an unchanged release writes nothing);
 * - a changed record rewrites its wine's facts when the wine's facts come from it (texts of a wine
 *   whose facts changed are marked stale and written again in the background), else only the record;
 * - a new record is linked by the crosswalk (crosswalk.ts) to the wine it is, or becomes a new wine
 *   with a newly allocated id (ids from 10,000,001 up, never reused); when the crosswalk is unsure it
 *   stays apart and the candidate is kept for review (`winedata review-links`);
 * - a record the release marks deleted (or, for a full release, leaves out) is retired; a wine without
 *   any live record left is retired (410); an LWIN record combined into another merges its wine into
 *   the survivor's (301) unless another source still has it.
 * Everything is written in one transaction (all or nothing); English texts of new wines are written
 * after it, as by the X-Wines import.
 */
import { basename } from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { type NamedGenerator, staleWineContent } from "../content/content.service.ts";
import { refreshCatalogueStatistics } from "./catalogue.repository.ts";
import { writeEnglishContent } from "./catalogue.service.ts";
import { type ImportedSource, ImportRun, type SourceImportReport } from "./source-import-run.ts";
import { SourcePlaces } from "./source-places.ts";
import type { ParsedItem } from "./source-record.ts";
import { settleRetirements } from "./source-retirement.ts";
import * as repo from "./sources.repository.ts";

export type { ImportedSource, SourceImportReport };

/** Options of {@link importSource}. */
export interface SourceImportOptions {
  /** The file is a part of a release: records it leaves out are not retired. */
  partial?: boolean;
  /** Skip the English texts of new wines (benchmarks of the import alone). */
  skipTexts?: boolean;
  onProgress?: (phase: "records" | "content", done: number, total: number) => void;
}

/** Reads a source file (each reader streams; a bad header throws before anything is yielded). */
async function reader(source: ImportedSource, file: string): Promise<AsyncGenerator<ParsedItem>> {
  if (source === "lwin") return (await import("./lwin.ts")).readLwin(file);
  return (await import("./open-food-facts.ts")).readOpenFoodFacts(file);
}

/**
 * Imports one release file of `source` (see the module comment), then writes the English texts of
 * new wines (unless `skipTexts`). The release is recorded under the file's name (`GET /v1/sources`).
 * @throws Error when the file cannot be read or its header lacks a column (nothing is written then).
 */
export async function importSource(
  db: Kysely<Database>,
  source: ImportedSource,
  file: string,
  generator: NamedGenerator,
  now: () => Date,
  options: SourceImportOptions = {},
): Promise<SourceImportReport> {
  const started = performance.now();
  const at = now().toISOString();
  const items = await reader(source, file);
  const report = await db.transaction().execute(async (trx) => {
    const stored = await repo.storedRecords(trx, source);
    const ids = { next: await repo.idCounters(trx) };
    const places = new SourcePlaces(await repo.allProducers(trx), await repo.allRegions(trx), ids);
    const run = new ImportRun(trx, source, stored, places, at, now().getUTCFullYear());
    await run.load();
    let n = 0;
    for await (const item of items) {
      if ("skipped" in item) run.skip(item.skipped);
      else await run.take(item.record);
      if (++n % 5000 === 0) options.onProgress?.("records", n, n);
    }
    await run.retryDeferred();
    if (!options.partial) {
      for (const old of stored.values())
        if (old.status === "live" && !run.seen.has(old.key)) run.retireRecord(old.key, old, old.fingerprint);
    }
    await settleRetirements(run, at);
    await run.flush();
    if (run.stale.size > 0) run.report.restaled = await staleWineContent(trx, [...run.stale], at);
    await repo.touchWines(
      trx,
      [...run.touched].filter((id) => run.active.has(id)),
      at,
    );
    if (run.dirty) {
      await repo.saveIdCounters(trx, ids.next);
      await repo.saveRelease(trx, source, basename(file), at);
      await repo.bumpCatalogueVersion(trx);
    }
    return run.report;
  });
  if (report.added + report.updated + report.retired + report.linked > 0)
    await refreshCatalogueStatistics(db);
  if (!options.skipTexts && report.added + report.updated > 0) {
    report.generated = await writeEnglishContent(db, generator, now, (d, t) =>
      options.onProgress?.("content", d, t),
    );
  }
  report.milliseconds = Math.round(performance.now() - started);
  return report;
}
