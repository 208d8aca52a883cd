/**
 * The account flows that go through mail, over real HTTP and a real SMTP server started by the test
 * (test/mail-server.ts): the address confirmed at sign-up (an unconfirmed trial gets a small daily
 * allowance), a forgotten password reset by a single-use, expiring link, an email change confirmed
 * on the new address with a notice to the old one, and deleting the account. The browser walk of
 * the same flows is in test/account-browser.test.ts.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { FormClient, textOf } from "../../../test/browser-client.ts";
import { collectedLog, startTestService, type TestService } from "../../../test/helpers.ts";
import { type MailServer, startMailServer } from "../../../test/mail-server.ts";
import { findAccountByEmail } from "../accounts/accounts.repository.ts";

let s: TestService;
let smtp: MailServer;
let origin: string;
let n = 0;
before(async () => {
  smtp = await startMailServer();
  s = await startTestService({ SMTP_URL: smtp.url, MAIL_FROM: "Wine Data Service <api@example.com>" });
  origin = new URL(s.url("/")).origin;
});
after(async () => {
  await s.close();
  await smtp.close();
});

const PASSWORD = "a cellar of old riesling";

/** A new browser signed up with a fresh email (the verification mail not yet followed). */
async function signUp(): Promise<{ client: FormClient; email: string }> {
  const email = `mail-${++n}-${Date.now()}@example.com`;
  const client = new FormClient(origin);
  const res = await client.submit("/account/signup", { name: "Cellar Owner", email, password: PASSWORD });
  assert.equal(res.status, 303, textOf(res.html));
  return { client, email };
}

/** The path and query of `link` (the tests' browsers talk to the origin directly). */
const pathOf = (link: string) => {
  const url = new URL(link);
  assert.equal(url.origin, origin, "links point at the service");
  return `${url.pathname}${url.search}`;
};

describe("email verification", () => {
  test("sign-up mails a link; until it is followed the trial has 100 requests a day, then 1,000", async () => {
    const { client, email } = await signUp();
    const mail = await smtp.next(email, /Confirm your email address/);
    assert.match(mail.from, /api@example\.com/);
    assert.match(mail.text, /^Hello Cellar Owner,/);
    assert.equal(mail.links.length, 1);
    const overview = textOf((await client.get("/account")).html);
    assert.match(overview, /We sent a link to/);
    assert.match(
      overview,
      /Please confirm your email address: we sent a link to .* your trial allows 100 requests a day/,
    );
    const row = await findAccountByEmail(s.app.db, email);
    assert.equal(row?.email_verified_at, null);

    const keyPage = await client.submit("/account/keys", { name: "sync", abilities: "*", rate_limit: "60" });
    assert.equal(keyPage.status, 303);
    const key =
      /data-testid="new-key"[^>]*>([^<]+)</.exec((await client.get("/account/keys")).html)?.[1] ?? "";
    const limited = await s.request("/wines?per_page=1", { key });
    assert.equal(limited.status, 200);

    // A logged-out browser follows the link: verified, and sent to the log-in page.
    const other = new FormClient(origin);
    const followed = await other.get(pathOf(mail.links[0] ?? ""));
    assert.equal(followed.status, 303);
    assert.equal(followed.location, "/account/login?verified=1");
    assert.match(
      textOf((await other.get("/account/login?verified=1")).html),
      /your email address is confirmed/,
    );
    assert.notEqual((await findAccountByEmail(s.app.db, email))?.email_verified_at, null);
    assert.doesNotMatch(textOf((await client.get("/account")).html), /Please confirm your email/);
    assert.match(textOf((await client.get("/account")).html), /of 1,000/);
    // Single use.
    assert.equal((await other.get(pathOf(mail.links[0] ?? ""))).status, 400);
  });

  test("an unverified trial's daily allowance is enforced by the API", async () => {
    const { client, email } = await signUp();
    await smtp.next(email, /Confirm/);
    await client.submit("/account/keys", { name: "sync", abilities: "*", rate_limit: "60" });
    const key =
      /data-testid="new-key"[^>]*>([^<]+)</.exec((await client.get("/account/keys")).html)?.[1] ?? "";
    const account = await findAccountByEmail(s.app.db, email);
    // 99 requests counted already today; the 100th passes, the 101st is over the allowance.
    for (let i = 0; i < 99; i++) await s.app.rateLimits.hitDay(account?.id ?? 0, null, s.clock.now());
    assert.equal((await s.request("/grapes?per_page=1", { key })).status, 200);
    const over = await s.request("/grapes?per_page=1", { key });
    assert.equal(over.status, 429);
    assert.equal((over.body as { code: string }).code, "quota_exceeded");
  });

  test("the link can be sent again, at most 3 times an hour; the old link then no longer works", async () => {
    const { client, email } = await signUp();
    const first = await smtp.next(email, /Confirm/);
    const before = smtp.mails.length;
    const resent = await client.submit("/account", {}, "/account/verify/resend");
    assert.equal(resent.status, 303);
    const second = await smtp.next(email, /Confirm/, before);
    assert.notEqual(second.links[0], first.links[0]);
    assert.equal((await new FormClient(origin).get(pathOf(first.links[0] ?? ""))).status, 400, "replaced");
    await client.submit("/account", {}, "/account/verify/resend");
    await client.submit("/account", {}, "/account/verify/resend");
    const sentBefore = smtp.mails.length;
    await client.submit("/account", {}, "/account/verify/resend");
    assert.match(textOf((await client.get("/account")).html), /Too many mails were asked for/);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(smtp.mails.length, sentBefore, "no fourth mail within the hour");
  });
});

describe("forgotten password", () => {
  test("a mailed link sets a new password once, ends every session and unlocks the email", async () => {
    const { client, email } = await signUp();
    const stranger = new FormClient(origin);
    const answer = await stranger.submit("/account/forgot", { email });
    assert.equal(answer.status, 200);
    assert.match(textOf(answer.html), /If an account exists for .* we sent it a link/);
    const mail = await smtp.next(email, /Reset your password/);
    const link = pathOf(mail.links[0] ?? "");
    assert.match(link, /^\/account\/reset\?token=[A-Za-z0-9_-]{43}$/);

    const browser = new FormClient(origin);
    const form = await browser.get(link);
    assert.equal(form.status, 200);
    const weak = await browser.submit(
      link,
      { token: new URL(mail.links[0] ?? "").searchParams.get("token") ?? "", next: "password123" },
      "/account/reset",
    );
    assert.equal(weak.status, 422);
    assert.match(textOf(weak.html), /too easy to guess/);
    const token = new URL(mail.links[0] ?? "").searchParams.get("token") ?? "";
    const set = await browser.submit(link, { token, next: "a brand new cellar phrase" }, "/account/reset");
    assert.equal(set.status, 303);
    assert.equal(set.location, "/account/login?reset=1");
    assert.equal((await client.get("/account")).status, 303, "the old session ended");
    const notice = await smtp.next(email, /Your password was changed/);
    assert.match(notice.text, /\/account\/forgot/);
    assert.equal(
      (await new FormClient(origin).submit("/account/login", { email, password: PASSWORD })).status,
      401,
    );
    const login = await new FormClient(origin).submit("/account/login", {
      email,
      password: "a brand new cellar phrase",
    });
    assert.equal(login.status, 303);
    // Single use.
    assert.equal((await browser.get(link)).status, 400);
    assert.equal(
      (await browser.submit("/account/forgot", { token, next: "another fine phrase here" }, "/account/reset"))
        .status,
      400,
    );
  });

  test("an unknown email gets the same answer and no mail; a link expires after an hour", async () => {
    const before = smtp.mails.length;
    const ghost = `ghost-${Date.now()}@example.com`;
    const answer = await new FormClient(origin).submit("/account/forgot", { email: ghost });
    assert.equal(answer.status, 200);
    assert.match(textOf(answer.html), /If an account exists for/);
    const { email } = await signUp();
    await new FormClient(origin).submit("/account/forgot", { email });
    const mail = await smtp.next(email, /Reset your password/, before);
    assert.equal(smtp.mails.filter((m) => m.to.includes(ghost)).length, 0);
    s.clock.advanceDays(1 / 24 + 0.001);
    const expired = await new FormClient(origin).get(pathOf(mail.links[0] ?? ""));
    assert.equal(expired.status, 400);
    assert.match(textOf(expired.html), /invalid, was used already or has expired/);
  });

  test("reset mails are limited to 3 an hour per email", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 3; i++) {
      assert.equal((await new FormClient(origin).submit("/account/forgot", { email })).status, 200);
    }
    const fourth = await new FormClient(origin).submit("/account/forgot", { email });
    assert.equal(fourth.status, 429);
    assert.ok(Number(fourth.headers.get("retry-after")) > 0);
  });
});

describe("email change and deletion", () => {
  test("a new address is confirmed by a link sent to it; the old one is told", async () => {
    const { client, email } = await signUp();
    const next = `moved-${Date.now()}@example.com`;
    const wrong = await client.submit(
      "/account/profile",
      { email: next, password: "not my password" },
      "/account/profile/email",
    );
    assert.equal(wrong.status, 422);
    const asked = await client.submit(
      "/account/profile",
      { email: next, password: PASSWORD },
      "/account/profile/email",
    );
    assert.equal(asked.status, 303);
    assert.match(textOf((await client.get("/account/profile")).html), /We sent a link to moved-/);
    const mail = await smtp.next(next, /Confirm your new email address/);
    assert.equal((await findAccountByEmail(s.app.db, email))?.email, email, "unchanged until confirmed");
    const confirmed = await client.get(pathOf(mail.links[0] ?? ""));
    assert.equal(confirmed.status, 303);
    assert.match(textOf((await client.get("/account/profile")).html), /Your email address is now moved-/);
    assert.equal((await findAccountByEmail(s.app.db, next))?.name, "Cellar Owner");
    const notice = await smtp.next(email, /Your email address was changed/);
    assert.match(notice.text, new RegExp(next.replace(/[.]/g, "\\.")));
    assert.equal(
      (await new FormClient(origin).submit("/account/login", { email: next, password: PASSWORD })).status,
      303,
    );
  });

  test("an address another account has gets no link, and the page does not tell", async () => {
    const { client } = await signUp();
    const { email: taken } = await signUp();
    const before = smtp.mails.length;
    const asked = await client.submit(
      "/account/profile",
      { email: taken, password: PASSWORD },
      "/account/profile/email",
    );
    assert.equal(asked.status, 303);
    assert.match(textOf((await client.get("/account/profile")).html), /We sent a link to/);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(smtp.mails.slice(before).filter((m) => /new email/.test(m.subject)).length, 0);
  });

  test("deleting the account needs the password, revokes its keys and ends its sessions", async () => {
    const { client, email } = await signUp();
    await client.submit("/account/keys", { name: "sync", abilities: "*", rate_limit: "60" });
    const key =
      /data-testid="new-key"[^>]*>([^<]+)</.exec((await client.get("/account/keys")).html)?.[1] ?? "";
    assert.equal((await s.request("/ping", { key })).status, 200);
    assert.equal((await client.submit("/account/delete", { password: "wrong one" })).status, 422);
    const deleted = await client.submit("/account/delete", { password: PASSWORD });
    assert.equal(deleted.status, 303);
    assert.equal(deleted.location, "/account/login?deleted=1");
    assert.equal((await s.request("/ping", { key })).status, 401);
    assert.equal(await findAccountByEmail(s.app.db, email), undefined);
    assert.equal((await client.get("/account")).status, 303);
    await smtp.next(email, /Your account was deleted/);
  });

  test("a mail server that refuses mail: the page says so (503) and works again when it accepts", async () => {
    const { client, email } = await signUp();
    await smtp.next(email, /Confirm/);
    smtp.refuse(true);
    try {
      const refused = await client.submit("/account", {}, "/account/verify/resend");
      assert.equal(refused.status, 503);
      assert.match(textOf(refused.html), /could not be sent right now/);
    } finally {
      smtp.refuse(false);
    }
    const before = smtp.mails.length;
    assert.equal((await client.submit("/account", {}, "/account/verify/resend")).status, 303);
    await smtp.next(email, /Confirm/, before);
  });
});

describe("plan", () => {
  test("an upgrade asked for (manual provider) is confirmed by mail, with the plan and its price", async () => {
    const { client, email } = await signUp();
    const asked = await client.submit("/account/plan", { plan: "enterprise" }, "/account/plan/upgrade");
    assert.equal(asked.status, 303);
    const mail = await smtp.next(email, /Your plan change request: Enterprise/);
    assert.match(mail.text, /switch to the Enterprise plan \(€299 a month\)/);
  });
});

describe("the log transport (no SMTP_URL)", () => {
  test("development prints the whole mail, whose link works; production only its subject", async () => {
    const dev = collectedLog();
    const devService = await startTestService({ LOG_LEVEL: "info" }, { logStream: dev.stream });
    const prod = collectedLog();
    const prodService = await startTestService(
      { LOG_LEVEL: "info", NODE_ENV: "production" },
      { logStream: prod.stream },
    );
    try {
      const email = `logged-${Date.now()}@example.com`;
      const devOrigin = new URL(devService.url("/")).origin;
      await new FormClient(devOrigin).submit("/account/signup", { name: "Dev", email, password: PASSWORD });
      const line = dev.lines.find((l) => l.includes("log transport"));
      const mail = (JSON.parse(line ?? "{}") as { mail?: { to: string; text: string } }).mail;
      assert.equal(mail?.to, email);
      const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "";
      const url = new URL(link);
      assert.equal((await new FormClient(devOrigin).get(`${url.pathname}${url.search}`)).status, 303);

      const prodOrigin = new URL(prodService.url("/")).origin;
      await new FormClient(prodOrigin).submit("/account/signup", { name: "Prod", email, password: PASSWORD });
      assert.ok(prod.lines.some((l) => l.includes("SMTP_URL is not set")));
      const prodLine = prod.lines.find((l) => l.includes("log transport")) ?? "";
      assert.match(prodLine, /Confirm your email address/);
      assert.doesNotMatch(prodLine, /token=/);
    } finally {
      await devService.close();
      await prodService.close();
    }
  });
});
