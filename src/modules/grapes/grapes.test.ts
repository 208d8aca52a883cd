import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

test("GET /grapes: envelope of {id, name, color}; 188 varieties", async () => {
  const res = await s.request("/grapes?per_page=100");
  assert.equal(res.status, 200);
  assert.equal(res.body.meta.total, 188);
  assert.deepEqual(Object.keys(res.body.data[0]).sort(), ["color", "id", "name"]);
  assert.ok(res.body.data.every((g: { color: string }) => g.color === "red" || g.color === "white"));
});

test("names are localized; search finds local names and synonyms", async () => {
  const en = await s.request("/grapes?search=pinot%20noir");
  const pinot = en.body.data.find((g: { name: string }) => g.name === "Pinot Noir");
  assert.ok(pinot, JSON.stringify(en.body.data));
  const de = await s.request(`/grapes/${pinot.id}`, { headers: { "accept-language": "de" } });
  assert.equal(de.body.data.name, "Spätburgunder");
  assert.equal(de.headers.get("content-language"), "de");
  assert.equal((await s.request(`/grapes/${pinot.id}?lang=it`)).body.data.name, "Pinot Nero");
  const byLocal = await s.request("/grapes?search=spatburgunder");
  assert.ok(byLocal.body.data.some((g: { id: number }) => g.id === pinot.id));
  assert.equal((await s.request("/grapes?search=x")).status, 422);
});

test("GET /grapes/{id}: data with synonyms and wines_count", async () => {
  const list = await s.request("/grapes?search=syrah");
  const syrah = list.body.data[0];
  const res = await s.request(`/grapes/${syrah.id}`);
  assert.equal(res.status, 200);
  assert.deepEqual(Object.keys(res.body.data).sort(), ["color", "id", "name", "synonyms", "wines_count"]);
  assert.ok(res.body.data.wines_count > 0);
  assert.ok(Array.isArray(res.body.data.synonyms));
  const missing = await s.request("/grapes/99999");
  assert.deepEqual([missing.status, missing.body], [404, { message: "Grape not found.", code: "not_found" }]);
});
