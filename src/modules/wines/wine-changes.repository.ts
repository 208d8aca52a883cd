/**
 * SQL of the `updated_since` feed (wine-changes.service.ts): catalogue wines and retired or merged
 * ones (`retired_wines`) changed since a time, keyset-paged on (updated_at, id), and the producers
 * of retired wines' snapshots.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.ts";

/** A position in the `updated_since` feed: the (updated_at, id) of the last row a page gave. */
export interface FeedPosition {
  updatedAt: string;
  id: number;
}

/**
 * One row of the `updated_since` feed: a wine of the catalogue (`active`, no snapshot) or one taken
 * out of it (`retired`, `merged` with `merged_into`; `snapshot` the JSON of its list facts).
 */
export interface ChangedWineRow {
  id: number;
  updated_at: string;
  status: "active" | "retired" | "merged";
  merged_into: number | null;
  snapshot: string | null;
}

/** Rows of `table` changed at or after `since` and after `after` in (updated_at, id) order. */
function changedIn<T extends "wines" | "retired_wines">(
  db: Kysely<Database>,
  table: T,
  since: string,
  after: FeedPosition,
) {
  // Typed on `wines`: both tables have `id` and `updated_at` of the same types.
  return (db.selectFrom(table) as unknown as ReturnType<typeof fromWines>)
    .where("updated_at", ">=", since)
    .where((eb) => eb(eb.refTuple("updated_at", "id"), ">", eb.tuple(after.updatedAt, after.id)));
}
const fromWines = (db: Kysely<Database>) => db.selectFrom("wines");

/**
 * Up to `limit` wines changed at or after `since` (RFC 3339 UTC as `Date.toISOString` writes it, the
 * form imports store) and after position `after`, catalogue wines and retired or merged ones together,
 * in (updated_at, id) order: keyset paging over the indexes on (updated_at, id) of both tables, so a
 * page neither misses nor repeats a row whatever changed before it. One statement.
 */
export function changedWines(
  db: Kysely<Database>,
  since: string,
  after: FeedPosition,
  limit: number,
): Promise<ChangedWineRow[]> {
  const live = changedIn(db, "wines", since, after)
    .select([
      "id",
      "updated_at",
      sql<ChangedWineRow["status"]>`'active'`.as("status"),
      sql<number | null>`cast(null as integer)`.as("merged_into"),
      sql<string | null>`cast(null as text)`.as("snapshot"),
    ])
    .orderBy("updated_at")
    .orderBy("id")
    .limit(limit);
  const gone = db
    .selectFrom("retired_wines")
    .where("updated_at", ">=", since)
    .where((eb) => eb(eb.refTuple("updated_at", "id"), ">", eb.tuple(after.updatedAt, after.id)))
    .select(["id", "updated_at", "status", "merged_into", "snapshot"])
    .orderBy("updated_at")
    .orderBy("id")
    .limit(limit);
  return db
    .selectFrom(live.as("a"))
    .selectAll()
    .unionAll(db.selectFrom(gone.as("b")).selectAll())
    .orderBy("updated_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** How many rows {@link changedWines} has from `after` on (both tables), for the feed's `total`. */
export async function countChangedWines(db: Kysely<Database>, since: string, after: FeedPosition) {
  const [live, gone] = await Promise.all(
    (["wines", "retired_wines"] as const).map((table) =>
      changedIn(db, table, since, after)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst(),
    ),
  );
  return Number(live?.n ?? 0) + Number(gone?.n ?? 0);
}

/** Producers `ids` (those that exist) with the columns of a wine summary's `producer`. */
export function producersByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("producers")
    .select(["id", "name", "title", "display_name"])
    .where("id", "in", [...ids])
    .execute();
}
