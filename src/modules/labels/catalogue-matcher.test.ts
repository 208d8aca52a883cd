/** The label matcher's thread over the bundled catalogue: it stops when idle and is built again on use. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { catalogueTemplate, until } from "../../../test/helpers.ts";
import { type Db, openDatabase } from "../../db/database.ts";
import { CatalogueMatcher } from "./catalogue-matcher.ts";

const LABEL = "LOUIS LATOUR SANTENAY 2019 GRAND VIN DE BOURGOGNE";
let db: Db;
before(async () => {
  db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
});
after(() => db.destroy());

test("with MATCHER_IDLE_MS the thread stops after the idle time and the next match builds it again", async () => {
  const matcher = new CatalogueMatcher(db.kysely, () => 1, 300);
  try {
    assert.equal(matcher.running(), false);
    const first = await (await matcher.current()).match(LABEL, 3);
    assert.ok(first.matches.length > 0);
    assert.equal(matcher.running(), true);
    await until(() => !matcher.running(), 30_000);
    const again = await (await matcher.current()).match(LABEL, 3);
    assert.deepEqual(
      again.matches.map((m) => m.id),
      first.matches.map((m) => m.id),
    );
  } finally {
    await matcher.close();
  }
});

test("with an idle time of 0 the thread stays", async () => {
  const matcher = new CatalogueMatcher(db.kysely, () => 1);
  try {
    await (await matcher.current()).match(LABEL, 1);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(matcher.running(), true);
  } finally {
    await matcher.close();
  }
});
