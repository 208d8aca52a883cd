/**
 * A process killed in the middle of a generation job: the job stays locked as `running`; after a
 * restart its lease runs out, another worker takes it over and the content appears. The first
 * process generates through an OpenAI-compatible endpoint that never answers, so it is certainly
 * inside the job when it is killed (SIGKILL: no cleanup of any kind).
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { migrateToLatest, openDatabase } from "../src/db/database.ts";
import { findJob } from "../src/modules/content/jobs.repository.ts";
import { until } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "wds-restart-"));
const children: ChildProcess[] = [];
let hanging: Server | null = null;
after(() => {
  for (const c of children) c.kill("SIGKILL");
  hanging?.closeAllConnections();
  hanging?.close();
  rmSync(dir, { recursive: true, force: true });
});

function serve(
  env: Record<string, string>,
  port: number,
): { child: ChildProcess; key: Promise<string | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "serve"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      JOB_LEASE_MS: "600",
      JOB_POLL_MS: "50",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const key = new Promise<string | null>((resolve) => {
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /wds_[a-z0-9]{8}_[A-Za-z0-9]{32}/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once("exit", () => resolve(null));
  });
  return { child, key };
}

test("kill -9 during a job, start again: the content appears", { timeout: 90_000 }, async () => {
  let received = 0;
  hanging = createServer((req) => {
    if (req.url?.endsWith("/chat/completions")) received++; // never answered
  });
  await new Promise<void>((r) => hanging?.listen(0, "127.0.0.1", r));
  const llm = `http://127.0.0.1:${(hanging.address() as { port: number }).port}/v1`;
  const dbPath = join(dir, "w.db");
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}/v1`;

  const first = serve(
    {
      DATABASE_URL: `sqlite:${dbPath}`,
      GENERATOR: "openai",
      OPENAI_BASE_URL: llm,
      OPENAI_API_KEY: "sk-test",
      OPENAI_MODEL: "m",
      OPENAI_TIMEOUT_MS: "600000",
    },
    port,
  );
  const key = await first.key;
  assert.ok(key, "the first process printed a demo key");
  const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const res = await get("/drinking-periods/100003?lang=de");
  assert.equal(res.status, 404);
  assert.equal((await res.json()).generating, true);
  await until(async () => received > 0);

  first.child.kill("SIGKILL");
  await new Promise((r) => first.child.once("exit", r));
  const db = openDatabase({ kind: "sqlite", path: dbPath });
  await migrateToLatest(db);
  const stuck = await findJob(db.kysely, "drinking_period", 100003, "de");
  assert.equal(stuck?.status, "running", "the killed process left its job locked");

  serve({ DATABASE_URL: `sqlite:${dbPath}` }, port);
  await until(async () => (await get("/drinking-periods/100003?lang=de")).status === 200);
  const done = await (await get("/drinking-periods/100003?lang=de")).json();
  assert.equal(done.lang, "de");
  assert.match(done.statement, /\d{4}/);
  const job = await findJob(db.kysely, "drinking_period", 100003, "de");
  assert.equal(job?.status, "done");
  assert.equal(job?.attempts, 2, "taken over once");
  await db.destroy();
});
