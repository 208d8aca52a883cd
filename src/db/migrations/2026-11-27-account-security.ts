import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Dialect } from "../types.ts";

/**
 * Accounts a customer can trust:
 * - `accounts.email_verified_at`: when the owner proved the address (the link of a verification,
 *   reset or email-change mail); null: not yet. Accounts that existed before are taken as verified
 *   from their creation (an operator made them, or they signed up before verification existed);
 * - `account_tokens`: the single-use links sent by mail (verify the address, reset the password,
 *   confirm a new address), by the SHA-256 of the token (never the token), with the address the mail
 *   went to, an expiry and the time of use;
 * - `audit_events`: security events (sign-up, log-ins, password and email changes, keys, plans, …)
 *   with time, account, client address and user agent. No foreign key: the record of an account's
 *   deletion outlives the account;
 * - `service_secrets`: random secrets the service makes once and shares between its processes
 *   through the database (the HMAC key of CSRF tokens and device cookies).
 */
export function accountSecurity(dialect: Dialect) {
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("accounts").addColumn("email_verified_at", "text").execute();
      await sql`update accounts set email_verified_at = created_at`.execute(db);
      await db.schema
        .createTable("account_tokens")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("purpose", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        .execute();
      await db.schema
        .createIndex("account_tokens_account_idx")
        .on("account_tokens")
        .columns(["account_id", "purpose"])
        .execute();
      await db.schema
        .createTable("audit_events")
        .addColumn("id", "integer", serial)
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("account_id", "integer")
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("address", "text")
        .addColumn("user_agent", "text")
        .addColumn("detail", "text")
        .execute();
      await db.schema
        .createIndex("audit_events_account_idx")
        .on("audit_events")
        .columns(["account_id", "id"])
        .execute();
      await db.schema
        .createTable("service_secrets")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("service_secrets").execute();
      await db.schema.dropTable("audit_events").execute();
      await db.schema.dropTable("account_tokens").execute();
      await db.schema.alterTable("accounts").dropColumn("email_verified_at").execute();
    },
  };
}
