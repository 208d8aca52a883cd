/** The label matcher's thread over the bundled catalogue: it stops when idle and is started again on use. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { catalogueTemplate, until } from "../../../test/helpers.ts";
import { type Db, openDatabase } from "../../db/database.ts";
import { CatalogueMatcher, type MatcherStart } from "./catalogue-matcher.ts";

const LABEL = "LOUIS LATOUR SANTENAY 2019 GRAND VIN DE BOURGOGNE";
let db: Db;
before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
});
after(() => db.destroy());

test("with MATCHER_IDLE_MS the thread stops after the idle time and the next match restores its saved index", async () => {
  const starts: MatcherStart[] = [];
  const matcher = new CatalogueMatcher(
    db.kysely,
    () => 1,
    300,
    (how) => starts.push(how),
  );
  let saved = "";
  try {
    assert.equal(matcher.running(), false);
    const first = await (await matcher.current()).match(LABEL, 3);
    assert.ok(first.matches.length > 0);
    assert.equal(matcher.running(), true);
    await until(() => matcher.savedIndex() !== null, 30_000);
    saved = matcher.savedIndex() as string;
    assert.ok(existsSync(saved));
    await until(() => !matcher.running(), 30_000);
    const again = await (await matcher.current()).match(LABEL, 3);
    assert.deepEqual(again, first);
    assert.deepEqual(starts, ["built", "restored"]);

    // A saved index that is gone (a cleaned temp folder) is built again, and saved again.
    await until(() => !matcher.running(), 30_000);
    rmSync(saved);
    assert.deepEqual(await (await matcher.current()).match(LABEL, 3), first);
    assert.deepEqual(starts, ["built", "restored", "built"]);
    await until(() => matcher.savedIndex() !== null && existsSync(saved), 30_000);
  } finally {
    await matcher.close();
  }
  assert.equal(matcher.savedIndex(), null);
  assert.equal(existsSync(dirname(saved)), false, "close removes the saved indexes");
});

test("the first save removes the saved indexes a killed process left, and keeps those of running ones", async () => {
  // A pid that has ended (a process that ran and exited), and one that runs (this test's parent).
  const ended = spawnSync(process.execPath, ["-e", ""]).pid;
  const folders = {
    killed: join(tmpdir(), `winedata-matcher-${ended}-test`),
    running: join(tmpdir(), `winedata-matcher-${process.ppid}-test`),
    unnamed: join(tmpdir(), "winedata-matcher-test"),
  };
  for (const folder of Object.values(folders)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "catalogue-1.v8"), "left");
  }
  const matcher = new CatalogueMatcher(db.kysely, () => 1, 60_000);
  try {
    assert.ok(existsSync(folders.killed), "nothing is removed before a save");
    await (await matcher.current()).match(LABEL, 1);
    await until(() => matcher.savedIndex() !== null, 30_000);
    assert.equal(existsSync(folders.killed), false);
    assert.ok(existsSync(folders.running));
    assert.ok(existsSync(folders.unnamed));
    assert.match(dirname(matcher.savedIndex() as string), new RegExp(`winedata-matcher-${process.pid}-`));
  } finally {
    await matcher.close();
    for (const folder of Object.values(folders)) rmSync(folder, { recursive: true, force: true });
  }
});

test("with an idle time of 0 the thread stays", async () => {
  const matcher = new CatalogueMatcher(db.kysely, () => 1);
  try {
    await (await matcher.current()).match(LABEL, 1);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(matcher.running(), true);
    assert.equal(matcher.savedIndex(), null, "nothing is saved for a thread that never stops");
  } finally {
    await matcher.close();
  }
});
