/**
 * The owner's own account under `/account`: the password (change), the profile (name; email
 * address, changed through a link mailed to the new address, with a notice to the old one),
 * deleting the account, and the security log. Whatever needs the current password is throttled
 * per account (`app.accountLimits.passwordCheck…`: 5 wrong in 15 minutes). Every change is
 * recorded in the audit log.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AccountRow } from "../../db/types.ts";
import { completeEmailChange, startEmailChange } from "../accounts/account-links.service.ts";
import { deleteAccount, findAccountByEmail, updateAccount } from "../accounts/accounts.service.ts";
import { accountAuditEvents } from "../accounts/audit.service.ts";
import { hashPassword, passwordLengthFits, passwordMatches } from "../accounts/passwords.ts";
import { endOtherSessions, setFlash, takeFlash } from "../accounts/sessions.service.ts";
import {
  changeEmailMail,
  deletedMail,
  emailChangedMail,
  mailLinkBase,
  noMailLinks,
  passwordChangedMail,
  sendQuietly,
} from "./account-mails.ts";
import { DeleteBody, EmailBody, NameBody, PageQuery, PasswordBody, TokenQuery } from "./dashboard.schemas.ts";
import {
  auditLogRows,
  auditor,
  type DashboardOptions,
  type Flash,
  isEmailAddress,
  minutesOf,
  sessionOf,
  weakPasswordMessage,
} from "./dashboard.service.ts";
import { format, textsFor } from "./texts/texts.ts";

/** What the current-password check of a form found. */
type PasswordCheck = { ok: true } | { ok: false; error: string; status: 422 | 429 };

const dashboardProfileRoutes: FastifyPluginAsyncTypebox<DashboardOptions> = async (app, options) => {
  const { publicUrl } = options;
  const clock = app.clock;
  const account = { page: "account", public: true } as const;
  const audit = auditor(app.db, app.log, clock);

  /**
   * Checks `password` against `owner`'s, throttled per account (a pause sets Retry-After on `reply`);
   * a wrong one is counted and recorded.
   */
  async function checkCurrent(
    request: FastifyRequest,
    reply: FastifyReply,
    owner: AccountRow,
    password: string,
  ): Promise<PasswordCheck> {
    const t = textsFor(request.pageLang);
    const wait = await app.accountLimits.passwordCheckWait(owner.id);
    if (wait > 0) {
      reply.header("retry-after", wait);
      return { ok: false, status: 429, error: format(t.password.throttled, { minutes: minutesOf(wait) }) };
    }
    if (await passwordMatches(owner.password_hash, password)) {
      await app.accountLimits.passwordCheckSucceeded(owner.id);
      return { ok: true };
    }
    await app.accountLimits.passwordCheckFailed(owner.id);
    await audit(request, "password.change_failed", owner.id);
    return { ok: false, status: 422, error: t.password.wrong };
  }

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
      const owner = session.account;
      const current = await checkCurrent(request, reply, owner, request.body.current);
      if (!current.ok) {
        return reply
          .code(current.status)
          .page("password", { errors: { current: current.error }, notice: null });
      }
      const next = request.body.next;
      if (!passwordLengthFits(next)) {
        return reply.code(422).page("password", { errors: { next: t.signup.passwordLength }, notice: null });
      }
      const verdict = await app.passwordStrength.check(next, [owner.name, owner.email], request.pageLang);
      if (!verdict.ok) {
        return reply
          .code(422)
          .page("password", { errors: { next: weakPasswordMessage(verdict, t) }, notice: null });
      }
      await updateAccount(app.db, owner.id, { password_hash: await hashPassword(next) });
      // Every session ends, this one included; this browser gets a new one (a new token).
      await endOtherSessions(app.db, owner.id);
      const token = await reply.logIn(owner.id);
      await setFlash(app.db, token, { notice: t.password.changed } satisfies Flash);
      await audit(request, "password.changed", owner.id);
      const base = mailLinkBase(request.linkBase, publicUrl);
      if (base !== null) sendQuietly(app.mailer, passwordChangedMail(t, owner, base));
      return reply.redirect("/account/password", 303);
    },
  );

  /** The profile page with `errors` beside its fields and `values` typed. */
  const profilePage = (
    request: FastifyRequest,
    notice: string | null,
    errors: Record<string, string> = {},
    values: Record<string, string> = {},
  ) => ({ notice, errors, values: { name: sessionOf(request).account.name, ...values } });

  app.get("/profile", { config: account, schema: { querystring: PageQuery } }, async (request, reply) => {
    const flash = (await takeFlash(app.db, sessionOf(request))) as Flash | null;
    return reply.page("profile", profilePage(request, flash?.notice ?? null));
  });
  app.post(
    "/profile/name",
    { config: account, schema: { body: NameBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const session = sessionOf(request);
      const name = request.body.name.trim();
      if (name.length < 1 || name.length > 100) {
        return reply
          .code(422)
          .page(
            "profile",
            profilePage(request, null, { name: t.signup.nameRequired }, { name: request.body.name }),
          );
      }
      if (name !== session.account.name) {
        await updateAccount(app.db, session.account.id, { name });
        await audit(request, "name.changed", session.account.id);
      }
      await setFlash(app.db, session.token, { notice: t.profile.nameSaved } satisfies Flash);
      return reply.redirect("/account/profile", 303);
    },
  );
  app.post(
    "/profile/email",
    { config: account, schema: { body: EmailBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const session = sessionOf(request);
      const owner = session.account;
      const email = request.body.email.trim().toLowerCase();
      const values = { email: request.body.email };
      const fail = (status: number, errors: Record<string, string>) =>
        reply.code(status).page("profile", profilePage(request, null, errors, values));
      if (!isEmailAddress(email)) {
        return fail(422, { email: t.signup.emailInvalid });
      }
      if (email === owner.email) return fail(422, { email: t.profile.emailSame });
      const current = await checkCurrent(request, reply, owner, request.body.password);
      if (!current.ok) {
        return fail(current.status, { password: current.error });
      }
      const wait = await app.accountLimits.mailWait("change_email", String(owner.id), request.ip);
      if (wait > 0) {
        reply.header("retry-after", wait);
        return fail(429, { email: format(t.verify.throttled, { minutes: minutesOf(wait) }) });
      }
      const base = mailLinkBase(request.linkBase, publicUrl);
      if (base === null) throw noMailLinks(request.log);
      await app.accountLimits.mailSent("change_email", String(owner.id), request.ip);
      // An address another account has gets no link, but the page says the same (no enumeration).
      if ((await findAccountByEmail(app.db, email)) === undefined) {
        const token = await startEmailChange(app.db, owner, email, clock());
        try {
          await app.mailer.send(changeEmailMail(t, owner, email, base, token));
        } catch {
          return reply
            .code(503)
            .header("retry-after", 60)
            .page("message", { title: t.verify.mailFailed, text: null, link: "/account/profile" });
        }
        await audit(request, "email.change_requested", owner.id, { to: email });
      }
      await setFlash(app.db, session.token, {
        notice: format(t.profile.emailSent, { email }),
      } satisfies Flash);
      return reply.redirect("/account/profile", 303);
    },
  );

  // The link mailed to the new address: works logged in or out, in any browser.
  app.get(
    "/email/confirm",
    { config: { page: "open", public: true }, schema: { querystring: TokenQuery } },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const change = await completeEmailChange(app.db, request.query.token ?? "", clock(), app.keyCache);
      if (change.kind !== "changed") {
        const title = change.kind === "taken" ? t.signup.emailTaken : t.verify.invalid;
        return reply.code(400).page("message", { title, text: null, link: null });
      }
      await audit(request, "email.changed", change.account.id);
      const base = mailLinkBase(request.linkBase, publicUrl);
      if (base !== null) sendQuietly(app.mailer, emailChangedMail(t, change.account, change.oldEmail, base));
      const notice = format(t.profile.emailChanged, { email: change.account.email });
      const session = request.session;
      if (session === null || session.account.id !== change.account.id) {
        return reply.page("message", { title: notice, text: null, link: "/account/login" });
      }
      await setFlash(app.db, session.token, { notice } satisfies Flash);
      return reply.redirect("/account/profile", 303);
    },
  );

  app.get("/delete", { config: account, schema: { querystring: PageQuery } }, async (_request, reply) =>
    reply.page("delete", { error: null }),
  );
  app.post(
    "/delete",
    { config: account, schema: { body: DeleteBody }, preValidation: app.csrfProtection },
    async (request, reply) => {
      const t = textsFor(request.pageLang);
      const owner = sessionOf(request).account;
      const paying = owner.billing_subscription_id !== null && ["active", "past_due"].includes(owner.status);
      if (paying) return reply.code(409).page("delete", { error: t.profile.cancelFirst });
      const current = await checkCurrent(request, reply, owner, request.body.password);
      if (!current.ok) {
        return reply.code(current.status).page("delete", { error: current.error });
      }
      await deleteAccount(app.db, owner.id, app.keyCache);
      await audit(request, "account.deleted", owner.id);
      sendQuietly(app.mailer, deletedMail(t, owner));
      reply.clearSession();
      return reply.redirect("/account/login?deleted=1", 303);
    },
  );

  app.get("/security", { config: account, schema: { querystring: PageQuery } }, async (request, reply) => {
    const t = textsFor(request.pageLang);
    const events = await accountAuditEvents(app.db, sessionOf(request).account.id);
    return reply.page("security", { events: auditLogRows(events, t) });
  });
};

export default dashboardProfileRoutes;
