/**
 * A database for bench/catalogue-links.ts without the English texts (the crosswalk alone): a new
 * SQLite file with the bundled X-Wines catalogue, then the LWIN file and the Open Food Facts dump of
 * bench/catalogue-files.ts imported by `importSource` (skipTexts), each report printed.
 *
 *   npx tsx bench/catalogue-links-db.ts --files /tmp/catalogue-files --db /tmp/links.db
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { offlineGenerator } from "../src/app.ts";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { BUNDLED_XWINES, importXWines } from "../src/modules/catalogue/catalogue.service.ts";
import { importSource } from "../src/modules/catalogue/source-import.service.ts";

const { values } = parseArgs({
  options: { db: { type: "string" }, files: { type: "string", default: "/tmp/catalogue-files" } },
});
const path = values.db as string;
if (existsSync(path)) rmSync(path);
const db = openDatabase({ kind: "sqlite", path });
await migrateToLatest(db);
const now = () => new Date("2026-11-27T10:00:00.000Z");
await importXWines(db.kysely, BUNDLED_XWINES, offlineGenerator(), now);
for (const [source, file] of [
  ["lwin", "lwin.csv"],
  ["off", "off.jsonl"],
] as const) {
  const report = await importSource(
    db.kysely,
    source,
    join(values.files as string, file),
    offlineGenerator(),
    now,
    {
      skipTexts: true,
    },
  );
  console.log(source, JSON.stringify(report));
}
await db.destroy();
