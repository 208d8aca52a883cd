/**
 * LWIN releases imported into the bundled catalogue, on a real SQLite database: links to the X-Wines
 * wine it is, new wines with allocated ids and typical facts, an unchanged release writing nothing,
 * the next release updating, retiring (Deleted) and merging (Combined), ids never reused.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { catalogueCopy } from "../../../test/helpers.ts";
import { offlineGenerator } from "../../app.ts";
import { type Db, openDatabase } from "../../db/database.ts";
import { importXWines } from "./catalogue.service.ts";
import { importSource, type SourceImportReport } from "./source-import.service.ts";

const HEADER =
  "LWIN,STATUS,DISPLAY_NAME,PRODUCER_TITLE,PRODUCER_NAME,WINE,COUNTRY,REGION,SUB_REGION,SITE,PARCEL,COLOUR,TYPE,SUB_TYPE,DESIGNATION,CLASSIFICATION,VINTAGE_CONFIG,FIRST_VINTAGE,FINAL_VINTAGE,DATE_ADDED,DATE_UPDATED,REFERENCE";
/** Illustrative LWIN codes; the wines, producers and appellations are real. */
const ROWS = {
  lafite:
    '1011111,Live,"Chateau Lafite Rothschild, Pauillac",Chateau,Lafite Rothschild,,France,Bordeaux,Pauillac,,,Red,Wine,Still,AOP,1er Cru Classe,Vintage,1868,,2012-01-01,2020-01-01,',
  raveneau:
    '1022222,Live,"Domaine Raveneau, Chablis Premier Cru Montee de Tonnerre",Domaine,Raveneau,Chablis Premier Cru Montee de Tonnerre,France,Burgundy,Chablis,,,White,Wine,Still,AOP,Premier Cru,Vintage,1990,,2012-01-01,2020-01-01,',
  monfortino:
    '1033333,Live,"Giacomo Conterno, Barolo Riserva Monfortino",,Giacomo Conterno,Barolo Riserva Monfortino,Italy,Piedmont,Barolo,,,Red,Wine,Still,DOCG,,Vintage,1920,,2012-01-01,2020-01-01,',
  vieuxTelegraphe:
    '1044444,Live,"Domaine du Vieux Telegraphe, Chateauneuf-du-Pape La Crau",Domaine,du Vieux Telegraphe,Chateauneuf-du-Pape La Crau,France,Rhone,Chateauneuf-du-Pape,,,Red,Wine,Still,AOP,,Vintage,1980,,2012-01-01,2020-01-01,',
  telegrammeOld:
    '1055555,Live,"Domaine du Vieux Telegraphe, Telegramme",Domaine,du Vieux Telegraphe,Telegramme,France,Rhone,Chateauneuf-du-Pape,,,Red,Wine,Still,AOP,,Vintage,1995,,2012-01-01,2020-01-01,',
  goneBefore:
    '1066666,Deleted,"Domaine Leflaive, Batard-Montrachet",Domaine,Leflaive,Batard-Montrachet,France,Burgundy,Cote de Beaune,,,White,Wine,Still,AOP,Grand Cru,Vintage,1950,,2012-01-01,2019-01-01,',
  spirit:
    '1077777,Live,"Hennessy, Paradis",,Hennessy,Paradis,France,Cognac,,,,,Spirit,Cognac,,,Non Vintage,,,2012-01-01,2020-01-01,',
};

let db: Db;
const dir = mkdtempSync(join(tmpdir(), "wds-lwin-"));
let clock = new Date("2026-11-27T10:00:00.000Z");
const now = () => clock;

function release(name: string, rows: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `\uFEFF${[HEADER, ...rows].join("\r\n")}\r\n`);
  return file;
}
const run = (file: string): Promise<SourceImportReport> =>
  importSource(db.kysely, "lwin", file, offlineGenerator(), now);
const lwinWine = async (key: string) =>
  await db.kysely
    .selectFrom("wine_sources")
    .selectAll()
    .where("source", "=", "lwin")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
const version = async () =>
  Number(
    (await db.kysely.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version,
  );

before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueCopy() });
});
after(() => db.destroy());

const first = [
  ROWS.lafite,
  ROWS.raveneau,
  ROWS.monfortino,
  ROWS.vieuxTelegraphe,
  ROWS.telegrammeOld,
  ROWS.goneBefore,
  ROWS.spirit,
];

test("a first LWIN release links what the catalogue has and adds the rest with new ids", async () => {
  const report = await run(release("lwin-1.csv", first));
  assert.equal(report.linked, 1, "Château Lafite Rothschild's grand vin is X-Wines 111415");
  assert.equal(report.added, 4);
  assert.deepEqual(report.skipped, { not_wine: 1, retired_before_first_import: 1 });
  assert.equal((await lwinWine("1011111")).wine_id, 111415);
  const raveneau = await db.kysely
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .innerJoin("regions as r", "r.id", "w.region_id")
    .select(["w.id", "w.facts_basis", "w.abv", "p.display_name", "r.name_en", "r.country"])
    .where("w.id", "=", (await lwinWine("1022222")).wine_id)
    .executeTakeFirstOrThrow();
  assert.ok(raveneau.id > 10_000_000, "allocated ids are above every X-Wines id");
  assert.equal(raveneau.facts_basis, "typical");
  assert.equal(raveneau.abv, null, "LWIN has no alcohol: none is invented");
  assert.equal(raveneau.display_name, "Domaine Raveneau");
  assert.equal(raveneau.name_en, "Chablis", "the catalogue's own Chablis region");
  const grapes = await db.kysely
    .selectFrom("wine_grapes as wg")
    .innerJoin("grapes as g", "g.id", "wg.grape_id")
    .select("g.name")
    .where("wg.wine_id", "=", raveneau.id)
    .execute();
  assert.deepEqual(
    grapes.map((g) => g.name),
    ["Chardonnay"],
    "Chablis' rules fix the variety",
  );
  const vt = await db.kysely
    .selectFrom("wines as w")
    .innerJoin("producers as p", "p.id", "w.producer_id")
    .innerJoin("regions as r", "r.id", "w.region_id")
    .select(["p.display_name", "r.name_fr"])
    .where("w.id", "=", (await lwinWine("1044444")).wine_id)
    .executeTakeFirstOrThrow();
  assert.equal(vt.name_fr, "Châteauneuf-du-Pape", "the known spelling of the appellation, not LWIN's");
  const texts = await db.kysely
    .selectFrom("wine_texts")
    .select("lang")
    .where("wine_id", "=", raveneau.id)
    .execute();
  assert.deepEqual(
    texts.map((t) => t.lang),
    ["en"],
    "English texts written by the import",
  );
});

test("re-importing the unchanged release writes nothing", async () => {
  const before = await version();
  const stamps = await db.kysely.selectFrom("wines").select(["id", "updated_at"]).orderBy("id").execute();
  clock = new Date("2026-11-28T10:00:00.000Z");
  const report = await run(release("lwin-1-again.csv", first));
  assert.equal(report.unchanged, 5);
  assert.deepEqual(report.skipped, { not_wine: 1, retired_before_first_import: 1 });
  assert.equal(report.added + report.updated + report.retired + report.linked, 0);
  assert.equal(await version(), before, "the catalogue version does not move");
  assert.deepEqual(
    await db.kysely.selectFrom("wines").select(["id", "updated_at"]).orderBy("id").execute(),
    stamps,
  );
});

test("the next release updates, retires, merges and adds, keeping every id", async () => {
  const raveneau = (await lwinWine("1022222")).wine_id;
  const monfortino = (await lwinWine("1033333")).wine_id;
  const vt = (await lwinWine("1044444")).wine_id;
  const telegramme = (await lwinWine("1055555")).wine_id;
  clock = new Date("2026-12-01T10:00:00.000Z");
  const report = await run(
    release("lwin-2.csv", [
      ROWS.lafite.replace("1011111,Live", "1011111,Deleted"),
      ROWS.raveneau.replaceAll("Montee de Tonnerre", "Montee de Tonnerre Vieilles Vignes"),
      ROWS.monfortino.replace("1033333,Live", "1033333,Deleted"),
      ROWS.vieuxTelegraphe,
      `${ROWS.telegrammeOld.replace("1055555,Live", "1055555,Combined")}1044444`,
      ROWS.goneBefore,
      ROWS.spirit,
      '1088888,Live,"Chateau Rayas, Chateauneuf-du-Pape",Chateau,Rayas,,France,Rhone,Chateauneuf-du-Pape,,,Red,Wine,Still,AOP,,Vintage,1945,,2026-11-30,2026-11-30,',
    ]),
  );
  assert.equal(report.updated, 1);
  assert.equal(report.added, 1);
  assert.equal(report.retired, 3, "Lafite's and Monfortino's LWIN deleted, Télégramme's combined");
  assert.equal(report.winesRetired, 1, "Monfortino had no other source");
  assert.equal(report.winesMerged, 1);
  // Lafite stays: X-Wines still has it; it only loses its LWIN.
  assert.ok(await db.kysely.selectFrom("wines").select("id").where("id", "=", 111415).executeTakeFirst());
  assert.equal((await lwinWine("1011111")).status, "retired");
  const retired = await db.kysely.selectFrom("retired_wines").selectAll().orderBy("id").execute();
  assert.deepEqual(
    retired.map((r) => [r.id, r.status, r.merged_into]),
    [
      [monfortino, "retired", null],
      [telegramme, "merged", vt],
    ],
  );
  const renamed = await db.kysely
    .selectFrom("wines")
    .select(["name", "updated_at"])
    .where("id", "=", raveneau)
    .executeTakeFirstOrThrow();
  assert.match(renamed.name, /Vieilles Vignes/);
  assert.equal(renamed.updated_at, "2026-12-01T10:00:00.000Z");
  const rayas = (await lwinWine("1088888")).wine_id;
  assert.ok(rayas > Math.max(raveneau, monfortino, vt, telegramme), "a new id is never one given before");
  const unchanged = await db.kysely
    .selectFrom("wines")
    .select("updated_at")
    .where("id", "=", vt)
    .executeTakeFirstOrThrow();
  assert.equal(unchanged.updated_at, "2026-12-01T10:00:00.000Z", "the survivor of a merge changed");
});

test("a new X-Wines wine that is a wine first known from LWIN keeps that wine's id and brings its facts", async () => {
  const vt = (await lwinWine("1044444")).wine_id;
  const file = join(dir, "xwines-next.csv");
  writeFileSync(
    file,
    [
      "WineID,WineName,Type,Elaborate,Grapes,Harmonize,ABV,Body,Acidity,Code,Country,RegionID,RegionName,WineryID,WineryName,Website,Vintages",
      `199001,Châteauneuf-du-Pape La Crau,Red,Assemblage/Blend,"['Grenache', 'Syrah/Shiraz', 'Mourvèdre']","['Lamb', 'Game Meat']",14.5,Full-bodied,Medium,FR,France,1216,Châteauneuf-du-Pape,69001,Domaine du Vieux Télégraphe,http://www.vignoblesbrunier.fr,"[2019, 2018]"`,
    ].join("\n"),
  );
  await importXWines(db.kysely, file, offlineGenerator(), now);
  assert.equal(
    await db.kysely.selectFrom("wines").select("id").where("id", "=", 199001).executeTakeFirst(),
    undefined,
    "not added a second time",
  );
  const wine = await db.kysely
    .selectFrom("wines")
    .select(["facts_basis", "abv"])
    .where("id", "=", vt)
    .executeTakeFirstOrThrow();
  assert.deepEqual(wine, { facts_basis: "source", abv: 14.5 });
  const record = await db.kysely
    .selectFrom("wine_sources")
    .select("wine_id")
    .where("source", "=", "xwines")
    .where("key", "=", "199001")
    .executeTakeFirstOrThrow();
  assert.equal(Number(record.wine_id), vt);
});

test("a changed Open Food Facts product does not rewrite the facts of a wine the LWIN database gives", async () => {
  const raveneau = (await lwinWine("1022222")).wine_id;
  const product = (name: string) =>
    `${JSON.stringify({
      code: "3760012345014",
      product_name: name,
      brands: "Domaine Raveneau",
      categories_tags: [
        "en:beverages",
        "en:alcoholic-beverages",
        "en:wines",
        "en:white-wines",
        "en:french-wines",
      ],
      origins: "France",
    })}\n`;
  const offRun = (file: string) => importSource(db.kysely, "off", file, offlineGenerator(), now);
  const first = join(dir, "off-1.jsonl");
  writeFileSync(first, product("Raveneau Chablis Premier Cru Montée de Tonnerre Vieilles Vignes 2019 75cl"));
  clock = new Date("2026-12-02T10:00:00.000Z");
  const linked = await offRun(first);
  assert.equal(linked.linked, 1, JSON.stringify(linked));
  assert.equal(
    Number(
      (
        await db.kysely
          .selectFrom("wine_sources")
          .select("wine_id")
          .where("source", "=", "off")
          .where("key", "=", "03760012345014")
          .executeTakeFirstOrThrow()
      ).wine_id,
    ),
    raveneau,
  );
  const before = await db.kysely
    .selectFrom("wines")
    .selectAll()
    .where("id", "=", raveneau)
    .executeTakeFirstOrThrow();
  const second = join(dir, "off-2.jsonl");
  writeFileSync(second, product("RAVENEAU CHABLIS 1ER CRU MONTEE DE TONNERRE VV 2020 0,75 L"));
  clock = new Date("2026-12-03T10:00:00.000Z");
  const changed = await offRun(second);
  assert.equal(changed.updated, 1, JSON.stringify(changed));
  const after = await db.kysely
    .selectFrom("wines")
    .selectAll()
    .where("id", "=", raveneau)
    .executeTakeFirstOrThrow();
  assert.deepEqual(after, before, "the wine keeps the LWIN database's facts");
});

test("a producer renamed by the next release makes the wine's texts stale", async () => {
  const rayas = (await lwinWine("1088888")).wine_id;
  const texts = async () =>
    (await db.kysely.selectFrom("wine_texts").select("lang").where("wine_id", "=", rayas).execute()).length;
  assert.ok((await texts()) > 0, "written by the import that added it");
  clock = new Date("2026-12-04T10:00:00.000Z");
  const report = await importSource(
    db.kysely,
    "lwin",
    release("lwin-3.csv", [
      '1088888,Live,"Chateau Rayas (Reynaud), Chateauneuf-du-Pape",Chateau,Rayas (Reynaud),,France,Rhone,Chateauneuf-du-Pape,,,Red,Wine,Still,AOP,,Vintage,1945,,2026-11-30,2026-12-03,',
    ]),
    offlineGenerator(),
    now,
    { partial: true, skipTexts: true },
  );
  assert.equal(report.updated, 1, JSON.stringify(report));
  assert.ok(report.restaled > 0, "its texts and drinking period are queued to be written again");
  assert.equal(await texts(), 0);
});

test("a header without a required column is refused before anything is written", async () => {
  const before = await version();
  const file = join(dir, "bad.csv");
  writeFileSync(file, "LWIN,STATUS,PRODUCER_NAME\n1099999,Live,Nobody\n");
  await assert.rejects(run(file), /column/i);
  assert.equal(await version(), before);
});
