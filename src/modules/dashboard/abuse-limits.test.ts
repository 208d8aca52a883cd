/**
 * Abuse limits of the dashboard that must not hurt real customers, over real HTTP (client addresses
 * set through X-Forwarded-For behind a trusted proxy): log-in failures counted per email and address
 * with device cookies so strangers cannot lock an owner out, sign-ups per address and per day, wrong
 * current passwords, weak passwords, and the audit log of what happened (page and log lines).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { FormClient, textOf } from "../../../test/browser-client.ts";
import { collectedLog, startTestService, type TestService } from "../../../test/helpers.ts";
import { type MailServer, startMailServer } from "../../../test/mail-server.ts";

let s: TestService;
let smtp: MailServer;
let origin: string;
let n = 0;
const log = collectedLog();
before(async () => {
  smtp = await startMailServer();
  s = await startTestService(
    {
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
      LOG_LEVEL: "info",
      SIGNUPS_PER_ADDRESS_PER_DAY: "3",
      SIGNUPS_PER_DAY: "8",
    },
    { logStream: log.stream },
  );
  origin = new URL(s.url("/")).origin;
});
after(async () => {
  await s.close();
  await smtp.close();
});

const PASSWORD = "a cellar of old riesling";
/** A browser at client address `ip`. */
const at = (ip: string) =>
  new FormClient(origin, { "x-forwarded-for": ip, "user-agent": `Test browser ${ip}` });
let addresses = 0;
/** A fresh documentation address (RFC 5737) per sign-up, so the sign-up limit is not what is tested. */
const freshIp = () => `198.51.100.${++addresses}`;

async function signUp(ip = freshIp()): Promise<{ client: FormClient; email: string }> {
  const email = `limits-${++n}-${Date.now()}@example.com`;
  const client = at(ip);
  const res = await client.submit("/account/signup", { name: "Owner", email, password: PASSWORD });
  assert.equal(res.status, 303, textOf(res.html));
  return { client, email };
}

describe("log-in throttling", () => {
  test("failures from one address pause that address for the email, not the owner elsewhere", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++) {
      assert.equal(
        (await at("203.0.113.1").submit("/account/login", { email, password: `x${i}` })).status,
        401,
      );
    }
    const paused = await at("203.0.113.1").submit("/account/login", { email, password: PASSWORD });
    assert.equal(paused.status, 429);
    assert.ok(Number(paused.headers.get("retry-after")) > 800);
    assert.equal(
      (await at("203.0.113.2").submit("/account/login", { email, password: PASSWORD })).status,
      303,
    );
  });

  test("strangers guessing from many addresses cannot lock out the owner's browser; a reset unlocks the rest", async () => {
    const { client, email } = await signUp();
    await client.submit("/account", {}, "/account/logout");
    for (let a = 10; a < 13; a++) {
      for (let i = 0; i < 4; i++)
        await at(`203.0.113.${a}`).submit("/account/login", { email, password: `guess ${i}` });
    }
    // 12 failures for this email: a browser that never logged in to it waits, wherever it is.
    const newcomer = await at("192.0.2.77").submit("/account/login", { email, password: PASSWORD });
    assert.equal(newcomer.status, 429);
    // The owner's browser has its device cookie from the sign-up: it logs in.
    assert.equal((await client.submit("/account/login", { email, password: PASSWORD })).status, 303);
    // A reset by mail proves the owner and clears the email's count for every browser.
    const before = smtp.mails.length;
    await at("192.0.2.77").submit("/account/forgot", { email });
    const mail = await smtp.next(email, /Reset your password/, before);
    const token = new URL(mail.links[0] ?? "").searchParams.get("token") ?? "";
    const browser = at("192.0.2.77");
    const reset = await browser.submit(
      `/account/reset?token=${token}`,
      { token, next: "a fresh cellar phrase" },
      "/account/reset",
    );
    assert.equal(reset.status, 303);
    assert.equal(
      (await at("192.0.2.77").submit("/account/login", { email, password: "a fresh cellar phrase" })).status,
      303,
    );
  });

  test("a device cookie counts its own failures: five wrong in a row pause that browser too", async () => {
    const { client, email } = await signUp();
    await client.submit("/account", {}, "/account/logout");
    for (let i = 0; i < 5; i++)
      assert.equal((await client.submit("/account/login", { email, password: `no ${i}` })).status, 401);
    assert.equal((await client.submit("/account/login", { email, password: PASSWORD })).status, 429);
  });
});

describe("sign-up limits", () => {
  test("3 sign-ups per address a day and 8 in all: then 429 until the next UTC day", async () => {
    const ip = "192.0.2.200";
    for (let i = 0; i < 3; i++) await signUp(ip);
    const refused = await at(ip).submit("/account/signup", {
      name: "Fourth",
      email: `fourth-${Date.now()}@example.com`,
      password: PASSWORD,
    });
    assert.equal(refused.status, 429);
    assert.match(textOf(refused.html), /Too many accounts were created from your network today/);
    // Others still can, up to the day's total of 8 (the earlier tests made some of them).
    let made = 0;
    let last = 0;
    while (made < 20) {
      const res = await at(freshIp()).submit("/account/signup", {
        name: "Other",
        email: `other-${++made}-${Date.now()}@example.com`,
        password: PASSWORD,
      });
      last = res.status;
      if (res.status === 429) break;
    }
    assert.equal(last, 429, "the day's total is reached");
    s.clock.advanceDays(1);
    await signUp(ip);
  });
});

describe("passwords", () => {
  test("common and guessable passwords are refused with a helpful message, in the page's language", async () => {
    for (const password of ["1234567890", "password12", "Owner12345"]) {
      const res = await at(freshIp()).submit("/account/signup", {
        name: "Owner",
        email: `weak-${++n}@example.com`,
        password,
      });
      assert.equal(res.status, 422, password);
      assert.match(textOf(res.html), /This password is too easy to guess\./);
    }
    const de = await at(freshIp()).submit(
      "/account/signup?lang=de",
      { name: "Owner", email: `weak-${++n}@example.com`, password: "passwort123" },
      "/account/signup",
    );
    assert.equal(de.status, 422);
    assert.match(textOf(de.html), /Dieses Passwort ist zu leicht zu erraten\./);
  });

  test("wrong current passwords on the password form are limited to 5 in 15 minutes", async () => {
    const { client } = await signUp();
    for (let i = 0; i < 5; i++) {
      assert.equal(
        (await client.submit("/account/password", { current: `wrong ${i}`, next: "a new cellar phrase" }))
          .status,
        422,
      );
    }
    const paused = await client.submit("/account/password", {
      current: PASSWORD,
      next: "a new cellar phrase",
    });
    assert.equal(paused.status, 429);
    assert.match(textOf(paused.html), /Too many wrong passwords/);
  });
});

describe("audit log", () => {
  test("security events are on the owner's security page and in the log, without secrets", async () => {
    const ip = freshIp();
    const { client, email } = await signUp(ip);
    await at("203.0.113.50").submit("/account/login", { email, password: "not it" });
    await client.submit("/account/keys", { name: "sync", abilities: "*", rate_limit: "10" });
    const keys = (await client.get("/account/keys")).html;
    const prefix = /data-prefix="(wds_[a-z0-9]{8})"/.exec(keys)?.[1] ?? "";
    await client.submit(`/account/keys/${prefix}/revoke`, {});
    await client.submit("/account/password", { current: PASSWORD, next: "a new cellar phrase" });
    const page = await client.get("/account/security");
    assert.equal(page.status, 200);
    const text = textOf(page.html);
    for (const event of [
      "Account created",
      "Failed log-in",
      "API key created",
      "API key revoked",
      "Password changed",
    ]) {
      assert.match(text, new RegExp(event), event);
    }
    assert.match(text, /203\.0\.113\.50/);
    assert.match(text, new RegExp(`Test browser ${ip.replace(/\./g, "\\.")}`));
    const lines = log.lines
      .filter((l) => l.includes('"audit"'))
      .map((l) => JSON.parse(l) as { audit: Record<string, unknown> });
    const events = lines.map((l) => l.audit.event);
    for (const event of [
      "account.created",
      "login.failed",
      "key.created",
      "key.revoked",
      "password.changed",
    ]) {
      assert.ok(events.includes(event), event);
    }
    const all = log.lines.join("\n");
    assert.ok(!all.includes(PASSWORD), "no password in the log");
    assert.ok(!/wds_[a-z0-9]{8}_[A-Za-z0-9]{32}/.test(all), "no key in the log");
    // Another account does not see these events.
    const other = await signUp();
    assert.doesNotMatch(textOf((await other.client.get("/account/security")).html), /203\.0\.113\.50/);
  });
});
