import type { SelectQueryBuilder } from "kysely";

/** One page of rows and how many rows match in all. */
export interface OffsetPage<R> {
  total: number;
  rows: R[];
}

/**
 * One page of a filtered query (`LIMIT`/`OFFSET`) and the count of every row it matches, read
 * together: `matching()` builds the filtered query (called twice, for the count and for the page),
 * `page` selects and orders the page's columns. `limit` 0 reads the count only.
 */
export async function offsetPage<DB, TB extends keyof DB, O>(
  matching: () => SelectQueryBuilder<DB, TB, object>,
  page: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  offset: number,
  limit: number,
): Promise<OffsetPage<O>> {
  const [count, rows] = await Promise.all([
    matching()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
    limit === 0 ? Promise.resolve([]) : page(matching()).limit(limit).offset(offset).execute(),
  ]);
  return {
    total: Number((count as { n?: number | string | bigint } | undefined)?.n ?? 0),
    rows: rows as O[],
  };
}
