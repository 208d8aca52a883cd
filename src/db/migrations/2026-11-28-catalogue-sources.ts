import { type Kysely, sql } from "kysely";

/**
 * A catalogue from several sources (X-Wines, the LWIN database, Open Food Facts), imported release
 * after release (docs/catalogue-sources.md):
 * - `wines.updated_at`: when the wine's facts or identifiers last changed (RFC 3339 UTC); wines that
 *   exist now get the time of this migration. `wines.facts_basis`: `source` when the body, acidity
 *   and flavour profile are the wine's own (X-Wines), `typical` when they are what is typical of its
 *   appellation and style (a wine known only from LWIN or Open Food Facts);
 * - `wine_sources`: one row per record of a source (an LWIN, a GTIN-14, an X-Wines WineID) and the
 *   wine it is (the crosswalk), with a fingerprint of the record's content (a re-import of an
 *   unchanged record writes nothing) and its status in the source (`live`, `retired`). Existing
 *   wines are taken as X-Wines wines (key = their id);
 * - `retired_wines`: a wine its sources retired (410 `gone`) or merged into another (301 to
 *   `merged_into`), taken out of `wines` so that no catalogue read sees it; `snapshot` keeps its
 *   row and grape names (JSON) for the `updated_since` feed. Its id is never given again;
 * - `link_candidates`: a record the crosswalk was unsure about and the wine it might be, for an
 *   operator's review (`winedata review-links`);
 * - `id_counters`: the next id the service allocates per kind (`wine`, `producer`, `region`);
 *   allocated ids start at 10,000,001, above every X-Wines id, and only count up;
 * - `catalogue_sources`: each source's last release imported, when, and its live record count (the
 *   licences and attributions are a table in code: modules/sources/source-licences.ts).
 */
export function catalogueSources() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const now = new Date().toISOString();
      await db.schema
        .alterTable("wines")
        .addColumn("updated_at", "text", (c) => c.notNull().defaultTo("1970-01-01T00:00:00.000Z"))
        .execute();
      await db.schema
        .alterTable("wines")
        .addColumn("facts_basis", "text", (c) => c.notNull().defaultTo("source"))
        .execute();
      await sql`update wines set updated_at = ${now}`.execute(db);
      await db.schema.createIndex("wines_updated_idx").on("wines").columns(["updated_at", "id"]).execute();

      await db.schema
        .createTable("wine_sources")
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("wine_id", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("fingerprint", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("wine_sources_pk", ["source", "key"])
        .execute();
      await db.schema.createIndex("wine_sources_wine_idx").on("wine_sources").columns(["wine_id"]).execute();
      await sql`insert into wine_sources (source, key, wine_id, status, fingerprint, updated_at)
        select 'xwines', cast(id as text), id, 'live', '', ${now} from wines`.execute(db);

      await db.schema
        .createTable("retired_wines")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("merged_into", "integer")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("snapshot", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("retired_wines_updated_idx")
        .on("retired_wines")
        .columns(["updated_at", "id"])
        .execute();

      await db.schema
        .createTable("link_candidates")
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("wine_id", "integer", (c) => c.notNull())
        .addColumn("score", "real", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("decided_at", "text")
        .addPrimaryKeyConstraint("link_candidates_pk", ["source", "key", "wine_id"])
        .execute();

      await db.schema
        .createTable("id_counters")
        .addColumn("kind", "text", (c) => c.primaryKey())
        .addColumn("next_id", "integer", (c) => c.notNull())
        .execute();
      await sql`insert into id_counters (kind, next_id) values ('wine', 10000001), ('producer', 10000001), ('region', 10000001)`.execute(
        db,
      );

      await db.schema
        .createTable("catalogue_sources")
        .addColumn("source", "text", (c) => c.primaryKey())
        .addColumn("release", "text")
        .addColumn("imported_at", "text")
        .addColumn("records", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of [
        "catalogue_sources",
        "id_counters",
        "link_candidates",
        "retired_wines",
        "wine_sources",
      ])
        await db.schema.dropTable(table).execute();
      await db.schema.dropIndex("wines_updated_idx").execute();
      await db.schema.alterTable("wines").dropColumn("facts_basis").execute();
      await db.schema.alterTable("wines").dropColumn("updated_at").execute();
    },
  };
}
