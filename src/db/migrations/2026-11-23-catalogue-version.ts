import type { Kysely } from "kysely";

/**
 * `catalogue_version`: one row (`id` = 1) whose `version` counts catalogue imports. `writeCatalogue`
 * adds 1 inside its transaction, so any process holding an in-memory search index (built at some
 * version) notices a newer import with one cheap single-row read.
 */
export function catalogueVersion() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("catalogue_version")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .execute();
      await (db as Kysely<{ catalogue_version: { id: number; version: number } }>)
        .insertInto("catalogue_version")
        .values({ id: 1, version: 0 })
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("catalogue_version").execute();
    },
  };
}
