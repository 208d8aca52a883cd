/**
 * Texts of a wine whose facts changed at a re-import: staleWineContent takes them away in the import's
 * transaction and queues them, and the service's job runner writes them again from the new facts.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestService, type TestService } from "../../../test/helpers.ts";
import { saveDrinkingPeriod, saveWineTexts } from "./content.repository.ts";
import { staleWineContent } from "./stale-content.repository.ts";

let s: TestService;
before(async () => {
  s = await startTestService();
});
after(() => s.close());

/** An alcohol figure as the generators write it (5–22 %, "13%", "12,5 %"), not "100 % Muscat". */
const ALCOHOL = /(?<![\d.,])(?:[5-9]|1\d|2[0-2])(?:[.,]\d+)? ?%/;

const STALE = "Written from the facts before the re-import.";

/** The rows of (kind, lang) a wine has, sorted. */
async function contentOf(wineId: number) {
  const texts = await s.app.db
    .selectFrom("wine_texts")
    .select(["lang", "description", "tasting_notes"])
    .where("wine_id", "=", wineId)
    .execute();
  const periods = await s.app.db
    .selectFrom("drinking_periods")
    .select(["lang", "statement"])
    .where("wine_id", "=", wineId)
    .execute();
  return {
    keys: [...texts.map((t) => `text:${t.lang}`), ...periods.map((p) => `period:${p.lang}`)].sort(),
    stale: [...texts.map((t) => t.description), ...periods.map((p) => p.statement)].filter(
      (t) => t === STALE,
    ),
    // The alcohol is said once per page, in the tasting notes.
    all: [...texts.flatMap((t) => [t.description, t.tasting_notes]), ...periods.map((p) => p.statement)],
  };
}

test("the texts a wine had are deleted, queued once each and written again from its new facts", async () => {
  const wine = await s.app.db
    .selectFrom("wines")
    .select(["id"])
    .where("abv", "is not", null)
    .where((eb) =>
      eb.exists(eb.selectFrom("wine_texts").select("wine_id").whereRef("wine_id", "=", "wines.id")),
    )
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const old = new Date("2026-01-01T00:00:00.000Z");
  // A French text and an Italian period written earlier, beside what the import wrote (English).
  const stub = { description: STALE, descriptionLong: STALE, tastingNotes: STALE, pairing: STALE };
  await saveWineTexts(s.app.db, wine.id, "fr", stub, "offline", old);
  const period = { from: 1, to: 5, statement: STALE, young: STALE, ripe: STALE, storage: STALE };
  await saveDrinkingPeriod(s.app.db, wine.id, "it", period, "offline", old);
  const before = await contentOf(wine.id);
  assert.ok(
    before.all.some((text) => ALCOHOL.test(text)),
    "the English texts name the alcohol",
  );
  assert.ok(before.keys.includes("text:fr") && before.keys.includes("period:it"));
  // A wine without texts (the import wrote every wine's English ones: taken away) gets no job.
  const bare = await s.app.db
    .selectFrom("wines")
    .select("id")
    .where("id", ">", wine.id)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await s.app.db.deleteFrom("wine_texts").where("wine_id", "=", bare.id).execute();
  await s.app.db.deleteFrom("drinking_periods").where("wine_id", "=", bare.id).execute();

  const now = new Date().toISOString();
  // The re-import: the wine's alcohol is no longer known, its body and acidity now typical; its texts go stale in the same transaction.
  const enqueued = await s.app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("wines")
      .set({ abv: null, facts_basis: "typical", updated_at: now })
      .where("id", "=", wine.id)
      .execute();
    return staleWineContent(trx, [wine.id, wine.id, bare.id], now);
  });
  assert.equal(enqueued, before.keys.length);
  const jobs = await s.app.db
    .selectFrom("generation_jobs")
    .select(["kind", "lang", "resource_id"])
    .where("resource_id", "in", [wine.id, bare.id])
    .where("kind", "in", ["wine_text", "drinking_period"])
    .execute();
  assert.deepEqual(
    jobs.map((j) => `${j.kind === "wine_text" ? "text" : "period"}:${j.lang}`).sort(),
    before.keys,
  );
  assert.ok(jobs.every((j) => j.resource_id === wine.id));

  // Staling again before the runner got to them queues nothing twice (one job per kind, wine, language).
  await staleWineContent(s.app.db, [wine.id], now);
  const again = await s.app.db
    .selectFrom("generation_jobs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("resource_id", "=", wine.id)
    .where("kind", "in", ["wine_text", "drinking_period"])
    .executeTakeFirstOrThrow();
  assert.equal(Number(again.n), before.keys.length);

  let after = await contentOf(wine.id);
  for (let i = 0; i < 300 && after.keys.length < before.keys.length; i++) {
    await new Promise((r) => setTimeout(r, 20));
    after = await contentOf(wine.id);
  }
  assert.deepEqual(after.keys, before.keys);
  assert.deepEqual(after.stale, []);
  // Written from the new facts: no alcohol figure any more, the French text's palate said as typical.
  for (const text of after.all) assert.doesNotMatch(text, ALCOHOL);
  assert.ok(
    after.all.some((text) => /\btypique(ment|s)?\b|\bd'ordinaire\b/.test(text)),
    after.all.join("\n"),
  );
  assert.deepEqual((await contentOf(bare.id)).keys, []);
});
