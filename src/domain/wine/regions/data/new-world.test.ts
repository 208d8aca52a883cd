import assert from "node:assert/strict";
import { test } from "node:test";
import { fold } from "../../../text-folding.ts";
import { indexRegionRecords } from "../region-record.ts";
import { REGIONS } from "./new-world.ts";

const index = indexRegionRecords(REGIONS);

test("new-world: every record is valid and names its parent within this file and country", () => {
  for (const r of REGIONS) {
    if (!r.within) continue;
    const parent = index.get(fold(r.within));
    assert.ok(parent, `${r.name} lies within "${r.within}", which has no record here`);
    assert.equal(parent.country, r.country, `${r.name} and its parent ${r.within}`);
  }
});

test("new-world: an AVA names its TTB section and year", () => {
  for (const r of REGIONS.filter((r) => r.designation?.system === "AVA")) {
    assert.ok(r.designation?.since, `${r.name}: year`);
    assert.ok(
      r.sources.some((s) => s.startsWith("TTB 27 CFR 9.")),
      `${r.name}: TTB section`,
    );
  }
});
