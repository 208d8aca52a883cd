/**
 * `winedata accounts create | set-plan | set-state | reset-link`: accounts, their subscriptions, and
 * a password-reset link for a customer who cannot use "Forgot your password?" (an operator's help).
 */
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import { orList } from "../config-env.ts";
import { PLAN_NAMES, type Plan, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "../db/types.ts";
import { startPasswordReset } from "../modules/accounts/account-links.service.ts";
import { findAccountByEmail } from "../modules/accounts/accounts.repository.ts";
import { createAccount, setPlan, setState } from "../modules/accounts/accounts.service.ts";
import { PAST_DUE_GRACE_DAYS, TRIAL_DAYS } from "../modules/accounts/plans.ts";
import {
  accountByEmail,
  action,
  auditFromCli,
  required,
  tellServices,
  UsageError,
  type Values,
  withDb,
} from "./command-support.ts";
import { shown } from "./terminal-text.ts";

/** The plans an operator sets with `set-plan`: the paid ones. */
const PAID_PLANS = PLAN_NAMES.filter((plan): plan is Exclude<Plan, "trial"> => plan !== "trial");

/** `raw` when it is one of `allowed`; else a UsageError naming `flag` and the allowed values. */
function oneOf<T extends string>(raw: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(raw))
    throw new UsageError(`${flag} must be ${orList(allowed)}.`);
  return raw as T;
}

async function createCommand(values: Values): Promise<void> {
  const plan = oneOf(required(values, "plan"), PLAN_NAMES, "--plan");
  const email = required(values, "email");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new UsageError(`--email "${shown(email)}" is not an email address.`);
  const account = await withDb(async (db) => {
    if (await findAccountByEmail(db.kysely, email))
      throw new UsageError(`An account with email ${shown(email)} exists already.`);
    return createAccount(db.kysely, {
      name: required(values, "name"),
      email,
      plan,
      now: new Date(),
    });
  });
  console.log(
    `Account ${account.id} created: ${shown(account.name)} <${shown(account.email)}>, plan ${account.plan}, ${account.status}.`,
  );
}

async function setPlanCommand(values: Values): Promise<void> {
  const plan = oneOf(required(values, "plan"), PAID_PLANS, "--plan");
  const days = values.days === undefined ? 30 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3660) throw new UsageError("--days must be 1 to 3660.");
  const account = await withDb(async (db) => {
    const found = await accountByEmail(db, required(values, "email"));
    await setPlan(db.kysely, found.id, plan, new Date(), undefined, days);
    await auditFromCli(db, "plan.changed", found.id, { plan, days });
    return found;
  });
  console.log(
    `Account ${account.id} is on ${plan}, active for ${days} days. ${await tellServices({ account: account.id })}`,
  );
}

async function setStateCommand(values: Values): Promise<void> {
  const state: SubscriptionStatus = oneOf(required(values, "state"), SUBSCRIPTION_STATUSES, "--state");
  const until = values.until === undefined ? null : new Date(String(values.until));
  if (until !== null && Number.isNaN(until.getTime()))
    throw new UsageError("--until must be a date like 2027-01-31.");
  const account = await withDb(async (db) => {
    const found = await accountByEmail(db, required(values, "email"));
    await setState(db.kysely, found.id, state, new Date(), until);
    await auditFromCli(db, "plan.changed", found.id, { state });
    return found;
  });
  console.log(`Account ${account.id} is ${state}. ${await tellServices({ account: account.id })}`);
}

/**
 * `accounts reset-link`: a single-use link (one hour) that sets a new password for the account,
 * printed for the operator to pass on; it replaces older reset links. Its base is `--url`, else
 * `PUBLIC_URL`, else `http://localhost:<PORT>`.
 */
async function resetLinkCommand(values: Values): Promise<void> {
  const config = loadConfig();
  const base = String(values.url ?? config.publicUrl ?? `http://localhost:${config.port}`).replace(
    /\/+$/,
    "",
  );
  if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(base)) {
    throw new UsageError(`--url "${shown(base)}" must be an http(s) URL such as https://api.example.com.`);
  }
  const { email, token } = await withDb(async (db) => {
    const found = await accountByEmail(db, required(values, "email"));
    const started = await startPasswordReset(db.kysely, found.email, new Date());
    if (started === null) throw new UsageError(`No account with email ${shown(found.email)}.`);
    await auditFromCli(db, "password.reset_requested", found.id);
    return { email: found.email, token: started.token };
  });
  console.log(
    `Password reset link for ${shown(email)} (works once, for one hour):\n${base}/account/reset?token=${token}`,
  );
}

/** Adds `accounts` and its commands to `program`. */
export function addAccountCommands(program: Command): void {
  const accounts = program.command("accounts").description("create accounts, set their plan and state");
  accounts
    .command("create")
    .description("create an account (without a dashboard password)")
    .option("--name <name>", "the account's name (required)")
    .option("--email <email>", "its email, unique (required)")
    .option("--plan <plan>", `${orList(PLAN_NAMES)} (required; a trial lasts ${TRIAL_DAYS} days)`)
    .action(action(createCommand));
  accounts
    .command("set-plan")
    .description("the manual billing provider: the account is active on a paid plan for a paid period")
    .option("--email <email>", "the account's email (required)")
    .option("--plan <plan>", `${orList(PAID_PLANS)} (required)`)
    .option("--days <d>", "length of the paid period in days, 1 to 3660 (default: 30)")
    .action(action(setPlanCommand));
  accounts
    .command("set-state")
    .description("set the subscription state")
    .option("--email <email>", "the account's email (required)")
    .option(
      "--state <state>",
      `${orList(SUBSCRIPTION_STATUSES)} (required; past_due starts the ${PAST_DUE_GRACE_DAYS}-day grace now)`,
    )
    .option("--until <date>", "end of the trial, paid period or cancellation, e.g. 2027-01-31")
    .action(action(setStateCommand));
  accounts
    .command("reset-link")
    .description("print a single-use link (one hour) that sets a new dashboard password for the account")
    .option("--email <email>", "the account's email (required)")
    .option(
      "--url <url>",
      "the service's public URL the link starts with (default: PUBLIC_URL, else http://localhost:PORT)",
    )
    .action(action(resetLinkCommand));
}
