/**
 * The dashboard's account pages under `/account`: sign-up (starts the 14-day trial), log-in with
 * throttling, log-out, password change, the overview, and the two static files. Keys:
 * dashboard-keys.routes.ts; plan: dashboard-plan.routes.ts. Shared page machinery (sessions, CSRF,
 * templates, access by `config.page`): plugins/web-pages.ts. Every POST checks the CSRF token and
 * answers with a redirect (303) or the form again with its mistakes.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { findAccountByEmail } from "../accounts/accounts.repository.ts";
import { createAccount, updateAccount } from "../accounts/accounts.service.ts";
import { checkNewPassword, hashPassword, passwordMatches } from "../accounts/passwords.ts";
import { endOtherSessions, endSession, setFlash, takeFlash } from "../accounts/sessions.service.ts";
import { listKeysOfAccount } from "../api-keys/api-keys.repository.ts";
import { CsrfBody, LoginBody, PageQuery, PasswordBody, SignupBody } from "./dashboard.schemas.ts";
import {
  CHART,
  checkSignupForm,
  type DashboardOptions,
  type Flash,
  formatNumber,
  sessionOf,
  subscriptionSummary,
  usageChart,
} from "./dashboard.service.ts";
import { format, textsFor } from "./texts/texts.ts";

// From src/modules/dashboard/ and from dist/modules/dashboard/ alike (tsc copies no templates).
const HOME = new URL("../../../src/modules/dashboard/", import.meta.url);
/** The directory of the dashboard's eta templates. */
export const DASHBOARD_VIEWS = fileURLToPath(new URL("views/", HOME));
const ASSETS = new URL("assets/", HOME);
const STYLE = readFileSync(new URL("style.css", ASSETS));
const COPY_SCRIPT = readFileSync(new URL("copy.js", ASSETS));

const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, { clock }) => {
  const guest = { page: "guest", public: true } as const;
  const account = { page: "account", public: true } as const;

  app.get("/assets/style.css", { config: { page: "asset", public: true } }, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=3600").send(STYLE),
  );
  app.get("/assets/copy.js", { config: { page: "asset", public: true } }, async (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(COPY_SCRIPT),
  );

  app.get("/signup", { config: guest, schema: { querystring: PageQuery } }, async (_request, reply) =>
    reply.page("signup", { values: {}, errors: {} }),
  );
  app.post(
    "/signup",
    { config: guest, schema: { body: SignupBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const form = checkSignupForm(request.body, t);
      const values = { name: request.body.name, email: request.body.email };
      if (!form.ok) return reply.code(422).page("signup", { values, errors: form.errors });
      const wait = await app.rateLimits.loginWait(form.email, request.ip);
      if (wait > 0) {
        const error = format(t.login.throttled, { minutes: Math.ceil(wait / 60) });
        return reply
          .code(429)
          .header("retry-after", wait)
          .page("signup", { values, errors: { form: error } });
      }
      const taken = async () => {
        // Counted like a failed log-in: probing emails through sign-up is throttled too.
        await app.rateLimits.loginFailed(null, request.ip);
        return reply.code(422).page("signup", { values, errors: { email: t.signup.emailTaken } });
      };
      if ((await findAccountByEmail(app.db, form.email)) !== undefined) return taken();
      const passwordHash = await hashPassword(form.password);
      let created: Awaited<ReturnType<typeof createAccount>>;
      try {
        created = await createAccount(app.db, {
          name: form.name,
          email: form.email,
          plan: "trial",
          now: clock(),
        });
      } catch (err) {
        // Two sign-ups with one email at once: the unique index refuses the second.
        if ((await findAccountByEmail(app.db, form.email)) !== undefined) return taken();
        throw err;
      }
      await updateAccount(app.db, created.id, { password_hash: passwordHash });
      await reply.logIn(created.id);
      return reply.redirect("/account", 303);
    },
  );

  app.get("/login", { config: guest, schema: { querystring: PageQuery } }, async (request, reply) => {
    const out = (request.query as { out?: string }).out === "1";
    return reply.page("login", {
      values: {},
      error: null,
      notice: out ? textsFor(request.pageLang).login.loggedOut : null,
    });
  });
  app.post(
    "/login",
    { config: guest, schema: { body: LoginBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const email = request.body.email.trim().toLowerCase();
      const values = { email: request.body.email };
      const wait = await app.rateLimits.loginWait(email, request.ip);
      if (wait > 0) {
        const error = format(t.login.throttled, { minutes: Math.ceil(wait / 60) });
        return reply.code(429).header("retry-after", wait).page("login", { values, error, notice: null });
      }
      const found = email.length <= 254 ? await findAccountByEmail(app.db, email) : undefined;
      // Verified against a dummy hash when there is no such account: the same time either way.
      if (
        !(await passwordMatches(found?.password_hash ?? null, request.body.password)) ||
        found === undefined
      ) {
        await app.rateLimits.loginFailed(email, request.ip);
        return reply.code(401).page("login", { values, error: t.login.failed, notice: null });
      }
      await app.rateLimits.loginSucceeded(email);
      const old = request.session;
      if (old !== null) await endSession(app.db, old.token);
      await reply.logIn(found.id);
      return reply.redirect("/account", 303);
    },
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
    return reply.page("overview", { summary, usage, chartSize: CHART, keys, notice: flash?.notice ?? null });
  });

  app.get("/password", { config: account, schema: { querystring: PageQuery } }, async (request, reply) => {
    const flash = (await takeFlash(app.db, sessionOf(request))) as Flash | null;
    return reply.page("password", { errors: {}, notice: flash?.notice ?? null });
  });
  app.post(
    "/password",
    { config: account, schema: { body: PasswordBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const session = sessionOf(request);
      if (!(await passwordMatches(session.account.password_hash, request.body.current))) {
        await app.rateLimits.loginFailed(session.account.email, request.ip);
        return reply.code(422).page("password", { errors: { current: t.password.wrong }, notice: null });
      }
      try {
        checkNewPassword(request.body.next, "next");
      } catch {
        return reply.code(422).page("password", { errors: { next: t.signup.passwordLength }, notice: null });
      }
      await updateAccount(app.db, session.account.id, {
        password_hash: await hashPassword(request.body.next),
      });
      // Every session ends, this one included; this browser gets a new one (a new token).
      await endOtherSessions(app.db, session.account.id);
      const token = await reply.logIn(session.account.id);
      await setFlash(app.db, token, { notice: t.password.changed } satisfies Flash);
      return reply.redirect("/account/password", 303);
    },
  );
};

export default dashboardRoutes;
