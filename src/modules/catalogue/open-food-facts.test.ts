import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { gzipSync } from "node:zlib";
import { vintageInName, wineNameFromProduct } from "./off-names.ts";
import { isWineProduct, readOpenFoodFacts } from "./open-food-facts.ts";
import type { ParsedItem } from "./source-record.ts";
import { collectItems, records, skipCounts } from "./source-test-items.ts";

const FIXTURES = join(import.meta.dirname, "../../../test/fixtures/catalogue");
const PRODUCTS = join(FIXTURES, "off-products.jsonl");

let dir = "";
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "off-test-"));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const collect = (file: string): Promise<ParsedItem[]> => collectItems(readOpenFoodFacts(file));

test("the fixture: wines are records, every other line is counted by its reason", async () => {
  const items = await collect(PRODUCTS);
  const lines = (await readFile(PRODUCTS, "utf8")).split("\n").filter((l) => l.trim() !== "").length;
  assert.deepEqual(skipCounts(items), {
    malformed_row: 2,
    not_wine: 8,
    invalid_barcode: 2,
    missing_name: 1,
    duplicate_key: 1,
  });
  assert.equal(items.length, lines, "one item per non-empty line");
  const expected = JSON.parse(await readFile(join(FIXTURES, "expected-links.json"), "utf8")) as {
    off: Record<string, number | null>;
  };
  assert.deepEqual(
    records(items)
      .map((r) => r.key)
      .sort(),
    Object.keys(expected.off).sort(),
  );
  for (const record of records(items)) {
    assert.match(record.key, /^\d{14}$/);
    assert.deepEqual(record.gtins, [record.key]);
    assert.equal(record.status, "live");
    assert.match(record.fingerprint, /^[0-9a-f]{40}$/);
  }
});

test("field mapping: brand, vintage, bottle size and appellation taken out of a messy name", async () => {
  const all = new Map(records(await collect(PRODUCTS)).map((r) => [r.key, r]));
  const mouton = all.get("03263280103565");
  assert.ok(mouton);
  const { fingerprint: _, ...rest } = mouton;
  assert.deepEqual(rest, {
    source: "off",
    key: "03263280103565",
    status: "live",
    combinedInto: null,
    producer: { title: "Château", name: "Mouton Rothschild" },
    wineName: "Pauillac",
    color: "red",
    type: "wine",
    subType: "still",
    country: "FR",
    region: "Bordeaux",
    appellation: "Pauillac",
    classification: null,
    gtins: ["03263280103565"],
    grapes: [],
    abv: 13.5,
    vintage: 2015,
  });
  const montrose = all.get("03402031002348");
  assert.equal(montrose?.wineName, "SAINT ESTEPHE 2ND GRAND CRU CLASSE");
  assert.equal(montrose?.appellation, "Saint-Estèphe");
  assert.equal(montrose?.abv, 13.5, "alcohol_value as a string");
  assert.equal(montrose?.country, "FR", "sold in Belgium, made in France (from the appellation)");
  assert.equal(montrose?.vintage, 2010);
  assert.equal(
    all.get("03760041203132")?.wineName,
    "Pavillon Rouge du Château Margaux",
    "a second wine keeps its name",
  );
  assert.equal(all.get("03014963002626")?.wineName, "IMPERIAL BRUT", "Magnum and 1,5L removed");
  assert.equal(all.get("03014963002626")?.color, "white", "a Champagne without rosé is white");
  assert.equal(all.get("03014963002480")?.color, "rose");
  assert.equal(all.get("03014963002480")?.subType, "sparkling");
  assert.equal(
    all.get("03760127602408")?.wineName,
    "Chablis 1er cru Montmains",
    "J. Moreau et Fils = J. Moreau & Fils",
  );
  assert.equal(all.get("08012345000173")?.wineName, "Barbaresco", "from product_name_it, DOCG removed");
  assert.equal(
    all.get("09312345001125")?.wineName,
    "Jammy Red Roo",
    "[yellow tail] removed with its brackets",
  );
  assert.equal(
    all.get("00085000001011")?.wineName,
    "Napa Valley Cabernet Sauvignon",
    "UPC-A; brand without Vineyards",
  );
  assert.equal(all.get("00085000001011")?.country, "US");
  assert.equal(all.get("03567890003186")?.wineName, "Châteauneuf-du-Pape La Reine des Bois", "emoji removed");
  assert.equal(all.get("03174451001163")?.wineName, "rouge", "a colour word that is the whole name stays");
  const ruby = all.get("05601017001117");
  assert.deepEqual([ruby?.type, ruby?.color, ruby?.appellation], ["fortified", "red", "Porto"]);
  const sauternes = all.get("03760041201770");
  assert.deepEqual([sauternes?.type, sauternes?.classification], ["dessert", "1er Cru Classé"]);
  const odd = all.get("03567890005166");
  assert.deepEqual(
    [odd?.wineName, odd?.producer, odd?.abv, odd?.country],
    ["Vin de France Merlot", { title: null, name: "" }, null, "FR"],
    "wrong JSON types do not crash: no brand, no abv",
  );
  assert.equal(all.get("08410141102020")?.country, null, "countries_tags (where sold) is not the origin");
});

test("gzip by magic bytes, CRLF line ends: the same items", async () => {
  const plain = await collect(PRODUCTS);
  const bytes = await readFile(PRODUCTS);
  const gz = join(dir, "products.jsonl.gz");
  await writeFile(gz, gzipSync(bytes));
  assert.deepEqual(await collect(gz), plain);
  const crlf = join(dir, "products-crlf.jsonl");
  await writeFile(crlf, bytes.toString("utf8").replace(/\n/g, "\r\n"));
  assert.deepEqual(await collect(crlf), plain);
});

test("which categories are wine", () => {
  assert.ok(isWineProduct(["en:beverages", "en:wines"]));
  assert.ok(isWineProduct(["en:red-wines"]));
  assert.ok(isWineProduct(["en:wines-from-france"]));
  assert.ok(isWineProduct(["en:champagnes"]));
  assert.ok(!isWineProduct(["en:wines", "en:non-alcoholic-wines"]));
  assert.ok(!isWineProduct(["en:vinegars", "en:wine-vinegars"]));
  assert.ok(!isWineProduct(["en:cooking-wines"]));
  assert.ok(!isWineProduct(["en:beers"]));
  assert.ok(!isWineProduct([]));
});

test("names: vintages, bottle sizes, producers", () => {
  assert.equal(vintageInName("Chablis 2020 75cl"), 2020);
  assert.equal(vintageInName("Kronenbourg 1664"), null);
  assert.equal(vintageInName("Duo 2015 & 2016"), null);
  assert.equal(vintageInName("Brut"), null);
  const clean = (name: string, producers: string[] = [], colorKnown = false) =>
    wineNameFromProduct(name, { producers, colorKnown });
  assert.equal(clean("Sancerre 0,75 l"), "Sancerre");
  assert.equal(clean("Sancerre 750 ML"), "Sancerre");
  assert.equal(clean("Sancerre 1.5L"), "Sancerre");
  assert.equal(clean("Sancerre 6x25cl"), "Sancerre");
  assert.equal(clean("Côtes de Provence - Vin rosé", [], true), "Côtes de Provence");
  assert.equal(clean("Vin rosé", [], true), "Vin rosé", "never empties a name");
  assert.equal(clean("Caillou Blanc", [], true), "Caillou Blanc");
  assert.equal(clean("Château Lagrange Saint-Julien", ["Lagrange"]), "Saint-Julien");
  assert.equal(clean("Moët &amp; Chandon Impérial", ["Moët & Chandon"]), "Impérial");
  assert.equal(clean("Muga", ["Muga"]), "", "a wine named by its producer alone");
  for (const messy of ["", "   ", "-- / --", "🍷🍷", "2019", "75cl", "((()))", "\u0000\u0001"]) {
    assert.equal(typeof clean(messy, ["x"], true), "string");
  }
});
