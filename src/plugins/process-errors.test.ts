import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { after, before, test } from "node:test";

let child: ChildProcess;
let origin = "";
const lines: Array<Record<string, unknown>> = [];

before(async () => {
  child = spawn(process.execPath, ["--import", "tsx", "test/process-errors-server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let buffered = "";
  const listening = new Promise<void>((resolve) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      let eol = buffered.indexOf("\n");
      while (eol >= 0) {
        const line = buffered.slice(0, eol);
        buffered = buffered.slice(eol + 1);
        eol = buffered.indexOf("\n");
        const port = /^listening (\d+)$/.exec(line)?.[1];
        if (port) {
          origin = `http://127.0.0.1:${port}`;
          resolve();
        } else if (line.startsWith("{")) lines.push(JSON.parse(line));
      }
    });
  });
  await listening;
});
after(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
});

async function logLine(msg: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const line = lines.find((l) => l.msg === msg);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no log line "${msg}"; got ${JSON.stringify(lines)}`);
}

test("an unhandled rejection is logged with its request id and counted; the service goes on", async () => {
  const res = await fetch(`${origin}/broken/rejection`);
  const { reqId } = (await res.json()) as { reqId: string };
  const line = await logLine("unhandled promise rejection");
  assert.equal(line.level, 50);
  assert.equal(line.reqId, reqId);
  assert.equal(line.count, 1);
  assert.equal((line.err as { message: string }).message, "lost work");
  assert.equal((await fetch(`${origin}/health`)).status, 200);
});

test("an uncaught exception is logged as fatal with its request id, then the process exits 1", async () => {
  const exited = once(child, "exit");
  const res = await fetch(`${origin}/broken/exception`);
  const { reqId } = (await res.json()) as { reqId: string };
  const [code] = await exited;
  assert.equal(code, 1);
  const line = await logLine("uncaught exception; closing");
  assert.equal(line.level, 60);
  assert.equal(line.reqId, reqId);
  assert.equal((line.err as { message: string }).message, "thrown from a timer");
});
