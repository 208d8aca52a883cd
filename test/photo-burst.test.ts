/**
 * Issue 33: a burst of label photos whose readings are abandoned at their time limit must never end
 * the service. A real service process (`startServer`, the real OCR pool; test/photo-budget-server.ts)
 * gets bursts of {@link BURST} concurrent photos with a 50 ms budget, on an idle machine and while
 * busy-loop processes load every core; every answer must be a 200 or a 503 `{message, code:
 * "service_unavailable"}` with Retry-After, and afterwards the process runs, `/health` answers and a
 * photo with a budget a reading fits in gets its 200. An OCR process killed while idle (kill -9, the
 * OOM killer) must not end the service either.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { after, before, test } from "node:test";
import { catalogueCopyWithKey, until } from "./helpers.ts";
import { freePort } from "./raw-http.ts";
import { ServiceProcess } from "./service-process.ts";

/** Concurrent photos per burst: far more than the OCR queue holds (8 per process). */
const BURST = 40;
const FIXTURES = new URL("./fixtures/labels/", import.meta.url);
const photos = readdirSync(FIXTURES)
  .filter((name) => name.endsWith(".jpeg"))
  .map((name) => readFileSync(new URL(name, FIXTURES)).toString("base64"));

let service: ServiceProcess;
let key: string;
const loads: ChildProcess[] = [];
before(async () => {
  const copy = await catalogueCopyWithKey(6000);
  key = copy.key;
  service = new ServiceProcess(
    await freePort(),
    { DATABASE_URL: `sqlite:${copy.path}`, PHOTO_TIMEOUT_MS: "50", PHOTO_TIMEOUT_LATER_MS: "60000" },
    ["test/photo-budget-server.ts"],
  );
  await service.start();
});
after(async () => {
  for (const load of loads) load.kill("SIGKILL");
  await service?.stop();
});

/**
 * One photo's answer, described: `200`, `503 service_unavailable + Retry-After`, or what else came
 * (a body without `code`, a connection closed without an answer).
 */
async function analyze(photo: string): Promise<string> {
  try {
    const res = await fetch(`http://127.0.0.1:${service.port}/v1/photo/analyze`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ photo }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (res.status === 200) return "200";
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    const retryAfter = Number(res.headers.get("retry-after"));
    if (res.status === 503 && body.code === "service_unavailable" && typeof body.message === "string") {
      return retryAfter > 0
        ? "503 service_unavailable + Retry-After"
        : "503 service_unavailable, no Retry-After";
    }
    return `${res.status} ${text}`;
  } catch (err) {
    return `no answer: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`;
  }
}

/** {@link BURST} photos at once; resolves to how many answers of each kind came. */
async function burst(): Promise<Record<string, number>> {
  const answers = await Promise.all(
    Array.from({ length: BURST }, (_, i) => analyze(photos[i % photos.length] as string)),
  );
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  return counts;
}

/** `GET /health`'s status, or what kept it from answering. */
async function health(): Promise<number | string> {
  try {
    return (await fetch(`http://127.0.0.1:${service.port}/health`)).status;
  } catch (err) {
    return `no answer: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`;
  }
}

/** Asserts that every answer of a burst was a 200 or a proper 503, and that the service still runs. */
async function assertSurvived(counts: Record<string, number>, what: string): Promise<void> {
  // An uncaught exception closes the service within moments: give it the time to show.
  await service.settle(1000);
  const unexpected = Object.keys(counts).filter(
    (k) => k !== "200" && k !== "503 service_unavailable + Retry-After",
  );
  assert.deepEqual(unexpected, [], `${what}: answers ${JSON.stringify(counts)}\n${logTail()}`);
  assert.ok(service.alive(), `${what}: the service ${service.exit}\n${logTail()}`);
  assert.equal(await health(), 200, `${what}: /health\n${logTail()}`);
}

/** The service's last log lines, each cut to 300 characters (an error's stack is long). */
function logTail(): string {
  return service
    .tail(15)
    .split("\n")
    .map((line) => line.slice(0, 300))
    .join("\n");
}

/** Busy loops on every core (twice over) until {@link stopLoad}. */
function startLoad(): void {
  for (let i = 0; i < availableParallelism() * 2; i++) {
    loads.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  }
}

/** Ends the busy loops of {@link startLoad}. */
function stopLoad(): void {
  for (const load of loads.splice(0)) load.kill("SIGKILL");
}

/** Gives the service (started again if a failed test left it dead) a budget a reading fits in. */
async function normalBudget(): Promise<void> {
  if ((await health()) !== 200) await service.restart();
  const mark = service.mark();
  process.kill(service.pid as number, "SIGUSR2");
  await until(() => service.linesSince(mark).some((l) => l.text === "photo budget 60000 ms"), 10_000);
}

test("bursts of photos past their time budget, idle and loaded: every answer 200 or 503 with a code, and the service lives on", {
  timeout: 120_000,
}, async () => {
  await assertSurvived(await burst(), "burst on an idle machine");
  startLoad();
  try {
    await assertSurvived(await burst(), "burst on a loaded machine");
  } finally {
    stopLoad();
  }
  await normalBudget();
  assert.equal(await analyze(photos[0] as string), "200", logTail());
});

test("an OCR process killed while idle does not end the service; the next photo starts another", {
  timeout: 60_000,
}, async () => {
  await normalBudget();
  assert.equal(await analyze(photos[1] as string), "200", logTail());
  const pid = service.pid as number;
  const ocrProcesses = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .trim()
    .split("\n");
  assert.ok(ocrProcesses.length > 0 && ocrProcesses[0] !== "", "an OCR process runs after a photo");
  for (const child of ocrProcesses) process.kill(Number(child), "SIGKILL");
  await service.settle(1000);
  assert.ok(service.alive(), `the service ${service.exit}\n${logTail()}`);
  assert.equal(await analyze(photos[2] as string), "200", logTail());
});
