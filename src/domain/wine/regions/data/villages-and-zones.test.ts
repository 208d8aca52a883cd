import assert from "node:assert/strict";
import { test } from "node:test";
import { grapeRecord } from "../../grapes/grape-records.ts";
import { indexRegionRecords } from "../region-record.ts";
import { REGION_RECORDS, regionRecord } from "../region-records.ts";
import { REGIONS } from "./villages-and-zones.ts";

test("villages-and-zones: every record is valid, alone and among all the records", () => {
  assert.doesNotThrow(() => indexRegionRecords(REGIONS));
  assert.doesNotThrow(() => indexRegionRecords(REGION_RECORDS));
});

test("villages-and-zones: every record lies within a record of its own country", () => {
  for (const r of REGIONS) {
    assert.ok(r.within, `${r.name}: within`);
    const parent = regionRecord(r.within);
    assert.ok(parent, `${r.name} lies within "${r.within}", which has no record`);
    assert.equal(parent.name, r.within, `${r.name}: within names the parent by its name, not an alias`);
    assert.equal(parent.country, r.country, `${r.name} and its parent ${r.within}`);
  }
});

test("villages-and-zones: every grape is a grape of the catalogue", () => {
  for (const r of REGIONS)
    for (const grape of r.grapes) assert.ok(grapeRecord(grape), `${r.name}: unknown grape "${grape}"`);
});

test("villages-and-zones: an AVA names its TTB section and year", () => {
  for (const r of REGIONS.filter((r) => r.designation?.system === "AVA")) {
    assert.ok(r.designation?.since, `${r.name}: year`);
    assert.ok(
      r.sources.some((s) => s.startsWith("TTB 27 CFR 9.")),
      `${r.name}: TTB section`,
    );
  }
});
