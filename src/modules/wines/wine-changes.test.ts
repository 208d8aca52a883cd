import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { catalogueChanged, retireWine, touchWine } from "../../../test/catalogue-sources.ts";
import { startTestService, type TestService } from "../../../test/helpers.ts";

let s: TestService;
let ids: number[];
before(async () => {
  s = await startTestService();
  ids = (await s.request("/wines?per_page=40")).body.data.map((w: { id: number }) => w.id);
});
after(() => s.close());

/** A time far after the bundled catalogue's import, `n` seconds into the test's window. */
const at = (n: number) => new Date(Date.UTC(2099, 0, 1) + n * 1000).toISOString();
const SINCE = "2099-01-01T00:00:00Z";

interface Item {
  id: number;
  updated_at: string;
  status: string;
  merged_into: number | null;
  display_name: string;
  identifiers: unknown;
}

/** Every page of the feed from `path`, following links.next; `between` runs after each page. */
async function readFeed(path: string, between: (page: number) => Promise<void> = async () => {}) {
  const items: Item[] = [];
  let next: string | null = s.url(path);
  let pages = 0;
  while (next !== null) {
    const res = await s.request(next.slice(s.url("").length));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    items.push(...res.body.data);
    next = res.body.links.next;
    pages++;
    assert.ok(pages < 100, "the feed ends");
    await between(pages);
  }
  return items;
}

describe("GET /wines?updated_since=", () => {
  test("pages through every change exactly once while wines change between pages", async () => {
    const db = s.app.db;
    // Ten changed wines at distinct times, two sharing a time (order by id), one retired, one merged.
    const changed = ids.slice(0, 10);
    for (const [i, id] of changed.entries()) await touchWine(db, id, at(i < 2 ? 1 : i));
    await retireWine(db, ids[10] as number, { status: "retired", at: at(3) });
    await retireWine(db, ids[11] as number, { status: "merged", mergedInto: changed[0], at: at(5) });
    await catalogueChanged(s);

    const seenFirst = changed[0] as number; // on page 1
    const unseen = changed[9] as number; // last, changed again before it is reached
    const retiredLater = changed[8] as number; // retired while the client pages
    const items = await readFeed(`/wines?updated_since=${SINCE}&per_page=2`, async (page) => {
      if (page !== 1) return;
      await touchWine(db, seenFirst, at(100));
      await touchWine(db, unseen, at(101));
      await retireWine(db, retiredLater, { status: "retired", at: at(102) });
      await catalogueChanged(s);
    });

    const keys = items.map((i) => `${i.updated_at}|${String(i.id).padStart(10, "0")}`);
    assert.deepEqual(keys, [...keys].sort(), "ordered by (updated_at, id)");
    assert.equal(new Set(keys).size, keys.length, "no row twice at the same position");
    const times = (id: number) => items.filter((i) => i.id === id);
    // Every row changed before the read, once; the one changed after it was seen once more, later.
    for (const id of changed.slice(1, 8)) assert.equal(times(id).length, 1, String(id));
    assert.deepEqual(
      times(seenFirst).map((i) => i.updated_at),
      [at(1), at(100)],
    );
    // Changed again before the client reached it: once, in its new place.
    assert.deepEqual(
      times(unseen).map((i) => i.updated_at),
      [at(101)],
    );
    // Retired meanwhile: once, retired.
    assert.deepEqual(
      times(retiredLater).map((i) => [i.status, i.updated_at]),
      [["retired", at(102)]],
    );
    const retired = times(ids[10] as number);
    assert.deepEqual(
      retired.map((i) => [i.status, i.merged_into]),
      [["retired", null]],
    );
    assert.ok(retired[0]?.display_name, "shown from its snapshot");
    assert.deepEqual(
      times(ids[11] as number).map((i) => [i.status, i.merged_into]),
      [["merged", changed[0]]],
    );
    assert.ok(items.filter((i) => i.status === "active").every((i) => i.identifiers !== undefined));
    assert.equal(items.length, 10 + 2 + 1);
  });

  test("envelope: total from the position on, next by cursor, no cache", async () => {
    const first = await s.request(`/wines?updated_since=${SINCE}&per_page=5&page=3`);
    assert.equal(first.status, 200);
    const total = first.body.meta.total;
    assert.ok(total >= 10);
    assert.deepEqual(
      { ...first.body.meta },
      { current_page: 1, last_page: Math.ceil(total / 5), per_page: 5, total, from: 1, to: 5 },
    );
    assert.equal(
      first.body.links.first,
      s.url(`/wines?updated_since=${encodeURIComponent(SINCE)}&per_page=5`),
    );
    assert.equal(first.body.links.prev, null);
    assert.equal(first.headers.get("cache-control"), "no-store");
    const next = new URL(first.body.links.next);
    assert.equal(next.searchParams.get("page"), null);
    assert.ok(next.searchParams.get("cursor"));
    const second = await s.request(next.href.slice(s.url("").length));
    assert.equal(second.body.meta.total, total - 5);
    assert.ok(
      second.body.data.every(
        (w: Item) => !first.body.data.some((f: Item) => f.id === w.id && f.updated_at === w.updated_at),
      ),
    );
    // An offset is the same instant: 01:00+01:00 is 00:00Z.
    const offset = await s.request(
      `/wines?updated_since=${encodeURIComponent("2099-01-01T01:00:00+01:00")}&per_page=5`,
    );
    assert.deepEqual(offset.body.data, first.body.data);
    // Past every change: an empty page, no next.
    const none = await s.request("/wines?updated_since=2100-01-01T00:00:00Z");
    assert.deepEqual([none.body.data, none.body.meta.total, none.body.links.next], [[], 0, null]);
  });

  test("bad times, cursors and combinations: 422 validation_failed", async () => {
    for (const [query, field] of [
      ["updated_since=2026-11-27", "updated_since"],
      ["updated_since=2026-11-27T10:00:00", "updated_since"], // no offset
      ["updated_since=2026-13-01T10:00:00Z", "updated_since"],
      ["updated_since=2026-02-30T10:00:00Z", "updated_since"],
      ["updated_since=2026-11-27T24:00:00Z", "updated_since"],
      ["updated_since=yesterday", "updated_since"],
      ["updated_since=2026-11-27T10:00:00Z&cursor=bm90LWEtY3Vyc29y", "cursor"],
      ["updated_since=2026-11-27T10:00:00Z&cursor=%25%25", "cursor"],
      ["cursor=WyIyMDk5LTAxLTAxVDAwOjAwOjAxLjAwMFoiLDFd", "cursor"],
      ["updated_since=2026-11-27T10:00:00Z&color=red", "updated_since"],
      ["updated_since=2026-11-27T10:00:00Z&lwin=1011247", "updated_since"],
    ] as const) {
      const res = await s.request(`/wines?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(res.body.code, "validation_failed", query);
      assert.ok(res.body.errors[field], `${query}: ${JSON.stringify(res.body)}`);
    }
  });
});
