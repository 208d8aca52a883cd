/** SQL for accounts. Knows nothing of HTTP; used by the auth plugin, the CLI and tests. */
import type { Kysely, Updateable } from "kysely";
import type { AccountRow, AccountTable, Database, Plan } from "../../db/types.ts";
import { accountChanged } from "../api-keys/key-cache.ts";
import { TRIAL_DAYS } from "./plans.ts";

const DAY_MS = 86_400_000;

/** Input of {@link createAccount}. */
export interface NewAccountInput {
  name: string;
  email: string;
  plan: Plan;
  now: Date;
}

/**
 * Creates an account. A `trial` account starts `trialing` for 14 days; `standard` and `enterprise`
 * start `active` with a paid month (30 days) ending at `current_period_end`.
 */
export async function createAccount(db: Kysely<Database>, input: NewAccountInput): Promise<AccountRow> {
  const nowIso = input.now.toISOString();
  const trial = input.plan === "trial";
  return db
    .insertInto("accounts")
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      plan: input.plan,
      status: trial ? "trialing" : "active",
      trial_ends_at: trial ? new Date(input.now.getTime() + TRIAL_DAYS * DAY_MS).toISOString() : null,
      current_period_end: trial ? null : new Date(input.now.getTime() + 30 * DAY_MS).toISOString(),
      past_due_since: null,
      daily_limit: null,
      created_at: nowIso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findAccountById(db: Kysely<Database>, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findAccountByEmail(db: Kysely<Database>, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom("accounts").selectAll().where("email", "=", email.toLowerCase()).executeTakeFirst();
}

/**
 * Changes subscription fields (status, plan, period ends, daily limit). Takes effect at once in this
 * process, within the key cache's lifetime (`AUTH_CACHE_MS`) in others.
 */
export async function updateAccount(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<AccountTable>,
): Promise<void> {
  await db.updateTable("accounts").set(changes).where("id", "=", id).execute();
  accountChanged(id);
}
