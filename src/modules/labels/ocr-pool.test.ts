/** The OCR thread pool on a real photo: threads start on the first photo and stop when idle. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { until } from "../../../test/helpers.ts";
import { OcrPool } from "./ocr-pool.ts";

const photo = readFileSync(new URL("../../../test/fixtures/labels/120737.jpeg", import.meta.url));

test("the OCR thread stops after the idle period, freeing its models, and the next photo starts one again", async () => {
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
