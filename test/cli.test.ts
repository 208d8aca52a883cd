/**
 * The command-line tool as a user runs it: separate processes on a real database file, and
 * `winedata serve` answering a client written for the original service.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "../src/db/database.ts";
import { outdateFirstPeriod } from "./helpers.ts";
import { freePort } from "./raw-http.ts";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "wds-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const CLI = ["--import", "tsx", "src/cli.ts"];

function winedata(args: string[], env: Record<string, string>) {
  return run(process.execPath, [...CLI, ...args], { env: { ...process.env, ...env }, cwd: process.cwd() });
}

/** The demo key `serve` prints on its first start (rejects when the process exits first). */
function printedKey(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /wds_[a-z0-9]{8}_[A-Za-z0-9]{32}/.exec(out);
      if (match) resolve(match[0]);
    });
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}`)));
    setTimeout(() => reject(new Error(`no key printed: ${out}`)), 30_000).unref();
  });
}

test("import, accounts create, keys create --json / list / revoke", async () => {
  const env = { DATABASE_URL: `sqlite:${join(dir, "cli.db")}` };
  const imported = await winedata(["import"], env);
  assert.match(imported.stdout, /Imported 1007 wines, 792 producers, 327 regions, 188 grapes/);
  const again = await winedata(["import"], env);
  assert.match(again.stdout, /generated 0 English texts/, "a re-import keeps ids and content");

  const account = await winedata(
    ["accounts", "create", "--name", "Cellar App", "--email", "owner@cellar.example", "--plan", "standard"],
    env,
  );
  assert.match(account.stdout, /plan standard, active/);
  const created = await winedata(
    [
      "keys",
      "create",
      "--email",
      "owner@cellar.example",
      "--name",
      "prod",
      "--abilities",
      "wines:read,regions:read",
      "--json",
    ],
    env,
  );
  const key = JSON.parse(created.stdout);
  assert.match(key.key, /^wds_[a-z0-9]{8}_[A-Za-z0-9]{32}$/);
  assert.equal(key.prefix, key.key.slice(0, 12));
  assert.deepEqual(key.abilities, ["wines:read", "regions:read"]);
  assert.equal(key.rate_limit_per_minute, 120);

  const listed = await winedata(["keys", "list", "--email", "owner@cellar.example"], env);
  assert.match(listed.stdout, new RegExp(`${key.prefix}\\tprod`));
  assert.ok(!listed.stdout.includes(key.key.slice(13)), "list never shows the secret");
  assert.match((await winedata(["keys", "revoke", key.prefix], env)).stdout, /revoked/);
  assert.match((await winedata(["keys", "list", "--email", "owner@cellar.example"], env)).stdout, /revoked/);
});

test("bad usage and bad settings exit 2 with a clear message", async () => {
  const env = { DATABASE_URL: `sqlite:${join(dir, "usage.db")}` };
  await assert.rejects(
    winedata(["accounts", "create", "--name", "X", "--email", "x@y.z", "--plan", "gold"], env),
    (err: { code: number; stderr: string }) => {
      assert.equal(err.code, 2);
      assert.match(err.stderr, /--plan must be trial, standard or enterprise/);
      return true;
    },
  );
  await assert.rejects(
    winedata(["keys", "create", "--email", "nobody@x.y", "--name", "k"], env),
    /No account with email/,
  );
  await assert.rejects(
    winedata(["serve"], { ...env, PORT: "http" }),
    (err: { code: number; stderr: string }) => {
      assert.equal(err.code, 2);
      assert.match(err.stderr, /PORT must be an integer/);
      return true;
    },
  );
  await assert.rejects(
    winedata(["serve"], { ...env, GENERATOR: "openai" }),
    /GENERATOR=openai needs OPENAI_API_KEY/,
  );
  await assert.rejects(
    winedata(["serve"], { ...env, GENERATION: "many" }),
    /GENERATION must be thread, inline or off/,
  );
  await assert.rejects(winedata(["frobnicate"], env), /Unknown command/);
  // A password holding "@" (unencoded) is hidden up to the host, not only up to its first "@".
  await assert.rejects(
    winedata(["serve"], { DATABASE_URL: "postgress://wds:s3cr@t-part@db.example:5432/wine" }),
    (err: { code: number; stderr: string }) => {
      assert.equal(err.code, 2);
      assert.match(
        err.stderr,
        /DATABASE_URL must be sqlite:PATH or postgres:\/\/.*"postgress:\/\/\*\*\*@db\.example:5432\/wine"/,
      );
      assert.doesNotMatch(err.stderr, /s3cr|t-part/);
      return true;
    },
  );
});

test("serve on an empty database imports the catalogue, prints a key, and a v1 client runs through", async () => {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...CLI, "serve"], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, "serve.db")}`,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const key = await printedKey(child);
    const base = `http://127.0.0.1:${port}/v1`;
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${key}`, Accept: "application/json" },
      });
      assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
      return res.json();
    };
    // The flow of a client written for the original service.
    const wines = await get("/wines");
    const first = wines.data[0].id;
    assert.equal((await get(`/wines/${first}`)).id, first);
    assert.equal((await get(`/drinking-periods/${first}?lang=en`)).wine_id, first);
    const producers = await get("/producers");
    const regions = await get("/regions");
    assert.ok((await get(`/producers/${producers.data[0].id}?include_wines=true`)).data.wines.length > 0);
    assert.ok((await get(`/regions/${regions.data[0].id}?include_wines=true`)).data.wines.length > 0);
    assert.equal((await get(`/region-insights/${regions.data[0].id}?lang=en`)).region_id, regions.data[0].id);
    assert.ok((await get("/wines/search?q=Barolo")).data.length > 0);
  } finally {
    child.kill("SIGTERM");
  }
});

test("import --synthetic 3000 --seed 7 imports without English texts and the API serves a synthetic wine", async () => {
  const env = { DATABASE_URL: `sqlite:${join(dir, "synthetic.db")}` };
  const imported = await winedata(["import", "--synthetic", "3000", "--seed", "7"], env);
  assert.match(
    imported.stdout,
    /Imported 3000 wines, \d+ producers, \d+ regions, \d+ grapes \(synthetic, realistic style, seed 7\)/,
  );
  assert.match(imported.stdout, /Skipped the bulk English text generation/);
  // The planner's statistics describe the imported tables (refreshed once the import wrote).
  const db = openDatabase({ kind: "sqlite", path: join(dir, "synthetic.db") });
  try {
    const { rows } = await sql<{
      stat: string;
    }>`select stat from sqlite_stat1 where idx = 'wines_region_idx'`.execute(db.kysely);
    assert.equal(rows[0]?.stat.split(" ")[0], "3000");
    // Not only wines: the grape links too (the texts' reads and the detail join them).
    const links = await db.kysely
      .selectFrom("wine_grapes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    const grapes = await sql<{
      stat: string;
    }>`select stat from sqlite_stat1 where tbl = 'wine_grapes'`.execute(db.kysely);
    assert.ok(grapes.rows.length > 0, "wine_grapes has statistics");
    assert.equal(Number(grapes.rows[0]?.stat.split(" ")[0]), Number(links?.n));
  } finally {
    await db.destroy();
  }
  await assert.rejects(
    winedata(["import", "--synthetic", "12"], env),
    (err: { code: number; stderr: string }) => {
      assert.equal(err.code, 2);
      assert.match(err.stderr, /at least 1007/);
      return true;
    },
  );
  await assert.rejects(
    winedata(["import", "--synthetic", "3000", "--synthetic-style", "easy"], env),
    (err: { code: number; stderr: string }) => {
      assert.equal(err.code, 2);
      assert.match(err.stderr, /--synthetic-style must be one of: realistic, hard/);
      return true;
    },
  );

  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...CLI, "serve"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const key = await printedKey(child);
    const get = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/v1${path}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      assert.ok(res.ok, `${path}: ${res.status} ${await res.clone().text()}`);
      return res.json();
    };
    const wine = await get("/wines/1001500");
    assert.equal(wine.id, 1001500);
    assert.ok(wine.producer.id >= 100001, "a synthetic producer");
    assert.equal(wine.description.language, "en", "English texts generated on demand");
    assert.ok(wine.grapes.length > 0);
    const producer = await get(`/producers/${wine.producer.id}?include_wines=true`);
    assert.ok(producer.data.wines.some((w: { id: number }) => w.id === 1001500));
    const found = await get(`/wines/search?q=${encodeURIComponent(wine.display_name)}&limit=5`);
    assert.ok(found.data.some((w: { id: number }) => w.id === 1001500));
  } finally {
    child.kill("SIGTERM");
  }
});

test("generate --what periods writes again the drinking periods whose window ended after they were written", async () => {
  const path = join(dir, "periods.db");
  const env = { DATABASE_URL: `sqlite:${path}` };
  await winedata(["import"], env);
  const year = new Date().getUTCFullYear();
  const db = openDatabase({ kind: "sqlite", path });
  try {
    // Written last year, its window ending last year.
    const outdated = "Written before the window ended.";
    const wineId = await outdateFirstPeriod(db.kysely, outdated);

    const first = await winedata(["generate", "--lang", "en", "--what", "periods"], env);
    assert.match(first.stdout, /en: 0 wine texts, 1 drinking periods, 0 region insights/);
    const row = await db.kysely
      .selectFrom("drinking_periods")
      .select(["statement", "created_at"])
      .where("wine_id", "=", wineId)
      .where("lang", "=", "en")
      .executeTakeFirstOrThrow();
    assert.notEqual(row.statement, outdated);
    assert.equal(new Date(row.created_at).getUTCFullYear(), year);

    const again = await winedata(["generate", "--lang", "en", "--what", "periods"], env);
    assert.match(again.stdout, /en: 0 wine texts, 0 drinking periods/, "nothing is out of date any more");
  } finally {
    await db.destroy();
  }
});
