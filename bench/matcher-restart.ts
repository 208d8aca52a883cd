/**
 * The first photo after a restart of the service on a large catalogue: a service is started on
 * `PHOTO_DB` (a prebuilt SQLite catalogue, e.g. the bundled wines plus
 * `winedata import --synthetic 300000 --seed 1`) with an empty `MATCHER_CACHE_DIR`, its first photo
 * timed (it waits for the matcher's build, which then saves its index), and the service closed; a
 * second service is then started on the same file and cache folder, and its first photo is sent as
 * soon as it listens (the matcher being restored in the background meanwhile) and timed. The photo's
 * text is a fixed reading of wine 100062's label (no OCR: only the matcher's part is measured).
 * Writes bench/results/matcher-restart.{json,md}.
 * Run: PHOTO_DB=/path/300k.db node --import tsx bench/matcher-restart.ts
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { createAccount } from "../src/modules/accounts/accounts.service.ts";
import { issueKey } from "../src/modules/api-keys/api-keys.service.ts";
import { countWines } from "../src/modules/catalogue/catalogue.repository.ts";

if (!process.env.PHOTO_DB) throw new Error("PHOTO_DB names the prebuilt catalogue (see the comment above)");
const work = mkdtempSync(join(tmpdir(), "wds-matcher-restart-bench-"));
const cacheDir = join(work, "cache");
// A copy: the bench adds its account and key to the database.
const dbFile = join(work, "catalogue.db");
copyFileSync(process.env.PHOTO_DB, dbFile);
const photo = readFileSync(new URL("../test/fixtures/labels/100062.jpeg", import.meta.url)).toString(
  "base64",
);
const lines = ["CASA VALDUGA", "ORIGEM", "MERLOT", "2019"].map((text) => ({
  text,
  confidence: 0.95,
  height: 40,
}));

const setup = openDatabase({ kind: "sqlite", path: dbFile });
const wines = await countWines(setup.kysely);
const account = await createAccount(setup.kysely, {
  name: "Bench",
  email: `bench-${randomUUID().slice(0, 8)}@example.com`,
  plan: "enterprise",
  now: new Date(),
});
const { key } = await issueKey(setup.kysely, { account, name: "bench", now: new Date() });
await setup.destroy();

/** Starts a service on the catalogue, sends its first photo as soon as it listens, and closes it. */
async function firstPhoto(): Promise<{ status: number; ms: number; starts: string[] }> {
  const starts: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      const line = String(chunk);
      if (line.includes('"msg":"label matcher ready"')) {
        const { how, ms } = JSON.parse(line) as { how: string; ms: number };
        starts.push(`${how} in ${ms} ms`);
      }
      done();
    },
  });
  const config = loadConfig({
    DATABASE_URL: `sqlite:${dbFile}`,
    MATCHER_CACHE_DIR: cacheDir,
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    PORT: "0",
    PHOTO_TIMEOUT_MS: "60000",
  });
  const app = await buildApp(config, { logStream, photoReader: async () => ({ lines, upright: 0 }) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/v1/photo/analyze`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ photo, max_results: 3 }),
    });
    await res.json();
    const ms = Math.round(performance.now() - started);
    // The build's thread saves its index after it answered: wait for the file before closing.
    for (let i = 0; i < 600 && app.labels.matcher.savedIndex() === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    return { status: res.status, ms, starts };
  } finally {
    await app.close();
  }
}

try {
  const cold = await firstPhoto();
  const restarted = await firstPhoto();
  const result = { date: new Date().toISOString().slice(0, 10), wines, cold, restarted };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(
    new URL("./results/matcher-restart.json", import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  writeFileSync(
    new URL("./results/matcher-restart.md", import.meta.url),
    [
      `# First photo after a restart (${result.date}, ${wines.toLocaleString("en")} wines, \`PHOTO_DB=… node --import tsx bench/matcher-restart.ts\`)`,
      "",
      "The photo's text is a fixed reading (no OCR); the photo is sent as soon as the service listens.",
      "",
      "| start | first photo | status | matcher |",
      "|---|---|---|---|",
      `| first start, empty MATCHER_CACHE_DIR | ${cold.ms} ms | ${cold.status} | ${cold.starts.join(", ")} |`,
      `| started again, index saved | ${restarted.ms} ms | ${restarted.status} | ${restarted.starts.join(", ")} |`,
      "",
    ].join("\n"),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
