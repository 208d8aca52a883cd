/**
 * The OCR process pool on a real photo: processes start on the first photo and stop when idle, an
 * abandoned reading stops its process, photos wait in the pool's own bounded queue (leaving it when
 * their time runs out), and a process dying while idle is reported rather than thrown.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { until } from "../../../test/helpers.ts";
import { AppError } from "../../errors.ts";
import { OcrPool, QUEUE_PER_PROCESS } from "./ocr-pool.ts";

const photo = readFileSync(new URL("../../../test/fixtures/labels/120737.jpeg", import.meta.url));

test("the OCR process stops after the idle period, and the next photo starts one again", async () => {
  const pool = new OcrPool(1, 500);
  try {
    assert.equal(pool.running(), 0);
    const first = await pool.read(photo, 0, AbortSignal.timeout(60_000));
    assert.ok(first.lines.length > 0);
    assert.equal(pool.running(), 1);
    await until(() => pool.running() === 0, 30_000);
    const again = await pool.read(photo, 0, AbortSignal.timeout(60_000));
    assert.deepEqual(
      again.lines.map((l) => l.text),
      first.lines.map((l) => l.text),
    );
  } finally {
    await pool.close();
  }
});

test("a read abandoned half-way rejects with the signal's reason, stops its process, and the pool reads on", async () => {
  const pool = new OcrPool(1, 60_000);
  try {
    const controller = new AbortController();
    const abandoned = pool.read(photo, 0, controller.signal);
    await until(() => pool.running() === 1, 30_000);
    await new Promise((r) => setTimeout(r, 300)); // the process is loading its models or reading
    controller.abort(new Error("budget spent"));
    await assert.rejects(abandoned, /budget spent/);
    const next = await pool.read(photo, 0, AbortSignal.timeout(60_000));
    assert.ok(next.lines.length > 0);
  } finally {
    await pool.close();
  }
});

test("a photo whose time runs out while it waits leaves the queue, and the reading ahead of it goes on", async () => {
  const pool = new OcrPool(1, 60_000);
  try {
    const first = pool.read(photo, 0, AbortSignal.timeout(60_000));
    const controller = new AbortController();
    const waiting = pool.read(photo, 0, controller.signal);
    assert.equal(pool.queued(), 1);
    controller.abort(new Error("budget spent while waiting"));
    await assert.rejects(waiting, /budget spent while waiting/);
    assert.equal(pool.queued(), 0);
    assert.ok((await first).lines.length > 0);
    assert.ok((await pool.read(photo, 0, AbortSignal.timeout(60_000))).lines.length > 0);
  } finally {
    await pool.close();
  }
});

test(`beyond ${QUEUE_PER_PROCESS} waiting photos a process: 503 busy with Retry-After; every signal aborting afterwards harms nothing`, async () => {
  const pool = new OcrPool(1, 60_000);
  try {
    const controllers = Array.from({ length: QUEUE_PER_PROCESS + 3 }, () => new AbortController());
    // One reading handed to the process, QUEUE_PER_PROCESS waiting, the rest refused.
    const reads = controllers.map((c) => pool.read(photo, 0, c.signal));
    assert.equal(pool.queued(), QUEUE_PER_PROCESS);
    for (const refused of reads.slice(QUEUE_PER_PROCESS + 1)) {
      await assert.rejects(refused, (err: unknown) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.status, 503);
        assert.equal(err.code, "service_unavailable");
        assert.equal(err.options.headers?.["Retry-After"], 5);
        return true;
      });
    }
    // The time of every photo runs out, the refused ones' too (tinypool 2.2 asserted here, outside any
    // request: issue 33). Each reading ends with its signal's reason, and nothing is thrown elsewhere.
    for (const [i, c] of controllers.entries()) c.abort(new Error(`budget ${i} spent`));
    for (const [i, read] of reads.slice(0, QUEUE_PER_PROCESS + 1).entries()) {
      await assert.rejects(read, new RegExp(`budget ${i} spent`));
    }
    assert.equal(pool.queued(), 0);
    assert.ok((await pool.read(photo, 0, AbortSignal.timeout(60_000))).lines.length > 0);
  } finally {
    await pool.close();
  }
});

test("an OCR process that dies while idle is reported, not thrown; the next photo starts another", async () => {
  const failures: Error[] = [];
  const pool = new OcrPool(1, 60_000, (err) => failures.push(err));
  try {
    assert.ok((await pool.read(photo, 0, AbortSignal.timeout(60_000))).lines.length > 0);
    // This test file runs in a process of its own: its children are the pool's OCR processes.
    const children = execFileSync("pgrep", ["-P", String(process.pid)], { encoding: "utf8" }).trim();
    for (const pid of children.split("\n")) process.kill(Number(pid), "SIGKILL");
    await until(() => failures.length > 0, 30_000);
    assert.match(failures[0]?.message ?? "", /exited unexpectedly/);
    assert.ok((await pool.read(photo, 0, AbortSignal.timeout(60_000))).lines.length > 0);
  } finally {
    await pool.close();
  }
});

test("closing rejects the photos waiting and reading, and any asked for later, with 503", async () => {
  const pool = new OcrPool(1, 60_000);
  const unavailable = (err: unknown) => err instanceof AppError && err.status === 503;
  const reading = assert.rejects(pool.read(photo, 0, AbortSignal.timeout(60_000)), unavailable);
  const waiting = assert.rejects(pool.read(photo, 0, AbortSignal.timeout(60_000)), unavailable);
  await pool.close();
  await Promise.all([reading, waiting]);
  await assert.rejects(pool.read(photo, 0, AbortSignal.timeout(60_000)), unavailable);
  assert.equal(pool.running(), 0);
});
