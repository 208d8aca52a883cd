/**
 * The label matcher's thread over the bundled catalogue: it stops when idle and is started again on
 * use, and its index is kept in the cache folder across matchers (a restart of the service) for the
 * same catalogue identity only.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { catalogueCopy, catalogueTemplate, until } from "../../../test/helpers.ts";
import { offlineGenerator } from "../../app.ts";
import { type Db, migrateToLatest, openDatabase } from "../../db/database.ts";
import { catalogueVersion } from "../catalogue/catalogue.repository.ts";
import { BUNDLED_XWINES, importXWines } from "../catalogue/catalogue.service.ts";
import { CatalogueMatcher, type MatcherStart } from "./catalogue-matcher.ts";
import { KEEP_FILES } from "./matcher-cache.ts";

const LABEL = "LOUIS LATOUR SANTENAY 2019 GRAND VIN DE BOURGOGNE";
const folders: string[] = [];
let db: Db;
before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
});
after(async () => {
  await db.destroy();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A cache folder of the test's own. */
function cacheFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "wds-matcher-cache-test-"));
  folders.push(folder);
  return folder;
}

/** The index files in `folder` (not the partial ones). */
const indexFiles = (folder: string) => readdirSync(folder).filter((n) => n.endsWith(".v8"));

/** A matcher over `on` (version read from it) that records how its threads start. */
function matcherOn(on: Db, cacheDir: string | null, idleMs = 0) {
  const starts: MatcherStart[] = [];
  const matcher = new CatalogueMatcher(on.kysely, () => catalogueVersion(on.kysely), {
    idleMs,
    cacheDir,
    onStart: (how) => starts.push(how),
    warmMinBytes: 0,
  });
  return { matcher, starts };
}

/** Matches LABEL and waits until the thread's index is saved; returns the matches and the file. */
async function matchAndSave(matcher: CatalogueMatcher) {
  const matches = await (await matcher.current()).match(LABEL, 3);
  assert.ok(matches.matches.length > 0);
  await until(() => matcher.savedIndex() !== null && existsSync(matcher.savedIndex() as string), 30_000);
  return { matches, file: matcher.savedIndex() as string };
}

test("with MATCHER_IDLE_MS the thread stops after the idle time and the next match restores its saved index", async () => {
  const { matcher, starts } = matcherOn(db, cacheFolder(), 300);
  try {
    assert.equal(matcher.running(), false);
    const { matches: first, file } = await matchAndSave(matcher);
    assert.equal(matcher.running(), true);
    await until(() => !matcher.running(), 30_000);
    const again = await (await matcher.current()).match(LABEL, 3);
    assert.deepEqual(again, first);
    assert.deepEqual(starts, ["built", "restored"]);

    // A saved index that is gone (a cleaned temp folder) is built again, and saved again.
    await until(() => !matcher.running(), 30_000);
    rmSync(file);
    assert.deepEqual(await (await matcher.current()).match(LABEL, 3), first);
    assert.deepEqual(starts, ["built", "restored", "built"]);
    await until(() => existsSync(file), 30_000);
  } finally {
    await matcher.close();
  }
});

test("with an idle time of 0 the thread stays, its index is saved, and close leaves it for the next start", async () => {
  const folder = cacheFolder();
  const first = matcherOn(db, folder);
  let saved: Awaited<ReturnType<typeof matchAndSave>>;
  try {
    saved = await matchAndSave(first.matcher);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(first.matcher.running(), true);
  } finally {
    await first.matcher.close();
  }
  assert.ok(existsSync(saved.file), "close keeps the saved index");

  // A second matcher on the same database (the service started again) restores it.
  const second = matcherOn(db, folder);
  try {
    assert.deepEqual(await (await second.matcher.current()).match(LABEL, 3), saved.matches);
    assert.deepEqual([first.starts, second.starts], [["built"], ["restored"]]);
    assert.equal(second.matcher.savedIndex(), saved.file);
  } finally {
    await second.matcher.close();
  }
});

test("a re-created database at the same catalogue version does not read the other one's index", async () => {
  const folder = cacheFolder();
  const dir = mkdtempSync(join(tmpdir(), "wds-matcher-recreated-"));
  folders.push(dir);
  const other = openDatabase({ kind: "sqlite", path: join(dir, "wine.db") });
  const first = matcherOn(db, folder);
  const second = matcherOn(other, folder);
  try {
    await migrateToLatest(other);
    await importXWines(other.kysely, BUNDLED_XWINES, offlineGenerator(), () => new Date());
    assert.equal(await catalogueVersion(other.kysely), await catalogueVersion(db.kysely));
    const saved = await matchAndSave(first.matcher);
    const again = await matchAndSave(second.matcher);
    assert.deepEqual(second.starts, ["built"]);
    assert.notEqual(again.file, saved.file);
    assert.deepEqual(again.matches, saved.matches, "the same wines, matched alike");
    assert.deepEqual(
      new Set(indexFiles(folder).map((n) => join(folder, n))),
      new Set([saved.file, again.file]),
    );
  } finally {
    await Promise.all([first.matcher.close(), second.matcher.close()]);
    await other.destroy();
  }
});

test("after an import the older version's index is not read, and is removed once the new one is saved", async () => {
  const folder = cacheFolder();
  const copy = openDatabase({ kind: "sqlite", path: await catalogueCopy() });
  const { matcher, starts } = matcherOn(copy, folder, 300);
  try {
    const old = await matchAndSave(matcher);
    await until(() => !matcher.running(), 30_000);
    // An import moves the version in its transaction (the rows it changed are left out here).
    await copy.kysely
      .updateTable("catalogue_version")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
    const fresh = await matchAndSave(matcher);
    assert.deepEqual(starts, ["built", "built"]);
    assert.notEqual(fresh.file, old.file);
    await until(() => !existsSync(old.file), 30_000);
    assert.deepEqual(indexFiles(folder), [fresh.file.slice(folder.length + 1)]);
  } finally {
    await matcher.close();
    await copy.destroy();
  }
});

test("a corrupt or truncated saved index is ignored: the thread is built and the file saved again", async () => {
  const folder = cacheFolder();
  const { matcher: first } = matcherOn(db, folder);
  const { file, matches } = await matchAndSave(first).finally(() => first.close());
  for (const garbage of [Buffer.from("not an index"), Buffer.alloc(0)]) {
    writeFileSync(file, garbage);
    const { matcher, starts } = matcherOn(db, folder);
    try {
      assert.deepEqual(await (await matcher.current()).match(LABEL, 3), matches);
      assert.deepEqual(starts, ["built"]);
      await until(() => matcher.savedIndex() !== null, 30_000);
    } finally {
      await matcher.close();
    }
    const { matcher: third, starts: thirdStarts } = matcherOn(db, folder);
    try {
      await third.current();
      assert.deepEqual(thirdStarts, ["restored"], "the file saved again reads");
    } finally {
      await third.close();
    }
  }
});

test("a save keeps at most a few index files, the most recently used, and removes partial files left long ago", async () => {
  const folder = cacheFolder();
  const long = new Date(Date.now() - 3_600_000);
  const others = Array.from({ length: KEEP_FILES + 1 }, (_, i) => {
    const name = `labels-00000000-0000-4000-8000-00000000000${i}-0-abcdef.v8`;
    writeFileSync(join(folder, name), "other catalogue");
    const at = new Date(long.getTime() + i * 60_000);
    utimesSync(join(folder, name), at, at);
    return name;
  });
  const partials = { left: "labels-x.v8.1.partial", writing: "labels-x.v8.2.partial", foreign: "notes.txt" };
  for (const name of Object.values(partials)) writeFileSync(join(folder, name), "");
  utimesSync(join(folder, partials.left), long, long);
  const { matcher } = matcherOn(db, folder);
  try {
    const { file } = await matchAndSave(matcher);
    await until(() => !existsSync(join(folder, partials.left)), 30_000);
    const kept = readdirSync(folder).sort();
    // The new index and the most recently used of the others; the partial file being written and a
    // file that is not an index stay.
    const newest = others.slice(-(KEEP_FILES - 1));
    assert.deepEqual(
      kept,
      [...newest, file.slice(folder.length + 1), partials.writing, partials.foreign].sort(),
    );
  } finally {
    await matcher.close();
  }
});

test("warm starts the matcher at start only from a saved index, never with a build", async () => {
  const folder = cacheFolder();
  const cold = matcherOn(db, folder);
  try {
    assert.equal(await cold.matcher.warm(), false, "nothing saved: nothing starts");
    assert.equal(cold.matcher.running(), false);
    await matchAndSave(cold.matcher);
  } finally {
    await cold.matcher.close();
  }
  const warm = matcherOn(db, folder);
  try {
    assert.equal(await warm.matcher.warm(), true);
    assert.deepEqual(warm.starts, ["restored"]);
    assert.equal(warm.matcher.running(), true);
  } finally {
    await warm.matcher.close();
  }
  // The bundled catalogue's index is small: with the default threshold its first photo builds.
  const small = new CatalogueMatcher(db.kysely, () => catalogueVersion(db.kysely), { cacheDir: folder });
  try {
    assert.equal(await small.warm(), false);
  } finally {
    await small.close();
  }
  // Without a cache folder nothing is saved.
  const none = matcherOn(db, null);
  try {
    await (await none.matcher.current()).match(LABEL, 1);
    assert.equal(none.matcher.savedIndex(), null);
    assert.equal(await none.matcher.warm(), false);
  } finally {
    await none.matcher.close();
  }
});
