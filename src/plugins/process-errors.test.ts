import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, test } from "node:test";

/** The service of test/process-errors-server.ts in a child process, and its JSON log lines. */
interface Child {
  process: ChildProcess;
  origin: string;
  lines: Array<Record<string, unknown>>;
}

function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/process-errors-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env },
  });
  const lines: Array<Record<string, unknown>> = [];
  let buffered = "";
  return new Promise((resolve) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      for (let eol = buffered.indexOf("\n"); eol >= 0; eol = buffered.indexOf("\n")) {
        const line = buffered.slice(0, eol);
        buffered = buffered.slice(eol + 1);
        const port = /^listening (\d+)$/.exec(line)?.[1];
        if (port) resolve({ process: child, origin: `http://127.0.0.1:${port}`, lines });
        else if (line.startsWith("{")) lines.push(JSON.parse(line));
      }
    });
  });
}

let traced: Child;
let untraced: Child;
before(async () => {
  [traced, untraced] = await Promise.all([startChild({}), startChild({ TRACE_REQUEST_IDS: "false" })]);
});
after(() => {
  for (const child of [traced, untraced]) if (child?.process.exitCode === null) child.process.kill("SIGKILL");
});

async function logLine(child: Child, msg: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const line = child.lines.find((l) => l.msg === msg);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no log line "${msg}"; got ${JSON.stringify(child.lines)}`);
}

async function brokenRequest(child: Child, what: "rejection" | "exception"): Promise<string> {
  const res = await fetch(`${child.origin}/broken/${what}`);
  return ((await res.json()) as { reqId: string }).reqId;
}

test("an unhandled rejection is logged with its request id and counted; the service goes on", async () => {
  const reqId = await brokenRequest(traced, "rejection");
  const line = await logLine(traced, "unhandled promise rejection");
  assert.equal(line.level, 50);
  assert.equal(line.reqId, reqId);
  assert.equal(line.count, 1);
  assert.equal((line.err as { message: string }).message, "lost work");
  assert.equal((await fetch(`${traced.origin}/health`)).status, 200);
});

test("TRACE_REQUEST_IDS=false: logged and counted, without the request id", async () => {
  await brokenRequest(untraced, "rejection");
  const line = await logLine(untraced, "unhandled promise rejection");
  assert.equal(line.count, 1);
  assert.equal(line.reqId, undefined);
  assert.equal((await fetch(`${untraced.origin}/health`)).status, 200);
});

test("an uncaught exception is logged as fatal with its request id, then the process exits 1", async () => {
  const exited = once(traced.process, "exit");
  const reqId = await brokenRequest(traced, "exception");
  const [code] = await exited;
  assert.equal(code, 1);
  const line = await logLine(traced, "uncaught exception; closing");
  assert.equal(line.level, 60);
  assert.equal(line.reqId, reqId);
  assert.equal((line.err as { message: string }).message, "thrown from a timer");
});
