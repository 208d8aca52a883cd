/**
 * The dashboard's plan pages under `/account/plan`: the current plan and its limits, the plans side
 * by side with their prices (plan-table.service.ts), upgrading to standard or enterprise and
 * cancelling at period end, through the configured payment provider (`app.billing`: manual or
 * Stripe, modules/billing). Stripe Checkout sends the customer back to
 * `/account/plan?checkout=done|canceled`; the plan itself changes when Stripe's webhook says so. An
 * upgrade the manual provider recorded is confirmed by {@link upgradeRequested}.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Prices } from "../../config.ts";
import type { Plan } from "../../db/types.ts";
import { AppError } from "../../errors.ts";
import { accessAt } from "../accounts/plans.ts";
import { type ActiveSession, setFlash, takeFlash } from "../accounts/sessions.service.ts";
import { PAID_PLANS, type PaidPlan } from "../billing/billing-provider.ts";
import { sendQuietly, upgradeRequestedMail } from "./account-mails.ts";
import { CsrfBody, PageQuery, PlanQuery, UpgradeBody } from "./dashboard.schemas.ts";
import {
  auditor,
  type DashboardOptions,
  type Flash,
  formatDate,
  sessionOf,
  subscriptionSummary,
} from "./dashboard.service.ts";
import { formatPrice, PLAN_ORDER, planColumns } from "./plan-table.service.ts";
import type { Texts } from "./texts/en.ts";
import { format, type PageLanguage, textsFor } from "./texts/texts.ts";

/**
 * The label of the button that moves `account` (on plan `current`) to `plan`: "Upgrade to Enterprise
 * for €299 / month", or "Switch to …" for a cheaper plan.
 */
function changeLabel(plan: PaidPlan, current: Plan, prices: Prices, t: Texts): string {
  const text =
    PLAN_ORDER.indexOf(plan) > PLAN_ORDER.indexOf(current) ? t.offers.upgradeTo : t.offers.switchTo;
  return format(text, { plan: t.plans[plan], price: formatPrice(prices[plan], t.lang as PageLanguage) });
}

/** True when the provider failed for want of an answer (network, timeout, 5xx), not for the request. */
function unavailable(err: unknown): boolean {
  return !(err instanceof AppError);
}

const dashboardPlanRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, { prices }) => {
  const clock = app.clock;
  const account = { page: "account", public: true } as const;
  const audit = auditor(app.db, app.log, clock);

  app.get("/plan", { config: account, schema: { querystring: PlanQuery } }, async (request, reply) => {
    const session = sessionOf(request);
    const t = textsFor(request.pageLang);
    const row = session.account;
    const now = clock();
    const summary = subscriptionSummary(row, now, t);
    const notice = ((await takeFlash(app.db, session)) as Flash | null)?.notice ?? null;
    const checkout = request.query.checkout;
    // An upgrade is offered to every paid plan other than the one being paid for now.
    const paying = summary.active && row.status !== "trialing" ? row.plan : null;
    const current = accessAt(row, now).plan ?? row.plan;
    const upgrades = PAID_PLANS.filter((p) => p !== paying);
    return reply.page("plan", {
      summary,
      provider: app.billing.name,
      upgrades,
      plans: planColumns(prices, t),
      current,
      actions: Object.fromEntries(upgrades.map((p) => [p, changeLabel(p, current, prices, t)])),
      requestedPlan: row.requested_plan,
      requested:
        row.requested_plan === null ? null : format(t.plan.requested, { plan: t.plans[row.requested_plan] }),
      cancellable: row.status === "active" || row.status === "past_due",
      periodEnd: formatDate(row.current_period_end, request.pageLang),
      notice:
        notice ??
        (checkout === "done"
          ? t.plan.checkoutDone
          : checkout === "canceled"
            ? t.plan.checkoutCanceled
            : null),
    });
  });

  app.post(
    "/plan/upgrade",
    { config: account, schema: { body: UpgradeBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const session = sessionOf(request);
      const t = textsFor(request.pageLang);
      const back = `${request.linkBase}/account/plan`;
      let start: Awaited<ReturnType<typeof app.billing.startUpgrade>>;
      try {
        start = await app.billing.startUpgrade(session.account, request.body.plan, {
          success: `${back}?checkout=done`,
          cancel: `${back}?checkout=canceled`,
        });
      } catch (err) {
        if (!unavailable(err)) throw err;
        request.log.error({ err }, "the payment provider did not answer");
        throw new AppError("service_unavailable", "The payment provider is not reachable; retry shortly.", {
          headers: { "Retry-After": 30 },
        });
      }
      await audit(request, "plan.upgrade_requested", session.account.id, { plan: request.body.plan });
      if (start.kind === "redirect") return reply.redirect(start.url, 303);
      if (start.kind === "changed") await setNotice(session.token, t.plan.changed);
      else await upgradeRequested(session, request.body.plan, t);
      return reply.redirect("/account/plan", 303);
    },
  );

  app.get("/plan/cancel", { config: account, schema: { querystring: PageQuery } }, async (request, reply) => {
    const session = sessionOf(request);
    const t = textsFor(request.pageLang);
    const row = session.account;
    if (row.status !== "active" && row.status !== "past_due") return reply.redirect("/account/plan", 303);
    const date = formatDate(row.current_period_end, request.pageLang);
    return reply.page("cancel", { text: format(t.plan.cancelText, { date }) });
  });

  app.post(
    "/plan/cancel",
    { config: account, schema: { body: CsrfBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const session = sessionOf(request);
      const t = textsFor(request.pageLang);
      try {
        await app.billing.cancelAtPeriodEnd(session.account);
      } catch (err) {
        if (!unavailable(err)) throw err;
        request.log.error({ err }, "the payment provider did not answer");
        throw new AppError("service_unavailable", "The payment provider is not reachable; retry shortly.", {
          headers: { "Retry-After": 30 },
        });
      }
      await audit(request, "plan.cancel_requested", session.account.id);
      const date = formatDate(session.account.current_period_end, request.pageLang);
      await setNotice(session.token, format(t.plan.canceled, { date }));
      return reply.redirect("/account/plan", 303);
    },
  );

  async function setNotice(token: string, notice: string): Promise<void> {
    await setFlash(app.db, token, { notice } satisfies Flash);
  }

  /**
   * The one place where an upgrade request that the payment provider recorded for an operator
   * (`manual`: `requested_plan`) is confirmed to the customer of the session `token`: the plan page
   * after the redirect says what was asked for, at which price, and what happens next, and so
   * does a mail to the account's address (not awaited: the request is recorded either way).
   */
  async function upgradeRequested(session: ActiveSession, plan: PaidPlan, t: Texts): Promise<void> {
    const price = formatPrice(prices[plan], t.lang as PageLanguage);
    await setNotice(session.token, format(t.offers.requestedNotice, { plan: t.plans[plan], price }));
    sendQuietly(app.mailer, upgradeRequestedMail(t, session.account, t.plans[plan], price));
  }
};

export default dashboardPlanRoutes;
