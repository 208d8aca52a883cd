/**
 * `winedata import --lwin/--off` and `winedata review-links` run as an operator runs them, on a copy of
 * the bundled catalogue: the import's report, an unsure link listed, confirmed (the record's wine
 * merged: its id answers 301 later) and rejected; wrong usage exits 2 with the reason.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openDatabase } from "../src/db/database.ts";
import { failing, winedata } from "./cli-run.ts";
import { catalogueCopy } from "./helpers.ts";

const fixture = (name: string) => new URL(`./fixtures/catalogue/${name}`, import.meta.url).pathname;

/**
 * Release 1 with two rows the crosswalk is unsure of (near misses of Michel Lynch's "Bordeaux Rouge"
 * and "Bordeaux Sauvignon Blanc": a word of their name the catalogue's wine lacks), so that the
 * review has candidates to confirm and reject whatever the crosswalk links in release 1 itself.
 */
function releaseWithReviews(): string {
  const rows = [
    '1099998,Live,"Michel Lynch, Bordeaux Rouge Prestige, Bordeaux",,Michel Lynch,Bordeaux Rouge Prestige,France,Bordeaux,Bordeaux,,,Red,Wine,Still,AOP,,sequential,1990,,2012-06-01,2024-03-15,',
    '1099999,Live,"Michel Lynch, Bordeaux Sauvignon Blanc Prestige, Bordeaux",,Michel Lynch,Bordeaux Sauvignon Blanc Prestige,France,Bordeaux,Bordeaux,,,White,Wine,Still,AOP,,sequential,1990,,2012-06-01,2024-03-15,',
  ];
  const file = join(mkdtempSync(join(tmpdir(), "wds-lwin-cli-")), "lwin-release-1-reviews.csv");
  writeFileSync(
    file,
    `${readFileSync(fixture("lwin-release-1.csv"), "utf8").trimEnd()}\r\n${rows.join("\r\n")}\r\n`,
  );
  return file;
}

test("import --lwin prints its report; review-links lists, confirms and rejects", {
  timeout: 240_000,
}, async () => {
  const path = await catalogueCopy();
  const env = { DATABASE_URL: `sqlite:${path}`, LOG_LEVEL: "silent" };
  const release = releaseWithReviews();
  const first = await winedata(["import", "--lwin", release], env);
  assert.match(first.stdout, /lwin: \d+ records: added \d+, updated 0, unchanged 0, retired 0, linked \d+/);
  assert.match(first.stdout, /skipped: .*not_wine 2/);
  const again = await winedata(["import", "--lwin", release], env);
  assert.match(again.stdout, /added 0, updated 0, unchanged \d+, retired 0, linked 0/);

  const listed = await winedata(["review-links"], env);
  const lines = listed.stdout.split("\n").filter((l) => /^lwin:\d{7} /.test(l));
  assert.ok(lines.length >= 2, listed.stdout);
  const [toConfirm, toReject] = lines.map((l) => (/^(lwin:\d{7}) +wine (\d+)/.exec(l) ?? []).slice(1));
  assert.ok(toConfirm?.[0] && toReject?.[0]);

  const confirmed = await winedata(["review-links", "--confirm", toConfirm[0] as string], env);
  assert.match(confirmed.stdout, new RegExp(`wine ${toConfirm[1]} merged into it \\(301\\)`));
  const rejected = await winedata(["review-links", "--reject", toReject[0] as string], env);
  assert.match(rejected.stdout, /stays apart/);
  const after = await winedata(["review-links"], env);
  assert.ok(!after.stdout.includes(toConfirm[0] as string) && !after.stdout.includes(`${toReject[0]} `));

  const db = openDatabase({ kind: "sqlite", path });
  try {
    const merged = await db.kysely
      .selectFrom("retired_wines")
      .select(["status", "merged_into"])
      .where("id", "=", Number(toConfirm[1]))
      .executeTakeFirstOrThrow();
    assert.equal(merged.status, "merged");
  } finally {
    await db.destroy();
  }

  const again2 = await failing(["review-links", "--confirm", toConfirm[0] as string], env);
  assert.equal(again2.code, 2);
  assert.match(again2.stderr, /no pending candidate/);
  const bad = await failing(["review-links", "--reject", "lwin-1"], env);
  assert.equal(bad.code, 2);
  const missing = await failing(["import", "--lwin", "/nonexistent/lwin.csv"], env);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read/);
  const headerless = join(mkdtempSync(join(tmpdir(), "wds-cli-lwin-")), "no-title.csv");
  writeFileSync(headerless, "LWIN,STATUS,PRODUCER_NAME\n1099999,Live,Nobody\n");
  const badHeader = await failing(["import", "--lwin", headerless], env);
  assert.equal(badHeader.code, 2);
  assert.match(badHeader.stderr, /PRODUCER_TITLE is missing from the header/);
  const both = await failing(["import", "--lwin", fixture("lwin-release-1.csv"), "--off", "x.jsonl"], env);
  assert.equal(both.code, 2);
});
