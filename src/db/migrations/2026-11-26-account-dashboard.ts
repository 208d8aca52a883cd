import type { Kysely } from "kysely";

/**
 * The account dashboard and billing:
 * - `accounts`: `password_hash` (argon2id PHC string; null for accounts an operator created without
 *   a password), `requested_plan` (an upgrade asked for on the `manual` billing provider, until an
 *   operator sets it), `billing_customer_id` / `billing_subscription_id` (the payment provider's ids,
 *   e.g. Stripe's `cus_…` / `sub_…`) and `billing_event_at` (creation time of the last subscription
 *   event applied, so an older event arriving late cannot undo a newer one);
 * - `sessions`: dashboard log-ins, by the SHA-256 of the cookie's token (never the token itself),
 *   with an idle and an absolute end (`expires_at`), and `flash`: a one-time message for the next
 *   page, encrypted with a key derived from the token;
 * - `billing_events`: the ids of the payment provider's webhook events already applied, so a
 *   delivery repeated by the provider changes nothing.
 */
export function accountDashboard() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of [
        "password_hash",
        "requested_plan",
        "billing_customer_id",
        "billing_subscription_id",
        "billing_event_at",
      ]) {
        await db.schema.alterTable("accounts").addColumn(column, "text").execute();
      }
      await db.schema
        .createIndex("accounts_billing_customer_idx")
        .on("accounts")
        .column("billing_customer_id")
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("flash", "text")
        .execute();
      await db.schema.createIndex("sessions_account_idx").on("sessions").column("account_id").execute();
      await db.schema
        .createTable("billing_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("received_at", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable("billing_events").execute();
      await db.schema.dropTable("sessions").execute();
      await db.schema.dropIndex("accounts_billing_customer_idx").execute();
      for (const column of [
        "billing_event_at",
        "billing_subscription_id",
        "billing_customer_id",
        "requested_plan",
        "password_hash",
      ]) {
        await db.schema.alterTable("accounts").dropColumn(column).execute();
      }
    },
  };
}
