/**
 * Reads the 30 development label photos (test/fixtures/labels, X-Wines CC0) with the service's OCR
 * once and keeps what it read: bench/results/dev-photos-ocr.json, `[{ file, wineId, text }]` — the
 * text as analyzePhoto matches it (lines joined; a photo that is not upright read again turned, as
 * the service does when the first reading is poor). The label-ranking fit (bench/fit-label-ranking.ts)
 * measures real OCR noise on these readings and reports the photos as a test set it never fits on.
 *   Run: node --import tsx bench/dev-photos-ocr.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { OcrPool } from "../src/modules/labels/ocr-pool.ts";

const FIXTURES = new URL("../test/fixtures/labels/", import.meta.url);
const rows = readFileSync(new URL("labels.csv", FIXTURES), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split(","));
const pool = new OcrPool(1, 60_000);
const out: { file: string; wineId: number; text: string; turnedText: string | null }[] = [];
for (const [file = "", id = "0"] of rows) {
  const image = readFileSync(new URL(file, FIXTURES));
  const signal = AbortSignal.timeout(120_000);
  const reading = await pool.read(image, 0, signal);
  const text = reading.lines.map((l) => l.text).join(" ");
  const turned = reading.upright === 0 ? null : await pool.read(image, reading.upright, signal);
  out.push({
    file,
    wineId: Number(id),
    text,
    turnedText: turned ? turned.lines.map((l) => l.text).join(" ") : null,
  });
  console.log(file, text.slice(0, 100));
}
await pool.close();
writeFileSync(new URL("results/dev-photos-ocr.json", import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
