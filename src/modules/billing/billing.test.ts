/**
 * The Stripe billing provider over real HTTP: the dashboard's upgrade goes to Checkout on a local
 * server speaking Stripe's wire format (test/fake-stripe.ts); webhook events signed with the stripe
 * package's own test-header helper move the subscription through Stripe's states, each event id
 * applied once; cancelling sets cancel_at_period_end; a Stripe outage is a 503.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Stripe from "stripe";
import { csrfOf, FormClient } from "../../../test/browser-client.ts";
import { type FakeStripe, fakeSubscription, startFakeStripe } from "../../../test/fake-stripe.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { freePort } from "../../../test/raw-http.ts";
import { findAccountByEmail } from "../accounts/accounts.repository.ts";
import { issueKey } from "../api-keys/api-keys.service.ts";

const SECRET_KEY = "sk_test_fake";
const WEBHOOK_SECRET = "whsec_test_secret";
const stripeEnv = (apiUrl: string) => ({
  BILLING_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_STANDARD: "price_standard",
  STRIPE_PRICE_ENTERPRISE: "price_enterprise",
  STRIPE_API_URL: apiUrl,
});
const helper = new Stripe(SECRET_KEY);

let fake: FakeStripe;
let s: TestService;
let origin: string;
let events = 0;
let n = 0;
before(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  s = await startTestService(stripeEnv(fake.origin));
  origin = new URL(s.url("/")).origin;
});
after(async () => {
  await s?.close();
  await fake?.close();
});

/** Unix seconds of the service's clock, `days` from now. */
const seconds = (days = 0) => Math.floor(s.clock.now().getTime() / 1000 + days * 86_400);

/** Posts `payload` to the webhook signed with `secret` (the package's own test header). */
async function deliver(payload: string, secret = WEBHOOK_SECRET) {
  const header = helper.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${origin}/billing/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": header },
    body: payload,
  });
  return { status: res.status, body: await res.json() };
}

/** An event of `type` about `object`, created `createdDays` from the clock's now. */
function event(type: string, object: unknown, id = `evt_${++events}`, createdDays = 0): string {
  return JSON.stringify({ id, object: "event", type, created: seconds(createdDays), data: { object } });
}

/** A signed-up browser on the trial, with a key and its account row. */
async function customer() {
  const email = `stripe-${++n}-${Date.now()}@example.com`;
  const client = new FormClient(origin);
  const res = await client.submit("/account/signup", {
    name: "Shop",
    email,
    password: "a long password here",
  });
  assert.equal(res.status, 303);
  const account = await findAccountByEmail(s.app.db, email);
  assert.ok(account);
  const { key } = await issueKey(s.app.db, { account, name: "k", now: s.clock.now() });
  return { client, email, key, account };
}
const ping = (key: string) => s.request("/ping", { key });
const stateOf = async (email: string) => (await findAccountByEmail(s.app.db, email))?.status;

describe("Stripe Checkout and webhooks", () => {
  test("upgrade → Checkout on Stripe → checkout.session.completed makes the account active", async () => {
    const { client, email, key, account } = await customer();
    const page = await client.get("/account/plan");
    const res = await client.post("/account/plan/upgrade", { plan: "standard" }, csrfOf(page.html));
    assert.equal(res.status, 303);
    assert.match(res.location ?? "", new RegExp(`^${fake.origin}/pay/cs_test_\\d+$`));
    const customerCall = fake.requests.find((r) => r.path === "/v1/customers" && r.form.email === email);
    assert.ok(customerCall, "a customer was created");
    const checkout = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    assert.equal(checkout?.form.mode, "subscription");
    assert.equal(checkout?.form["line_items[0][price]"], "price_standard");
    assert.equal(checkout?.form.client_reference_id, String(account.id));
    assert.equal(checkout?.form.success_url, `${origin}/account/plan?checkout=done`);
    assert.equal(checkout?.authorization, `Bearer ${SECRET_KEY}`);
    const stored = await findAccountByEmail(s.app.db, email);
    assert.match(stored?.billing_customer_id ?? "", /^cus_/);

    const sub = fakeSubscription(
      `sub_${n}`,
      stored?.billing_customer_id ?? "",
      "price_standard",
      "active",
      seconds(30),
    );
    fake.subscriptions.set(sub.id, sub);
    const completed = event("checkout.session.completed", {
      id: "cs_x",
      object: "checkout.session",
      client_reference_id: String(account.id),
      customer: sub.customer,
      subscription: sub.id,
    });
    assert.deepEqual((await deliver(completed)).body, { received: true, duplicate: false });
    const active = await findAccountByEmail(s.app.db, email);
    assert.equal(active?.status, "active");
    assert.equal(active?.plan, "standard");
    assert.equal(active?.billing_subscription_id, sub.id);
    const answer = await ping(key);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.api_key.rate_limit_per_minute, 60, "the trial key keeps its own limit of 60");

    // Cancel in the dashboard: Stripe is told cancel_at_period_end, the account runs until the period ends.
    const confirm = await client.get("/account/plan/cancel");
    const cancelled = await client.post("/account/plan/cancel", {}, csrfOf(confirm.html));
    assert.equal(cancelled.status, 303);
    const update = fake.requests
      .filter((r) => r.path === `/v1/subscriptions/${sub.id}` && r.method === "POST")
      .at(-1);
    assert.equal(update?.form.cancel_at_period_end, "true");
    assert.equal(await stateOf(email), "canceled");
    s.clock.advanceDays(29.9);
    assert.equal((await ping(key)).status, 200);
    s.clock.advanceDays(0.2);
    assert.equal((await ping(key)).status, 403);
  });

  test("past_due gives 7 days of grace; a deleted subscription expires at once", async () => {
    const { email, key, account } = await customer();
    // Read once: the test clock runs at real speed, so a second reading may be a second later.
    const periodEnd = seconds(30);
    const sub = {
      ...fakeSubscription(`sub_p${n}`, "cus_p", "price_enterprise", "active", periodEnd),
      metadata: { account_id: String(account.id) },
    };
    assert.equal((await deliver(event("customer.subscription.created", sub))).status, 200);
    const active = await findAccountByEmail(s.app.db, email);
    assert.equal(active?.plan, "enterprise");
    assert.equal(active?.status, "active");
    assert.equal(active?.current_period_end, new Date(periodEnd * 1000).toISOString());
    await deliver(event("customer.subscription.updated", { ...sub, status: "past_due" }, undefined, 0.001));
    assert.equal(await stateOf(email), "past_due");
    s.clock.advanceDays(6.9);
    assert.equal((await ping(key)).status, 200);
    s.clock.advanceDays(0.2);
    assert.equal((await ping(key)).status, 403);
    await deliver(event("customer.subscription.updated", { ...sub, status: "active" }, undefined, 0.001));
    assert.equal((await ping(key)).status, 200, "paid again");
    await deliver(event("customer.subscription.deleted", { ...sub, status: "canceled" }, undefined, 0.002));
    assert.equal(await stateOf(email), "expired");
    assert.equal((await ping(key)).status, 403);
  });

  test("an event id is applied once, and an older event never undoes a newer one", async () => {
    const { email, account } = await customer();
    const sub = {
      ...fakeSubscription(`sub_i${n}`, "cus_i", "price_standard", "active", seconds(30)),
      metadata: { account_id: String(account.id) },
    };
    const id = `evt_once_${n}`;
    assert.deepEqual((await deliver(event("customer.subscription.created", sub, id))).body, {
      received: true,
      duplicate: false,
    });
    // The same id again, even with other content, changes nothing.
    const again = await deliver(
      event("customer.subscription.updated", { ...sub, status: "past_due" }, id, 1),
    );
    assert.deepEqual(again.body, { received: true, duplicate: true });
    assert.equal(await stateOf(email), "active");
    const events = await s.app.db.selectFrom("billing_events").selectAll().where("id", "=", id).execute();
    assert.equal(events.length, 1);
    // The change applied is in the account's audit log once; the duplicate added nothing.
    const audited = await s.app.db
      .selectFrom("audit_events")
      .selectAll()
      .where("account_id", "=", account.id)
      .where("event", "=", "plan.changed")
      .execute();
    assert.equal(audited.length, 1);
    assert.match(audited[0]?.detail ?? "", /customer\.subscription\.created/);
    // Newer first, then an older one delivered late.
    await deliver(
      event("customer.subscription.updated", { ...sub, cancel_at_period_end: true }, undefined, 0.01),
    );
    assert.equal(await stateOf(email), "canceled");
    await deliver(event("customer.subscription.updated", { ...sub, status: "past_due" }, undefined, -0.01));
    assert.equal(await stateOf(email), "canceled");
  });

  test("a bad or missing signature is a 400 and nothing is stored", async () => {
    const payload = event(
      "customer.subscription.created",
      fakeSubscription("sub_bad", "cus_bad", "price_standard", "active", seconds(30)),
      "evt_bad",
    );
    const wrong = await deliver(payload, "whsec_someone_else");
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body, {
      message: "The webhook signature could not be verified.",
      code: "bad_request",
    });
    const none = await fetch(`${origin}/billing/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    assert.equal(none.status, 400);
    const stored = await s.app.db
      .selectFrom("billing_events")
      .selectAll()
      .where("id", "=", "evt_bad")
      .execute();
    assert.equal(stored.length, 0);
  });

  test("Stripe not answering is a 503 on the plan page; the manual provider takes no webhooks", async () => {
    const down = await startTestService(stripeEnv(`http://127.0.0.1:${await freePort()}`));
    try {
      const client = new FormClient(new URL(down.url("/")).origin);
      await client.submit("/account/signup", {
        name: "X",
        email: `down-${Date.now()}@example.com`,
        password: "a long password here",
      });
      const page = await client.get("/account/plan");
      const res = await client.post("/account/plan/upgrade", { plan: "enterprise" }, csrfOf(page.html));
      assert.equal(res.status, 503);
      assert.equal(res.headers.get("retry-after"), "30");
    } finally {
      await down.close();
    }
    const manual = await startTestService();
    try {
      const res = await fetch(`${new URL(manual.url("/")).origin}/billing/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      assert.equal(res.status, 404);
      assert.equal((await res.json()).code, "not_found");
    } finally {
      await manual.close();
    }
  });
});
