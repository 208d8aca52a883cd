import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { catalogueChanged, linkSource, retireWine } from "../../../test/catalogue-sources.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
/** Ids of the bundled catalogue's first wines, ascending. */
let ids: number[];
before(async () => {
  s = await startTestService();
  ids = (await s.request("/wines?per_page=30")).body.data.map((w: { id: number }) => w.id);
});
after(() => s.close());

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

describe("identifiers, updated_at, facts_basis, sources", () => {
  let a: number;
  let b: number;
  before(async () => {
    [a, b] = ids as [number, number];
    const db = s.app.db;
    await linkSource(db, "xwines", String(a), a);
    await linkSource(db, "lwin", "1011247", a);
    // Stored in GTIN-14 form; listed ascending whatever the insertion order.
    await linkSource(db, "off", "04006381333931", a);
    await linkSource(db, "off", "00036000291452", a);
    // A retired record is not an identifier.
    await linkSource(db, "off", "00000096385074", a);
    await db
      .updateTable("wine_sources")
      .set({ status: "retired" })
      .where("key", "=", "00000096385074")
      .execute();
    await catalogueChanged(s);
  });

  test("wine detail", async () => {
    const res = await s.request(`/wines/${a}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.identifiers, {
      lwin: "1011247",
      gtin: ["00036000291452", "04006381333931"],
      xwines: a,
    });
    assert.deepEqual(res.body.sources, ["xwines", "lwin", "off"]);
    assert.equal(res.body.facts_basis, "source");
    assert.match(res.body.updated_at, RFC3339);
    const plain = await s.request(`/wines/${b}`);
    assert.deepEqual(plain.body.identifiers, { lwin: null, gtin: [], xwines: null });
    assert.deepEqual(plain.body.sources, []);
  });

  test("list items", async () => {
    const res = await s.request("/wines?per_page=5");
    assert.equal(res.status, 200);
    const byId = new Map(res.body.data.map((w: { id: number }) => [w.id, w]));
    const first = byId.get(a) as Record<string, unknown>;
    assert.deepEqual(first.identifiers, {
      lwin: "1011247",
      gtin: ["00036000291452", "04006381333931"],
      xwines: a,
    });
    assert.equal(first.status, "active");
    assert.equal(first.merged_into, null);
    assert.match(first.updated_at as string, RFC3339);
    assert.deepEqual((byId.get(b) as Record<string, unknown>).identifiers, {
      lwin: null,
      gtin: [],
      xwines: null,
    });
    // Listed by producer (SQL, not the in-memory positions): the same fields.
    const producer = (await s.request(`/wines/${a}`)).body.producer.id;
    const byProducer = await s.request(`/wines?producer_id=${producer}`);
    const same = byProducer.body.data.find((w: { id: number }) => w.id === a);
    assert.deepEqual(same.identifiers, first.identifiers);
  });

  test("?lwin= finds the wine, combines with the other filters", async () => {
    const res = await s.request("/wines?lwin=1011247");
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((w: { id: number }) => w.id),
      [a],
    );
    assert.equal(res.body.meta.total, 1);
    assert.equal(res.body.links.first, s.url("/wines?lwin=1011247&page=1"));
    const color = res.body.data[0].color;
    const other = color === "red" ? "white" : "red";
    assert.equal((await s.request(`/wines?lwin=1011247&color=${color}`)).body.meta.total, 1);
    assert.equal((await s.request(`/wines?lwin=1011247&color=${other}`)).body.meta.total, 0);
    const none = await s.request("/wines?lwin=9999999");
    assert.equal(none.status, 200);
    assert.deepEqual(none.body.data, []);
  });

  test("?gtin= in any GTIN form", async () => {
    // GTIN-13 and its GTIN-14 form; GTIN-12 (UPC-A) and its GTIN-13 and GTIN-14 forms.
    for (const code of [
      "4006381333931",
      "04006381333931",
      "036000291452",
      "0036000291452",
      "00036000291452",
    ]) {
      const res = await s.request(`/wines?gtin=${code}`);
      assert.equal(res.status, 200, code);
      assert.deepEqual(
        res.body.data.map((w: { id: number }) => w.id),
        [a],
        code,
      );
    }
    // GTIN-8 of a wine b's bottle.
    await linkSource(s.app.db, "off", "00000096385074", b);
    await catalogueChanged(s);
    const eight = await s.request("/wines?gtin=96385074");
    assert.deepEqual(
      eight.body.data.map((w: { id: number }) => w.id),
      [b],
    );
    // Both codes: the wines both name.
    assert.equal((await s.request("/wines?lwin=1011247&gtin=4006381333931")).body.meta.total, 1);
    assert.equal((await s.request("/wines?lwin=1011247&gtin=96385074")).body.meta.total, 0);
  });

  test("malformed codes: 422 validation_failed naming the field", async () => {
    for (const [query, field] of [
      ["lwin=123", "lwin"],
      ["lwin=10112470", "lwin"],
      ["lwin=abcdefg", "lwin"],
      ["gtin=4006381333932", "gtin"], // wrong check digit
      ["gtin=96385075", "gtin"],
      ["gtin=12345", "gtin"], // no GTIN length
      ["gtin=400638133393x", "gtin"],
    ] as const) {
      const res = await s.request(`/wines?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(res.body.code, "validation_failed", query);
      assert.ok(res.body.errors[field], `${query}: ${JSON.stringify(res.body)}`);
    }
  });
});

describe("wines that left the catalogue", () => {
  let [retired, merged, survivor, chained, loopA, loopB] = [0, 0, 0, 0, 0, 0];
  before(async () => {
    [retired, merged, survivor, chained, loopA, loopB] = ids.slice(10, 16) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const db = s.app.db;
    // The answers are asked for once before, so that a stored 200 would show.
    for (const id of [retired, merged]) assert.equal((await s.request(`/wines/${id}`)).status, 200);
    await retireWine(db, retired, { status: "retired" });
    await retireWine(db, merged, { status: "merged", mergedInto: survivor });
    await retireWine(db, chained, { status: "merged", mergedInto: merged });
    await retireWine(db, loopA, { status: "merged", mergedInto: loopB });
    await retireWine(db, loopB, { status: "merged", mergedInto: loopA });
    await catalogueChanged(s);
  });

  test("a retired wine: 410 gone, not stored", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await s.request(`/wines/${retired}`);
      assert.equal(res.status, 410);
      assert.equal(res.body.code, "gone");
      assert.equal(typeof res.body.message, "string");
      assert.equal(res.headers.get("cache-control"), "no-store");
      assert.equal(res.headers.get("etag"), null);
    }
    const period = await s.request(`/drinking-periods/${retired}`);
    assert.equal(period.status, 410);
    assert.equal(period.body.code, "gone");
  });

  test("a merged wine: 301 to the survivor, query kept, chains followed", async () => {
    const res = await s.request(`/wines/${merged}?lang=de`, { redirect: "manual" });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get("location"), s.url(`/wines/${survivor}?lang=de`));
    assert.equal(res.body.location, res.headers.get("location"));
    assert.equal(res.headers.get("cache-control"), "no-store");
    const chain = await s.request(`/wines/${chained}`, { redirect: "manual" });
    assert.equal(chain.status, 301);
    assert.equal(chain.headers.get("location"), s.url(`/wines/${survivor}`));
    const period = await s.request(`/drinking-periods/${chained}?lang=fr`, { redirect: "manual" });
    assert.equal(period.status, 301);
    assert.equal(period.headers.get("location"), s.url(`/drinking-periods/${survivor}?lang=fr`));
    // Followed, the survivor answers.
    const followed = await s.request(`/wines/${merged}`);
    assert.equal(followed.status, 200);
    assert.equal(followed.body.id, survivor);
  });

  test("a merge loop is gone, not a redirect loop; an unknown id stays 404", async () => {
    const loop = await s.request(`/wines/${loopA}`, { redirect: "manual" });
    assert.equal(loop.status, 410);
    assert.equal((await s.request("/wines/99999999")).status, 404);
  });

  test("left out of the list", async () => {
    const res = await s.request("/wines?per_page=100");
    const listed = new Set(res.body.data.map((w: { id: number }) => w.id));
    for (const id of [retired, merged, chained]) assert.ok(!listed.has(id), String(id));
    assert.ok(listed.has(survivor));
  });
});

describe("GET /sources", () => {
  test("each source with licence, attribution and its last import", async () => {
    await s.app.db
      .insertInto("catalogue_sources")
      .values({
        source: "lwin",
        release: "LWINdatabase-2026-11-20.csv",
        imported_at: "2026-11-27T10:00:00.000Z",
        records: 205_118,
      })
      .execute();
    await catalogueChanged(s);
    const res = await s.request("/sources");
    assert.equal(res.status, 200);
    const byName = new Map(res.body.data.map((x: { name: string }) => [x.name, x]));
    assert.deepEqual([...byName.keys()], ["xwines", "lwin", "off"]);
    const lwin = byName.get("lwin") as Record<string, unknown>;
    assert.equal(lwin.attribution, "LWIN – Liv-ex Wine Identification Number, © Liv-ex");
    assert.equal(lwin.homepage, "https://www.liv-ex.com/lwin/");
    assert.equal(lwin.release, "LWINdatabase-2026-11-20.csv");
    assert.equal(lwin.imported_at, "2026-11-27T10:00:00.000Z");
    assert.equal(lwin.records, 205_118);
    const off = byName.get("off") as {
      licence: { name: string; terms: string[] };
      attribution: string;
      records: number;
    };
    assert.match(off.licence.name, /Open Database License \(ODbL\) 1\.0/);
    assert.ok(off.licence.terms.some((t) => t.includes("Database Contents License")));
    assert.equal(off.attribution, "Open Food Facts contributors, https://world.openfoodfacts.org");
    // No import recorded: the live records linked above, counted (two GTINs of a, one of b).
    assert.equal(off.records, 3);
    const xwines = byName.get("xwines") as { licence: { name: string; terms: string[] }; release: null };
    assert.match(xwines.licence.name, /CC0 1\.0/);
    assert.ok(xwines.licence.terms.some((t) => t.includes("Big Data and Cognitive Computing")));
    assert.equal(xwines.release, null);
  });

  test("needs a key with wines:read", async () => {
    assert.equal((await s.request("/sources", { key: null })).status, 401);
    const key = await s.newKey({ abilities: ["grapes:read"] });
    assert.equal((await s.request("/sources", { key })).status, 403);
  });
});
