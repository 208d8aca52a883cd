/**
 * The service's memory around a burst of label photos, on the compiled service: its RSS before the
 * first photo, while the 30 dev photos (test/fixtures/labels) are analysed one after another, and
 * every 5 s for {@link AFTER_S} s after the last one (the OCR processes and the matcher's thread stop
 * after `OCR_IDLE_MS` / `MATCHER_IDLE_MS` without a photo); then one more photo, timed (it starts the
 * OCR process again and, once the matcher stopped, waits for its build). RSS: the service and its
 * child processes (the OCR processes).
 * Catalogue: the bundled one, or `PHOTO_DB` (a prebuilt SQLite catalogue, e.g. the 300k one of
 * bench/photo.ts). Writes bench/results/photo-memory{-LABEL}.{json,md} (`LABEL` from `MEMORY_LABEL`).
 * Run: npm run bench:photo-memory  (PHOTO_DB=/path/300k.db for the 300k catalogue)
 */
import { rmSync, writeFileSync } from "node:fs";
import { analyzeTimed, devPhotos, startBenchService } from "./support.ts";

/** Seconds sampled after the last photo of the burst. */
const AFTER_S = Number(process.env.AFTER_S ?? 90);
const photos = devPhotos();

const label = process.env.MEMORY_LABEL ?? (process.env.PHOTO_DB ? "300k" : "1k");
const bench = await startBenchService("photo-memory", ["import"], {}, process.env.PHOTO_DB);
const { key, port } = bench;

const analyze = (image: Buffer) => analyzeTimed(`http://127.0.0.1:${port}`, key, image);

const timeline: { t_s: number; phase: string; rss_mb: number }[] = [];
const t0 = performance.now();
const sample = (phase: string) =>
  timeline.push({
    t_s: Math.round((performance.now() - t0) / 100) / 10,
    phase,
    rss_mb: bench.memoryMb("VmRSS"),
  });

const times: number[] = [];
let nextPhotoMs = 0;
let peak = 0;
try {
  sample("before the first photo");
  for (const image of photos) {
    times.push(await analyze(image));
    sample("burst");
  }
  for (let s = 5; s <= AFTER_S; s += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    sample(`${s} s after the last photo`);
  }
  nextPhotoMs = await analyze(photos[1] as Buffer);
  sample("after one more photo");
  peak = bench.memoryMb("VmHWM");
} finally {
  bench.server.kill("SIGTERM");
  rmSync(bench.dir, { recursive: true, force: true });
}

const summary = {
  date: new Date().toISOString(),
  catalogue: label,
  ocr_idle_ms: process.env.OCR_IDLE_MS ?? "default",
  first_photo_ms: times[0],
  next_photo_after_idle_ms: nextPhotoMs,
  rss_mb_peak: peak,
  timeline,
};
const suffix = label === "1k" ? "" : `-${label}`;
writeFileSync(`bench/results/photo-memory${suffix}.json`, `${JSON.stringify(summary, null, 2)}\n`);
const shown = timeline.filter((r, i) => r.phase !== "burst" || i === 1 || i === photos.length);
writeFileSync(
  `bench/results/photo-memory${suffix}.md`,
  [
    `# Service memory around a burst of 30 label photos (${summary.date.slice(0, 10)}, ${label} catalogue)`,
    "",
    "Compiled service, one OCR process, 2-core machine; RSS of the service and its OCR processes from /proc (bench/photo-memory.ts).",
    "",
    "| t (s) | phase | RSS (MB) |",
    "|---|---|---|",
    ...shown.map((r) => `| ${r.t_s} | ${r.phase} | ${r.rss_mb} |`),
    "",
    `Peak RSS ${peak} MB. First photo ${summary.first_photo_ms} ms (starts the OCR process${label === "1k" ? "" : " and waits for the matcher build"}); one more photo after the idle period ${nextPhotoMs} ms.`,
    "",
  ].join("\n"),
);
console.log(summary);
