import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

test("GET /regions: envelope with meta.language, names localized", async () => {
  const res = await s.request("/regions?per_page=100");
  assert.equal(res.status, 200);
  assert.equal(res.body.meta.total, 327);
  assert.equal(res.body.meta.language, "en");
  assert.deepEqual(Object.keys(res.body.data[0]).sort(), ["country", "id", "language", "name"]);
  const de = await s.request("/regions?search=bourgogne", {
    headers: { "accept-language": "de-DE,de;q=0.9" },
  });
  assert.equal(de.body.meta.language, "de");
  assert.equal(de.headers.get("content-language"), "de");
  assert.ok(
    de.body.data.some((r: { name: string }) => r.name === "Burgund"),
    JSON.stringify(de.body.data),
  );
  const en = await s.request("/regions?search=burgund");
  assert.ok(
    en.body.data.some((r: { name: string }) => r.name === "Burgundy"),
    JSON.stringify(en.body.data),
  );
  const it = await s.request("/regions?search=burgundy&lang=it");
  assert.ok(it.body.data.some((r: { name: string }) => r.name === "Borgogna"));
});

test("country filter compares case-insensitively; codes are upper case", async () => {
  const lower = await s.request("/regions?country=fr&per_page=100");
  const upper = await s.request("/regions?country=FR&per_page=100");
  assert.ok(lower.body.meta.total > 10);
  assert.deepEqual(lower.body.data, upper.body.data);
  assert.ok(lower.body.data.every((r: { country: string }) => r.country === "FR"));
  assert.equal((await s.request("/regions?country=zz")).body.meta.total, 0);
  assert.equal((await s.request("/regions?country=fra")).status, 422);
});

test("GET /regions/{id}: include_wines caps at 50 and wines_count gives the total", async () => {
  const list = await s.request("/regions?per_page=100&page=1");
  const counts = await Promise.all(
    list.body.data.map(async (r: { id: number }) => (await s.request(`/regions/${r.id}`)).body.data),
  );
  const big = counts.sort((a, b) => b.wines_count - a.wines_count)[0];
  const res = await s.request(`/regions/${big.id}?include_wines=true`);
  assert.equal(res.status, 200);
  assert.equal(res.body.data.wines_count, big.wines_count);
  assert.equal(res.body.data.wines.length, Math.min(50, big.wines_count));
  const w = res.body.data.wines[0];
  assert.deepEqual(Object.keys(w).sort(), [
    "color",
    "display_name",
    "id",
    "producer",
    "producer_id",
    "region_id",
    "residual_sugar",
  ]);
  assert.deepEqual(Object.keys(w.producer).sort(), ["id", "name", "title"]);
  assert.equal(w.region_id, big.id);
  const capped = (await s.request("/regions?per_page=100&page=4")).body.data;
  assert.ok(Array.isArray(capped));
});

test("include_wines returns at most 50 wines while wines_count counts them all", async () => {
  // No X-Wines region or producer has 50 wines, so the test adds 60 copies of a real wine.
  const source = await s.app.db
    .selectFrom("wines")
    .selectAll()
    .where("id", "=", 100003)
    .executeTakeFirstOrThrow();
  const copies = Array.from({ length: 60 }, (_, i) => ({
    ...source,
    id: 900_000 + i,
    name: `${source.name} ${i}`,
  }));
  await s.app.db.insertInto("wines").values(copies).execute();
  const region = await s.request(`/regions/${source.region_id}?include_wines=1`);
  assert.equal(region.body.data.wines.length, 50);
  assert.ok(region.body.data.wines_count > 60);
  const producer = await s.request(`/producers/${source.producer_id}?include_wines=1`);
  assert.equal(producer.body.data.wines.length, 50);
  assert.ok(producer.body.data.wines_count > 60);
  await s.app.db.deleteFrom("wines").where("id", ">=", 900_000).execute();
});

test("unknown region: 404 Region not found.", async () => {
  const res = await s.request("/regions/42");
  assert.equal(res.status, 404);
  assert.deepEqual(res.body, { message: "Region not found.", code: "not_found" });
});
