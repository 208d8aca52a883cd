/**
 * Accounts: how a new account starts (docs/decisions.md "Accounts, plans and subscription states") and
 * changes to an account that must reach the key cache. The SQL is in accounts.repository.ts.
 * This module depends on nothing in api-keys (api-keys depends on it).
 */
import type { Kysely, Updateable } from "kysely";
import type { AccountRow, AccountTable, Database, Plan } from "../../db/types.ts";
import { deleteAccountRow, insertAccount, updateAccountRow } from "./accounts.repository.ts";
import { TRIAL_DAYS } from "./plans.ts";

/**
 * Reads other modules use as they are: an account by its (normalized) email or id, and
 * `lockAccount(trx, id)`, which holds the account's row for the rest of the caller's transaction
 * (api-keys.service.ts issues a key under it so that the plan's key cap holds). Shapes:
 * accounts.repository.ts.
 */
export { findAccountByEmail, findAccountById, lockAccount } from "./accounts.repository.ts";

const DAY_MS = 86_400_000;

/** Length of the paid period a `standard` or `enterprise` account starts with. */
const FIRST_PERIOD_DAYS = 30;

/** Input of {@link createAccount}. */
export interface NewAccountInput {
  name: string;
  /** Stored in lower case. */
  email: string;
  plan: Plan;
  now: Date;
  /**
   * Whether the email address counts as verified from the start (default true: an operator or a
   * test vouches for it). The dashboard's sign-up passes false and mails a verification link.
   */
  verified?: boolean;
}

/**
 * Creates an account. A `trial` account starts `trialing` for 14 days (`trial_ends_at`);
 * `standard` and `enterprise` start `active` with a paid month (30 days) ending at
 * `current_period_end`. The email counts as verified unless `input.verified` is false. Does not check that the email is unused (the CLI does; the database's
 * unique constraint refuses a duplicate).
 */
export function createAccount(db: Kysely<Database>, input: NewAccountInput): Promise<AccountRow> {
  const trial = input.plan === "trial";
  const after = (days: number) => new Date(input.now.getTime() + days * DAY_MS).toISOString();
  return insertAccount(db, {
    name: input.name,
    email: input.email.toLowerCase(),
    plan: input.plan,
    status: trial ? "trialing" : "active",
    trial_ends_at: trial ? after(TRIAL_DAYS) : null,
    current_period_end: trial ? null : after(FIRST_PERIOD_DAYS),
    past_due_since: null,
    daily_limit: null,
    created_at: input.now.toISOString(),
    email_verified_at: input.verified === false ? null : input.now.toISOString(),
  });
}

/**
 * What {@link updateAccount} tells that an account changed: the app's key cache (`app.keyCache`, a
 * `KeyCache`) satisfies it.
 */
export interface AccountForgetter {
  /** Drops whatever is remembered about the keys of account `accountId`. */
  forgetAccount(accountId: number): void;
}

/**
 * Changes subscription fields of account `id` (status, plan, period ends, daily limit …), then
 * drops its keys from `keys`. Nothing happens for an unknown id.
 *
 * Pass the app's key cache (`app.keyCache`) when changing an account inside the service's process:
 * the change applies from the very next request. Without `keys` (the CLI, another process than the
 * service's) running services notice within their key cache's lifetime (`AUTH_CACHE_MS`, default 5 s).
 */
export async function updateAccount(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<AccountTable>,
  keys?: AccountForgetter,
): Promise<void> {
  await updateAccountRow(db, id, changes);
  keys?.forgetAccount(id);
}

/**
 * An operator's (or a payment's) switch of account `id` to `plan`: state `active` with a new paid
 * period of `days` days (default 30) from `now`, any failed-payment mark and upgrade request
 * cleared. Nothing happens for an unknown id.
 */
export async function setPlan(
  db: Kysely<Database>,
  id: number,
  plan: Exclude<Plan, "trial">,
  now: Date,
  keys?: AccountForgetter,
  days = FIRST_PERIOD_DAYS,
): Promise<void> {
  await updateAccount(
    db,
    id,
    {
      plan,
      status: "active",
      current_period_end: new Date(now.getTime() + days * DAY_MS).toISOString(),
      past_due_since: null,
      requested_plan: null,
    },
    keys,
  );
}

/**
 * An operator's change of account `id`'s subscription state (docs/decisions.md's state table), with the
 * date that state needs:
 * - `trialing`: trial ends at `until` (default `now` + 14 days);
 * - `active`: paid period ends at `until` (default `now` + 30 days);
 * - `past_due`: the 7-day grace starts `now`; the period end is kept;
 * - `canceled`: access until `until` (default: the current period's end, else `now`);
 * - `expired`: no access from now on.
 */
export async function setState(
  db: Kysely<Database>,
  id: number,
  status: AccountRow["status"],
  now: Date,
  until: Date | null,
  keys?: AccountForgetter,
): Promise<void> {
  const at = (d: Date | null, days: number) => (d ?? new Date(now.getTime() + days * DAY_MS)).toISOString();
  const changes: Updateable<AccountTable> = { status };
  if (status === "trialing") changes.trial_ends_at = at(until, TRIAL_DAYS);
  if (status === "active")
    Object.assign(changes, { current_period_end: at(until, FIRST_PERIOD_DAYS), past_due_since: null });
  if (status === "past_due") changes.past_due_since = now.toISOString();
  if (status === "canceled" && until !== null) changes.current_period_end = until.toISOString();
  await updateAccount(db, id, changes, keys);
}

/**
 * Deletes account `id` for good: its keys (so they are refused from the next request once `keys`,
 * the app's key cache, forgot them), sessions, mailed links and audit events; the caller records the
 * deletion itself afterwards. Returns false for an unknown id.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  id: number,
  keys?: AccountForgetter,
): Promise<boolean> {
  const deleted = await deleteAccountRow(db, id);
  keys?.forgetAccount(id);
  return deleted;
}
