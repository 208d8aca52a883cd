/**
 * The label matcher's thread when its catalogue cannot be read to the end (a database outage in the
 * middle of a build): the build rejects with the reading's error, and nothing else is left rejected
 * with no one to handle it (the service would log it as an unhandled rejection).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { catalogueTemplate } from "../../../test/helpers.ts";
import { openDatabase } from "../../db/database.ts";
import type { LabelDocument } from "./label-indexer.ts";
import { labelDocumentPages } from "./labels.repository.ts";
import { MatcherThread } from "./matcher-thread.ts";

test("a build whose catalogue fails half-way rejects with that error and leaves no unhandled rejection", async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", record);
  const db = openDatabase({ kind: "sqlite", path: await catalogueTemplate() });
  try {
    async function* failing(): AsyncGenerator<LabelDocument[]> {
      for await (const page of labelDocumentPages(db.kysely, 200)) {
        yield page;
        throw new Error("the database went away");
      }
    }
    await assert.rejects(MatcherThread.build(failing()), /the database went away/);
    // An unhandled rejection is reported once the microtasks of its turn have run.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(unhandled, []);
  } finally {
    process.off("unhandledRejection", record);
    await db.destroy();
  }
});
