/**
 * The dashboard's plan pages under `/account/plan`: the current plan and its limits, upgrading to
 * standard or enterprise and cancelling at period end, through the configured payment provider
 * (`app.billing`: manual or Stripe, modules/billing). Stripe Checkout sends the customer back to
 * `/account/plan?checkout=done|canceled`; the plan itself changes when Stripe's webhook says so.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AppError } from "../../errors.ts";
import { setFlash, takeFlash } from "../accounts/sessions.service.ts";
import { PAID_PLANS } from "../billing/billing-provider.ts";
import { CsrfBody, PageQuery, PlanQuery, UpgradeBody } from "./dashboard.schemas.ts";
import {
  auditor,
  type DashboardOptions,
  type Flash,
  formatDate,
  sessionOf,
  subscriptionSummary,
} from "./dashboard.service.ts";
import { format, textsFor } from "./texts/texts.ts";

/** True when the provider failed for want of an answer (network, timeout, 5xx), not for the request. */
function unavailable(err: unknown): boolean {
  return !(err instanceof AppError);
}

const dashboardPlanRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, { clock }) => {
  const account = { page: "account", public: true } as const;
  const audit = auditor(app.db, app.log, clock);

  app.get("/plan", { config: account, schema: { querystring: PlanQuery } }, async (request, reply) => {
    const session = sessionOf(request);
    const t = textsFor(request.pageLang);
    const row = session.account;
    const summary = subscriptionSummary(row, clock(), t);
    const notice = ((await takeFlash(app.db, session)) as Flash | null)?.notice ?? null;
    const checkout = request.query.checkout;
    // An upgrade is offered to every paid plan other than the one being paid for now.
    const paying = summary.active && row.status !== "trialing" ? row.plan : null;
    return reply.page("plan", {
      summary,
      provider: app.billing.name,
      upgrades: PAID_PLANS.filter((p) => p !== paying),
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
      const notice = start.kind === "changed" ? t.plan.changed : null;
      if (notice !== null) await setNotice(session.token, notice);
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
};

export default dashboardPlanRoutes;
