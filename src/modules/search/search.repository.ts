/** SQL of wine search: the rows an index is built from. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import type { IndexedWine } from "./wine-index.ts";

/** Every wine as {@link IndexedWine}; popularity = number of listed vintages (the `vintages` JSON array). */
export async function loadIndexedWines(db: Kysely<Database>): Promise<IndexedWine[]> {
  const rows = await db
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .select(["w.id", "w.name", "w.vintages", "p.display_name as producer"])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    producer: r.producer,
    wine: r.name,
    popularity: vintageCount(r.vintages),
  }));
}

function vintageCount(json: string): number {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}
