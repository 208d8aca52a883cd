import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { type Db, migrateToLatest, openDatabase } from "../../db/database.ts";
import { AppError } from "../../errors.ts";
import { catalogueVersion } from "../catalogue/catalogue.repository.ts";
import { BUNDLED_XWINES, writeCatalogue } from "../catalogue/catalogue.service.ts";
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

describe("InMemoryWineSearch in a worker thread", () => {
  /** The wines "penfolds grange" finds, by an index in this thread (earlier tests renamed Origem Merlot). */
  const grange = async () => new InMemoryWineSearch(db.kysely, storedVersion).search("penfolds grange", 5);
  const queries = [
    "origem merlot",
    "penfods grange",
    "chateau m",
    "mueller thurgau",
    "cab sauv",
    "rose",
    "zzqx",
  ];

  test("answers as the index in this thread does, with the catalogue version it was built at", async () => {
    const local = new InMemoryWineSearch(db.kysely, storedVersion);
    const threaded = new InMemoryWineSearch(db.kysely, storedVersion, { thread: true });
    try {
      const version = await storedVersion();
      for (const q of queries) {
        for (const limit of [1, 20, 100]) {
          const [a, b] = [await local.searchAt(q, limit), await threaded.searchAt(q, limit)];
          assert.deepEqual(b, a, `${q} ${limit}`);
          assert.equal(b.version, version);
        }
      }
    } finally {
      await threaded.close();
    }
  });

  test("ready: false until the first index answers (its build started by the question), then true", async () => {
    const search = new InMemoryWineSearch(db.kysely, storedVersion, { thread: true });
    try {
      assert.equal(await search.ready(0), false);
      assert.equal(await search.ready(10_000), true);
      assert.deepEqual(await search.search("penfolds grange", 5), await grange());
    } finally {
      await search.close();
    }
  });

  test("at most maxWaiting searches wait for the thread; more get 503 with Retry-After at once", async () => {
    const search = new InMemoryWineSearch(db.kysely, storedVersion, { thread: true, maxWaiting: 2 });
    try {
      await search.prepare();
      const settled = await Promise.allSettled(queries.slice(0, 6).map((q) => search.search(q, 20)));
      assert.equal(settled.filter((s) => s.status === "fulfilled").length, 2);
      for (const s of settled.slice(2)) {
        assert.ok(s.status === "rejected");
        const err = s.reason;
        assert.ok(
          err instanceof AppError && err.status === 503 && err.options.headers?.["retry-after"] === 1,
        );
      }
      // Once answered, the queue takes searches again.
      assert.deepEqual(await search.search("penfolds grange", 5), await grange());
    } finally {
      await search.close();
    }
  });

  test("after an import the thread answers from its newest index, with that index's version", async () => {
    const search = new InMemoryWineSearch(db.kysely, storedVersion, { thread: true, rebuildWaitMs: 0 });
    try {
      await search.prepare();
      const before = await search.searchAt("penfolds grange", 5);
      assert.deepEqual(before.ids, await grange());
      const catalogue = parseXWines(readFileSync(BUNDLED_XWINES, "utf8"));
      const wine = catalogue.wines.find((w) => w.id === ORIGEM_MERLOT);
      assert.ok(wine);
      wine.name = "Quillabamba Reserva Merlot";
      await writeCatalogue(db.kysely, catalogue);
      // The thread answers from its newest ready index: the previous one (no such wine, the previous
      // version), or the new one if it was built before the search reached the thread; its version says which.
      const soon = await search.searchAt("quillabamba", 5);
      if (soon.version === before.version) assert.deepEqual(soon.ids, []);
      else assert.deepEqual([soon.ids, soon.version], [[ORIGEM_MERLOT], await storedVersion()]);
      await search.prepare();
      const fresh = await search.searchAt("quillabamba", 5);
      assert.deepEqual(fresh.ids, [ORIGEM_MERLOT]);
      assert.equal(fresh.version, await storedVersion());
    } finally {
      await search.close();
    }
  });

  test("a thread that stops by itself is replaced: searches get 503 meanwhile, then answers", async () => {
    const search = new InMemoryWineSearch(db.kysely, storedVersion, { thread: true, firstWaitMs: 0 });
    try {
      await search.prepare();
      const expected = await grange();
      assert.ok(expected.length > 0);
      assert.deepEqual(await search.search("penfolds grange", 5), expected);
      // The thread dies (as on an out-of-memory crash), not closed by its owner.
      const thread = (search as unknown as { searchThread: { worker: { terminate(): Promise<number> } } })
        .searchThread;
      await thread.worker.terminate();
      await assert.rejects(
        search.search("origem merlot", 5),
        (err) => err instanceof AppError && err.status === 503,
      );
      await search.prepare();
      assert.deepEqual(await search.search("penfolds grange", 5), await grange());
    } finally {
      await search.close();
    }
  });
});
