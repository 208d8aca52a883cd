import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Dialect } from "../types.ts";

/** First schema: catalogue, generated content, background jobs, accounts and API keys. */
export function initialSchema(dialect: Dialect) {
  // SQLite: `integer primary key` is the auto-incrementing rowid; PostgreSQL needs an identity column.
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("regions")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("country", "text", (c) => c.notNull())
        .addColumn("name_de", "text", (c) => c.notNull())
        .addColumn("name_en", "text", (c) => c.notNull())
        .addColumn("name_fr", "text", (c) => c.notNull())
        .addColumn("name_it", "text", (c) => c.notNull())
        .addColumn("search_text", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("regions_country_idx").on("regions").columns(["country", "id"]).execute();

      await db.schema
        .createTable("producers")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("title", "text")
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("website", "text")
        .addColumn("search_text", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("grapes")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull().unique())
        .addColumn("name_de", "text", (c) => c.notNull())
        .addColumn("name_fr", "text", (c) => c.notNull())
        .addColumn("name_it", "text", (c) => c.notNull())
        .addColumn("color", "text", (c) => c.notNull())
        .addColumn("synonyms", "text", (c) => c.notNull())
        .addColumn("search_text", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("wines")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("color", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("sub_type", "text", (c) => c.notNull())
        .addColumn("producer_id", "integer", (c) => c.notNull().references("producers.id"))
        .addColumn("region_id", "integer", (c) => c.notNull().references("regions.id"))
        .addColumn("residual_sugar", "text")
        .addColumn("abv", "real")
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("acidity", "text", (c) => c.notNull())
        .addColumn("elaboration", "text", (c) => c.notNull())
        .addColumn("foods", "text", (c) => c.notNull())
        .addColumn("vintages", "text", (c) => c.notNull())
        .addColumn("vintage", "integer")
        .addColumn("flavor_sweetness", "integer", (c) => c.notNull())
        .addColumn("flavor_acidity", "integer", (c) => c.notNull())
        .addColumn("flavor_tannins", "integer", (c) => c.notNull())
        .addColumn("flavor_alcohol", "integer", (c) => c.notNull())
        .addColumn("flavor_body", "integer", (c) => c.notNull())
        .addColumn("flavor_finish", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("wines_producer_idx").on("wines").columns(["producer_id", "id"]).execute();
      await db.schema.createIndex("wines_region_idx").on("wines").columns(["region_id", "id"]).execute();
      await db.schema
        .createIndex("wines_color_idx")
        .on("wines")
        .columns(["color", "sub_type", "id"])
        .execute();

      await db.schema
        .createTable("wine_grapes")
        .addColumn("wine_id", "integer", (c) => c.notNull().references("wines.id").onDelete("cascade"))
        .addColumn("grape_id", "integer", (c) => c.notNull().references("grapes.id"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("wine_grapes_pk", ["wine_id", "grape_id"])
        .execute();
      await db.schema.createIndex("wine_grapes_grape_idx").on("wine_grapes").columns(["grape_id"]).execute();

      await db.schema
        .createTable("wine_texts")
        .addColumn("wine_id", "integer", (c) => c.notNull().references("wines.id").onDelete("cascade"))
        .addColumn("lang", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("description_long", "text", (c) => c.notNull())
        .addColumn("tasting_notes", "text", (c) => c.notNull())
        .addColumn("pairing", "text", (c) => c.notNull())
        .addColumn("generator", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("wine_texts_pk", ["wine_id", "lang"])
        .execute();

      await db.schema
        .createTable("region_insights")
        .addColumn("id", "integer", serial)
        .addColumn("region_id", "integer", (c) => c.notNull().references("regions.id").onDelete("cascade"))
        .addColumn("lang", "text", (c) => c.notNull())
        .addColumn("summary", "text", (c) => c.notNull())
        .addColumn("climate_and_terroir", "text", (c) => c.notNull())
        .addColumn("signature_styles", "text", (c) => c.notNull())
        .addColumn("key_grapes", "text", (c) => c.notNull())
        .addColumn("generator", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("region_insights_region_lang_uq", ["region_id", "lang"])
        .execute();

      await db.schema
        .createTable("drinking_periods")
        .addColumn("id", "integer", serial)
        .addColumn("wine_id", "integer", (c) => c.notNull().references("wines.id").onDelete("cascade"))
        .addColumn("lang", "text", (c) => c.notNull())
        .addColumn("from_years", "integer", (c) => c.notNull())
        .addColumn("to_years", "integer", (c) => c.notNull())
        .addColumn("statement", "text", (c) => c.notNull())
        .addColumn("young", "text", (c) => c.notNull())
        .addColumn("ripe", "text", (c) => c.notNull())
        .addColumn("storage", "text", (c) => c.notNull())
        .addColumn("generator", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addUniqueConstraint("drinking_periods_wine_lang_uq", ["wine_id", "lang"])
        .execute();

      await db.schema
        .createTable("generation_jobs")
        .addColumn("id", "integer", serial)
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("resource_id", "integer", (c) => c.notNull())
        .addColumn("lang", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("max_attempts", "integer", (c) => c.notNull())
        .addColumn("run_after", "text", (c) => c.notNull())
        .addColumn("locked_by", "text")
        .addColumn("locked_at", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addUniqueConstraint("generation_jobs_uq", ["kind", "resource_id", "lang"])
        .execute();
      await db.schema
        .createIndex("generation_jobs_queue_idx")
        .on("generation_jobs")
        .columns(["status", "run_after"])
        .execute();

      await db.schema
        .createTable("accounts")
        .addColumn("id", "integer", serial)
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("plan", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("trial_ends_at", "text")
        .addColumn("current_period_end", "text")
        .addColumn("past_due_since", "text")
        .addColumn("daily_limit", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("api_keys")
        .addColumn("id", "integer", serial)
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("prefix", "text", (c) => c.notNull().unique())
        .addColumn("secret_hash", "text", (c) => c.notNull())
        .addColumn("abilities", "text", (c) => c.notNull())
        .addColumn("rate_limit_per_minute", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .addColumn("revoked_at", "text")
        .addColumn("expires_at", "text")
        .execute();
      await db.schema.createIndex("api_keys_account_idx").on("api_keys").columns(["account_id"]).execute();
    },
  };
}
