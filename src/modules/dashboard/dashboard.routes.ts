/**
 * The dashboard's overview under `/account` (subscription, usage, the address still to confirm),
 * log-out, the address confirmation link and its "send again", and the two static files. Sign-up,
 * log-in and the forgotten password: dashboard-access.routes.ts; profile, password, deletion and
 * the security log: dashboard-profile.routes.ts; keys: dashboard-keys.routes.ts; plan:
 * dashboard-plan.routes.ts. Shared page machinery (sessions, CSRF, templates, access by
 * `config.page`): plugins/web-pages.ts. Every POST checks the CSRF token and answers with a
 * redirect (303) or the form again with its mistakes.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { completeVerification } from "../accounts/account-links.service.ts";
import { UNVERIFIED_TRIAL_PER_DAY } from "../accounts/plans.ts";
import { endSession, setFlash, takeFlash } from "../accounts/sessions.service.ts";
import { listKeysOfAccount } from "../api-keys/api-keys.service.ts";
import { CsrfBody, PageQuery, TokenQuery } from "./dashboard.schemas.ts";
import {
  auditor,
  CHART,
  type DashboardOptions,
  type Flash,
  formatNumber,
  minutesOf,
  sessionOf,
  subscriptionSummary,
  usageChart,
} from "./dashboard.service.ts";
import { format, textsFor } from "./texts/texts.ts";
import { mailVerification } from "./verification.ts";

// From src/modules/dashboard/ and from dist/modules/dashboard/ alike (tsc copies no templates).
const HOME = new URL("../../../src/modules/dashboard/", import.meta.url);
/** The directory of the dashboard's eta templates. */
export const DASHBOARD_VIEWS = fileURLToPath(new URL("views/", HOME));
const ASSETS = new URL("assets/", HOME);
const STYLE = readFileSync(new URL("style.css", ASSETS));
const COPY_SCRIPT = readFileSync(new URL("copy.js", ASSETS));

const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, { publicUrl }) => {
  const clock = app.clock;
  const account = { page: "account", public: true } as const;
  const audit = auditor(app.db, app.log, clock);

  app.get("/assets/style.css", { config: { page: "asset", public: true } }, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(STYLE),
  );
  app.get("/assets/copy.js", { config: { page: "asset", public: true } }, async (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(COPY_SCRIPT),
  );

  app.post(
    "/logout",
    { config: account, schema: { body: CsrfBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      if (request.session !== null) await endSession(app.db, request.session.token);
      reply.clearSession();
      return reply.redirect("/account/login?out=1", 303);
    },
  );

  app.get("/", { config: account, schema: { querystring: PageQuery } }, async (request, reply) => {
    const t = textsFor(request.pageLang);
    const session = sessionOf(request);
    const now = clock();
    const summary = subscriptionSummary(session.account, now, t);
    let usage: { today: string; chart: ReturnType<typeof usageChart>; desc: string } | null = null;
    try {
      const days = await app.rateLimits.dailyUsage(session.account.id, now);
      const used = days.at(-1)?.requests ?? 0;
      const n = (x: number) => formatNumber(x, request.pageLang);
      const chart = usageChart(days, request.pageLang);
      usage = {
        today:
          summary.perDay === null
            ? format(t.overview.usedUnlimited, { used: n(used) })
            : format(t.overview.usedOf, { used: n(used), limit: n(summary.perDay) }),
        chart,
        desc: format(t.overview.chartDesc, {
          list: chart.bars.map((b) => `${b.label}: ${n(b.requests)}`).join(", "),
        }),
      };
    } catch (err) {
      request.log.warn({ err }, "usage counters unavailable");
    }
    const keys = (await listKeysOfAccount(app.db, session.account.id)).filter(
      (k) => k.revoked_at === null,
    ).length;
    const flash = (await takeFlash(app.db, session)) as Flash | null;
    const unverified =
      session.account.email_verified_at === null
        ? format(t.verify.pending, {
            email: session.account.email,
            limit: formatNumber(UNVERIFIED_TRIAL_PER_DAY, request.pageLang),
          })
        : null;
    return reply.page("overview", {
      summary,
      usage,
      chartSize: CHART,
      keys,
      notice: flash?.notice ?? null,
      unverified,
    });
  });

  // The link of the verification mail: works logged in or out, in any browser.
  app.get(
    "/verify",
    { config: { page: "open", public: true }, schema: { querystring: TokenQuery } },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const verified = await completeVerification(app.db, request.query.token ?? "", clock(), app.keyCache);
      if (verified === null) {
        return reply.code(400).page("message", { title: t.verify.invalid, text: null, link: null });
      }
      await audit(request, "email.verified", verified.id);
      const session = request.session;
      if (session === null || session.account.id !== verified.id) {
        return reply.redirect("/account/login?verified=1", 303);
      }
      await setFlash(app.db, session.token, { notice: t.verify.done } satisfies Flash);
      return reply.redirect("/account", 303);
    },
  );

  app.post(
    "/verify/resend",
    { config: account, schema: { body: CsrfBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const session = sessionOf(request);
      const owner = session.account;
      if (owner.email_verified_at !== null) return reply.redirect("/account", 303);
      const wait = await app.accountLimits.mailWait("verify", String(owner.id), request.ip);
      if (wait > 0) {
        await setFlash(app.db, session.token, {
          notice: format(t.verify.throttled, { minutes: minutesOf(wait) }),
        } satisfies Flash);
        return reply.redirect("/account", 303);
      }
      await app.accountLimits.mailSent("verify", String(owner.id), request.ip);
      if (!(await mailVerification(app, request, owner, { publicUrl, now: clock() }))) {
        return reply
          .code(503)
          .header("retry-after", 60)
          .page("message", { title: t.verify.mailFailed, text: null, link: "/account" });
      }
      await audit(request, "email.verification_sent", owner.id);
      await setFlash(app.db, session.token, {
        notice: format(t.verify.resent, { email: owner.email }),
      } satisfies Flash);
      return reply.redirect("/account", 303);
    },
  );
};

export default dashboardRoutes;
