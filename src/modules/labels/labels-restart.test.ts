/**
 * The label matcher's index across a restart of the service, over HTTP: a service started again on
 * the same database (SQLite file, PostgreSQL database) restores the index the previous one saved in
 * `MATCHER_CACHE_DIR` instead of building it, and a photo is matched as before. Text comes from a
 * fixed reading instead of OCR (the `photoReader` dependency).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import {
  catalogueCopy,
  collectedLog,
  postgresCatalogue,
  startTestService,
  type TestService,
} from "../../../test/helpers.ts";
import type { PhotoReader } from "./ocr-pool.ts";

const folders: string[] = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The label of Casa Valduga's Origem Merlot (wine 100062), as read. */
const reader: PhotoReader = async () => ({
  lines: ["CASA VALDUGA", "ORIGEM", "MERLOT", "2019"].map((text) => ({ text, confidence: 0.95, height: 40 })),
  upright: 0,
});
/** A real photo (of that label): decoded as usual, its text then comes from the reader above. */
const PHOTO = readFileSync(new URL("../../../test/fixtures/labels/100062.jpeg", import.meta.url)).toString(
  "base64",
);

/** Starts a service on `databaseUrl` with cache folder `cacheDir`; `starts()` lists how its matcher threads started. */
async function service(databaseUrl: string, cacheDir: string) {
  const log = collectedLog();
  const s: TestService = await startTestService(
    { DATABASE_URL: databaseUrl, MATCHER_CACHE_DIR: cacheDir, MATCHER_IDLE_MS: "0", LOG_LEVEL: "info" },
    { logStream: log.stream, photoReader: reader },
  );
  const starts = () =>
    log.lines
      .filter((l) => l.includes('"msg":"label matcher ready"'))
      .map((l) => (JSON.parse(l) as { how: string }).how);
  return { s, starts };
}

/** A photo analysed by `s`: 200 with wine 100062 first. Returns the candidates. */
async function analyze(s: TestService) {
  const res = await s.request("/photo/analyze", { body: { photo: PHOTO, max_results: 3 } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.candidates[0]?.id, 100062, JSON.stringify(res.body));
  return res.body.candidates;
}

/** The first service builds and saves the index; the one started after it closed restores it. */
async function restartKeepsIndex(databaseUrl: string): Promise<void> {
  const cacheDir = mkdtempSync(join(tmpdir(), "wds-matcher-restart-"));
  folders.push(cacheDir);
  const first = await service(databaseUrl, cacheDir);
  let candidates: unknown;
  try {
    candidates = await analyze(first.s);
    const matcher = first.s.app.labels.matcher;
    for (let i = 0; i < 600 && matcher.savedIndex() === null; i++)
      await new Promise((r) => setTimeout(r, 50));
    assert.notEqual(matcher.savedIndex(), null, "the index was saved");
    assert.deepEqual(first.starts(), ["built"]);
  } finally {
    await first.s.close();
  }
  assert.equal(readdirSync(cacheDir).filter((n) => n.endsWith(".v8")).length, 1);
  const second = await service(databaseUrl, cacheDir);
  try {
    assert.deepEqual(await analyze(second.s), candidates);
    assert.deepEqual(second.starts(), ["restored"]);
  } finally {
    await second.s.close();
  }
}

test("a service started again on the same SQLite file restores the matcher's saved index, and matches alike", async () => {
  await restartKeepsIndex(`sqlite:${await catalogueCopy()}`);
});

test("a service started again on the same PostgreSQL database restores the matcher's saved index", async (t) => {
  const made = await postgresCatalogue(`wds_matcher_restart_${process.pid}`);
  if ("skip" in made) return t.skip(made.skip);
  try {
    await restartKeepsIndex(made.url);
  } finally {
    await made.drop();
  }
});
