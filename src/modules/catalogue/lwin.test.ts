import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { LWIN_COLUMNS, lwinColor, lwinStyle, lwinWineName, readLwin } from "./lwin.ts";
import type { ParsedItem, SourceRecord } from "./source-record.ts";
import { collectItems, records, skipCounts } from "./source-test-items.ts";

const FIXTURES = join(import.meta.dirname, "../../../test/fixtures/catalogue");
const RELEASE_1 = join(FIXTURES, "lwin-release-1.csv");
const RELEASE_2 = join(FIXTURES, "lwin-release-2.csv");

let dir = "";
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "lwin-test-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const collect = (file: string): Promise<ParsedItem[]> => collectItems(readLwin(file));

function byKey(items: ParsedItem[]): Map<string, SourceRecord> {
  return new Map(records(items).map((r) => [r.key, r]));
}

/** Writes `text` to a file of the temp dir and returns its path. */
async function temp(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

test("release 1: one record per wine row, skipped rows counted by reason with their line", async () => {
  const items = await collect(RELEASE_1);
  const text = await readFile(RELEASE_1, "utf8");
  const dataRows = text.split("\r\n").filter((line) => line !== "").length - 1;
  assert.deepEqual(skipCounts(items), { malformed_row: 1, not_wine: 2, duplicate_key: 1 });
  assert.equal(records(items).length, dataRows - 4);
  const malformed = items.find((i) => "skipped" in i && i.skipped === "malformed_row");
  assert.ok(malformed && "skipped" in malformed);
  // The row of LWIN "10123": its line in the file (header is line 1).
  const lineOf = text.split("\r\n").findIndex((line) => line.startsWith("10123,")) + 1;
  assert.equal(malformed.line, lineOf);
  assert.match(malformed.detail ?? "", /10123/);
  const duplicate = items.find((i) => "skipped" in i && i.skipped === "duplicate_key");
  assert.ok(duplicate && "skipped" in duplicate);
  assert.match(duplicate.detail ?? "", /1000015/);
  // The first row of a duplicated LWIN is the one kept.
  assert.equal(records(items).filter((r) => r.key === "1000015").length, 1);
});

test("field mapping: a Bordeaux grand vin, its producer title apart, classification as written", async () => {
  const mouton = byKey(await collect(RELEASE_1)).get("1000011");
  assert.ok(mouton);
  const { fingerprint, ...rest } = mouton;
  assert.match(fingerprint, /^[0-9a-f]{40}$/);
  assert.deepEqual(rest, {
    source: "lwin",
    key: "1000011",
    status: "live",
    combinedInto: null,
    producer: { name: "Mouton Rothschild", title: "Chateau" },
    wineName: "",
    color: "red",
    type: "wine",
    subType: "still",
    country: "FR",
    region: "Bordeaux",
    appellation: "Pauillac",
    classification: "1er Cru Classe",
    gtins: [],
    grapes: [],
    abv: null,
    vintage: null,
  });
});

test("field mapping: site and parcel, titles inside the name, styles, countries, statuses", async () => {
  const all = byKey(await collect(RELEASE_1));
  const get = (key: string) => {
    const record = all.get(key);
    assert.ok(record, key);
    return record;
  };
  assert.equal(get("1000037").wineName, "Meursault Clos de la Barre");
  assert.equal(get("1000040").wineName, "Musigny Vieilles Vignes");
  assert.equal(get("1000040").classification, "Grand Cru");
  assert.equal(get("1000041").wineName, "Chambolle-Musigny Premier Cru Les Fuees");
  assert.equal(get("1000024").wineName, "Pavillon Blanc du Chateau Margaux");
  assert.equal(get("1000024").color, "white");
  assert.deepEqual(get("1000093").producer, { title: "Chateau", name: "Petrus" });
  assert.deepEqual(get("1000047").producer, { title: "Domaine", name: "de la Romanee-Conti" });
  assert.deepEqual(get("1000027").producer, { title: null, name: "Ruinart" });
  assert.deepEqual(get("1000087").producer, { title: null, name: "Villa Maria" }, "Villa is no title");
  assert.deepEqual([get("1000020").type, get("1000020").subType], ["dessert", "still"]);
  assert.deepEqual([get("1000027").type, get("1000027").subType], ["wine", "sparkling"]);
  assert.deepEqual(
    [get("1000028").type, get("1000028").subType],
    ["wine", "sparkling"],
    "SUB_TYPE Champagne",
  );
  assert.deepEqual(
    [get("1000080").type, get("1000080").subType, get("1000080").color],
    ["fortified", "still", "white"],
  );
  assert.equal(get("1000079").type, "fortified");
  assert.equal(get("1000029").color, "rose");
  assert.equal(get("1000083").country, "US", "USA");
  assert.equal(get("1000084").country, "US", "United States");
  assert.equal(get("1000087").country, "NZ");
  assert.equal(get("1000070").country, "DE");
  assert.equal(get("1000021").classification, null);
  assert.equal(get("1000090").status, "deleted");
  const combined = get("1000092");
  assert.equal(combined.status, "combined");
  assert.equal(combined.combinedInto, "1000016");
  assert.equal(get("1000016").status, "live", "the survivor is a live row of the file");
  assert.ok(!all.has("1000089") && !all.has("1000099"), "spirits are not records");
});

test("fingerprints are stable across runs and change only with the mapped content", async () => {
  const first = byKey(await collect(RELEASE_1));
  const again = byKey(await collect(RELEASE_1));
  for (const [key, record] of first) assert.equal(again.get(key)?.fingerprint, record.fingerprint, key);
  const next = byKey(await collect(RELEASE_2));
  const changed = [...first.keys()].filter(
    (key) => next.get(key)?.fingerprint !== first.get(key)?.fingerprint,
  );
  // Figeac's classification, Petalos' producer, Dom Perignon Deleted, the Pichon duplicate Combined.
  assert.deepEqual(changed.sort(), ["1000019", "1000035", "1000066", "1000101"]);
  assert.deepEqual(
    [...next.keys()].filter((key) => !first.has(key)),
    ["1000102"],
  );
  assert.equal(next.get("1000035")?.status, "deleted");
  assert.equal(next.get("1000101")?.combinedInto, "1000014");
  assert.equal(next.get("1000019")?.classification, "1er Grand Cru Classe A");
  // Only DATE_UPDATED (1000048) or SUB_TYPE Champagne → Sparkling (1000028) changed: same record.
  assert.equal(next.get("1000048")?.fingerprint, first.get("1000048")?.fingerprint);
  assert.equal(next.get("1000028")?.fingerprint, first.get("1000028")?.fingerprint);
});

test("gzip is recognised by its magic bytes, whatever the file's name", async () => {
  const plain = await collect(RELEASE_1);
  const gz = gzipSync(await readFile(RELEASE_1));
  assert.deepEqual(await collect(await temp("release-1.csv.gz", gz)), plain);
  assert.deepEqual(await collect(await temp("release-1-compressed.csv", gz)), plain);
});

test("without BOM and with LF line ends the records are the same", async () => {
  const text = await readFile(RELEASE_1, "utf8");
  assert.equal(text.charCodeAt(0), 0xfeff, "the fixture has a BOM");
  const plain = records(await collect(RELEASE_1));
  const lf = await temp("lf.csv", text.slice(1).replace(/\r\n/g, "\n"));
  assert.deepEqual(records(await collect(lf)), plain);
  const bomLf = await temp("bom-lf.csv", text.replace(/\r\n/g, "\n"));
  assert.deepEqual(records(await collect(bomLf)), plain);
});

test("columns are found by name: another order and extra columns give the same records", async () => {
  const rows: string[][] = parse(await readFile(RELEASE_1), { bom: true });
  const header = rows[0] ?? [];
  const order = [...header.keys()].reverse();
  const quote = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);
  const lines = rows.map((row, i) =>
    [...order.map((c) => row[c] ?? ""), i === 0 ? "PRICE_GBP" : "120"].map(quote).join(","),
  );
  const shuffled = await temp("shuffled.csv", `${lines.join("\r\n")}\r\n`);
  assert.deepEqual(records(await collect(shuffled)), records(await collect(RELEASE_1)));
});

test("a missing required column is an error naming it, before any row", async () => {
  const header = LWIN_COLUMNS.filter((c) => c !== "COLOUR").join(",");
  const file = await temp(
    "no-colour.csv",
    `${header}\r\n1000011,Live,x,Chateau,Margaux,,France,Bordeaux,Margaux\r\n`,
  );
  const seen: ParsedItem[] = [];
  await assert.rejects(async () => {
    for await (const item of readLwin(file)) seen.push(item);
  }, /COLOUR/);
  assert.equal(seen.length, 0);
  await assert.rejects(collect(await temp("empty.csv", "")), /empty/);
  await assert.rejects(collect(join(dir, "does-not-exist.csv")), { code: "ENOENT" });
});

test("broken rows are skipped as malformed and reading goes on", async () => {
  const header = LWIN_COLUMNS.join(",");
  const good = "1000011,Live,x,Chateau,Margaux,,France,Bordeaux,Margaux,,,Red,Wine,Still,AOP,,,,,,,";
  const rows = [
    header,
    good,
    "1000012,Live,too,few,fields",
    '1000013,Live,"broken "quote" here",Chateau,X,,France,Bordeaux,Margaux,,,Red,Wine,Still,AOP,,,,,,,',
    "1000014,Unknown,x,Chateau,Y,,France,Bordeaux,Margaux,,,Red,Wine,Still,AOP,,,,,,,",
    "1000015,Combined,x,Chateau,Z,,France,Bordeaux,Margaux,,,Red,Wine,Still,AOP,,,,,,,see notes",
    "1000016,Live,x,,,,France,Bordeaux,Margaux,,,Red,Wine,Still,AOP,,,,,,,",
    "1000017,Live,x,,Asahi,Super Dry,Japan,,,,,,Beer,Lager,,,,,,,,",
    "",
    good.replace("1000011", "1000018"),
  ];
  const items = await collect(await temp("broken.csv", `${rows.join("\n")}\n`));
  assert.deepEqual(skipCounts(items), { malformed_row: 4, missing_name: 1, not_wine: 1 });
  assert.deepEqual(
    records(items).map((r) => r.key),
    ["1000011", "1000018"],
  );
  const lines = items.flatMap((i) => ("skipped" in i ? [i.line] : []));
  assert.deepEqual(
    lines.sort((a, b) => a - b),
    [3, 4, 5, 6, 7, 8],
  );
});

test("TYPE/SUB_TYPE, COLOUR and SITE/PARCEL rules", () => {
  assert.deepEqual(lwinStyle("Wine", "Still"), { type: "wine", subType: "still" });
  assert.deepEqual(lwinStyle("wine", "sparkling"), { type: "wine", subType: "sparkling" });
  assert.deepEqual(lwinStyle("Champagne", ""), { type: "wine", subType: "sparkling" });
  assert.deepEqual(lwinStyle("Fortified Wine", "Madeira"), { type: "fortified", subType: "still" });
  assert.deepEqual(lwinStyle("Wine", "Port"), { type: "fortified", subType: "still" });
  assert.deepEqual(lwinStyle("Wine", "Sweet"), { type: "dessert", subType: "still" });
  assert.deepEqual(lwinStyle("", ""), { type: "wine", subType: "still" });
  for (const [type, sub] of [
    ["Spirit", "Whisky"],
    ["Beer", ""],
    ["Sake", "Junmai"],
    ["Cider", ""],
    ["Wine", "Grappa"],
    ["Soft Drink", ""],
  ] as const) {
    assert.equal(lwinStyle(type, sub), null, `${type}/${sub}`);
  }
  assert.equal(lwinColor("Rosé"), "rose");
  assert.equal(lwinColor("ROSE"), "rose");
  assert.equal(lwinColor("Mixed"), null);
  assert.equal(lwinColor(""), null);
  assert.equal(lwinWineName("", "Chambertin", ""), "Chambertin");
  assert.equal(
    lwinWineName("Gevrey-Chambertin Premier Cru", "Clos Saint-Jacques", ""),
    "Gevrey-Chambertin Premier Cru Clos Saint-Jacques",
  );
  assert.equal(
    lwinWineName("Clos de Tart", "Clos de Tart", ""),
    "Clos de Tart",
    "a site the name already says",
  );
  assert.equal(lwinWineName("", "", ""), "");
});
