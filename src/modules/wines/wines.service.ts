/**
 * What other modules ask of the wines: the wines of a producer or a region as summaries (the
 * `include_wines` of the producer and region details, docs/interface.md §2 "Producer", "Region").
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import type { Language } from "../../domain/vocabulary.ts";
import { presentWineSummary } from "./wine-presenter.ts";
import { winesOf } from "./wines.repository.ts";

/**
 * Up to `limit` wines of a producer or a region (id order), each as the summary the wine list shows
 * in `lang`, and how many wines it has in all; `limit` 0 reads the count only (`wines` empty).
 */
export async function includedWines(
  db: Kysely<Database>,
  of: { producerId: number } | { regionId: number },
  limit: number,
  lang: Language,
): Promise<{ total: number; wines: ReturnType<typeof presentWineSummary>[] }> {
  const page = await winesOf(db, of, limit);
  return { total: page.total, wines: page.rows.map((w) => presentWineSummary(w, lang, w)) };
}
