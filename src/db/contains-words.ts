import { type Expression, type SqlBool, sql } from "kysely";
import { foldedWords } from "../domain/text-folding.ts";

/**
 * SQL condition: the folded `search_text` column of `table` contains every folded word of `search`
 * (true when there is no word). Folded words hold only letters and digits, so no LIKE wildcard
 * can slip in.
 */
export function containsWords(table: string, search: string | undefined): Expression<SqlBool> {
  const words = search ? foldedWords(search) : [];
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  const column = sql.ref(`${table}.search_text`);
  return sql<SqlBool>`(${sql.join(
    words.map((word) => sql`${column} like ${`%${word}%`}`),
    sql` and `,
  )})`;
}
