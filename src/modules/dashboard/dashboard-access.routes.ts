/**
 * The dashboard's doors for visitors who are not logged in: sign-up (a 14-day trial, the address to
 * be confirmed by a mailed link), log-in, and a forgotten password (a mailed single-use link, then a
 * new password). Every POST checks its CSRF token; limits against abuse come from
 * `app.accountLimits` (plugins/account-limits.ts), new passwords are judged by
 * `app.passwordStrength`, and every outcome that matters is recorded in the audit log.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  completePasswordReset,
  resetTokenAccount,
  startPasswordReset,
} from "../accounts/account-links.service.ts";
import { createAccount, findAccountByEmail, updateAccount } from "../accounts/accounts.service.ts";
import { hashPassword, passwordLengthFits, passwordMatches } from "../accounts/passwords.ts";
import { endSession, setFlash } from "../accounts/sessions.service.ts";
import { mailLinkBase, noMailLinks, passwordChangedMail, resetMail, sendQuietly } from "./account-mails.ts";
import {
  ForgotBody,
  LoginBody,
  LoginQuery,
  PageQuery,
  ResetBody,
  SignupBody,
  TokenQuery,
} from "./dashboard.schemas.ts";
import {
  auditor,
  checkSignupForm,
  type DashboardOptions,
  type Flash,
  isEmailAddress,
  minutesOf,
  weakPasswordMessage,
} from "./dashboard.service.ts";
import { format, textsFor } from "./texts/texts.ts";
import { mailVerification } from "./verification.ts";

const dashboardAccessRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, options) => {
  const { publicUrl } = options;
  const clock = app.clock;
  const guest = { page: "guest", public: true } as const;
  const audit = auditor(app.db, app.log, clock);

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
      const wait = await app.accountLimits.signupWait(request.ip, clock());
      if (wait > 0) {
        const error =
          wait > 900
            ? format(t.signup.throttled, { hours: Math.ceil(wait / 3600) })
            : format(t.login.throttled, { minutes: minutesOf(wait) });
        return reply
          .code(429)
          .header("retry-after", wait)
          .page("signup", { values, errors: { form: error } });
      }
      const taken = async () => {
        await app.accountLimits.signupRefused(request.ip);
        return reply.code(422).page("signup", { values, errors: { email: t.signup.emailTaken } });
      };
      if ((await findAccountByEmail(app.db, form.email)) !== undefined) return taken();
      const verdict = await app.passwordStrength.check(
        form.password,
        [form.name, form.email],
        request.pageLang,
      );
      if (!verdict.ok) {
        return reply
          .code(422)
          .page("signup", { values, errors: { password: weakPasswordMessage(verdict, t) } });
      }
      const passwordHash = await hashPassword(form.password);
      let created: Awaited<ReturnType<typeof createAccount>>;
      try {
        created = await createAccount(app.db, {
          name: form.name,
          email: form.email,
          plan: "trial",
          now: clock(),
          verified: false,
        });
      } catch (err) {
        // Two sign-ups with one email at once: the unique index refuses the second.
        if ((await findAccountByEmail(app.db, form.email)) !== undefined) return taken();
        throw err;
      }
      await updateAccount(app.db, created.id, { password_hash: passwordHash });
      await app.accountLimits.signupCounted(request.ip, clock());
      await audit(request, "account.created", created.id, { plan: "trial" });
      const session = await reply.logIn(created.id);
      reply.rememberDevice(created.email);
      const sent = await mailVerification(app, request, created, { publicUrl, now: clock() });
      if (sent) await audit(request, "email.verification_sent", created.id);
      const notice = sent ? format(t.signup.checkMail, { email: created.email }) : t.verify.mailFailed;
      await setFlash(app.db, session, { notice } satisfies Flash);
      return reply.redirect("/account", 303);
    },
  );

  app.get("/login", { config: guest, schema: { querystring: LoginQuery } }, async (request, reply) => {
    const t = textsFor(request.pageLang);
    // The notice of the page this one was sent from (`?out=1`, `?reset=1`, …), in that order.
    const notices = [
      [request.query.out, t.login.loggedOut],
      [request.query.reset, t.reset.done],
      [request.query.deleted, t.profile.deleted],
      [request.query.verified, t.verify.done],
    ] as const;
    const notice = notices.find(([flag]) => flag === "1")?.[1] ?? null;
    return reply.page("login", { values: {}, error: null, notice });
  });
  app.post(
    "/login",
    { config: guest, schema: { body: LoginBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const email = request.body.email.trim().toLowerCase();
      const values = { email: request.body.email };
      const attempt = { email, ip: request.ip, device: request.knownDevice(email) };
      const wait = await app.accountLimits.loginWait(attempt);
      if (wait > 0) {
        const error = format(t.login.throttled, { minutes: minutesOf(wait) });
        return reply.code(429).header("retry-after", wait).page("login", { values, error, notice: null });
      }
      const found = email.length <= 254 ? await findAccountByEmail(app.db, email) : undefined;
      // Verified against a dummy hash when there is no such account: the same time either way.
      if (
        !(await passwordMatches(found?.password_hash ?? null, request.body.password)) ||
        found === undefined
      ) {
        const reachedLimit = await app.accountLimits.loginFailed(attempt);
        await audit(request, "login.failed", found?.id ?? null);
        if (reachedLimit && found !== undefined) await audit(request, "login.throttled", found.id);
        return reply.code(401).page("login", { values, error: t.login.failed, notice: null });
      }
      await app.accountLimits.loginSucceeded(attempt);
      const old = request.session;
      if (old !== null) await endSession(app.db, old.token);
      await reply.logIn(found.id);
      reply.rememberDevice(found.email);
      await audit(request, "login.succeeded", found.id);
      return reply.redirect("/account", 303);
    },
  );

  app.get("/forgot", { config: guest, schema: { querystring: PageQuery } }, async (_request, reply) =>
    reply.page("forgot", { values: {}, error: null, notice: null }),
  );
  app.post(
    "/forgot",
    { config: guest, schema: { body: ForgotBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const email = request.body.email.trim().toLowerCase();
      const values = { email: request.body.email };
      if (!isEmailAddress(email)) {
        return reply.code(422).page("forgot", { values, error: t.signup.emailInvalid, notice: null });
      }
      const wait = await app.accountLimits.mailWait("reset", email, request.ip);
      if (wait > 0) {
        const error = format(t.verify.throttled, { minutes: minutesOf(wait) });
        return reply.code(429).header("retry-after", wait).page("forgot", { values, error, notice: null });
      }
      const base = mailLinkBase(request.linkBase, publicUrl);
      if (base === null) throw noMailLinks(request.log);
      await app.accountLimits.mailSent("reset", email, request.ip);
      // The same answer whether or not an account has this email; the mail itself is not awaited,
      // so its time does not tell either.
      const started = await startPasswordReset(app.db, email, clock());
      if (started !== null) {
        sendQuietly(app.mailer, resetMail(t, started.account, base, started.token));
        await audit(request, "password.reset_requested", started.account.id);
      }
      return reply.page("forgot", { values: {}, error: null, notice: format(t.forgot.sent, { email }) });
    },
  );

  // Open: a link followed while logged in works too (every session ends with the reset anyway).
  const open = { page: "open", public: true } as const;
  app.get("/reset", { config: open, schema: { querystring: TokenQuery } }, async (request, reply) => {
    const token = request.query.token ?? "";
    const account = await resetTokenAccount(app.db, token, clock());
    if (account === null) return reply.code(400).page("reset", { token: null, errors: {} });
    return reply.page("reset", { token, errors: {} });
  });
  app.post(
    "/reset",
    { config: open, schema: { body: ResetBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const { token, next } = request.body;
      const account = await resetTokenAccount(app.db, token, clock());
      if (account === null) return reply.code(400).page("reset", { token: null, errors: {} });
      if (!passwordLengthFits(next)) {
        return reply.code(422).page("reset", { token, errors: { next: t.signup.passwordLength } });
      }
      const verdict = await app.passwordStrength.check(next, [account.name, account.email], request.pageLang);
      if (!verdict.ok) {
        return reply.code(422).page("reset", { token, errors: { next: weakPasswordMessage(verdict, t) } });
      }
      const changed = await completePasswordReset(
        app.db,
        token,
        await hashPassword(next),
        clock(),
        app.keyCache,
      );
      if (changed === null) return reply.code(400).page("reset", { token: null, errors: {} });
      await app.accountLimits.loginUnlocked(changed.email);
      await audit(request, "password.reset", changed.id);
      const base = mailLinkBase(request.linkBase, publicUrl);
      if (base !== null) sendQuietly(app.mailer, passwordChangedMail(t, changed, base));
      reply.clearSession();
      return reply.redirect("/account/login?reset=1", 303);
    },
  );
};

export default dashboardAccessRoutes;
