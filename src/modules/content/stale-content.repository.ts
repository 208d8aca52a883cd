/**
 * Texts written for wines whose facts changed at a re-import (docs/catalogue-sources.md, "Facts where
 * a source has fewer"): taken away and queued to be written again by the job runner.
 */
import type { Kysely } from "kysely";
import type { Database, JobKind } from "../../db/types.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { enqueueJob } from "./jobs.repository.ts";

/** Ids per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * Marks the texts of `wineIds` stale: deletes their wine texts and drinking periods (every language)
 * and enqueues a generation job for each (wine, language, kind) that had one, so the job runner writes
 * them again from the wine's current facts. Meant to run in the import's transaction (`trx`): the
 * deletion and the jobs commit with the new facts, or not at all. Uses {@link enqueueJob}, so a
 * (kind, wine, language) never gets two jobs: a `done` job is put back to pending, a pending one stays
 * as it is. A job already `running` is left to finish (its output may predate the new facts until the
 * next change); region insights are not touched. `now`: ISO 8601 UTC, the jobs' creation and due time.
 * @returns the number of jobs enqueued (texts and periods that existed); 0 for wines without any.
 */
export async function staleWineContent(
  trx: Kysely<Database>,
  wineIds: number[],
  now: string,
): Promise<number> {
  const at = new Date(now);
  let enqueued = 0;
  const ids = [...new Set(wineIds)];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const texts = await trx
      .selectFrom("wine_texts")
      .select(["wine_id", "lang"])
      .where("wine_id", "in", chunk)
      .execute();
    const periods = await trx
      .selectFrom("drinking_periods")
      .select(["wine_id", "lang"])
      .where("wine_id", "in", chunk)
      .execute();
    await trx.deleteFrom("wine_texts").where("wine_id", "in", chunk).execute();
    await trx.deleteFrom("drinking_periods").where("wine_id", "in", chunk).execute();
    const had: [JobKind, { wine_id: number; lang: string }[]][] = [
      ["wine_text", texts],
      ["drinking_period", periods],
    ];
    for (const [kind, rows] of had)
      for (const row of rows) {
        await enqueueJob(trx, kind, row.wine_id, row.lang as Language, at);
        enqueued++;
      }
  }
  return enqueued;
}
