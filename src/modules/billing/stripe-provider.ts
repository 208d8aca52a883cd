/**
 * The Stripe billing provider (`BILLING_PROVIDER=stripe`), on Stripe's official `stripe` package:
 * - an upgrade without a live subscription goes through Stripe Checkout (mode `subscription`, one
 *   line item of the plan's monthly price, our account id as `client_reference_id` and in the
 *   subscription's metadata); with a live one, the subscription's item moves to the new price;
 * - cancelling sets `cancel_at_period_end`;
 * - the subscription's state arrives by webhook at `/billing/webhook`: the signature is checked by
 *   the package (`webhooks.constructEvent`, Stripe-Signature header, 300 s tolerance), each event id
 *   is applied once (`billing_events`, in the transaction of the change), and an event older than
 *   the last one applied to the account is ignored. The mapping of states: billing.service.ts.
 */
import Stripe from "stripe";
import type { BillingSetting } from "../../config.ts";
import type { AccountRow } from "../../db/types.ts";
import { AppError } from "../../errors.ts";
import { updateAccount } from "../accounts/accounts.service.ts";
import { findBillingAccount, recordEvent } from "./billing.repository.ts";
import { type SubscriptionFacts, subscriptionChanges } from "./billing.service.ts";
import type {
  BillingContext,
  BillingProvider,
  PaidPlan,
  ReturnUrls,
  UpgradeStart,
} from "./billing-provider.ts";

type StripeSetting = Extract<BillingSetting, { kind: "stripe" }>;

/** What a webhook delivery did. */
export interface WebhookResult {
  /** The event id was applied before: nothing changed. */
  duplicate: boolean;
  /** An account changed. */
  applied: boolean;
  /** The account that changed, when one did. */
  accountId?: number;
  /** The event's type (Stripe's, e.g. `customer.subscription.updated`). */
  type: string;
}

/** A subscription that still gives or will give access (it can be moved to another price). */
const LIVE = new Set(["active", "past_due", "canceled"]);

/** Stripe Checkout and subscriptions; webhooks applied once each. */
export class StripeBillingProvider implements BillingProvider {
  readonly name = "stripe" as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly setting: StripeSetting,
    private readonly ctx: BillingContext,
  ) {
    const url = setting.apiUrl;
    this.stripe = new Stripe(setting.secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(url
        ? {
            host: url.hostname,
            port: url.port || (url.protocol === "https:" ? 443 : 80),
            protocol: url.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
  }

  /**
   * Checkout for a first subscription (customer created and stored on the way), or a price change
   * of the live one.
   * @throws Stripe errors when Stripe does not answer or refuses (the page answers 503).
   */
  async startUpgrade(account: AccountRow, plan: PaidPlan, urls: ReturnUrls): Promise<UpgradeStart> {
    const price = this.setting.prices[plan];
    if (account.billing_subscription_id && LIVE.has(account.status)) {
      const current = await this.stripe.subscriptions.retrieve(account.billing_subscription_id);
      const item = current.items.data[0];
      const updated = await this.stripe.subscriptions.update(current.id, {
        cancel_at_period_end: false,
        items: [{ ...(item ? { id: item.id } : {}), price }],
        proration_behavior: "create_prorations",
      });
      await this.apply(account, updated as unknown as SubscriptionFacts, this.ctx.clock());
      return { kind: "changed" };
    }
    let customer = account.billing_customer_id;
    if (customer === null) {
      const created = await this.stripe.customers.create({
        email: account.email,
        name: account.name,
        metadata: { account_id: String(account.id) },
      });
      customer = created.id;
      await updateAccount(this.ctx.db, account.id, { billing_customer_id: customer }, this.ctx.keys);
    }
    const session = await this.stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: String(account.id),
      line_items: [{ price, quantity: 1 }],
      success_url: urls.success,
      cancel_url: urls.cancel,
      metadata: { account_id: String(account.id), plan },
      subscription_data: { metadata: { account_id: String(account.id), plan } },
    });
    if (!session.url) throw new Error("Stripe returned a Checkout session without a URL");
    return { kind: "redirect", url: session.url };
  }

  /**
   * Sets `cancel_at_period_end` on the live subscription and applies the answer (state `canceled`).
   * @throws AppError validation_failed without a live subscription.
   */
  async cancelAtPeriodEnd(account: AccountRow): Promise<void> {
    if (!account.billing_subscription_id || (account.status !== "active" && account.status !== "past_due")) {
      throw AppError.validation("plan", "There is no paid subscription to cancel.");
    }
    const updated = await this.stripe.subscriptions.update(account.billing_subscription_id, {
      cancel_at_period_end: true,
    });
    await this.apply(account, updated as unknown as SubscriptionFacts, this.ctx.clock());
  }

  /**
   * Verifies and applies one webhook delivery (`payload`: the exact bytes received).
   * @throws AppError bad_request when the signature is missing or wrong, or the body is not an event.
   */
  async receiveWebhook(payload: Buffer, signature: string | undefined): Promise<WebhookResult> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature ?? "", this.setting.webhookSecret);
    } catch {
      throw new AppError("bad_request", "The webhook signature could not be verified.");
    }
    const at = new Date(event.created * 1000);
    const received = this.ctx.clock().toISOString();
    let subscription: SubscriptionFacts | null = null;
    let ids: { subscription?: string | null; customer?: string | null; accountId?: number | null } = {};
    if (event.type.startsWith("customer.subscription.")) {
      const sub = event.data.object as Stripe.Subscription;
      subscription = sub as unknown as SubscriptionFacts;
      ids = {
        subscription: sub.id,
        customer: customerId(sub.customer),
        accountId: Number(sub.metadata?.account_id) || null,
      };
    } else if (event.type === "checkout.session.completed") {
      const session = event.data.object as Stripe.Checkout.Session;
      const subId =
        typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
      ids = {
        customer: customerId(session.customer),
        accountId: Number(session.client_reference_id) || null,
      };
      // Fetched before the transaction: Stripe's answer is the subscription's state now.
      if (subId)
        subscription = (await this.stripe.subscriptions.retrieve(subId)) as unknown as SubscriptionFacts;
      if (subId) ids.subscription = subId;
    }
    let changedAccount: number | null = null;
    const duplicate = await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, event.id, event.type, received))) return true;
      if (subscription === null) return false;
      const account = await findBillingAccount(trx, ids);
      if (account === undefined) return false;
      if (account.billing_event_at !== null && Date.parse(account.billing_event_at) > at.getTime())
        return false;
      const changes = subscriptionChanges(account, subscription, this.setting.prices, at);
      if (changes === null) return false;
      const customer = ids.customer ?? account.billing_customer_id;
      await updateAccount(trx, account.id, {
        ...changes,
        billing_customer_id: customer,
        billing_event_at: at.toISOString(),
      });
      changedAccount = account.id;
      return false;
    });
    if (changedAccount !== null) this.ctx.keys.forgetAccount(changedAccount);
    return {
      duplicate,
      applied: changedAccount !== null,
      ...(changedAccount === null ? {} : { accountId: changedAccount }),
      type: event.type,
    };
  }

  /** Applies a subscription Stripe just answered with (after an update made here). */
  private async apply(account: AccountRow, subscription: SubscriptionFacts, at: Date): Promise<void> {
    const changes = subscriptionChanges(account, subscription, this.setting.prices, at);
    if (changes !== null) await updateAccount(this.ctx.db, account.id, changes, this.ctx.keys);
  }
}

function customerId(customer: string | { id: string } | null): string | null {
  return typeof customer === "string" ? customer : (customer?.id ?? null);
}
