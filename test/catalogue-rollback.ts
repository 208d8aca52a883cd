/**
 * The check that a catalogue write whose last part fails leaves the database as it was, while the
 * parts before it were written (catalogue.repository.ts writeCatalogueParts: a part is read and
 * compiled while the one before it is written). Run on SQLite (catalogue.repository.test.ts) and
 * PostgreSQL (postgres.test.ts), each on a database holding the bundled catalogue.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "../src/db/types.ts";
import { catalogueVersion, writeCatalogueParts } from "../src/modules/catalogue/catalogue.repository.ts";
import { BUNDLED_XWINES, withCurrentVintages } from "../src/modules/catalogue/catalogue.service.ts";
import { parseXWines } from "../src/modules/catalogue/xwines.ts";
import { staleWineContent } from "../src/modules/content/content.service.ts";

/** Writes the bundled catalogue with every wine's ABV raised, in parts of 300, the last one naming an unknown producer. */
export async function assertFailedPartRollsBack(db: Kysely<Database>): Promise<void> {
  const { wines, ...dictionaries } = withCurrentVintages(
    parseXWines(readFileSync(BUNDLED_XWINES, "utf8")),
    new Date().getUTCFullYear(),
  );
  const abv = async () =>
    (await db.selectFrom("wines").select(["id", "abv"]).orderBy("id").execute()).map(
      (w) => `${w.id}:${w.abv}`,
    );
  const before = { version: await catalogueVersion(db), abv: await abv() };
  const raised = wines.map((w) => ({ ...w, abv: (w.abv ?? 12) + 0.5 }));
  const written: number[] = [];
  function* parts() {
    for (let i = 0; i < raised.length; i += 300) yield raised.slice(i, i + 300);
    yield [{ ...(raised[0] as (typeof raised)[number]), id: 999_998, producerId: 987_654_321 }];
  }
  await assert.rejects(
    writeCatalogueParts(db, dictionaries, parts(), staleWineContent, (done) => written.push(done)),
    /Wine 999998 names unknown producer 987654321/,
  );
  const partEnds = Array.from({ length: Math.ceil(raised.length / 300) }, (_, i) =>
    Math.min((i + 1) * 300, raised.length),
  );
  assert.deepEqual(written, partEnds, "every part before the failing one was written first");
  assert.equal(await catalogueVersion(db), before.version, "the catalogue version did not move");
  assert.deepEqual(await abv(), before.abv, "no wine of the written parts kept its change");
}
