import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

test("GET /producers lists id, name, title with the pagination envelope", async () => {
  const res = await s.request("/producers");
  assert.equal(res.status, 200);
  assert.equal(res.body.meta.total, 792);
  assert.equal(res.body.meta.per_page, 15);
  assert.deepEqual(Object.keys(res.body.data[0]).sort(), ["id", "name", "title"]);
});

test("producer title is split from the estate word", async () => {
  const res = await s.request("/producers?search=chateau&per_page=100");
  assert.ok(res.body.data.length > 10);
  const titles = new Set(res.body.data.map((p: { title: string | null }) => p.title));
  assert.ok(titles.has("Château"), JSON.stringify([...titles]));
  for (const p of res.body.data) if (p.title === "Château") assert.ok(!p.name.startsWith("Château"));
});

test("search: at least 2 characters, accent-insensitive, links keep it", async () => {
  const res = await s.request("/producers?search=perini");
  assert.deepEqual(
    res.body.data.map((p: { id: number; name: string; title: string }) => [p.id, p.title, p.name]),
    [[10001, "Casa", "Perini"]],
  );
  assert.equal(new URL(res.body.links.first).searchParams.get("search"), "perini");
  const short = await s.request("/producers?search=a");
  assert.equal(short.status, 422);
  assert.equal(short.body.message, "The search field must be at least 2 characters.");
  assert.equal((await s.request("/producers?per_page=500")).status, 422);
});

test("GET /producers/{id}: wrapped in data, wines only with include_wines", async () => {
  const plain = await s.request("/producers/10001");
  assert.equal(plain.status, 200);
  assert.equal(plain.body.data.display_name, "Casa Perini");
  assert.equal(plain.body.data.wines, undefined);
  assert.ok(plain.body.data.wines_count > 0);
  for (const flag of ["1", "true"]) {
    const res = await s.request(`/producers/10001?include_wines=${flag}`);
    assert.equal(res.body.data.wines.length, res.body.data.wines_count);
    const wine = res.body.data.wines[0];
    assert.deepEqual(Object.keys(wine).sort(), [
      "color",
      "display_name",
      "id",
      "producer_id",
      "residual_sugar",
      "vintage",
    ]);
    assert.equal(wine.producer_id, 10001);
  }
  for (const flag of ["0", "false"]) {
    assert.equal((await s.request(`/producers/10001?include_wines=${flag}`)).body.data.wines, undefined);
  }
  assert.equal((await s.request("/producers/10001?include_wines=yes")).status, 422);
});

test("unknown producer: 404 Producer not found.", async () => {
  for (const id of ["1", "x"]) {
    const res = await s.request(`/producers/${id}`);
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { message: "Producer not found.", code: "not_found" });
  }
});
