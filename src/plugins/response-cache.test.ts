import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { pollUntil, startTestService, type TestService } from "../../test/helpers.ts";
import { BUNDLED_XWINES, writeCatalogue } from "../modules/catalogue/catalogue.service.ts";
import { parseXWines } from "../modules/catalogue/xwines.ts";

let cached: TestService;
let plain: TestService;
before(async () => {
  [cached, plain] = await Promise.all([
    startTestService({ TRUST_PROXY: "true" }),
    startTestService({ TRUST_PROXY: "true", RESPONSE_CACHE_MB: "0" }),
  ]);
});
after(() => Promise.all([cached.close(), plain.close()]));

/** Raw text and the headers a client sees, for exact comparison. */
async function raw(s: TestService, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(s.url(path), { headers: { authorization: `Bearer ${s.key}`, ...headers } });
  const pick = (name: string) => res.headers.get(name);
  return {
    status: res.status,
    text: (await res.text()).replaceAll(new URL(s.url("/")).origin, "ORIGIN"),
    type: pick("content-type"),
    language: pick("content-language"),
    vary: pick("vary"),
    remaining: pick("x-ratelimit-remaining"),
  };
}

const PATHS = [
  "/wines/100001",
  "/wines/100001?lang=fr",
  "/wines?color=red&per_page=3&page=2",
  "/wines?page=2&per_page=3&color=red",
  "/wines?per_page=5&page=999",
  "/wines/search?q=chateau&limit=5",
  "/wines/search?q=cabernet sauvignon&lang=de",
  "/producers?search=chateau&per_page=2",
  "/producers/10001?include_wines=true",
  "/producers/10001?include_wines=1&lang=it",
  "/regions?country=fr&per_page=4&page=3",
  "/regions/1001?include_wines=true",
  "/grapes?per_page=4",
  "/grapes/1",
  "/region-insights/1001?lang=en",
  "/drinking-periods/100001?lang=en",
];

describe("response cache", () => {
  test("cached answers equal uncached ones byte for byte, headers included", async () => {
    const variants: Record<string, string>[] = [
      {},
      { "accept-language": "de-CH;q=0.9, it;q=0.5" },
      { "x-forwarded-proto": "https", "x-forwarded-host": "wine.example" },
    ];
    for (const path of PATHS) {
      for (const headers of variants) {
        const expected = await raw(plain, path, headers);
        for (let round = 0; round < 2; round++) {
          const got = await raw(cached, path, headers);
          const label = `${path} ${JSON.stringify(headers)} round ${round}`;
          assert.equal(got.status, expected.status, label);
          if (expected.language === "en" || !path.startsWith("/wines/")) {
            assert.equal(got.text, expected.text, label);
          }
          assert.deepEqual(
            [got.type, got.language, got.vary],
            [expected.type, expected.language, expected.vary],
            label,
          );
        }
      }
    }
  });

  test("pagination links follow each request's host, scheme and parameter order", async () => {
    await raw(cached, "/wines?color=red&per_page=3&page=2");
    const other = await raw(cached, "/wines?page=2&per_page=3&color=red", {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "api.example.org",
    });
    const links = JSON.parse(other.text).links;
    assert.equal(links.next, "https://api.example.org/v1/wines?page=3&per_page=3&color=red");
    assert.equal(links.prev, "https://api.example.org/v1/wines?page=1&per_page=3&color=red");
  });

  test("rate-limit headers stay per request on cached answers", async () => {
    const key = await cached.newKey({ rateLimit: 5 });
    const seen: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(cached.url("/wines/100002"), { headers: { authorization: `Bearer ${key}` } });
      seen.push(res.headers.get("x-ratelimit-remaining"));
      await res.arrayBuffer();
    }
    assert.deepEqual(seen, ["4", "3", "2"]);
  });

  test("a generated translation replaces the English fallback (the fallback is not stored)", async () => {
    const first = await cached.request("/wines/100007?lang=it");
    assert.equal(first.status, 200);
    assert.equal(first.body.description.language, "en");
    // Were the fallback stored, the answer would stay English after the translation is written.
    const done = await pollUntil(
      cached,
      "/wines/100007?lang=it",
      (r) => r.body.description.language === "it",
    );
    assert.equal(done.headers.get("content-language"), "it");
    assert.equal((await cached.request("/wines/100007?lang=it")).body.description.language, "it");
  });

  test("404 generating is not stored: the insight appears once generated", async () => {
    const first = await cached.request("/region-insights/1002?lang=fr");
    assert.deepEqual([first.status, first.body.generating], [404, true]);
    const done = await pollUntil(cached, "/region-insights/1002?lang=fr", (r) => r.body.lang === "fr");
    assert.equal(done.status, 200);
  });

  test("an import in this process changes the answer at once", async () => {
    const before = await cached.request("/wines/100005");
    const catalogue = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
    const wine = catalogue.wines.find((w) => w.id === 100005);
    assert.ok(wine);
    wine.name = "Renamed Cuvée";
    await writeCatalogue(cached.app.db, catalogue);
    cached.app.catalogueVersion.changed();
    const after = await cached.request("/wines/100005");
    assert.notEqual(after.body.display_name, before.body.display_name);
    assert.match(after.body.display_name, /Renamed Cuvée$/);
    const list = await cached.request(`/wines?producer_id=${after.body.producer.id}`);
    assert.ok(list.body.data.some((w: { display_name: string }) => w.display_name.endsWith("Renamed Cuvée")));
  });

  test("a search answer follows an import: none from the previous index is kept", async () => {
    const q = "/wines/search?q=zyxquon";
    assert.equal((await cached.request(q)).body.meta.count, 0); // stored for this catalogue version
    const catalogue = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
    const wine = catalogue.wines.find((w) => w.id === 100007);
    assert.ok(wine);
    wine.name = "Zyxquon Reserve";
    await writeCatalogue(cached.app.db, catalogue);
    cached.app.catalogueVersion.changed();
    // The index is rebuilt in the background; an answer of the old index must not be stored for the
    // new catalogue version, or this would never find the renamed wine.
    const found = await pollUntil(cached, q, (r) => r.body.meta.count > 0);
    assert.equal(found.body.data[0].id, 100007);
  });

  test("an import by another process is seen once it moves the catalogue version", async () => {
    const before = await cached.request("/wines/100008");
    await cached.app.db
      .updateTable("wines")
      .set({ display_name: "Elsewhere Renamed" })
      .where("id", "=", 100008)
      .execute();
    await cached.app.db
      .updateTable("catalogue_version")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
    const after = await pollUntil(
      cached,
      "/wines/100008",
      (r) => r.body.display_name === "Elsewhere Renamed",
    );
    assert.notEqual(before.body.display_name, after.body.display_name);
  });
});
