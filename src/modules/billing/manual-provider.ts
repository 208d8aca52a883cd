/**
 * The `manual` billing provider: no payment is taken by the service. An upgrade asked for in the
 * dashboard is recorded on the account (`requested_plan`) for an operator, who sets the plan with
 * `winedata accounts set-plan` once paid (accounts.service.ts `setPlan`); cancelling takes effect
 * at once as `canceled` (access until the paid period ends).
 */

import type { AccountRow } from "../../db/types.ts";
import { AppError } from "../../errors.ts";
import { updateAccount } from "../accounts/accounts.service.ts";
import type { BillingContext, BillingProvider, PaidPlan, UpgradeStart } from "./billing-provider.ts";

/** Records upgrades for an operator; cancels in the database. */
export class ManualBillingProvider implements BillingProvider {
  readonly name = "manual" as const;

  constructor(private readonly ctx: BillingContext) {}

  /** Stores `plan` as `requested_plan`; the operator's `set-plan` applies it. */
  async startUpgrade(account: AccountRow, plan: PaidPlan): Promise<UpgradeStart> {
    await updateAccount(this.ctx.db, account.id, { requested_plan: plan }, this.ctx.keys);
    return { kind: "requested" };
  }

  /**
   * `active` or `past_due` → `canceled` (current period kept).
   * @throws AppError validation_failed for a trial, an expired or an already canceled account.
   */
  async cancelAtPeriodEnd(account: AccountRow): Promise<void> {
    if (account.status !== "active" && account.status !== "past_due") {
      throw AppError.validation("plan", "There is no paid subscription to cancel.");
    }
    await updateAccount(this.ctx.db, account.id, { status: "canceled", requested_plan: null }, this.ctx.keys);
  }
}
