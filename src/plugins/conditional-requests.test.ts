/**
 * Conditional GETs over HTTP (RFC 9110 §13.1.2 If-None-Match, §15.4.5 304): the ETag and
 * Cache-Control of the cacheable routes, on a service with the response cache and on one without it
 * (there the 304 is decided after the handler).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestService, type TestService } from "../../test/helpers.ts";
import { MAX_AGE_S } from "../http/conditional.ts";
import { updateAccount } from "../modules/accounts/accounts.service.ts";

let cached: TestService;
let plain: TestService;
before(async () => {
  [cached, plain] = await Promise.all([
    startTestService({ TRUST_PROXY: "true" }),
    startTestService({ TRUST_PROXY: "true", RESPONSE_CACHE_MB: "0" }),
  ]);
});
after(() => Promise.all([cached.close(), plain.close()]));

/** A GET with the service's key (or `key`), returning status, headers and the raw body text. */
async function get(s: TestService, path: string, headers: Record<string, string> = {}, key = s.key) {
  const res = await fetch(s.url(path), { headers: { authorization: `Bearer ${key}`, ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const catalogue = `private, max-age=${MAX_AGE_S.catalogue}`;
const texts = `private, max-age=${MAX_AGE_S.texts}`;

for (const [name, service] of [
  ["with the response cache", () => cached],
  ["without the response cache", () => plain],
] as const) {
  describe(`conditional requests ${name}`, () => {
    test("every cacheable route sends a strong ETag, stable across requests, and its Cache-Control", async () => {
      const s = service();
      const routes: [string, string][] = [
        ["/wines?color=red&per_page=3", catalogue],
        ["/wines/search?q=chateau&limit=3", catalogue],
        ["/wines/100001", texts],
        ["/producers?per_page=2", catalogue],
        ["/producers/10001?include_wines=true", catalogue],
        ["/regions?country=fr&per_page=2", catalogue],
        ["/regions/1001", catalogue],
        ["/grapes?per_page=2", catalogue],
        ["/grapes/1", catalogue],
        ["/region-insights/1001?lang=en", texts],
        ["/drinking-periods/100001?lang=en", texts],
      ];
      for (const [path, cacheControl] of routes) {
        const first = await get(s, path);
        const second = await get(s, path);
        assert.equal(first.status, 200, path);
        const tag = first.headers.get("etag");
        assert.match(tag ?? "", /^"\d+-[A-Za-z0-9_-]{22}"$/, path);
        assert.equal(second.headers.get("etag"), tag, path);
        assert.equal(second.text, first.text, path);
        assert.equal(first.headers.get("cache-control"), cacheControl, path);
      }
      // Not cacheable: no validator.
      const ping = await get(s, "/ping");
      assert.equal(ping.headers.get("etag"), null);
    });

    test("If-None-Match with the tag: 304, no body, ETag, Cache-Control and Vary; another tag: 200", async () => {
      const s = service();
      const path = "/wines/100002";
      const first = await get(s, path);
      const tag = first.headers.get("etag") ?? "";
      const same = await get(s, path, { "if-none-match": tag });
      assert.equal(same.status, 304);
      assert.equal(same.text, "");
      assert.equal(same.headers.get("etag"), tag);
      assert.equal(same.headers.get("cache-control"), texts);
      assert.equal(same.headers.get("vary"), "Accept-Language");
      assert.equal(same.headers.get("content-type"), null);
      assert.equal(same.headers.get("content-length"), null);
      assert.ok(same.headers.get("x-ratelimit-remaining") !== null);

      const other = await get(s, path, { "if-none-match": '"1-AAAAAAAAAAAAAAAAAAAAAA"' });
      assert.equal(other.status, 200);
      assert.equal(other.text, first.text);
      assert.equal(other.headers.get("etag"), tag);
    });

    test("HEAD with a matching If-None-Match: 304 with the 200's Content-Length, no body", async () => {
      const s = service();
      const path = "/producers/10001";
      const full = await get(s, path);
      const tag = full.headers.get("etag") ?? "";
      for (let round = 0; round < 2; round++) {
        const res = await fetch(s.url(path), {
          method: "HEAD",
          headers: { authorization: `Bearer ${s.key}`, "if-none-match": tag },
        });
        assert.equal(res.status, 304, `round ${round}`);
        assert.equal(await res.text(), "");
        assert.equal(res.headers.get("etag"), tag);
        assert.equal(res.headers.get("content-length"), String(Buffer.byteLength(full.text)));
      }
    });

    test("If-None-Match lists, weak tags and * match by the weak comparison; malformed values do not", async () => {
      const s = service();
      const path = "/producers/10002";
      const tag = (await get(s, path)).headers.get("etag") ?? "";
      const matching = [`"x", ${tag}`, `W/${tag}`, `"a",,  W/"b" ,${tag}`, "*", ` * `];
      for (const value of matching) {
        assert.equal((await get(s, path, { "if-none-match": value })).status, 304, value);
      }
      const notMatching = [`"x", "y"`, tag.slice(1, -1), `${tag} junk`, `"${tag}"`, ""];
      for (const value of notMatching) {
        assert.equal((await get(s, path, { "if-none-match": value })).status, 200, value);
      }
    });

    test("the tag changes with the language of the answer", async () => {
      const s = service();
      const en = await get(s, "/regions/1001?lang=en");
      const de = await get(s, "/regions/1001?lang=de");
      const deHeader = await get(s, "/regions/1001", { "accept-language": "de-CH;q=0.9" });
      assert.notEqual(en.headers.get("etag"), de.headers.get("etag"));
      assert.equal(deHeader.headers.get("etag"), de.headers.get("etag"));
      const enTag = en.headers.get("etag") ?? "";
      assert.equal((await get(s, "/regions/1001?lang=de", { "if-none-match": enTag })).status, 200);
    });

    test("a page's tag covers its links: each host and query order has its own, stable tag", async () => {
      const s = service();
      const a = await get(s, "/wines?color=red&per_page=3&page=2");
      const b = await get(s, "/wines?page=2&per_page=3&color=red");
      const c = await get(s, "/wines?color=red&per_page=3&page=2", {
        "x-forwarded-proto": "https",
        "x-forwarded-host": "api.example.org",
      });
      const page3 = await get(s, "/wines?color=red&per_page=3&page=3");
      const tags = [a, b, c, page3].map((r) => r.headers.get("etag"));
      assert.equal(new Set(tags).size, 4, JSON.stringify(tags));
      assert.match(c.text, /"next":"https:\/\/api\.example\.org\/v1\/wines\?color=red&per_page=3&page=3"/);
      const again = await get(s, "/wines?color=red&per_page=3&page=2");
      assert.equal(again.headers.get("etag"), tags[0]);
      assert.equal(again.text, a.text);
      const viaProxy = { "x-forwarded-proto": "https", "x-forwarded-host": "api.example.org" };
      const revalidated = await get(s, "/wines?color=red&per_page=3&page=2", {
        ...viaProxy,
        "if-none-match": tags[2] ?? "",
      });
      assert.equal(revalidated.status, 304);
      // The tag of another host's links does not match.
      assert.equal(
        (await get(s, "/wines?color=red&per_page=3&page=2", { "if-none-match": tags[2] ?? "" })).status,
        200,
      );
    });

    test("a 200 that is not final and a 404 generating get no-store and no ETag", async () => {
      const s = service();
      // A wine with no Italian texts yet: English is served while they are generated.
      const id = JSON.parse((await get(s, "/wines?per_page=1&page=12")).text).data[0].id;
      const fallback = await get(s, `/wines/${id}?lang=it`);
      assert.equal(fallback.status, 200);
      assert.equal(JSON.parse(fallback.text).description.language, "en");
      assert.equal(fallback.headers.get("cache-control"), "no-store");
      assert.equal(fallback.headers.get("etag"), null);
      const generating = await get(s, `/drinking-periods/${id}?lang=fr`);
      assert.equal(generating.status, 404);
      assert.equal(generating.headers.get("cache-control"), "no-store");
      assert.equal(generating.headers.get("etag"), null);
      const missing = await get(s, "/wines/99");
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get("cache-control"), "no-store");
    });

    test("a 304 counts toward the minute limit, not the daily budget", async () => {
      const s = service();
      const key = await s.newKey({ plan: "standard", rateLimit: 10 });
      const ping = await s.request("/ping", { key });
      await updateAccount(s.app.db, ping.body.authenticated_as.user_id, { daily_limit: 2 }, s.app.keyCache);
      const path = "/grapes/2";
      const first = await get(s, path, {}, key); // day 1, minute 2 (ping was 1)
      assert.equal(first.status, 200);
      const tag = first.headers.get("etag") ?? "";
      const remaining: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await get(s, path, { "if-none-match": tag }, key);
        assert.equal(res.status, 304);
        remaining.push(res.headers.get("x-ratelimit-remaining"));
      }
      assert.deepEqual(remaining, ["7", "6", "5"]);
      // Were the 304s counted, the day's budget of 2 would be used up here.
      assert.equal((await get(s, path, {}, key)).status, 200); // day 2
      const over = await get(s, path, {}, key);
      assert.equal(over.status, 429);
      assert.equal(JSON.parse(over.text).code, "quota_exceeded");
    });

    test("the tag changes when the catalogue changes, even for the same bytes", async () => {
      const s = service();
      const path = "/grapes/3";
      const before = await get(s, path);
      const tag = before.headers.get("etag") ?? "";
      await s.app.db
        .updateTable("catalogue_version")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute();
      s.app.catalogueVersion.changed();
      const after = await get(s, path, { "if-none-match": tag });
      assert.equal(after.status, 200);
      assert.equal(after.text, before.text);
      assert.notEqual(after.headers.get("etag"), tag);
      const again = await get(s, path, { "if-none-match": after.headers.get("etag") ?? "" });
      assert.equal(again.status, 304);
    });
  });
}
