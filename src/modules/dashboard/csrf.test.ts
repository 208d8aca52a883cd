/**
 * CSRF on every form of the dashboard, over real HTTP: each POST route under /account, taken from
 * the routes as registered (a new form is covered by being registered), is refused (403) with no
 * token, with another browser's token, and — for the forms of a logged-in account — with this very
 * browser's token from before its log-in or from an ended session (tokens are bound to the session).
 * The same request with the right token is not refused, so the refusals are the check's doing.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { csrfOf, FormClient } from "../../../test/browser-client.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
let origin: string;
let n = 0;
before(async () => {
  s = await startTestService();
  origin = new URL(s.url("/")).origin;
});
after(() => s.close());

const PASSWORD = "a cellar of old riesling";

/** Fields that make each form acceptable with the right token (the check must be what refuses). */
const FIELDS: Record<string, Record<string, string>> = {
  "/account/signup": { name: "Someone", email: "x@example.com", password: PASSWORD },
  "/account/login": { email: "x@example.com", password: PASSWORD },
  "/account/forgot": { email: "x@example.com" },
  "/account/reset": { token: "x".repeat(43), next: PASSWORD },
  "/account/password": { current: PASSWORD, next: "another long cellar phrase" },
  "/account/keys": { name: "forged", abilities: "*", rate_limit: "10" },
  "/account/profile/name": { name: "Renamed" },
  "/account/profile/email": { email: "new@example.com", password: PASSWORD },
  "/account/delete": { password: PASSWORD },
  "/account/plan/upgrade": { plan: "standard" },
};

/** A browser that signed up (logged in), with the CSRF token of its logged-out visit kept. */
async function account(): Promise<{ client: FormClient; guestToken: string; email: string }> {
  const client = new FormClient(origin);
  const guestToken = csrfOf((await client.get("/account/signup")).html);
  const email = `csrf-${++n}-${Date.now()}@example.com`;
  const res = await client.post("/account/signup", { name: "Owner", email, password: PASSWORD }, guestToken);
  assert.equal(res.status, 303);
  return { client, guestToken, email };
}

test("every dashboard form refuses a missing, foreign or stale CSRF token", async () => {
  const posts = s.app.routeAccess.filter((r) => r.method === "POST" && r.url.startsWith("/account/"));
  assert.ok(posts.length >= 12, `forms found: ${posts.map((r) => r.url).join(", ")}`);
  const guestForms = new Set(["/account/signup", "/account/login", "/account/forgot", "/account/reset"]);
  const other = await account();
  for (const route of posts) {
    const isGuest = guestForms.has(route.url);
    const victim = await account();
    // A key of the victim's, for the revocation form's path.
    await victim.client.submit("/account/keys", { name: "k", abilities: "*", rate_limit: "10" });
    const keys = (await victim.client.get("/account/keys")).html;
    const prefix = /data-prefix="(wds_[a-z0-9]{8})"/.exec(keys)?.[1] ?? "";
    const path = route.url.replace(":prefix", prefix);
    const fields = FIELDS[route.url] ?? {};
    const client = isGuest ? new FormClient(origin) : victim.client;
    const page = isGuest ? "/account/login" : "/account";
    const ownToken = csrfOf((await client.get(page)).html);
    const otherToken = csrfOf((await (isGuest ? new FormClient(origin) : other.client).get(page)).html);

    assert.equal((await client.post(path, fields, null)).status, 403, `${path}: no token`);
    assert.equal(
      (await client.post(path, fields, otherToken)).status,
      403,
      `${path}: another browser's token`,
    );
    if (!isGuest) {
      assert.equal(
        (await client.post(path, fields, victim.guestToken)).status,
        403,
        `${path}: the logged-out token`,
      );
    }
    const accepted = await client.post(path, fields, ownToken);
    assert.notEqual(accepted.status, 403, `${path}: its own token is accepted (${accepted.status})`);
  }
});

test("a forged token cannot create a key", async () => {
  const victim = await account();
  const attacker = await account();
  const forged = csrfOf((await attacker.client.get("/account/keys")).html);
  const res = await victim.client.post(
    "/account/keys",
    { name: "forged", abilities: "*", rate_limit: "10" },
    forged,
  );
  assert.equal(res.status, 403);
  assert.doesNotMatch((await victim.client.get("/account/keys")).html, /forged/);
});

test("a token of an ended session is refused after logging in again", async () => {
  const { client, email } = await account();
  const old = csrfOf((await client.get("/account")).html);
  await client.post("/account/logout", {}, old);
  const login = await client.submit("/account/login", { email, password: PASSWORD });
  assert.equal(login.status, 303);
  assert.equal((await client.post("/account/profile/name", { name: "Stale" }, old)).status, 403);
});
