/**
 * Plans and subscription states (docs/decisions.md "Accounts, plans and subscription states").
 */
import type { AccountRow, Plan } from "../../db/types.ts";

/**
 * Limits of a plan: requests per minute per key (default and maximum), requests per UTC day per
 * account, active keys per account.
 */
/**
 * A feature a plan has or lacks (a boolean of {@link PlanLimits}); a route that needs one declares
 * `config: { feature }` (plugins/auth.ts), answered 403 `forbidden` for plans without it.
 */
export type PlanFeature = "photo";

export interface PlanLimits {
  defaultPerMinute: number;
  /** Highest per-minute limit a key may be given; null = any (Enterprise, configurable per key). */
  maxPerMinute: number | null;
  /** Requests per UTC day per account; null = unlimited. */
  perDay: number | null;
  /** Label recognition (`POST /photo/analyze`, the MCP photo tool): Enterprise only. */
  photo: boolean;
  /**
   * Active (not revoked, not expired) keys an account may hold; `issueKey` refuses the next one
   * (`key_limit_reached`) unless an operator forces it.
   */
  maxActiveKeys: number;
}

/**
 * The plan table of docs/decisions.md. `maxActiveKeys` is ours, a product decision (issue 33): without a
 * cap, keys multiplied the per-key minute limit (62 trial keys × 60/min); a few keys per environment
 * cover a customer's needs.
 */
export const PLANS: Record<Plan, PlanLimits> = {
  trial: { defaultPerMinute: 60, maxPerMinute: 60, perDay: 1_000, photo: false, maxActiveKeys: 3 },
  standard: { defaultPerMinute: 120, maxPerMinute: 120, perDay: 10_000, photo: false, maxActiveKeys: 10 },
  enterprise: { defaultPerMinute: 600, maxPerMinute: null, perDay: null, photo: true, maxActiveKeys: 100 },
};

/** Length of the free trial. */
export const TRIAL_DAYS = 14;
/**
 * Requests per UTC day of a trial whose owner has not yet confirmed the email address (the link
 * mailed at sign-up): enough to try the API, too little to be worth signing up again and again with
 * addresses one does not own. Ours, a product decision; the full trial budget follows the click.
 */
export const UNVERIFIED_TRIAL_PER_DAY = 100;
/** Grace period after a failed renewal payment during which `past_due` works as `active`. */
export const PAST_DUE_GRACE_DAYS = 7;

const DAY_MS = 86_400_000;

/** What an account may do right now: `plan` null means no API access (expired). */
export interface Access {
  plan: Plan | null;
  limits: PlanLimits | null;
  /** Requests per UTC day after the account's own override; null = unlimited. */
  perDay: number | null;
}

/**
 * Evaluates an account's subscription state at `now`:
 * trialing until `trial_ends_at` (trial limits); active until `current_period_end`; past_due for
 * 7 days after `past_due_since`; canceled until `current_period_end`; then, like `expired`, no access.
 * A trial whose email is not verified gets at most {@link UNVERIFIED_TRIAL_PER_DAY} requests a day.
 */
export function accessAt(account: AccountRow, now: Date): Access {
  const t = now.getTime();
  const before = (iso: string | null) => iso !== null && t < Date.parse(iso);
  let plan: Plan | null = null;
  switch (account.status) {
    case "trialing":
      plan = before(account.trial_ends_at) ? "trial" : null;
      break;
    case "active":
      plan = account.current_period_end === null || before(account.current_period_end) ? account.plan : null;
      break;
    case "past_due": {
      const graceEnd =
        account.past_due_since === null
          ? null
          : new Date(Date.parse(account.past_due_since) + PAST_DUE_GRACE_DAYS * DAY_MS).toISOString();
      plan = before(graceEnd) ? account.plan : null;
      break;
    }
    case "canceled":
      plan = before(account.current_period_end) ? account.plan : null;
      break;
    case "expired":
      plan = null;
  }
  if (plan === null) return { plan: null, limits: null, perDay: null };
  const limits = PLANS[plan];
  const perDay = account.daily_limit ?? limits.perDay;
  if (plan === "trial" && account.email_verified_at === null) {
    return { plan, limits, perDay: Math.min(perDay ?? UNVERIFIED_TRIAL_PER_DAY, UNVERIFIED_TRIAL_PER_DAY) };
  }
  return { plan, limits, perDay };
}
