/** The OCR process pool on a real photo: processes start on the first photo, stop when idle, and an abandoned read stops its process. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { until } from "../../../test/helpers.ts";
import { OcrPool } from "./ocr-pool.ts";

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
