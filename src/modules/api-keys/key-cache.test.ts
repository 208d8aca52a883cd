import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import type { AccountRow, ApiKeyRow } from "../../db/types.ts";
import { findAccountById } from "../accounts/accounts.repository.ts";
import { updateAccount } from "../accounts/accounts.service.ts";
import { hashKey, issueKey, revokeKey } from "./api-keys.service.ts";
import { KeyCache, verifies } from "./key-cache.ts";

const account = { id: 7 } as AccountRow;
const keyRow = (prefix: string, accountId = 7) =>
  ({ prefix, account_id: accountId, abilities: '["*"]', secret_hash: "00", last_used_at: null }) as ApiKeyRow;

describe("KeyCache", () => {
  test("an entry lives ttlMs from its read", () => {
    let now = 0;
    const cache = new KeyCache(1000, 10, () => now);
    cache.set(keyRow("wds_aaaaaaaa"), account);
    now = 999;
    assert.deepEqual(cache.get("wds_aaaaaaaa")?.abilities, ["*"]);
    now = 1000;
    assert.equal(cache.get("wds_aaaaaaaa"), undefined);
    cache.close();
  });

  test("bounded: the oldest read is dropped first; ttl 0 keeps nothing", () => {
    const cache = new KeyCache(60_000, 2);
    for (const p of ["wds_aaaaaaaa", "wds_bbbbbbbb", "wds_cccccccc"]) cache.set(keyRow(p), account);
    assert.equal(cache.get("wds_aaaaaaaa"), undefined);
    assert.ok(cache.get("wds_bbbbbbbb") && cache.get("wds_cccccccc"));
    const off = new KeyCache(0);
    off.set(keyRow("wds_aaaaaaaa"), account);
    assert.equal(off.get("wds_aaaaaaaa"), undefined);
    cache.close();
    off.close();
  });

  test("verifies: a key that matched once is recognised again; any other secret still fails", () => {
    const key = `wds_aaaaaaaa_${"A".repeat(32)}`;
    const wrong = `wds_aaaaaaaa_${"A".repeat(31)}B`;
    const cache = new KeyCache(60_000);
    const entry = cache.set({ ...keyRow("wds_aaaaaaaa"), secret_hash: hashKey(key) }, account);
    assert.equal(verifies(entry, wrong), false);
    assert.equal(entry.verified, null);
    assert.equal(verifies(entry, key), true);
    assert.equal(entry.verified, key);
    assert.equal(verifies(entry, key), true);
    assert.equal(verifies(entry, wrong), false);
    assert.equal(verifies(entry, key.slice(0, -1)), false);
    cache.close();
  });
});

describe("authentication with the key cache", () => {
  let s: TestService;
  before(async () => {
    s = await startTestService({ AUTH_CACHE_MS: "200" });
  });
  after(() => s.close());
  const prefixOf = (key: string) => key.slice(0, 12);

  test("a wrong secret under a cached, verified prefix: 401; the right key still passes", async () => {
    const key = await s.newKey();
    assert.equal((await s.request("/ping", { key })).status, 200);
    const last = key.at(-1) === "A" ? "B" : "A";
    assert.equal((await s.request("/ping", { key: key.slice(0, -1) + last })).status, 401);
    assert.equal((await s.request("/ping", { key })).status, 200);
  });

  test("revoking through the service with app.keyCache: 401 on the very next request", async () => {
    const key = await s.newKey();
    assert.equal((await s.request("/ping", { key })).status, 200);
    assert.ok(await revokeKey(s.app.db, prefixOf(key), s.clock.now(), s.app.keyCache));
    assert.equal((await s.request("/ping", { key })).status, 401);
  });

  test("an account change through the service with app.keyCache applies on the very next request", async () => {
    const key = await s.newKey({ plan: "standard" });
    const id = (await s.request("/ping", { key })).body.authenticated_as.user_id;
    await updateAccount(s.app.db, id, { status: "expired" }, s.app.keyCache);
    assert.equal((await s.request("/wines?per_page=1", { key })).status, 403);
  });

  test("a revocation by another process (no notification) applies once the entry expires", async () => {
    const key = await s.newKey();
    assert.equal((await s.request("/ping", { key })).status, 200);
    // What `winedata keys revoke` in another process does: the row changes, this process is not told.
    await s.app.db
      .updateTable("api_keys")
      .set({ revoked_at: s.clock.now().toISOString() })
      .where("prefix", "=", prefixOf(key))
      .execute();
    let status = 200;
    for (let i = 0; i < 400 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 10));
      status = (await s.request("/ping", { key })).status;
    }
    assert.equal(status, 401);
  });

  test("last_used_at is recorded once for a burst of requests", async () => {
    const key = await s.newKey();
    for (let i = 0; i < 5; i++) assert.equal((await s.request("/ping", { key })).status, 200);
    let row: { last_used_at: string | null } | undefined;
    for (let i = 0; i < 100 && !row?.last_used_at; i++) {
      await new Promise((r) => setImmediate(r));
      row = await s.app.db
        .selectFrom("api_keys")
        .select("last_used_at")
        .where("prefix", "=", prefixOf(key))
        .executeTakeFirst();
    }
    assert.ok(row?.last_used_at);
  });
});

describe("the app's key cache (app.keyCache)", () => {
  let s: TestService;
  before(async () => {
    // Entries outlive the test: what is missing was dropped, not expired.
    s = await startTestService({ AUTH_CACHE_MS: "60000" });
  });
  after(() => s.close());
  const prefixOf = (key: string) => key.slice(0, 12);

  test("holds the keys authentication read; forgetKey and forgetAccount drop those at once, and only those", async () => {
    const first = await s.newKey();
    const id = (await s.request("/ping", { key: first })).body.authenticated_as.user_id;
    const owner = await findAccountById(s.app.db, id);
    assert.ok(owner);
    const { key: second } = await issueKey(s.app.db, { account: owner, name: "second", now: s.clock.now() });
    const other = await s.newKey();
    for (const key of [second, other]) assert.equal((await s.request("/ping", { key })).status, 200);
    const cache = s.app.keyCache;
    for (const key of [first, second, other]) assert.ok(cache.get(prefixOf(key)), "read by authentication");

    cache.forgetKey(prefixOf(first));
    assert.equal(cache.get(prefixOf(first)), undefined);
    assert.ok(cache.get(prefixOf(second)));
    assert.ok(cache.get(prefixOf(other)));

    cache.forgetAccount(id);
    assert.equal(cache.get(prefixOf(second)), undefined);
    assert.ok(cache.get(prefixOf(other)));
  });
});
