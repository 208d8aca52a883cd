import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";
import { updateAccount } from "../accounts/accounts.service.ts";
import { findKeyByPrefix } from "./api-keys.repository.ts";
import { revokeKey } from "./api-keys.service.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

/** A real id for the `:id` of each resource, so that a route's handler has something to answer. */
const SAMPLE_IDS: Record<string, number> = {
  wines: 100001,
  producers: 10001,
  regions: 1001,
  grapes: 1,
  "region-insights": 1001,
  "drinking-periods": 100001,
};

/** A concrete path (without the prefix) for a route pattern such as `/v1/wines/:id`. */
function samplePath(url: string, prefix: string): string {
  const segments = url.slice(prefix.length).split("/");
  return segments
    .map((part, i) => (part.startsWith(":") ? String(SAMPLE_IDS[segments[i - 1] ?? ""] ?? 1) : part))
    .join("/");
}

const prefixOf = (key: string) => key.slice(0, 12);

// Generated from the routes as registered (app.routeAccess), not from a list kept by hand: a new
// route gets these cases by being registered, and cannot skip declaring its access (next test).
test("shared cases on every registered route under the prefix or declaring a key: 401, 403, 429", async (t) => {
  const prefix = s.config.basePath;
  // Under the prefix every route declares its access; outside it, those that need a key (/mcp) count.
  const routes = s.app.routeAccess.filter(
    (r) => r.method !== "HEAD" && (r.url.startsWith(`${prefix}/`) || r.ability !== undefined),
  );
  assert.ok(routes.some((r) => r.url === "/mcp" && r.method === "POST"));
  // Every documented operation is among them (the OpenAPI document lists the same routes).
  const openapi = (await s.request("/openapi.json", { key: null })).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const method of Object.keys(operations)) {
      const url = path.replace(/\{(\w+)\}/g, ":$1");
      assert.ok(
        routes.some((r) => r.url === url && r.method === method.toUpperCase()),
        `${method} ${path} is not among the registered routes`,
      );
    }
  }
  for (const route of routes) {
    await t.test(`${route.method} ${route.url}`, async () => {
      const path = route.url.startsWith(`${prefix}/`) ? samplePath(route.url, prefix) : route.url;
      const body = route.method === "POST" ? { photo: "" } : undefined;
      const none = await s.request(path, { key: null, body });
      if (route.public) {
        assert.notEqual(none.status, 401);
        return;
      }
      assert.equal(none.status, 401);
      assert.deepEqual(none.body, { message: "Unauthenticated." });
      const wrong = await s.request(path, { key: "wds_abcdefgh_0123456789abcdefghijABCDEFGHIJ01", body });
      assert.equal(wrong.status, 401);
      if (route.ability) {
        const other = route.ability === "wines:read" ? "regions:read" : "wines:read";
        const limited = await s.newKey({ abilities: [other] });
        const res = await s.request(path, { key: limited, body });
        assert.equal(res.status, 403);
        assert.deepEqual(res.body, {
          message: `This API key lacks the ability ${route.ability}.`,
          code: "missing_ability",
        });
      }
      if (route.feature !== null) {
        const trial = await s.newKey({ plan: "trial" });
        const res = await s.request(path, { key: trial, body });
        assert.equal(res.status, 403);
        assert.equal(res.body.code, "forbidden");
      }
      const slow = await s.newKey({ rateLimit: 1 });
      await s.request(path, { key: slow, body });
      const over = await s.request(path, { key: slow, body });
      assert.equal(over.status, 429);
      const retryAfter = Number(over.headers.get("retry-after"));
      assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
      // docs/decisions.md: the body repeats Retry-After as `retry_after`, as the original service does.
      assert.deepEqual(over.body, {
        message: "Too Many Attempts.",
        code: "rate_limited",
        retry_after: retryAfter,
      });
    });
  }
});

test("a route under the prefix that declares no access stops the app from starting", async () => {
  const app = await buildApp(s.config);
  try {
    await assert.rejects(async () => {
      app.get(`${s.config.basePath}/forgotten`, async () => ({ open: true }));
      await app.ready();
    }, /Route GET \/v1\/forgotten declares no access/);
  } finally {
    await app.close().catch(() => {});
  }
});

test("outside the prefix a route may be public; inside, public must be said", async () => {
  const app = await buildApp(s.config);
  try {
    app.get("/status-page", async () => ({ ok: true }));
    app.get(`${s.config.basePath}/open`, { config: { public: true } }, async () => ({ ok: true }));
    await app.ready();
    assert.equal((await app.inject(`${s.config.basePath}/open`)).statusCode, 200);
    assert.equal((await app.inject("/status-page")).statusCode, 200);
  } finally {
    await app.close();
  }
});

describe("keys", () => {
  test("X-API-Key works like Bearer; ping reports the owner and key", async () => {
    const res = await s.request("/ping", { key: null, headers: { "x-api-key": s.key } });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, "API authentication successful");
    assert.equal(res.body.api_key.prefix, prefixOf(s.key));
    assert.deepEqual(res.body.api_key.abilities, ["*"]);
    assert.equal(res.body.api_key.rate_limit_per_minute, 600);
    assert.match(res.body.authenticated_as.user_email, /@example\.com$/);
    assert.equal(typeof res.body.authenticated_as.user_id, "number");
    assert.match(res.body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    assert.ok(!JSON.stringify(res.body).includes(s.key.slice(13)), "the secret is never returned");
  });

  test("malformed, revoked and expired keys: 401", async () => {
    for (const header of ["Bearer", "Bearer wds_short", "Basic abc", `Bearer ${s.key}x`]) {
      const res = await s.request("/ping", { key: null, headers: { authorization: header } });
      assert.equal(res.status, 401, header);
    }
    const key = await s.newKey();
    assert.equal((await s.request("/ping", { key })).status, 200);
    assert.ok(await revokeKey(s.app.db, prefixOf(key), s.clock.now(), s.app.keyCache));
    const revoked = await s.request("/ping", { key });
    assert.deepEqual([revoked.status, revoked.body], [401, { message: "Unauthenticated." }]);
    const expiring = await s.newKey();
    await s.app.db
      .updateTable("api_keys")
      .set({ expires_at: "2026-01-01T00:00:00.000Z" })
      .where("prefix", "=", prefixOf(expiring))
      .execute();
    assert.equal((await s.request("/ping", { key: expiring })).status, 401);
  });

  test("only a hash of the key is stored", async () => {
    const row = await findKeyByPrefix(s.app.db, prefixOf(s.key));
    assert.ok(row);
    assert.ok(!JSON.stringify(row).includes(s.key.slice(13)));
    assert.match(row.secret_hash, /^[0-9a-f]{64}$/);
  });
});

describe("rate limits", () => {
  test("headers count down; over the limit 429 with Retry-After", async () => {
    const key = await s.newKey({ rateLimit: 3 });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.request("/wines?per_page=1", { key });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("x-ratelimit-limit"), "3");
      remaining.push(res.headers.get("x-ratelimit-remaining") ?? "");
      const reset = Number(res.headers.get("x-ratelimit-reset"));
      assert.ok(reset >= 1 && reset <= 60);
    }
    assert.deepEqual(remaining, ["2", "1", "0"]);
    const over = await s.request("/wines?per_page=1", { key });
    assert.equal(over.status, 429);
    const retry = Number(over.headers.get("retry-after"));
    assert.ok(retry >= 1 && retry <= 60);
    assert.equal(over.headers.get("x-ratelimit-remaining"), "0");
  });

  test("a key's limit cannot exceed its plan's maximum", async () => {
    await assert.rejects(s.newKey({ plan: "trial", rateLimit: 61 }), /rate limit/);
    const key = await s.newKey({ plan: "standard" });
    assert.equal((await s.request("/ping", { key })).body.api_key.rate_limit_per_minute, 120);
  });

  test("daily budget: 429 quota_exceeded until the next UTC day; ping does not count", async () => {
    const key = await s.newKey({ plan: "standard" });
    const ping = await s.request("/ping", { key });
    const accountId = ping.body.authenticated_as.user_id;
    await updateAccount(s.app.db, accountId, { daily_limit: 2 }, s.app.keyCache);
    assert.equal((await s.request("/wines?per_page=1", { key })).status, 200);
    assert.equal((await s.request("/ping", { key })).status, 200);
    assert.equal((await s.request("/regions?per_page=1", { key })).status, 200);
    const over = await s.request("/grapes?per_page=1", { key });
    assert.equal(over.status, 429);
    assert.deepEqual(over.body.code, "quota_exceeded");
    const retry = Number(over.headers.get("retry-after")); // the test clock starts at 10:00 UTC
    assert.ok(retry <= 14 * 3600 && retry > 14 * 3600 - 120, String(retry));
    assert.equal(over.body.retry_after, retry);
    assert.equal((await s.request("/ping", { key })).status, 200);
    s.clock.advanceDays(1);
    assert.equal((await s.request("/grapes?per_page=1", { key })).status, 200);
    s.clock.advanceDays(-1);
  });
});

describe("subscription states", () => {
  const inactive = { message: "Your subscription is not active.", code: "subscription_inactive" };

  test("trial: full read access for 14 days, never the photo endpoint, then expired", async () => {
    const key = await s.newKey({ plan: "trial" });
    assert.equal((await s.request("/wines?per_page=1", { key })).status, 200);
    const photo = await s.request("/photo/analyze", { key, body: { photo: "aGVsbG8=" } });
    assert.deepEqual(
      [photo.status, photo.body],
      [403, { message: "This endpoint requires an Enterprise API subscription", code: "forbidden" }],
    );
    s.clock.advanceDays(13.9);
    assert.equal((await s.request("/wines?per_page=1", { key })).status, 200);
    s.clock.advanceDays(0.2);
    const expired = await s.request("/wines?per_page=1", { key });
    assert.deepEqual([expired.status, expired.body], [403, inactive]);
    s.clock.advanceDays(-14.1);
  });

  test("active, past_due (7-day grace), canceled (until period end), expired", async () => {
    const key = await s.newKey({ plan: "standard" });
    const id = (await s.request("/ping", { key })).body.authenticated_as.user_id;
    const now = s.clock.now().getTime();
    const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const status = async () => (await s.request("/wines?per_page=1", { key })).status;

    await updateAccount(s.app.db, id, { status: "active", current_period_end: iso(5) }, s.app.keyCache);
    assert.equal(await status(), 200);
    await updateAccount(s.app.db, id, { status: "active", current_period_end: iso(-1) }, s.app.keyCache);
    assert.equal(await status(), 403);
    await updateAccount(s.app.db, id, { status: "past_due", past_due_since: iso(-6) }, s.app.keyCache);
    assert.equal(await status(), 200);
    await updateAccount(s.app.db, id, { status: "past_due", past_due_since: iso(-8) }, s.app.keyCache);
    assert.equal(await status(), 403);
    await updateAccount(s.app.db, id, { status: "canceled", current_period_end: iso(3) }, s.app.keyCache);
    assert.equal(await status(), 200);
    await updateAccount(s.app.db, id, { status: "canceled", current_period_end: iso(-3) }, s.app.keyCache);
    assert.equal(await status(), 403);
    await updateAccount(s.app.db, id, { status: "expired" }, s.app.keyCache);
    const res = await s.request("/wines?per_page=1", { key });
    assert.deepEqual([res.status, res.body], [403, inactive]);
  });
});
