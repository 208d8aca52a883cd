import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parse } from "csv-parse/sync";
import { BUNDLED_XWINES } from "../../../modules/catalogue/catalogue.service.ts";
import { grapeRecord } from "../grapes/grape-records.ts";
import { REGION_RECORDS, regionRecord } from "./region-records.ts";

const rows: { RegionName: string; Code: string }[] = parse(readFileSync(BUNDLED_XWINES, "utf8"), {
  columns: true,
});
const regions = new Map(rows.map((r) => [r.RegionName, r.Code]));

test("every region of the bundled catalogue has a valid record of its own country", () => {
  const missing = [...regions.keys()].filter((name) => regionRecord(name) === undefined);
  assert.deepEqual(missing, []);
  for (const [name, code] of regions) assert.equal(regionRecord(name)?.country, code, name);
});

test("a record's parent region and the place of a style name are records too", () => {
  for (const r of REGION_RECORDS) {
    if (r.within)
      assert.ok(regionRecord(r.within), `${r.name} lies within "${r.within}", which has no record`);
    if (r.place) assert.ok(regionRecord(r.place), `${r.name} stands for "${r.place}", which has no record`);
    if (r.kind === "style") assert.ok(r.place, `${r.name} is a style and needs the place it comes from`);
  }
});

test("names and grammar are given in every language", () => {
  for (const r of REGION_RECORDS) {
    for (const lang of ["de", "en", "fr", "it"] as const)
      assert.ok(r.names[lang].trim(), `${r.name}: ${lang}`);
  }
});

test("every grape variety a record or its appellation rules name has a grape record", () => {
  const missing = new Set<string>();
  for (const r of REGION_RECORDS)
    for (const grape of [...r.grapes, ...(r.rules?.grapes ?? [])])
      if (!grapeRecord(grape)) missing.add(grape);
  assert.deepEqual([...missing], []);
});
