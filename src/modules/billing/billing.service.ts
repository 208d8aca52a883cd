/**
 * How a payment provider's subscription becomes our subscription state (docs/decisions.md "Accounts,
 * plans and subscription states"), kept free of any provider's client so it can be read and tested
 * alone. Stripe's subscription statuses are those documented for the Subscription object
 * (https://docs.stripe.com/api/subscriptions/object#subscription_object-status):
 *
 * | Stripe `status` | ours | dates |
 * |---|---|---|
 * | `active`, not `cancel_at_period_end` | `active` | `current_period_end` = the item's period end |
 * | `active`, `cancel_at_period_end` | `canceled` (access until the period ends) | same |
 * | `trialing` | `trialing` | `trial_ends_at` = `trial_end` |
 * | `past_due` | `past_due` (7-day grace) | `past_due_since` kept when already past due, else the event's time |
 * | `canceled`, `unpaid`, `incomplete_expired`, `paused` | `expired` | — |
 * | `incomplete` (first payment not made yet) | unchanged | — |
 *
 * The plan comes from the price of the subscription's first item (`STRIPE_PRICE_STANDARD` /
 * `STRIPE_PRICE_ENTERPRISE`); an unknown price keeps the account's plan. Any applied state clears
 * the upgrade request (`requested_plan`).
 */
import type { Updateable } from "kysely";
import type { AccountRow, AccountTable } from "../../db/types.ts";
import type { PaidPlan } from "./billing-provider.ts";

/** The fields of a provider subscription the mapping reads (Stripe's names; times in Unix seconds). */
export interface SubscriptionFacts {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  trial_end: number | null;
  /** Price id and period end of each item (Stripe keeps `current_period_end` on the items). */
  items: { data: { price: { id: string }; current_period_end?: number }[] };
}

const iso = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null;

/**
 * The account columns that `subscription` means for `account` at `at` (the event's time), or null
 * when nothing changes (`incomplete`).
 */
export function subscriptionChanges(
  account: AccountRow,
  subscription: SubscriptionFacts,
  prices: Record<PaidPlan, string>,
  at: Date,
): Updateable<AccountTable> | null {
  const item = subscription.items.data[0];
  const priceId = item?.price.id;
  const plan: PaidPlan | null =
    priceId === prices.enterprise ? "enterprise" : priceId === prices.standard ? "standard" : null;
  const base: Updateable<AccountTable> = {
    billing_subscription_id: subscription.id,
    requested_plan: null,
    ...(plan === null ? {} : { plan }),
  };
  const periodEnd = iso(item?.current_period_end);
  switch (subscription.status) {
    case "active":
      return {
        ...base,
        status: subscription.cancel_at_period_end ? "canceled" : "active",
        current_period_end: periodEnd,
        past_due_since: null,
      };
    case "trialing":
      return {
        ...base,
        status: "trialing",
        trial_ends_at: iso(subscription.trial_end),
        current_period_end: periodEnd,
      };
    case "past_due":
      return {
        ...base,
        status: "past_due",
        past_due_since:
          account.status === "past_due" && account.past_due_since ? account.past_due_since : at.toISOString(),
        current_period_end: periodEnd ?? account.current_period_end,
      };
    case "canceled":
    case "unpaid":
    case "incomplete_expired":
    case "paused":
      return { ...base, status: "expired" };
    default:
      return null;
  }
}
