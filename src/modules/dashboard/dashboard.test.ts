/**
 * The account dashboard over real HTTP: sign-up, sessions, CSRF, log-in throttling, keys, usage and
 * the subscription states with a controllable clock (the browser flow is in
 * test/dashboard-browser.test.ts).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { csrfOf, FormClient, textOf } from "../../../test/browser-client.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { findAccountByEmail } from "../accounts/accounts.repository.ts";
import { setPlan, setState } from "../accounts/accounts.service.ts";

let s: TestService;
let origin: string;
let emails = 0;
before(async () => {
  s = await startTestService();
  origin = new URL(s.url("/")).origin;
});
after(() => s.close());

const PASSWORD = "correct horse battery";

/** A new browser that signed up (and is logged in) with a fresh email. */
async function signUp(headers: Record<string, string> = {}): Promise<{ client: FormClient; email: string }> {
  const email = `owner-${++emails}-${Date.now()}@example.com`;
  const client = new FormClient(origin, headers);
  const res = await client.submit("/account/signup", { name: "Cellar Owner", email, password: PASSWORD });
  assert.equal(res.status, 303, res.html);
  assert.equal(res.location, "/account");
  return { client, email };
}

/** Creates a key on the keys page and returns it as shown once. */
async function createKey(client: FormClient, fields: Record<string, string | string[]>): Promise<string> {
  const res = await client.submit("/account/keys", fields);
  assert.equal(res.status, 303, textOf(res.html));
  const page = await client.get("/account/keys");
  const key = /data-testid="new-key"[^>]*>([^<]+)</.exec(page.html)?.[1];
  assert.ok(key, "the new key is shown");
  return key;
}

const ping = (key: string) => s.request("/ping", { key });

describe("sign-up and sessions", () => {
  test("sign-up starts a 14-day trial, hashes the password with argon2id and logs the user in", async () => {
    const { client, email } = await signUp();
    const cookie = (await fetch(`${origin}/account/login`)).headers.getSetCookie().join("\n");
    assert.match(cookie, /wds_csrf=[^;]+; Path=\/account; HttpOnly; SameSite=Lax/);
    const overview = await client.get("/account");
    assert.equal(overview.status, 200);
    const text = textOf(overview.html);
    assert.match(text, /Plan Trial/);
    assert.match(text, /\(14 days left\)/);
    assert.equal(overview.headers.get("cache-control"), "no-store");
    const csp = overview.headers.get("content-security-policy") ?? "";
    for (const rule of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      assert.ok(csp.includes(rule), `${rule} in ${csp}`);
    }
    const account = await findAccountByEmail(s.app.db, email);
    assert.match(account?.password_hash ?? "", /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(account?.status, "trialing");
    assert.equal(
      Date.parse(account?.trial_ends_at ?? "") - Date.parse(account?.created_at ?? ""),
      14 * 86_400_000,
    );
  });

  test("the session cookie is HttpOnly and SameSite=Lax, Secure only over HTTPS", async () => {
    const email = `plain-${Date.now()}@example.com`;
    const client = new FormClient(origin);
    const page = await client.get("/account/signup");
    const res = await client.post(
      "/account/signup",
      { name: "A", email, password: PASSWORD },
      csrfOf(page.html),
    );
    const plain = res.headers.getSetCookie().find((c) => c.startsWith("wds_session="));
    assert.match(plain ?? "", /; Path=\/account; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const behindTls = await startTestService({ TRUST_PROXY: "true" });
    try {
      const tls = new FormClient(new URL(behindTls.url("/")).origin, { "x-forwarded-proto": "https" });
      const res2 = await tls.submit("/account/signup", {
        name: "B",
        email: `tls-${email}`,
        password: PASSWORD,
      });
      const secure = res2.headers.getSetCookie().find((c) => c.startsWith("wds_session="));
      assert.match(secure ?? "", /; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await behindTls.close();
    }
  });

  test("an existing email is refused on sign-up without logging anyone in", async () => {
    const { email } = await signUp();
    const other = new FormClient(origin);
    const res = await other.submit("/account/signup", {
      name: "Intruder",
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    assert.equal(res.status, 422);
    assert.equal(other.cookies.has("wds_session"), false);
  });

  test("form mistakes are shown beside their fields", async () => {
    const client = new FormClient(origin);
    const res = await client.submit("/account/signup", {
      name: "",
      email: "not-an-email",
      password: "short",
    });
    assert.equal(res.status, 422);
    assert.match(res.html, /id="name-error"/);
    assert.match(res.html, /id="email-error"/);
    assert.match(res.html, /id="password-error"/);
  });

  test("every form needs the CSRF token of its own browser", async () => {
    const attacker = new FormClient(origin);
    const token = csrfOf((await attacker.get("/account/signup")).html);
    const victim = new FormClient(origin);
    await victim.get("/account/signup");
    const email = `csrf-${Date.now()}@example.com`;
    const foreign = await victim.post("/account/signup", { name: "X", email, password: PASSWORD }, token);
    assert.equal(foreign.status, 403);
    const missing = await victim.post("/account/signup", { name: "X", email, password: PASSWORD }, null);
    assert.equal(missing.status, 403);
    assert.match(textOf(missing.html), /The form has expired/);
    assert.equal(await findAccountByEmail(s.app.db, email), undefined);
    const { client } = await signUp();
    const logout = await client.post("/account/logout", {}, null);
    assert.equal(logout.status, 403);
    assert.equal((await client.get("/account")).status, 200, "still logged in");
  });

  test("log-out ends the session on the server: the old cookie no longer opens a page", async () => {
    const { client } = await signUp();
    const token = client.cookies.get("wds_session") ?? "";
    const out = await client.submit("/account", {}, "/account/logout");
    assert.equal(out.status, 303);
    assert.equal(out.location, "/account/login?out=1");
    const replay = new FormClient(origin);
    replay.cookies.set("wds_session", token);
    const res = await replay.get("/account");
    assert.equal(res.status, 303);
    assert.equal(res.location, "/account/login");
  });

  test("a session ends after 7 idle days", async () => {
    const { client } = await signUp();
    s.clock.advanceDays(6);
    assert.equal((await client.get("/account")).status, 200, "6 days: still open, and moved forward");
    s.clock.advanceDays(6.9);
    assert.equal((await client.get("/account")).status, 200, "12.9 days, 6.9 idle");
    s.clock.advanceDays(7.1);
    const res = await client.get("/account");
    assert.equal(res.status, 303);
    assert.equal(res.location, "/account/login");
  });

  test("a session in daily use still ends 30 days after the log-in", async () => {
    const { client } = await signUp();
    for (const step of [6, 6, 6, 6, 5.5]) {
      s.clock.advanceDays(step);
      assert.equal((await client.get("/account")).status, 200, "open until day 29.5");
    }
    s.clock.advanceDays(1); // day 30.5, idle for one day only
    assert.equal((await client.get("/account")).location, "/account/login");
  });

  test("a password change ends every other session and needs the current password", async () => {
    const { client, email } = await signUp();
    const second = new FormClient(origin);
    assert.equal((await second.submit("/account/login", { email, password: PASSWORD })).status, 303);
    const wrong = await client.submit("/account/password", {
      current: "not it at all",
      next: "a new long password",
    });
    assert.equal(wrong.status, 422);
    const changed = await client.submit("/account/password", {
      current: PASSWORD,
      next: "a new long password",
    });
    assert.equal(changed.status, 303);
    assert.match(textOf((await client.get("/account/password")).html), /Your password was changed/);
    assert.equal((await second.get("/account")).status, 303, "the other browser is logged out");
    assert.equal((await client.get("/account")).status, 200, "this browser got a new session");
    const old = await new FormClient(origin).submit("/account/login", { email, password: PASSWORD });
    assert.equal(old.status, 401);
    const fresh = await new FormClient(origin).submit("/account/login", {
      email,
      password: "a new long password",
    });
    assert.equal(fresh.status, 303);
  });
});

describe("log-in", () => {
  test("an unknown email and a wrong password get the same answer", async () => {
    const { email } = await signUp();
    const unknown = await new FormClient(origin).submit("/account/login", {
      email: `nobody-${email}`,
      password: PASSWORD,
    });
    const wrong = await new FormClient(origin).submit("/account/login", {
      email,
      password: "wrong password",
    });
    assert.equal(unknown.status, 401);
    assert.equal(wrong.status, 401);
    const message = (html: string) => /id="login-error">([^<]+)</.exec(html)?.[1];
    assert.equal(message(unknown.html), "The email or password is incorrect.");
    assert.equal(message(unknown.html), message(wrong.html));
  });

  test("five failures from one address pause that email there for 15 minutes, even for the right password", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++) {
      const res = await new FormClient(origin).submit("/account/login", { email, password: `wrong ${i}` });
      assert.equal(res.status, 401);
    }
    const locked = await new FormClient(origin).submit("/account/login", { email, password: PASSWORD });
    assert.equal(locked.status, 429);
    assert.match(textOf(locked.html), /Too many failed attempts/);
    assert.ok(Number(locked.headers.get("retry-after")) > 800);
    // The same for an email that has no account: the answer does not tell which emails exist.
    const ghost = `ghost-${email}`;
    for (let i = 0; i < 5; i++)
      await new FormClient(origin).submit("/account/login", { email: ghost, password: "x" });
    assert.equal(
      (await new FormClient(origin).submit("/account/login", { email: ghost, password: "x" })).status,
      429,
    );
  });

  test("twenty failures from one address lock that address for every email", async () => {
    const service = await startTestService({ TRUST_PROXY: "true" });
    try {
      const o = new URL(service.url("/")).origin;
      const from = { "x-forwarded-for": "203.0.113.9" };
      for (let i = 0; i < 20; i++) {
        const res = await new FormClient(o, from).submit("/account/login", {
          email: `a${i}@example.com`,
          password: "x",
        });
        assert.equal(res.status, 401);
      }
      const blocked = await new FormClient(o, from).submit("/account/login", {
        email: "z@example.com",
        password: "x",
      });
      assert.equal(blocked.status, 429);
      const elsewhere = await new FormClient(o, { "x-forwarded-for": "198.51.100.7" }).submit(
        "/account/login",
        {
          email: "z@example.com",
          password: "x",
        },
      );
      assert.equal(elsewhere.status, 401);
    } finally {
      await service.close();
    }
  });
});

describe("API keys", () => {
  test("a key is shown once, works at once, and is refused at once after revocation", async () => {
    const { client } = await signUp();
    const created = await client.submit("/account/keys", {
      name: "Shop sync",
      abilities: "wines:read",
      rate_limit: "30",
    });
    assert.equal(created.status, 303);
    const sealed = await s.app.db
      .selectFrom("sessions")
      .select("flash")
      .where("flash", "is not", null)
      .execute();
    assert.ok(
      sealed.length > 0 && sealed.every((row) => !row.flash?.includes("wds_")),
      "the flash is stored encrypted",
    );
    const page = await client.get("/account/keys");
    const key = /data-testid="new-key"[^>]*>([^<]+)</.exec(page.html)?.[1] ?? "";
    assert.match(key, /^wds_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);
    assert.match(textOf(page.html), /it will not be shown again/);
    const again = await client.get("/account/keys");
    assert.equal(again.html.includes(key), false, "the full key is not shown twice");
    assert.match(textOf(again.html), new RegExp(`Shop sync ${key.slice(0, 12)} wines:read 30`));

    const ok = await ping(key);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.api_key.rate_limit_per_minute, 30);
    assert.equal((await s.request("/grapes", { key })).status, 403, "abilities as checked");

    const prefix = key.slice(0, 12);
    const confirm = await client.get(`/account/keys/${prefix}/revoke`);
    assert.match(textOf(confirm.html), /Revoke the key “Shop sync”\?/);
    const revoked = await client.post(`/account/keys/${prefix}/revoke`, {}, csrfOf(confirm.html));
    assert.equal(revoked.status, 303);
    assert.equal((await ping(key)).status, 401, "refused from the next request (the cached key was dropped)");
    assert.match(textOf((await client.get("/account/keys")).html), /revoked/);
  });

  test("a rate limit above the plan's maximum is refused; another account's key cannot be revoked", async () => {
    const { client } = await signUp();
    const res = await client.submit("/account/keys", { name: "Greedy", abilities: "*", rate_limit: "61" });
    assert.equal(res.status, 422);
    assert.match(textOf(res.html), /from 1 to 60/);
    const none = await client.submit("/account/keys", { name: "No abilities", rate_limit: "10" });
    assert.equal(none.status, 422);
    const key = await createKey(client, { name: "Mine", abilities: "*", rate_limit: "60" });
    const { client: other } = await signUp();
    const foreign = await other.get(`/account/keys/${key.slice(0, 12)}/revoke`);
    assert.equal(foreign.status, 404);
    const post = await other.post(
      `/account/keys/${key.slice(0, 12)}/revoke`,
      {},
      csrfOf((await other.get("/account/keys")).html),
    );
    assert.equal(post.status, 404);
    assert.equal((await ping(key)).status, 200);
  });

  test("the overview counts today's requests with the counters that enforce the daily budget", async () => {
    const { client } = await signUp();
    const key = await createKey(client, { name: "Usage", abilities: "*", rate_limit: "60" });
    for (let i = 0; i < 3; i++) assert.equal((await s.request("/wines?per_page=1", { key })).status, 200);
    await ping(key); // /ping does not count toward the budget
    const page = await client.get("/account");
    // A new trial whose address is not confirmed yet (account-mail.test.ts) has 100 a day.
    assert.match(textOf(page.html), /Requests today \(UTC\) 3 of 100\b/);
    const today = s.clock.now().toISOString().slice(0, 10);
    assert.match(page.html, new RegExp(`data-day="${today}" data-requests="3"`));
    assert.equal((page.html.match(/<rect /g) ?? []).length, 7, "seven days");
  });
});

describe("subscription states with the clock", () => {
  test("a trial ends after 14 days: the overview says so and the API refuses the key", async () => {
    const { client } = await signUp();
    const key = await createKey(client, { name: "Trial", abilities: "*", rate_limit: "60" });
    assert.equal((await ping(key)).status, 200);
    // The browser comes back within its 7-day session in between.
    s.clock.advanceDays(6.5);
    assert.match(textOf((await client.get("/account")).html), /\(8 days left\)/);
    s.clock.advanceDays(6.5);
    assert.match(textOf((await client.get("/account")).html), /\(1 day left\)/);
    s.clock.advanceDays(1.01);
    const res = await ping(key);
    assert.equal(res.status, 403);
    assert.equal(res.body.code, "subscription_inactive");
    const text = textOf((await client.get("/account")).html);
    assert.match(text, /Subscription Expired/);
    assert.match(text, /Your trial ended on/);
  });

  test("past_due keeps access for the 7-day grace, then none", async () => {
    const { client, email } = await signUp();
    const key = await createKey(client, { name: "Grace", abilities: "*", rate_limit: "60" });
    const account = await findAccountByEmail(s.app.db, email);
    assert.ok(account);
    await setPlan(s.app.db, account.id, "standard", s.clock.now(), s.app.keyCache);
    await setState(s.app.db, account.id, "past_due", s.clock.now(), null, s.app.keyCache);
    assert.equal((await ping(key)).status, 200);
    assert.match(
      textOf((await client.get("/account")).html),
      /A payment failed\. The API keeps working until/,
    );
    s.clock.advanceDays(6.9);
    assert.equal((await ping(key)).status, 200);
    s.clock.advanceDays(0.2);
    assert.equal((await ping(key)).status, 403);
  });

  test("cancel at period end (manual provider): access until the period ends, then none", async () => {
    const { client, email } = await signUp();
    const key = await createKey(client, { name: "Cancel", abilities: "*", rate_limit: "60" });
    const upgrade = await client.submit("/account/plan", { plan: "enterprise" }, "/account/plan/upgrade");
    assert.equal(upgrade.status, 303);
    assert.match(textOf((await client.get("/account/plan")).html), /You asked for Enterprise/);
    const account = await findAccountByEmail(s.app.db, email);
    assert.equal(account?.requested_plan, "enterprise");
    assert.ok(account);
    await setPlan(s.app.db, account.id, "standard", s.clock.now(), s.app.keyCache);
    assert.equal((await ping(key)).status, 200);
    const confirm = await client.get("/account/plan/cancel");
    assert.equal(confirm.status, 200);
    const cancelled = await client.post("/account/plan/cancel", {}, csrfOf(confirm.html));
    assert.equal(cancelled.status, 303);
    assert.equal((await findAccountByEmail(s.app.db, email))?.status, "canceled");
    assert.match(textOf((await client.get("/account/plan")).html), /Your subscription will end on/);
    s.clock.advanceDays(29.9);
    assert.equal((await ping(key)).status, 200);
    s.clock.advanceDays(0.2);
    assert.equal((await ping(key)).status, 403);
  });
});

describe("pages", () => {
  test("German by Accept-Language or ?lang=de (remembered), English otherwise", async () => {
    const german = new FormClient(origin, { "accept-language": "de-CH;q=0.9, en;q=0.5" });
    const page = await german.get("/account/signup");
    assert.match(page.html, /<html lang="de">/);
    assert.match(page.html, /<label for="email">E-Mail<\/label>/);
    assert.equal(page.headers.get("content-language"), "de");
    const client = new FormClient(origin);
    assert.match(
      (await client.get("/account/login?lang=de")).html,
      /<button type="submit">Anmelden<\/button>/,
    );
    assert.match((await client.get("/account/login")).html, /Anmelden/, "the choice is kept in a cookie");
    assert.match((await new FormClient(origin).get("/account/login?lang=fr")).html, /<html lang="en">/);
  });

  test("logged-out pages send to the log-in page; unknown pages and bad forms are 4xx", async () => {
    const client = new FormClient(origin);
    for (const path of ["/account", "/account/keys", "/account/plan", "/account/password"]) {
      const res = await client.get(path);
      assert.equal(res.status, 303, path);
      assert.equal(res.location, "/account/login");
    }
    assert.equal((await client.get("/account/nothing")).status, 404);
    const json = await fetch(`${origin}/account/signup`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "x".repeat(20_000),
    });
    assert.equal(json.status, 413);
    assert.deepEqual(Object.keys(await json.json()), ["message", "code"]);
    const badPrefix = await (await signUp()).client.get("/account/keys/not-a-key/revoke");
    assert.equal(badPrefix.status, 422);
  });
});
