/**
 * The payment side of the dashboard's plan page, behind one interface so the service runs without
 * any payment provider (`manual`, the default) or with Stripe (`BILLING_PROVIDER`, config.ts).
 * Subscription states and their meaning: docs/decisions.md "Accounts, plans and subscription states".
 */
import type { Kysely } from "kysely";
import type { AccountRow, Database, Plan } from "../../db/types.ts";
import type { AccountForgetter } from "../accounts/accounts.service.ts";

/** A plan that is paid for. */
export type PaidPlan = Exclude<Plan, "trial">;

/** The paid plans, cheapest first. */
export const PAID_PLANS: readonly PaidPlan[] = ["standard", "enterprise"];

/**
 * What starting an upgrade led to: the customer must go to `url` to pay (Stripe Checkout), the plan
 * changed at once (an existing subscription moved to another price), or the request was recorded
 * for an operator (`manual`).
 */
export type UpgradeStart = { kind: "redirect"; url: string } | { kind: "changed" } | { kind: "requested" };

/** Where the provider sends the customer back after paying or giving up (absolute URLs). */
export interface ReturnUrls {
  success: string;
  cancel: string;
}

/** What a provider needs of the service: the database, the key cache to invalidate, the clock. */
export interface BillingContext {
  db: Kysely<Database>;
  /** Told of every account change, so keys get their new limits at once (`app.keyCache`). */
  keys: AccountForgetter;
  clock: () => Date;
}

/** A payment provider as the plan page uses it. */
export interface BillingProvider {
  readonly name: "manual" | "stripe";
  /**
   * Starts the change of `account` to the paid plan `plan`.
   * @throws AppError (4xx) when the account cannot make this change now.
   * @throws Error when the provider does not answer (the page shows a 503).
   */
  startUpgrade(account: AccountRow, plan: PaidPlan, urls: ReturnUrls): Promise<UpgradeStart>;
  /**
   * Cancels the paid subscription of `account` at the end of its period: state `canceled`, API
   * access as before until `current_period_end`, then none.
   * @throws AppError (4xx) when there is no paid subscription to cancel (a trial just ends).
   */
  cancelAtPeriodEnd(account: AccountRow): Promise<void>;
  /**
   * Verifies and applies one webhook delivery of the provider (`payload`: the exact bytes received,
   * `signature`: its signature header); absent when the provider sends none (`manual`).
   * @throws AppError bad_request for a missing or wrong signature.
   */
  receiveWebhook?(
    payload: Buffer,
    signature: string | undefined,
  ): Promise<{ duplicate: boolean; applied: boolean; accountId?: number; type: string }>;
}
