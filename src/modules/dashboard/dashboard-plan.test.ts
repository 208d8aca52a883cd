/**
 * What a new customer sees on the dashboard over real HTTP: the plan page with the plans side by
 * side (limits, prices, the current one marked, buttons naming plan and price) and the confirmation
 * of a requested upgrade; Stripe's Checkout redirect with the configured prices; the keys page
 * offering only the abilities the plan can use; the first-key prompt on the overview.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { csrfOf, FormClient, textOf } from "../../../test/browser-client.ts";
import { type FakeStripe, startFakeStripe } from "../../../test/fake-stripe.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { findAccountByEmail } from "../accounts/accounts.repository.ts";
import { setPlan } from "../accounts/accounts.service.ts";

let s: TestService;
let origin: string;
let emails = 0;
before(async () => {
  s = await startTestService();
  origin = new URL(s.url("/")).origin;
});
after(() => s.close());

/** A new browser that signed up on `o` (the trial), and its email. */
async function signUp(o = origin): Promise<{ client: FormClient; email: string }> {
  const email = `plan-${++emails}-${Date.now()}@example.com`;
  const client = new FormClient(o);
  const res = await client.submit("/account/signup", {
    name: "Vinothek",
    email,
    password: "correct horse battery",
  });
  assert.equal(res.status, 303, textOf(res.html));
  return { client, email };
}

/** The plan cards of a plan page: plan → its HTML. */
function cards(html: string): Map<string, string> {
  const found = [...html.matchAll(/<li class="plan[^"]*" data-plan="(\w+)"[\s\S]*?<\/li>/g)];
  return new Map(found.map((m) => [m[1] as string, m[0]]));
}

/** The label of each upgrade button on a plan page, by plan. */
function buttons(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [plan, card] of cards(html)) {
    const label = /<button type="submit">([^<]+)<\/button>/.exec(card)?.[1];
    if (label) out[plan] = label;
  }
  return out;
}

describe("the plan page", () => {
  test("shows the plans side by side with limits and prices, marks the current one, names plan and price on each button", async () => {
    const { client } = await signUp();
    const page = await client.get("/account/plan");
    assert.equal(page.status, 200);
    const plans = cards(page.html);
    assert.deepEqual([...plans.keys()], ["trial", "standard", "enterprise"]);
    assert.match(plans.get("trial") ?? "", /class="plan current"[^>]*aria-current="true"/);
    assert.match(
      textOf(plans.get("trial") ?? ""),
      /^Trial Your plan Free for 14 days Requests per minute per key 60/,
    );
    assert.equal(/aria-current/.test(`${plans.get("standard")}${plans.get("enterprise")}`), false);
    assert.match(
      textOf(plans.get("standard") ?? ""),
      /Standard €49 \/ month Requests per minute per key 120 Requests per day 10,000 Label recognition \(photo\) not included Active API keys 10/,
    );
    assert.match(
      textOf(plans.get("enterprise") ?? ""),
      /Enterprise €299 \/ month Requests per minute per key 600 by default, any per key Requests per day unlimited Label recognition \(photo\) included Active API keys 100/,
    );
    assert.deepEqual(buttons(page.html), {
      standard: "Upgrade to Standard for €49 / month",
      enterprise: "Upgrade to Enterprise for €299 / month",
    });
    const german = await client.get("/account/plan?lang=de");
    assert.deepEqual(buttons(german.html), {
      standard: "Standard buchen für 49\u00a0€ / Monat",
      enterprise: "Enterprise buchen für 299\u00a0€ / Monat",
    });
    await client.get("/account/plan?lang=en");
  });

  test("a requested upgrade (manual provider) is confirmed after the redirect: what was asked for and what happens next", async () => {
    const { client, email } = await signUp();
    const res = await client.submit("/account/plan", { plan: "enterprise" }, "/account/plan/upgrade");
    assert.equal(res.status, 303);
    assert.equal(res.location, "/account/plan");
    assert.equal((await findAccountByEmail(s.app.db, email))?.requested_plan, "enterprise");
    const page = await client.get("/account/plan");
    const notice = /<p class="notice" role="status">([^<]+)<\/p>/.exec(page.html)?.[1] ?? "";
    assert.equal(
      notice,
      "We have your request for Enterprise at €299 / month. We will send you an invoice; once it is paid, your plan becomes Enterprise. Until then your current plan carries on unchanged.",
    );
    // The requested plan is marked instead of offered again; the other one can still be chosen.
    assert.match(cards(page.html).get("enterprise") ?? "", /data-testid="requested-mark"/);
    assert.deepEqual(buttons(page.html), { standard: "Upgrade to Standard for €49 / month" });
    assert.match(textOf(page.html), /Your plan: Trial/, "the plan itself is unchanged");
    // The notice is for the page after the request only.
    assert.equal((await client.get("/account/plan")).html.includes('role="status"'), false);
  });

  test("an active Standard customer sees Standard marked and Enterprise offered with its price", async () => {
    const { client, email } = await signUp();
    const account = await findAccountByEmail(s.app.db, email);
    assert.ok(account);
    await setPlan(s.app.db, account.id, "standard", s.clock.now(), s.app.keyCache);
    const page = await client.get("/account/plan");
    assert.match(cards(page.html).get("standard") ?? "", /class="plan current"[^>]*aria-current="true"/);
    assert.deepEqual(buttons(page.html), { enterprise: "Upgrade to Enterprise for €299 / month" });
  });
});

describe("with Stripe", () => {
  let fake: FakeStripe;
  let stripe: TestService;
  let o: string;
  before(async () => {
    fake = await startFakeStripe("sk_test_fake");
    stripe = await startTestService({
      BILLING_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
      STRIPE_PRICE_STANDARD: "price_standard",
      STRIPE_PRICE_ENTERPRISE: "price_enterprise",
      STRIPE_API_URL: fake.origin,
      PRICE_STANDARD: "59 USD",
      PRICE_ENTERPRISE: "349.50 USD",
    });
    o = new URL(stripe.url("/")).origin;
  });
  after(async () => {
    await stripe?.close();
    await fake?.close();
  });

  test("the configured prices are shown, and an upgrade still goes to Checkout without a request notice", async () => {
    const { client } = await signUp(o);
    const page = await client.get("/account/plan");
    assert.deepEqual(buttons(page.html), {
      standard: "Upgrade to Standard for US$59 / month",
      enterprise: "Upgrade to Enterprise for US$349.50 / month",
    });
    const front = textOf((await client.get("/")).html);
    assert.match(front, /Standard US\$59 \/ month .* Enterprise US\$349\.50 \/ month/);
    const res = await client.post("/account/plan/upgrade", { plan: "standard" }, csrfOf(page.html));
    assert.equal(res.status, 303);
    assert.match(res.location ?? "", new RegExp(`^${fake.origin}/pay/cs_test_\\d+$`));
    const checkout = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    assert.equal(checkout?.form["line_items[0][price]"], "price_standard");
    assert.equal((await client.get("/account/plan")).html.includes("We have your request"), false);
  });
});

describe("abilities by plan", () => {
  test("a trial and a standard account are not offered photo:analyze, and the form refuses it; enterprise may", async () => {
    const { client, email } = await signUp();
    const offered = (html: string) =>
      [...html.matchAll(/name="abilities" value="([^"]+)"/g)].map((m) => m[1]);
    const trialPage = await client.get("/account/keys");
    assert.deepEqual(offered(trialPage.html), [
      "*",
      "wines:read",
      "producers:read",
      "regions:read",
      "grapes:read",
      "insights:read",
      "drinking-periods:read",
    ]);
    assert.match(
      textOf(trialPage.html),
      /Label recognition \(photo:analyze\) comes with the Enterprise plan\./,
    );
    for (const abilities of ["photo:analyze", ["wines:read", "photo:analyze"]]) {
      const refused = await client.submit("/account/keys", { name: "Scanner", abilities, rate_limit: "60" });
      assert.equal(refused.status, 422, String(abilities));
      assert.match(
        /id="abilities-error">([^<]+)</.exec(refused.html)?.[1] ?? "",
        /^photo:analyze is not part of your plan\.$/,
      );
    }
    const account = await findAccountByEmail(s.app.db, email);
    assert.ok(account);
    const keys = () =>
      s.app.db.selectFrom("api_keys").select("abilities").where("account_id", "=", account.id).execute();
    assert.deepEqual(await keys(), [], "no key was created");

    await setPlan(s.app.db, account.id, "standard", s.clock.now(), s.app.keyCache);
    assert.equal(offered((await client.get("/account/keys")).html).includes("photo:analyze"), false);
    const standard = await client.submit("/account/keys", {
      name: "Scan",
      abilities: "photo:analyze",
      rate_limit: "60",
    });
    assert.equal(standard.status, 422);
    const all = await client.submit("/account/keys", { name: "All", abilities: "*", rate_limit: "60" });
    assert.equal(all.status, 303, "* stays on every plan");

    await setPlan(s.app.db, account.id, "enterprise", s.clock.now(), s.app.keyCache);
    const enterprisePage = await client.get("/account/keys");
    assert.ok(offered(enterprisePage.html).includes("photo:analyze"));
    assert.equal(textOf(enterprisePage.html).includes("comes with the Enterprise plan"), false);
    const ok = await client.submit("/account/keys", {
      name: "Scanner",
      abilities: "photo:analyze",
      rate_limit: "60",
    });
    assert.equal(ok.status, 303);
    assert.deepEqual(
      (await keys()).map((k) => JSON.parse(k.abilities)),
      [["*"], ["photo:analyze"]],
    );
  });
});

describe("the first key", () => {
  test("the overview without an active key prompts to create one with an example request; gone once a key exists", async () => {
    const { client } = await signUp();
    const fresh = await client.get("/account");
    const prompt = /<section class="first-key"[\s\S]*?<\/section>/.exec(fresh.html)?.[0] ?? "";
    assert.match(prompt, /href="\/account\/keys"/);
    assert.match(
      textOf(prompt),
      new RegExp(
        `^Create your first API key .* curl -H "Authorization: Bearer YOUR_KEY" "${origin}/v1/wines/search\\?q=barolo" Create your first key$`,
      ),
    );
    const created = await client.submit("/account/keys", { name: "First", abilities: "*", rate_limit: "60" });
    assert.equal(created.status, 303);
    assert.equal((await client.get("/account")).html.includes("first-key"), false);
    // Revoking the only key brings the prompt back: no active key again.
    const prefix =
      /data-prefix="(wds_[a-z0-9]{8})"/.exec((await client.get("/account/keys")).html)?.[1] ?? "";
    const confirm = await client.get(`/account/keys/${prefix}/revoke`);
    assert.equal((await client.post(`/account/keys/${prefix}/revoke`, {}, csrfOf(confirm.html))).status, 303);
    assert.match((await client.get("/account")).html, /data-testid="first-key"/);
  });
});
