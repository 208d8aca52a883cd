/**
 * `npm run docs:config`: writes the table of every environment variable, generated from
 * src/config-schema.ts, into docs/operations.md between `<!-- config-table:start -->` and
 * `<!-- config-table:end -->`. src/config.test.ts fails while the file differs from it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { configTable, withConfigTable } from "../src/config-table.ts";

const FILE = new URL("../docs/operations.md", import.meta.url);
const before = readFileSync(FILE, "utf8");
const after = withConfigTable(before, configTable());
if (after === before) console.log("docs/operations.md: the configuration table is up to date.");
else {
  writeFileSync(FILE, after);
  console.log("docs/operations.md: the configuration table was written.");
}
