/**
 * The merged catalogue the search benchmarks run on: the bundled X-Wines catalogue (1,007 wines)
 * plus an LWIN-format benchmark file (bench/catalogue-files.ts: 200,000 rows that include the
 * bundled wines) imported as `winedata import --lwin` does, English texts skipped (the searches and
 * the label matcher read no text). Kept in a SQLite file and reused when it already holds the import.
 *
 *   npx tsx bench/merged-catalogue.ts --lwin /tmp/catalogue-files/lwin.csv --db /tmp/merged.db
 */
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type Db, migrateToLatest, openDatabase } from "../src/db/database.ts";
import { BUNDLED_XWINES, writeCatalogue } from "../src/modules/catalogue/catalogue.service.ts";
import { importSource } from "../src/modules/catalogue/source-import.service.ts";
import { parseXWines } from "../src/modules/catalogue/xwines.ts";
import { createGenerator } from "../src/modules/content/generator.ts";

/** Counts of the merged catalogue: wines in all, wines with an LWIN record, LWIN-only wines (id > 10,000,000). */
export interface MergedCounts {
  wines: number;
  linkedToLwin: number;
  lwinOnly: number;
}

/**
 * Opens (or first builds) the merged catalogue in the SQLite file `dbPath`: when the file holds no
 * LWIN record yet, writes the bundled X-Wines catalogue and imports `lwinFile` (texts skipped; minutes
 * at 200,000 rows). The caller destroys the database.
 * @throws Error when the file holds no LWIN record and `lwinFile` does not exist.
 */
export async function openMergedCatalogue(
  dbPath: string,
  lwinFile: string,
  log: (line: string) => void = console.error,
): Promise<{ db: Db; counts: MergedCounts }> {
  const db = openDatabase({ kind: "sqlite", path: dbPath });
  await migrateToLatest(db);
  let counts = await mergedCounts(db);
  if (counts.linkedToLwin === 0) {
    if (!existsSync(lwinFile))
      throw new Error(`${dbPath} holds no LWIN import and ${lwinFile} does not exist`);
    if (counts.wines === 0)
      await writeCatalogue(db.kysely, parseXWines(readFileSync(BUNDLED_XWINES, "utf8")));
    const started = performance.now();
    const report = await importSource(
      db.kysely,
      "lwin",
      lwinFile,
      createGenerator({ kind: "offline" }),
      () => new Date(),
      { skipTexts: true, onProgress: (_p, d) => d % 50_000 === 0 && log(`  ${d} records`) },
    );
    log(
      `imported ${lwinFile} in ${Math.round((performance.now() - started) / 1000)} s: ` +
        `${report.added} added, ${report.linked} linked`,
    );
    counts = await mergedCounts(db);
  }
  return { db, counts };
}

async function mergedCounts(db: Db): Promise<MergedCounts> {
  const k = db.kysely;
  const wines = await k
    .selectFrom("wines")
    .select((e) => e.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const linked = await k
    .selectFrom("wine_sources")
    .where("source", "=", "lwin")
    .where("status", "=", "live")
    .select((e) => e.fn.count<number>("wine_id").distinct().as("n"))
    .executeTakeFirstOrThrow();
  const only = await k
    .selectFrom("wines")
    .where("id", ">", 10_000_000)
    .select((e) => e.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { wines: Number(wines.n), linkedToLwin: Number(linked.n), lwinOnly: Number(only.n) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      lwin: { type: "string", default: "/tmp/catalogue-files/lwin.csv" },
      db: { type: "string", default: "/tmp/merged-catalogue.db" },
    },
  });
  const { db, counts } = await openMergedCatalogue(values.db as string, values.lwin as string);
  console.log(JSON.stringify(counts));
  await db.destroy();
}
