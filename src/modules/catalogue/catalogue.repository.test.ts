/**
 * A re-import keeps the stored texts of unchanged wines and drops those of wines whose text facts
 * changed (a fact of the source, or the vintage they are presented with), so they are written again;
 * likewise the insights of regions whose wines, country or names changed.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { assertFailedPartRollsBack } from "../../../test/catalogue-rollback.ts";
import { catalogueCopy } from "../../../test/helpers.ts";
import { type Db, openDatabase } from "../../db/database.ts";
import { saveRegionInsight } from "../content/content.repository.ts";
import { BUNDLED_XWINES, withCurrentVintages, writeCatalogue } from "./catalogue.service.ts";
import { parseXWines } from "./xwines.ts";

const ORIGEM_MERLOT = 100062;
const DOM_RUINART = 111544; // presented with the newest vintage already released (prestige cuvée)
const OTHER = 100063;
const YEAR = new Date().getUTCFullYear();
let db: Db;

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueCopy() });
});
after(() => db.destroy());

async function stored(id: number): Promise<{ texts: number; periods: number }> {
  const count = async (table: "wine_texts" | "drinking_periods") =>
    (await db.kysely.selectFrom(table).select("wine_id").where("wine_id", "=", id).execute()).length;
  return { texts: await count("wine_texts"), periods: await count("drinking_periods") };
}

test("an unchanged re-import keeps every stored text", async () => {
  const before = await db.kysely.selectFrom("wine_texts").select("wine_id").execute();
  assert.ok(before.length >= 1000);
  await writeCatalogue(
    db.kysely,
    withCurrentVintages(parseXWines(readFileSync(BUNDLED_XWINES, "utf8")), YEAR),
  );
  const afterIds = await db.kysely.selectFrom("wine_texts").select("wine_id").execute();
  assert.equal(afterIds.length, before.length);
});

test("a changed fact or current vintage drops that wine's texts and drinking periods only", async () => {
  for (const id of [ORIGEM_MERLOT, DOM_RUINART, OTHER]) assert.ok((await stored(id)).texts > 0, `${id}`);
  const catalogue = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
  const wines = catalogue.wines.map((w) => (w.id === ORIGEM_MERLOT ? { ...w, abv: (w.abv ?? 12) + 1 } : w));
  // Eight years earlier, Dom Ruinart's newest released vintage was an older one.
  const presented = withCurrentVintages({ ...catalogue, wines }, YEAR).wines.map((w) =>
    w.id === DOM_RUINART ? { ...w, vintage: (w.vintage ?? YEAR) - 3 } : w,
  );
  await writeCatalogue(db.kysely, { ...catalogue, wines: presented });
  assert.deepEqual(await stored(ORIGEM_MERLOT), { texts: 0, periods: 0 });
  assert.deepEqual(await stored(DOM_RUINART), { texts: 0, periods: 0 });
  assert.ok((await stored(OTHER)).texts > 0, "an unchanged wine keeps its texts");
});

test("a re-import drops the insights of regions whose wines or names changed, and keeps the others", async () => {
  const own = openDatabase({ kind: "sqlite", path: await catalogueCopy() });
  try {
    const kdb = own.kysely;
    const regionOf = async (id: number) =>
      (await kdb.selectFrom("wines").select("region_id").where("id", "=", id).executeTakeFirstOrThrow())
        .region_id;
    const source = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
    const merlotRegion = await regionOf(ORIGEM_MERLOT);
    const others = source.regions.map((r) => r.id).filter((id) => id !== merlotRegion);
    const [renamed, newWine, untouched] = others as [number, number, number];
    const insight = { summary: "s", climateAndTerroir: "c", signatureStyles: [], keyGrapes: [] };
    const regionsWithInsight = async () =>
      (await kdb.selectFrom("region_insights").select("region_id").execute()).map((r) => r.region_id).sort();
    for (const id of [merlotRegion, renamed, newWine, untouched]) {
      await saveRegionInsight(kdb, id, "en", insight, "test", new Date());
    }
    const all = await regionsWithInsight();
    assert.ok([merlotRegion, renamed, newWine, untouched].every((id) => all.includes(id)));

    // Unchanged: every insight stays.
    await writeCatalogue(kdb, withCurrentVintages(source, YEAR));
    assert.deepEqual(await regionsWithInsight(), all);

    // A changed wine, a renamed region, a wine new to a region: those three regions lose theirs.
    const template = source.wines.find((w) => w.regionId === newWine);
    assert.ok(template, "a wine of that region to copy");
    const changed = {
      ...source,
      regions: source.regions.map((r) =>
        r.id === renamed ? { ...r, names: { ...r.names, en: `${r.names.en} (new)` } } : r,
      ),
      wines: [
        ...source.wines.map((w) => (w.id === ORIGEM_MERLOT ? { ...w, abv: (w.abv ?? 12) + 1 } : w)),
        { ...template, id: 999_999 },
      ],
    };
    await writeCatalogue(kdb, withCurrentVintages(changed, YEAR));
    const dropped = [merlotRegion, renamed, newWine];
    assert.deepEqual(
      await regionsWithInsight(),
      all.filter((id) => !dropped.includes(id)),
    );
  } finally {
    await own.destroy();
  }
});

test("a write whose last part fails rolls back the parts written before it", async () => {
  await assertFailedPartRollsBack(db.kysely);
});
