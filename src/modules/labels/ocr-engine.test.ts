/**
 * The real PaddleOCR models on real bottle photos (test/fixtures/labels, X-Wines, CC0): the direction
 * classifier (ch_ppocr_mobile_v2.0_cls) calls most large text boxes of a photo "0" as it is and "180"
 * once the photo is upside down; the worker reads a turned photo's text upright in one reading.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import sharp from "sharp";
import { FLIP_THRESHOLD, OcrEngine, type RgbaImage, type TextBox } from "./ocr-engine.ts";
import readPhoto from "./ocr-worker.ts";

const FIXTURES = new URL("../../../test/fixtures/labels/", import.meta.url);
/** The boxes looked at: the largest of the photo (small ones are stray marks as often as words). */
const LARGEST = 5;

let engine: OcrEngine;
before(async () => {
  engine = await OcrEngine.create();
});
after(() => engine.release());

/** `file` turned clockwise by `angle`, as RGBA with its long side at 1280 px (as the worker reads it). */
async function photo(file: string, angle: number): Promise<RgbaImage> {
  const { data, info } = await sharp(readFileSync(new URL(file, FIXTURES)))
    .rotate(angle)
    .ensureAlpha(1)
    .resize({ width: 1280, height: 1280, fit: "inside" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const largest = (boxes: TextBox[]) =>
  [...boxes].sort((a, b) => b.crop.width * b.crop.height - a.crop.width * a.crop.height).slice(0, LARGEST);

for (const file of ["100062.jpeg", "120737.jpeg", "139210.jpeg", "163101.jpeg"]) {
  test(`direction classifier on ${file}: most of its large boxes are "0" as it is, "180" upside down`, async () => {
    for (const angle of [0, 180]) {
      const boxes = largest(await engine.detect(await photo(file, angle)));
      assert.equal(boxes.length, LARGEST);
      const probabilities = await engine.classify(boxes.map((b) => b.crop));
      assert.equal(probabilities.length, boxes.length);
      for (const p of probabilities) assert.ok(p >= 0 && p <= 1, String(p));
      const said = `${file} turned ${angle}°: P(180) ${probabilities.map((p) => p.toFixed(2)).join(" ")}`;
      // Upright: mostly "0" (the more likely label); upside down: mostly "180" past the threshold.
      const right = probabilities.filter((p) => (angle === 0 ? p < 0.5 : p >= FLIP_THRESHOLD));
      assert.ok(right.length > LARGEST / 2, said);
    }
  });
}

test("the classifier reads a batch as it reads each crop alone; no crops, no run", async () => {
  const boxes = largest(await engine.detect(await photo("100062.jpeg", 180)));
  const together = await engine.classify(boxes.map((b) => b.crop));
  for (const [i, b] of boxes.entries()) {
    const [alone = -1] = await engine.classify([b.crop]);
    assert.ok(Math.abs(alone - (together[i] ?? 0)) < 1e-4, `${alone} vs ${together[i]}`);
  }
  assert.deepEqual(await engine.classify([]), []);
});

test("the worker reads a photo turned 90°, 180° or 270° upright in one reading", async () => {
  const read = async (angle: number) => {
    const image = await sharp(readFileSync(new URL("100062.jpeg", FIXTURES)))
      .rotate(angle)
      .jpeg({ quality: 90 })
      .toBuffer();
    const { lines } = await readPhoto({ image, rotate: 0 });
    return lines.map((l) => l.text).join(" ");
  };
  assert.match(await read(0), /VALDUGA/i);
  for (const angle of [90, 180, 270]) {
    const text = await read(angle);
    assert.match(text, /VALDUGA/i, `turned ${angle}°: ${text}`);
    assert.match(text, /MERLOT/i, `turned ${angle}°: ${text}`);
  }
});
