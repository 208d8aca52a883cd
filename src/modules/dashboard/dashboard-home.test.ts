/**
 * The front door `GET /` over real HTTP: the page for browsers (the dashboard's layout, languages and
 * security headers; plans with limits and prices; the ways in), the JSON index for everyone else,
 * the prices of `PRICE_STANDARD` / `PRICE_ENTERPRISE`, and the dashboard link for a browser with a
 * session, which never sends its session cookie (Path=/account) to `/` (the path-aware FormClient).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { csrfOf, FormClient, textOf } from "../../../test/browser-client.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { ConfigError, loadConfig } from "../../config.ts";

let s: TestService;
let origin: string;
let emails = 0;
before(async () => {
  s = await startTestService();
  origin = new URL(s.url("/")).origin;
});
after(() => s.close());

const html = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/** A new browser that signed up (and is logged in). */
async function signUp(): Promise<FormClient> {
  const client = new FormClient(origin);
  const res = await client.submit("/account/signup", {
    name: "Weinbar Kessler",
    email: `front-${++emails}-${Date.now()}@example.com`,
    password: "correct horse battery",
  });
  assert.equal(res.status, 303, textOf(res.html));
  return client;
}

describe("the front door for browsers", () => {
  test("says what the service is, shows the plans with limits and prices, and links the ways in", async () => {
    const res = await fetch(`${origin}/`, { headers: html });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
    const page = await res.text();
    const text = textOf(page);
    assert.match(text, /shops, cellar apps, restaurants and AI assistants/);
    for (const fact of [
      "wines, producers, regions and grape varieties",
      "drinking windows",
      "label recognition",
    ]) {
      assert.ok(text.includes(fact), fact);
    }
    // The plans side by side: trial, standard, enterprise, each with its limits and price.
    const plans = [...page.matchAll(/<li class="plan[^"]*" data-plan="(\w+)"/g)].map((m) => m[1]);
    assert.deepEqual(plans, ["trial", "standard", "enterprise"]);
    assert.match(
      text,
      /Trial Free for 14 days Requests per minute per key 60 Requests per day 1,000 Label recognition \(photo\) not included Active API keys 3/,
    );
    assert.match(
      text,
      /Standard €49 \/ month Requests per minute per key 120 Requests per day 10,000 Label recognition \(photo\) not included Active API keys 10/,
    );
    assert.match(
      text,
      /Enterprise €299 \/ month Requests per minute per key 600 by default, any per key Requests per day unlimited Label recognition \(photo\) included Active API keys 100/,
    );
    for (const href of ["/account/signup", "/account/login", "/docs", "/openapi.json", "/llms.txt"]) {
      assert.ok(page.includes(`href="${href}"`), href);
    }
    assert.ok(text.includes(`${origin}/mcp`), "the MCP endpoint");
    assert.ok(text.includes(`${origin}/v1/wines/search?q=barolo`), "an example request");
    assert.match(page, /data-testid="signup-link"[^>]*>Start your free 14-day trial</);
    assert.equal(page.includes('data-testid="dashboard-link"'), false);
  });

  test("has the dashboard's stylesheet, language switch and security headers", async () => {
    const res = await fetch(`${origin}/`, { headers: html });
    const page = await res.text();
    assert.match(page, /<link rel="stylesheet" href="\/account\/assets\/style.css">/);
    assert.match(page, /<a class="lang" href="\?lang=de"/);
    const csp = res.headers.get("content-security-policy") ?? "";
    for (const rule of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      assert.ok(csp.includes(rule), `${rule} in ${csp}`);
    }
    assert.equal(res.headers.get("referrer-policy"), "no-referrer");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("vary"), "Accept, Accept-Language, Cookie");
    assert.equal(res.headers.get("content-language"), "en");
  });

  test("speaks German by ?lang=de or Accept-Language, prices in German notation", async () => {
    for (const headers of [html, { ...html, "accept-language": "de-AT,de;q=0.9" }]) {
      const query = headers === html ? "?lang=de" : "";
      const res = await fetch(`${origin}/${query}`, { headers });
      const page = await res.text();
      assert.match(page, /<html lang="de">/);
      assert.equal(res.headers.get("content-language"), "de");
      const text = textOf(page);
      assert.match(text, /Testphase 14 Tage kostenlos/);
      assert.match(text, /Standard 49\s€ \/ Monat/);
      assert.match(text, /Enterprise 299\s€ \/ Monat/);
      assert.match(text, /Anfragen pro Tag 10\.000/);
      assert.match(text, /14 Tage kostenlos testen/);
    }
  });

  test("a browser with a session gets a link to its dashboard instead of sign-up, until it logs out", async () => {
    const client = await signUp();
    const cookie = [...client.cookies.keys()];
    assert.ok(cookie.includes("wds_signed_in") && cookie.includes("wds_session"), cookie.join());
    const front = await client.get("/");
    assert.match(front.html, /data-testid="dashboard-link"[^>]*>Go to your dashboard</);
    assert.equal(front.html.includes('data-testid="signup-link"'), false);
    assert.match(front.html, /<a class="brand" href="\/">/);

    const out = await client.submit("/account", {}, "/account/logout");
    assert.equal(out.status, 303);
    const signedIn = out.headers.getSetCookie().find((c) => c.startsWith("wds_signed_in="));
    assert.match(signedIn ?? "", /^wds_signed_in=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/);
    const loggedOut = await client.get("/");
    assert.match(loggedOut.html, /data-testid="signup-link"/);
    assert.equal(loggedOut.html.includes("dashboard-link"), false);
  });

  test("the sign-in cookie holds no secret, is HttpOnly at Path=/, and goes when the session has ended", async () => {
    const client = await signUp();
    assert.equal(client.cookies.get("wds_signed_in"), "1");
    const res = await client.get("/account");
    assert.equal(res.status, 200);
    // The session ends on the server (8 idle days); the next dashboard page drops the hint too.
    s.clock.advanceDays(8);
    const ended = await client.get("/account/keys");
    assert.equal(ended.status, 303);
    assert.equal(client.cookies.has("wds_signed_in"), false);
    assert.match((await client.get("/")).html, /data-testid="signup-link"/);
    // A browser that kept the hint but lost its session cookie: the dashboard page removes the hint.
    const stale = new FormClient(origin);
    stale.cookies.set("wds_signed_in", "1");
    const login = await stale.get("/account/login");
    assert.match(
      login.headers.getSetCookie().join("\n"),
      /wds_signed_in=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/,
    );
  });

  test("opening the front door leaves the forms open in the dashboard valid (no CSRF cookie at /)", async () => {
    const client = await signUp();
    const plan = await client.get("/account/plan");
    const front = await client.get("/");
    assert.equal(front.status, 200);
    assert.deepEqual(
      front.headers.getSetCookie().filter((c) => c.startsWith("wds_csrf=")),
      [],
      "no new CSRF secret replaces the dashboard's",
    );
    const upgrade = await client.post("/account/plan/upgrade", { plan: "standard" }, csrfOf(plan.html));
    assert.equal(upgrade.status, 303);
  });

  test("unknown paths outside /account keep the API's JSON 404", async () => {
    const res = await fetch(`${origin}/nothing-here`, { headers: html });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { message: "Not found.", code: "not_found" });
  });
});

describe("the front door for JSON clients", () => {
  test("Accept without text/html gets the JSON index: name, description, links and the plans", async () => {
    for (const accept of [undefined, "application/json", "*/*"]) {
      const res = await fetch(`${origin}/`, { headers: accept ? { accept } : {} });
      assert.equal(res.status, 200, String(accept));
      assert.equal(res.headers.get("content-type"), "application/json; charset=utf-8");
      assert.match(res.headers.get("vary") ?? "", /^Accept, /);
      const body = await res.json();
      assert.equal(body.name, "Wine Data Service");
      assert.match(body.description, /read-only wine reference API/);
      assert.deepEqual(body.links, {
        api: `${origin}/v1`,
        docs: `${origin}/docs`,
        openapi: `${origin}/openapi.json`,
        llms_txt: `${origin}/llms.txt`,
        mcp: `${origin}/mcp`,
        signup: `${origin}/account/signup`,
        login: `${origin}/account/login`,
      });
      assert.deepEqual(body.plans, [
        {
          id: "trial",
          name: "Trial",
          price: null,
          trial_days: 14,
          limits: {
            requests_per_minute: 60,
            requests_per_minute_max: 60,
            requests_per_day: 1000,
            photo: false,
            active_keys_max: 3,
          },
        },
        {
          id: "standard",
          name: "Standard",
          price: { amount: 49, currency: "EUR", interval: "month" },
          trial_days: null,
          limits: {
            requests_per_minute: 120,
            requests_per_minute_max: 120,
            requests_per_day: 10000,
            photo: false,
            active_keys_max: 10,
          },
        },
        {
          id: "enterprise",
          name: "Enterprise",
          price: { amount: 299, currency: "EUR", interval: "month" },
          trial_days: null,
          limits: {
            requests_per_minute: 600,
            requests_per_minute_max: null,
            requests_per_day: null,
            photo: true,
            active_keys_max: 100,
          },
        },
      ]);
    }
    // The links follow the documented links themselves.
    const docs = await fetch(`${origin}/llms.txt`);
    assert.equal(docs.status, 200);
  });

  test("a bad query is a 4xx JSON error, not a page", async () => {
    const res = await fetch(`${origin}/?lang=${"x".repeat(50)}`);
    assert.equal(res.status, 422);
    assert.equal((await res.json()).code, "validation_failed");
  });
});

describe("prices", () => {
  test("PRICE_STANDARD and PRICE_ENTERPRISE are shown on the page and in the index; BASE_PATH in the links", async () => {
    const custom = await startTestService({
      PRICE_STANDARD: "19.90 CHF",
      PRICE_ENTERPRISE: "25000 JPY",
      BASE_PATH: "",
    });
    try {
      const o = new URL(custom.url("/")).origin;
      const body = await (await fetch(`${o}/`)).json();
      assert.deepEqual(
        body.plans.map((p: { price: unknown }) => p.price),
        [
          null,
          { amount: 19.9, currency: "CHF", interval: "month" },
          { amount: 25000, currency: "JPY", interval: "month" },
        ],
      );
      assert.equal(body.links.api, o, "BASE_PATH empty: the API at the root");
      const text = textOf(await (await fetch(`${o}/`, { headers: html })).text());
      assert.match(text, /Standard CHF\s19\.90 \/ month/);
      assert.match(text, /Enterprise JP¥25,000 \/ month/);
      const german = textOf(await (await fetch(`${o}/?lang=de`, { headers: html })).text());
      assert.match(german, /Standard 19,90\sCHF \/ Monat/);
      assert.match(german, /Enterprise 25\.000\s¥ \/ Monat/);
    } finally {
      await custom.close();
    }
  });

  test("a price setting that is not an amount and an ISO 4217 currency stops the start, naming it", () => {
    const base = { DATABASE_URL: "sqlite::memory:" };
    assert.deepEqual(loadConfig(base).prices, {
      standard: { amount: 49, currency: "EUR" },
      enterprise: { amount: 299, currency: "EUR" },
    });
    assert.deepEqual(loadConfig({ ...base, PRICE_STANDARD: " 59.5 USD " }).prices.standard, {
      amount: 59.5,
      currency: "USD",
    });
    for (const [name, value] of [
      ["PRICE_STANDARD", "49"],
      ["PRICE_STANDARD", "49 eur"],
      ["PRICE_STANDARD", "EUR 49"],
      ["PRICE_ENTERPRISE", "299 XYZ"],
      ["PRICE_ENTERPRISE", "-5 EUR"],
      ["PRICE_ENTERPRISE", "9.999 EUR"],
      ["PRICE_ENTERPRISE", "100.5 JPY"],
      ["PRICE_STANDARD", "1e3 EUR"],
    ] as const) {
      assert.throws(
        () => loadConfig({ ...base, [name]: value }),
        (err: unknown) => err instanceof ConfigError && err.message.startsWith(`${name} must be`),
        `${name}=${value}`,
      );
    }
  });
});
