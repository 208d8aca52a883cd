/**
 * How the catalogue's bulk writes slice their rows and ids into statements (catalogue.repository.ts,
 * wine-parts.repository.ts): within SQLite's bound on parameters, and the `excluded.*` set of an upsert.
 */

/** Ids per `in (…)` list of a read or delete. */
const CHUNK = 500;

/**
 * Bound parameters per statement: SQLite's limit (32,766), below PostgreSQL's 65,535. A multi-row
 * INSERT takes `floor(MAX_PARAMETERS / columns)` rows: 1,365 wines (24 columns), 10,922 grape links.
 */
const MAX_PARAMETERS = 32_766;

/** `items` in slices of `size` (default {@link CHUNK}), in order; the last may be shorter. */
export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `rows` in slices of as many rows as one statement binds (MAX_PARAMETERS over the row's columns). */
export function statementChunks<T extends object>(rows: T[]): T[][] {
  const columns = rows[0] ? Object.keys(rows[0]).length : 1;
  return chunks(rows, Math.max(1, Math.floor(MAX_PARAMETERS / columns)));
}

/** Column names of a row, as `excluded.<column>` references for an upsert. */
export function excludedAll<T extends object>(row: T, skip: string[] = ["id"]) {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's excluded refs are typed per table; the column list is the row's own.
  return (eb: any) =>
    Object.fromEntries(
      Object.keys(row)
        .filter((k) => !skip.includes(k))
        .map((k) => [k, eb.ref(`excluded.${k}`)]),
    );
}
