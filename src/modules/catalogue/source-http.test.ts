/**
 * The catalogue sources end to end: the LWIN and Open Food Facts fixtures (test/fixtures/catalogue)
 * imported by the import service into a running service's database (SQLite, or PostgreSQL in the
 * shared pass), then asked over HTTP: lookups by LWIN and by barcode in any GTIN form, identifiers
 * and updated_at, the next release's 410 and 301, the updated_since feed, /v1/sources.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { offlineGenerator } from "../../app.ts";
import { importSource, type SourceImportReport } from "./source-import.service.ts";

const fixture = (name: string) =>
  new URL(`../../../test/fixtures/catalogue/${name}`, import.meta.url).pathname;
const LAFITE = 111415; // X-Wines: Château Lafite Rothschild, Pauillac (Premier Grand Cru Classé)
const PICHON_BARON = 111422;

let s: TestService;
let clock = new Date("2026-11-27T09:00:00.000Z");

async function load(source: "lwin" | "off", file: string): Promise<SourceImportReport> {
  const report = await importSource(s.app.db, source, fixture(file), offlineGenerator(), () => clock);
  s.app.catalogueVersion.changed();
  return report;
}
const wineOfLwin = async (lwin: string) => {
  const row = await s.app.db
    .selectFrom("wine_sources")
    .select("wine_id")
    .where("source", "=", "lwin")
    .where("key", "=", lwin)
    .executeTakeFirstOrThrow();
  return Number(row.wine_id);
};

before(async () => {
  s = await startTestService();
  await load("lwin", "lwin-release-1.csv");
  await load("off", "off-products.jsonl");
});
after(() => s.close());

test("an LWIN finds the X-Wines wine it was linked to, with its identifiers", async () => {
  const res = await s.request("/wines?lwin=1000012");
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.data.map((w: { id: number }) => w.id),
    [LAFITE],
  );
  const detail = await s.request(`/wines/${LAFITE}`);
  assert.equal(detail.body.identifiers.lwin, "1000012");
  assert.equal(detail.body.identifiers.xwines, LAFITE);
  assert.match(detail.body.updated_at, /^2026-11-27T09:00:00(\.000)?Z$/);
  assert.deepEqual([...detail.body.sources].sort(), ["lwin", "xwines"]);
});

test("a barcode finds its wine in its GTIN-13, GTIN-14 and zero-padded forms", async () => {
  const ean13 = "3263280103565"; // Château Mouton Rothschild 2015, Pauillac, 75 cl
  const byEan = await s.request(`/wines?gtin=${ean13}`);
  assert.equal(byEan.status, 200);
  assert.equal(byEan.body.data.length, 1);
  const byGtin14 = await s.request(`/wines?gtin=0${ean13}`);
  assert.deepEqual(byGtin14.body.data, byEan.body.data);
  const id = byEan.body.data[0].id;
  assert.equal(id, await wineOfLwin("1000011"), "the product is the LWIN wine, not a second wine");
  const detail = await s.request(`/wines/${id}`);
  assert.ok(detail.body.identifiers.gtin.includes(`0${ean13}`));
  const bad = await s.request("/wines?gtin=3263280103566");
  assert.equal(bad.status, 422, "a wrong check digit is refused");
});

test("a wine known only from LWIN says its facts are typical and invents no alcohol", async () => {
  const id = await wineOfLwin("1000022");
  const detail = await s.request(`/wines/${id}`);
  assert.equal(detail.status, 200);
  assert.equal(detail.body.facts_basis, "typical");
  assert.equal(detail.body.identifiers.xwines, null);
  assert.ok(id > 10_000_000);
  assert.doesNotMatch(JSON.stringify(detail.body.description ?? {}), /% vol|\d+(\.\d)? ?%/);
});

test("the next release: Deleted answers 410, Combined 301 to the survivor, the feed lists both", async () => {
  const since = "2026-12-01T00:00:00Z";
  const dropped = await wineOfLwin("1000035");
  const combined = await wineOfLwin("1000101");
  clock = new Date("2026-12-01T09:00:00.000Z");
  const report = await load("lwin", "lwin-release-2.csv");
  // 1000019's classification and 1000066's producer changed; 1000028's Champagne → Sparkling
  // sub-type maps to the same facts (unchanged), 1000048 changed only its DATE_UPDATED.
  assert.equal(report.updated, 2, JSON.stringify(report));
  assert.equal(report.retired, 2, "1000035 Deleted, 1000101 Combined");
  assert.equal(report.added + report.linked, 1, "1000102 is new");
  assert.ok(report.unchanged > 80);

  const gone = await s.request(`/wines/${dropped}`);
  assert.equal(gone.status, 410);
  assert.equal(gone.body.code, "gone");
  const moved = await s.request(`/wines/${combined}?lang=de`, { redirect: "manual" });
  assert.equal(moved.status, 301);
  assert.equal(
    new URL(moved.headers.get("location") ?? "").pathname.endsWith(`/wines/${PICHON_BARON}`),
    true,
  );
  assert.equal(new URL(moved.headers.get("location") ?? "").searchParams.get("lang"), "de");

  const seen = new Map<number, string>();
  let next: string | null = s.url(`/wines?updated_since=${since}&per_page=2`);
  while (next) {
    const page = await s.request(next.slice(s.url("").length));
    assert.equal(page.status, 200);
    for (const w of page.body.data) {
      assert.ok(!seen.has(w.id), `wine ${w.id} listed twice`);
      seen.set(w.id, w.status);
    }
    next = page.body.links.next;
  }
  assert.equal(seen.get(dropped), "retired");
  assert.equal(seen.get(combined), "merged");
  assert.equal(seen.get(PICHON_BARON), "active");
  assert.equal(seen.get(LAFITE), undefined, "an unchanged wine is not in the feed");
});

test("re-importing the same release writes nothing and /v1/sources names each release", async () => {
  const before = await s.request(`/wines?updated_since=2026-12-01T00:00:00Z&per_page=100`);
  clock = new Date("2026-12-02T09:00:00.000Z");
  const report = await load("lwin", "lwin-release-2.csv");
  assert.equal(report.added + report.updated + report.retired + report.linked, 0);
  // The same Open Food Facts dump too: a product that could not be placed was already tried against
  // the wines later products of the file created.
  const off = await load("off", "off-products.jsonl");
  assert.equal(off.added + off.updated + off.retired + off.linked, 0, JSON.stringify(off));
  const after = await s.request(`/wines?updated_since=2026-12-01T00:00:00Z&per_page=100`);
  assert.deepEqual(after.body.data, before.body.data);
  const sources = await s.request("/sources");
  assert.equal(sources.status, 200);
  const byName = new Map(sources.body.data.map((x: { name: string }) => [x.name, x]));
  const lwin = byName.get("lwin") as Record<string, unknown>;
  assert.equal(lwin.release, "lwin-release-2.csv");
  assert.ok(byName.has("off") && byName.has("xwines"));
});
