import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";

/**
 * `catalogue_version.catalogue_id`: a random UUID made once per database, when this migration runs on
 * it, and never changed. Caches kept outside the database (the label matcher's saved indexes,
 * modules/labels/matcher-cache.ts) name it beside the catalogue version, so that a database created
 * again, or another one (whose versions also count from 0), never takes another database's cache for
 * its own. A copy of the database file keeps the id (it is the same catalogue, until one of the two
 * changes).
 */
export function catalogueIdentity() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("catalogue_version").addColumn("catalogue_id", "text").execute();
      await sql`update catalogue_version set catalogue_id = ${randomUUID()}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("catalogue_version").dropColumn("catalogue_id").execute();
    },
  };
}
