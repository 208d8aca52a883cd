/**
 * The payment provider of the dashboard (`BILLING_PROVIDER`), decorated as `app.billing`: the
 * `manual` provider (modules/billing/manual-provider.ts) unless Stripe is configured. Account changes
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
  clock: () => Date;
}

export default fp<BillingOptions>(
  async (app: FastifyInstance, { setting, clock }) => {
    const context = { db: app.db, keys: app.keyCache, clock };
    if (setting.kind !== "manual") throw new Error(`billing provider ${setting.kind} is not available`);
    app.decorate("billing", new ManualBillingProvider(context));
  },
  { name: "billing", dependencies: ["db", "auth"] },
);
