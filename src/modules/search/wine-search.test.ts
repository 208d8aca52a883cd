import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { type Db, migrateToLatest, openDatabase } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { catalogueVersion, writeCatalogue } from "../catalogue/catalogue.repository.ts";
import { BUNDLED_XWINES } from "../catalogue/catalogue.service.ts";
import { parseXWines } from "../catalogue/xwines.ts";
import { indexedWinePages, loadIndexedWines } from "./search.repository.ts";
import { buildWineIndex, buildWineIndexFrom, WineIndexBuilder } from "./wine-index.ts";
import { IndexSearcher } from "./wine-ranking.ts";
import { InMemoryWineSearch, RETRY_AFTER_S } from "./wine-search.ts";

const ORIGEM_MERLOT = 100062; // Casa Valduga Origem Merlot
let db: Db;
/** The stored catalogue version, read at every check (the app's watcher reads it at most once a second). */
const storedVersion = () => catalogueVersion(db.kysely);
before(async () => {
  db = openDatabase({ kind: "sqlite", path: ":memory:" });
  await migrateToLatest(db);
  await writeCatalogue(db.kysely, parseXWines(readFileSync(BUNDLED_XWINES, "utf8")));
});
after(() => db.destroy());

describe("building the index", () => {
  test("from pages (in slices) the same index as from the whole list", async () => {
    const wines = await loadIndexedWines(db.kysely);
    const pages: number[] = [];
    async function* counted() {
      for await (const page of indexedWinePages(db.kysely, 300)) {
        pages.push(page.length);
        yield page;
      }
    }
    const paged = new IndexSearcher(await buildWineIndexFrom(counted()));
    const whole = new IndexSearcher(buildWineIndex([...wines].reverse()));
    assert.ok(pages.length > 3 && pages.every((n) => n <= 300), String(pages));
    assert.equal(paged.index.ids.length, wines.length);
    for (const q of [
      "casa valduga origem merlot",
      "penfods grange",
      "chateau m",
      "mueller thurgau",
      "cab sauv",
    ]) {
      assert.deepEqual(paged.search(q, 20), whole.search(q, 20), q);
    }
  });

  test("wines must come in ascending id order", () => {
    const builder = new WineIndexBuilder();
    builder.add({ id: 5, producer: "A", wine: "B", popularity: 1 });
    assert.throws(() => builder.add({ id: 5, producer: "A", wine: "C", popularity: 1 }));
    assert.throws(() => builder.add({ id: 4, producer: "A", wine: "C", popularity: 1 }));
    assert.equal(builder.wines, 1);
  });
});

describe("InMemoryWineSearch", () => {
  test("a search before the first index is ready waits for it, within a bound, then 503", async () => {
    const impatient = new InMemoryWineSearch(db.kysely, storedVersion, { firstWaitMs: 0 });
    await assert.rejects(
      impatient.search("origem merlot", 5),
      (err) =>
        err instanceof AppError &&
        err.status === 503 &&
        err.options.headers?.["retry-after"] === RETRY_AFTER_S,
    );
    await impatient.prepare();
    assert.equal((await impatient.search("origem merlot", 5))[0], ORIGEM_MERLOT);
    const patient = new InMemoryWineSearch(db.kysely, storedVersion);
    assert.equal((await patient.search("origem merlot", 5))[0], ORIGEM_MERLOT);
  });

  test("after an import, the previous index answers until the new one is built", async () => {
    const search = new InMemoryWineSearch(db.kysely, storedVersion, { rebuildWaitMs: 0 });
    await search.prepare();
    assert.equal((await search.search("origem merlot", 5))[0], ORIGEM_MERLOT);
    const catalogue = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
    const wine = catalogue.wines.find((w) => w.id === ORIGEM_MERLOT);
    assert.ok(wine);
    wine.name = "Zephyrine Reserva Merlot";
    await writeCatalogue(db.kysely, catalogue);
    assert.deepEqual(await search.search("zephyrine", 5), []); // previous catalogue version
    await search.prepare();
    assert.deepEqual(await search.search("zephyrine", 5), [ORIGEM_MERLOT]);
  });
});
