/**
 * Precision and recall of the crosswalk through the import's real pipeline, on the hand-checked
 * fixtures (test/fixtures/catalogue: lwin-release-1.csv, off-products.jsonl, expected-links.json).
 *
 * Steps: a temporary SQLite database with the bundled X-Wines catalogue (1,000 wines), then
 * `importSource(db, "lwin", …)` of lwin-release-1.csv and lwin-release-2.csv, and
 * `importSource(db, "off", off-products.jsonl)` (skipTexts), then each record's wine in wine_sources
 * (a merged wine followed to its survivor) compared with its label; records the import skipped are
 * listed apart and not counted:
 *   precision = records linked to the labelled X-Wines wine / records linked to an X-Wines wine
 *   recall    = records linked to the labelled X-Wines wine / records labelled with an X-Wines wine
 * A record labelled null (its wine is not in the bundled catalogue) linked to an X-Wines wine is a
 * false link. For Open Food Facts, recall is also what the barcode lookup answers: a product's GTIN
 * finds its catalogue wine only when the product linked to it. Every miss is listed with the
 * crosswalk's review reason (link_candidates) when there is one.
 *
 * Run: npx tsx bench/crosswalk-fixtures.ts   (prints JSON; --md prints a Markdown section)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { offlineGenerator } from "../src/app.ts";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { BUNDLED_XWINES, importXWines } from "../src/modules/catalogue/catalogue.service.ts";
import { importSource } from "../src/modules/catalogue/source-import.service.ts";

const FIXTURES = "test/fixtures/catalogue";

/** Figures of one source. */
export interface FixtureQuality {
  /** Labelled records the import skipped (combined or deleted before their first import, no region …): not counted. */
  notImported: string[];
  labelled: number;
  links: number;
  rightLinks: number;
  precision: number;
  recall: number;
  misses: string[];
  falseLinks: string[];
}

/** Runs the import of the fixtures into a fresh database and compares the links with the labels. */
export async function fixtureQuality(): Promise<Record<"lwin" | "off", FixtureQuality>> {
  const dir = mkdtempSync(join(tmpdir(), "wds-crosswalk-fixtures-"));
  const db = openDatabase({ kind: "sqlite", path: join(dir, "f.db") });
  try {
    await migrateToLatest(db);
    const now = () => new Date("2026-11-27T10:00:00.000Z");
    await importXWines(db.kysely, BUNDLED_XWINES, offlineGenerator(), now);
    const expected = JSON.parse(readFileSync(join(FIXTURES, "expected-links.json"), "utf8")) as Record<
      "lwin" | "off",
      Record<string, number | null>
    >;
    const out = {} as Record<"lwin" | "off", FixtureQuality>;
    for (const [source, files] of [
      ["lwin", ["lwin-release-1.csv", "lwin-release-2.csv"]],
      ["off", ["off-products.jsonl"]],
    ] as const) {
      for (const file of files)
        await importSource(db.kysely, source, join(FIXTURES, file), offlineGenerator(), now, {
          skipTexts: true,
        });
      const merged = await db.kysely.selectFrom("retired_wines").select(["id", "merged_into"]).execute();
      const survivor = new Map(
        merged.map((m) => [Number(m.id), m.merged_into === null ? null : Number(m.merged_into)]),
      );
      const rows = await db.kysely
        .selectFrom("wine_sources")
        .selectAll()
        .where("source", "=", source)
        .execute();
      // A wine merged into another (an LWIN record combined into another) is its survivor.
      const follow = (id: number): number => {
        const next = survivor.get(id);
        return next === undefined || next === null ? id : follow(next);
      };
      const wineOf = new Map(rows.map((r) => [r.key, follow(Number(r.wine_id))]));
      const candidates = await db.kysely
        .selectFrom("link_candidates")
        .selectAll()
        .where("source", "=", source)
        .execute();
      const reasonOf = new Map(candidates.map((c) => [c.key, `${c.wine_id} (${c.score}: ${c.reason})`]));
      const q: FixtureQuality = {
        notImported: [],
        labelled: 0,
        links: 0,
        rightLinks: 0,
        precision: 1,
        recall: 1,
        misses: [],
        falseLinks: [],
      };
      for (const [key, label] of Object.entries(expected[source])) {
        const wine = wineOf.get(key);
        // The LWIN import skips only rows that are not wine or were retired before their first import;
        // an Open Food Facts product is skipped when it links to no wine and names no region: a miss.
        if (wine === undefined && (source === "lwin" || label === null)) {
          q.notImported.push(`${key} (labelled ${label ?? "none"})`);
          continue;
        }
        const xwines = wine !== undefined && wine < 10_000_000 ? wine : null;
        if (label !== null) q.labelled++;
        if (xwines !== null) q.links++;
        if (label !== null && xwines === label) q.rightLinks++;
        else if (xwines !== null) q.falseLinks.push(`${key} → ${xwines}, expected ${label ?? "none"}`);
        else if (label !== null)
          q.misses.push(
            `${key} expected ${label} → ${wine ?? "skipped"}; review: ${reasonOf.get(key) ?? "none"}`,
          );
      }
      q.precision = q.links === 0 ? 1 : q.rightLinks / q.links;
      q.recall = q.labelled === 0 ? 1 : q.rightLinks / q.labelled;
      out[source] = q;
    }
    return out;
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await fixtureQuality();
  console.log(JSON.stringify(result, null, 2));
}
