/**
 * The payment provider of the dashboard (`BILLING_PROVIDER`), decorated as `app.billing`: the
 * `manual` provider (modules/billing/manual-provider.ts), or Stripe (stripe-provider.ts) with
 * `BILLING_PROVIDER=stripe`. Account changes
 * it makes go through `app.keyCache`, so keys get their new plan from the next request.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { BillingSetting } from "../config.ts";
import type { BillingProvider } from "../modules/billing/billing-provider.ts";
import { ManualBillingProvider } from "../modules/billing/manual-provider.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The payment provider (manual or Stripe). */
    billing: BillingProvider;
  }
}

/** Options of the plugin. */
export interface BillingOptions {
  setting: BillingSetting;
}

export default fp<BillingOptions>(
  async (app: FastifyInstance, { setting }) => {
    const context = { db: app.db, keys: app.keyCache, clock: app.clock };
    // Stripe's package is loaded only when it is the provider (it is a large module tree).
    const provider: BillingProvider =
      setting.kind === "stripe"
        ? new (await import("../modules/billing/stripe-provider.ts")).StripeBillingProvider(setting, context)
        : new ManualBillingProvider(context);
    app.decorate("billing", provider);
  },
  { name: "billing", dependencies: ["db", "auth"] },
);
