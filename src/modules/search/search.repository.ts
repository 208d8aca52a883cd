/** SQL of wine search: the rows an index is built from. */
import type { Kysely } from "kysely";
import { keysetPages } from "../../db/keyset-pages.ts";
import type { Database } from "../../db/types.ts";
import type { IndexedWine } from "./wine-index.ts";

/** Wines per page of {@link indexedWinePages}: small enough that reading one page holds the event loop only briefly. */
export const INDEX_PAGE_SIZE = 2_000;

/**
 * Every wine as {@link IndexedWine}, in pages of at most `pageSize` by ascending id (keyset paging,
 * so memory stays bounded whatever the catalogue size); popularity = number of listed vintages
 * (the `vintages` JSON array). A page is read in one statement; the next one after the caller asks.
 */
export async function* indexedWinePages(
  db: Kysely<Database>,
  pageSize = INDEX_PAGE_SIZE,
): AsyncGenerator<IndexedWine[]> {
  const pages = keysetPages((after) =>
    db
      .selectFrom("wines as w")
      .innerJoin("producers as p", "p.id", "w.producer_id")
      .select(["w.id", "w.name", "w.vintages", "p.display_name as producer"])
      .where("w.id", ">", after)
      .orderBy("w.id")
      .limit(pageSize)
      .execute(),
  );
  for await (const rows of pages) {
    yield rows.map((r) => ({
      id: r.id,
      producer: r.producer,
      wine: r.name,
      popularity: vintageCount(r.vintages),
    }));
  }
}

/** Every wine as {@link IndexedWine} in one array (tests and benchmarks; the service reads pages). */
export async function loadIndexedWines(db: Kysely<Database>): Promise<IndexedWine[]> {
  const all: IndexedWine[] = [];
  for await (const page of indexedWinePages(db)) all.push(...page);
  return all;
}

function vintageCount(json: string): number {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}
