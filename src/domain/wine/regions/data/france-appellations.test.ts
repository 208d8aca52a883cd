import assert from "node:assert/strict";
import { test } from "node:test";
import { grapeRecord } from "../../grapes/grape-records.ts";
import { indexRegionRecords } from "../region-record.ts";
import { REGION_RECORDS, regionRecord } from "../region-records.ts";
import { REGIONS } from "./france-appellations.ts";

test("france-appellations: every record is valid, alone and among all records", () => {
  assert.doesNotThrow(() => indexRegionRecords(REGIONS));
  assert.doesNotThrow(() => indexRegionRecords(REGION_RECORDS));
});

test("france-appellations: every record lies within a record of its own country", () => {
  for (const r of REGIONS) {
    assert.ok(r.within, `${r.name} names the region it lies in`);
    const parent = regionRecord(r.within);
    assert.ok(parent, `${r.name} lies within "${r.within}", which has no record`);
    assert.equal(parent.country, r.country, `${r.name} and its parent ${r.within}`);
  }
});

test("france-appellations: every grape is a grape of the catalogue", () => {
  for (const r of REGIONS) {
    for (const grape of r.grapes) {
      assert.ok(grapeRecord(grape), `${r.name}: unknown grape "${grape}"`);
    }
  }
});
