/** The label matcher's thread over the bundled catalogue: it stops when idle and is started again on use. */
import assert from "node:assert/strict";
import { existsSync, rmSync } from "node:fs";
import { dirname } from "node:path";
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
