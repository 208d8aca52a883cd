import assert from "node:assert/strict";
import { test } from "node:test";
import { ResponseCache } from "./response-cache.ts";

/** A stored answer of `bytes` bytes (at most a 16th of the budget is stored). */
const entry = (bytes: number): Parameters<ResponseCache["set"]>[1] => ({
  body: { body: Buffer.alloc(0), tag: '"t"' },
  page: null,
  bytes,
  used: false,
});

test("response cache: admits everything while there is room, then a new key on its second miss", () => {
  const cache = new ResponseCache(16_000);
  cache.follow(1);
  for (let i = 0; i < 16; i++) {
    assert.equal(cache.admits(`k${i}`, 1_000), true, "room left");
    cache.set(`k${i}`, entry(1_000));
  }
  assert.equal(cache.admits("k0", 1_000), true, "a stored key is replaced freely");
  assert.equal(cache.admits("new", 1_000), false, "full: a first miss is only remembered");
  assert.equal(cache.admits("other", 1_000), false);
  assert.equal(cache.admits("new", 1_000), true, "its second miss gets in");
  cache.set("new", entry(1_000));
  assert.ok(cache.get("new"));
  assert.equal(cache.admits("new2", 1_000), false);
  cache.follow(2); // the catalogue moved: empty again, everything fits
  assert.equal(cache.admits("new3", 1_000), true);
});

test("response cache: the doorkeeper forgets its misses after about a cache's worth of them", () => {
  const cache = new ResponseCache(16_000);
  cache.follow(1);
  for (let i = 0; i < 16; i++) cache.set(`k${i}`, entry(1_000));
  assert.equal(cache.admits("a", 1_000), false);
  for (let i = 0; i < 16; i++) cache.admits(`m${i}`, 1_000); // 16 entries: the 17th miss clears
  assert.equal(cache.admits("a", 1_000), false, "forgotten, so a first miss again");
});
