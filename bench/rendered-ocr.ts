/**
 * Draws labels of catalogue wines as photos (bench/label-render.ts), reads them with the service's
 * OCR, and keeps what it read: bench/results/rendered-ocr.json, `[{ wineId, text, turnedText, set,
 * distortions }]` (read as bench/dev-photos-ocr.ts reads the dev photos: a photo that is not upright
 * read again turned). The label-ranking fit (bench/fit-label-ranking.ts) trains and validates on these
 * readings beside the text-level simulation; this script also compares their OCR noise with the dev
 * photos' real OCR (bench/results/rendered-ocr.md), by the measure the simulation is built on
 * (bench/label-simulation.ts measureNoise).
 *
 * Labels: RENDER_PER_WINE (default 2) of every wine of the bundled catalogue, and one of every 300th
 * synthetic wine of the 300,000-wine catalogue when RENDER_DB_LARGE names it (the wines the fit's
 * large catalogue draws its extra labels from). Two OCR processes (the machine's two cores).
 *   Run: RENDER_DB=<bundled sqlite> [RENDER_DB_LARGE=<300k sqlite>] node --import tsx bench/rendered-ocr.ts
 * Needs the fonts named in label-render.ts (Debian: apt-get install fonts-urw-base35 fonts-ebgaramond
 * fonts-linuxlibertine fonts-liberation2 fonts-cantarell fonts-freefont-ttf).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import type { LabelDocument } from "../src/modules/labels/label-indexer.ts";
import { OcrPool } from "../src/modules/labels/ocr-pool.ts";
import { type RenderedReading, renderLabel } from "./label-render.ts";
import { labelDocumentsOf, measureNoise, type OcrNoise } from "./label-simulation.ts";

if (!process.env.RENDER_DB) throw new Error("RENDER_DB must name the bundled catalogue (a SQLite file)");
const PER_WINE = Number(process.env.RENDER_PER_WINE ?? 2);
const bundled = await labelDocumentsOf(process.env.RENDER_DB);
const large = process.env.RENDER_DB_LARGE ? await labelDocumentsOf(process.env.RENDER_DB_LARGE) : [];
const synthetic = large.filter((d) => d.id >= 1_000_000).filter((_, i) => i % 300 === 0);

const jobs: { d: LabelDocument; set: RenderedReading["set"]; seed: number }[] = [
  ...bundled.flatMap((d) =>
    Array.from({ length: PER_WINE }, (_, i) => ({ d, set: "bundled" as const, seed: d.id * 10 + i })),
  ),
  ...synthetic.map((d) => ({ d, set: "synthetic" as const, seed: d.id * 10 })),
];
const pool = new OcrPool(2, 60_000);
const out: RenderedReading[] = [];
const started = performance.now();
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++];
    if (!job) break;
    const { image, distortions } = await renderLabel(job.d, mulberry32(job.seed));
    const signal = AbortSignal.timeout(120_000);
    const reading = await pool.read(image, 0, signal);
    const turned = reading.upright === 0 ? null : await pool.read(image, reading.upright, signal);
    out.push({
      wineId: job.d.id,
      set: job.set,
      text: reading.lines.map((l) => l.text).join(" "),
      turnedText: turned ? turned.lines.map((l) => l.text).join(" ") : null,
      distortions,
    });
    if (out.length % 200 === 0)
      console.log(`${out.length} / ${jobs.length} in ${Math.round((performance.now() - started) / 1000)} s`);
  }
}
await Promise.all([worker(), worker(), worker()]);
await pool.close();
out.sort((a, b) => a.wineId - b.wineId || a.text.localeCompare(b.text));
writeFileSync(
  new URL("results/rendered-ocr.json", import.meta.url),
  `[\n${out.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`,
);

const docs = new Map([...bundled, ...synthetic].map((d) => [d.id, d]));
const dev: { wineId: number; text: string; turnedText: string | null }[] = JSON.parse(
  readFileSync(new URL("results/dev-photos-ocr.json", import.meta.url), "utf8"),
);
const devNoise = measureNoise(dev, docs);
const all = measureNoise(
  out.map((r) => ({ wineId: r.wineId, text: r.text })),
  docs,
);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows = (name: string, n: OcrNoise) => [
  `| ${name} | ${n.readings} | ${(["producer", "wine", "region"] as const).map((f) => `${pct(n[f].whole)} / ${pct(n[f].joined)} / ${pct(n[f].slipped)} / ${pct(n[f].missing)}`).join(" | ")} | ${n.slipsPerLetter.toFixed(2)} | ${median(n.otherWords)} | ${pct(n.capitals)} | ${pct(n.ownCountry)} |`,
];
const subset = (name: string, keep: (r: RenderedReading) => boolean) =>
  rows(
    name,
    measureNoise(
      out.filter(keep).map((r) => ({ wineId: r.wineId, text: r.text })),
      docs,
    ),
  );
const seconds = Math.round((performance.now() - started) / 1000);
const md = [
  `# Rendered labels read by the service's OCR, against the dev photos' real OCR (${new Date().toISOString().slice(0, 10)})`,
  "",
  `${out.length} photos drawn by bench/label-render.ts (${PER_WINE} of each of the ${bundled.length} bundled wines, 1 of each of ${synthetic.length} synthetic wines), read in ${seconds} s by two OCR processes. Per field, the share of the wine's words read whole / run into a neighbour / with slips / not at all (bench/label-simulation.ts measureNoise):`,
  "",
  "| readings | n | producer | wine name | region | slips per letter | other words (median) | in capitals | own country named |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows("30 dev photos (real)", devNoise),
  ...rows("rendered, all", all),
  ...subset("rendered, low resolution (scale < 0.6)", (r) => r.distortions.scale < 0.6),
  ...subset("rendered, glare", (r) => r.distortions.glare),
  ...subset("rendered, part out of frame", (r) => r.distortions.cut),
  ...subset("rendered, on a cylinder", (r) => r.distortions.cylinder),
  ...subset("rendered, script font", (r) => r.distortions.font === "Z003"),
  ...subset("rendered, turned 90/180/270°", (r) => r.distortions.turned !== 0),
  "",
];
writeFileSync(new URL("results/rendered-ocr.md", import.meta.url), md.join("\n"));
console.log(md.join("\n"));
