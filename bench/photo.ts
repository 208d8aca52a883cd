/**
 * Label recognition through the whole endpoint (HTTP, base64 JSON), on the compiled service:
 *   dev      the 30 real photos of test/fixtures/labels (X-Wines, CC0) against the full catalogue;
 *   rot90/180/270, half   the same photos turned clockwise, and at half resolution;
 *   rendered   photos of 200 random catalogue wines (seeded) drawn by bench/label-render.ts;
 *   then the five dev sets and the rendered labels again on two services whose catalogue holds
 *   300,000 wines (the bundled ones plus `import --synthetic 300000 --seed 1`, realistic style, and
 *   the same with `--synthetic-style hard`, the first generator's output with its impossible
 *   namesakes), with the time the first photo took (matcher build).
 * Prints top-1, top-5, latency (median, p90) per set, a side-by-side table (1k / 300k / 300k hard),
 * the server's RSS before the first photo and its peak RSS, and the misses. Writes
 * bench/results/photo.{json,md}.   Run: npm run bench:photo
 * (PHOTO_LARGE=0 skips the 300k part; PHOTO_DB_300K / PHOTO_DB_300K_HARD name prebuilt SQLite
 * catalogues of the same imports, to save their minutes.)
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import { renderLabel } from "./label-render.ts";
import { labelDocumentsOf } from "./label-simulation.ts";
import { startBenchService } from "./support.ts";

const FIXTURES = new URL("../test/fixtures/labels/", import.meta.url);
const bench = await startBenchService("photo");
const { dbPath } = bench;
let { key, port } = bench;
const rssBefore = bench.memoryMb("VmRSS");

interface Sample {
  name: string;
  expected: number;
  image: Buffer;
}
interface Outcome {
  name: string;
  expected: number;
  rank: number | null;
  ms: number;
  label: unknown;
  top: string;
}

async function analyze(sample: Sample): Promise<Outcome> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/v1/photo/analyze`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ photo: sample.image.toString("base64"), max_results: 5 }),
  });
  const ms = performance.now() - started;
  const body = (await res.json()) as {
    candidates?: { id: number; display_name: string }[];
    detected_labels?: unknown[];
  };
  const ids = (body.candidates ?? []).map((c) => c.id);
  const rank = ids.indexOf(sample.expected);
  return {
    name: sample.name,
    expected: sample.expected,
    rank: rank < 0 ? null : rank + 1,
    ms,
    label: body.detected_labels?.[0] ?? (res.ok ? null : body),
    top: body.candidates?.[0]?.display_name ?? "",
  };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const dev: Sample[] = readFileSync(new URL("labels.csv", FIXTURES), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [file, id] = line.split(",");
    return {
      name: file as string,
      expected: Number(id),
      image: readFileSync(new URL(file as string, FIXTURES)),
    };
  });

const turned = (angle: number) =>
  Promise.all(
    dev.map(async (s) => ({
      ...s,
      image: await sharp(s.image).rotate(angle).jpeg({ quality: 90 }).toBuffer(),
    })),
  );
const half = () =>
  Promise.all(
    dev.map(async (s) => {
      const meta = await sharp(s.image).metadata();
      return {
        ...s,
        image: await sharp(s.image)
          .resize(Math.round((meta.width ?? 480) / 2))
          .jpeg({ quality: 90 })
          .toBuffer(),
      };
    }),
  );

/**
 * Photos of `count` seeded random wines of the bundled catalogue, drawn as bench/label-render.ts draws
 * them (fonts, layouts, bottle curvature, glare, tilt and turns, cut-off parts, low resolution, blur).
 * Their seeds (wine id × 10 + 7) are none of bench/rendered-ocr.ts's, whose photos train the ranking.
 */
async function rendered(count: number): Promise<Sample[]> {
  const rnd = mulberry32(42);
  const wines = await labelDocumentsOf(dbPath);
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const w = wines[Math.floor(rnd() * wines.length)];
    if (!w) continue;
    const { image } = await renderLabel(w, mulberry32(w.id * 10 + 7));
    samples.push({ name: `rendered-${i}-${w.id}`, expected: w.id, image });
  }
  return samples;
}

const devSets: [string, Sample[]][] = [
  ["dev", dev],
  ["dev turned 90°", await turned(90)],
  ["dev turned 180°", await turned(180)],
  ["dev turned 270°", await turned(270)],
  ["dev at half resolution", await half()],
];

interface Row {
  set: string;
  photos: number;
  top1: number;
  top5: number;
  median_ms: number;
  p90_ms: number;
}
const rows: Row[] = [];
const misses: Outcome[] = [];
async function runSet(name: string, samples: Sample[]): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const s of samples) outcomes.push(await analyze(s));
  const n = outcomes.length;
  const ms = outcomes.map((o) => o.ms);
  const row = {
    set: name,
    photos: n,
    top1: outcomes.filter((o) => o.rank === 1).length / n,
    top5: outcomes.filter((o) => o.rank !== null && o.rank <= 5).length / n,
    median_ms: Math.round(quantile(ms, 0.5)),
    p90_ms: Math.round(quantile(ms, 0.9)),
  };
  rows.push(row);
  console.log(row);
  if (!name.startsWith("rendered"))
    misses.push(...outcomes.filter((o) => o.rank !== 1).map((o) => ({ ...o, name: `${name}: ${o.name}` })));
}

for (const [name, samples] of devSets) await runSet(name, samples);
const renderedSamples = await rendered(200);
await runSet("rendered (200 catalogue wines)", renderedSamples);
const rssPeak = bench.memoryMb("VmHWM");
bench.server.kill("SIGTERM");
rmSync(bench.dir, { recursive: true, force: true });

/** The large catalogues: the realistic synthetic one (default) and the first generator's output, kept as a hard case. */
const LARGE = [
  { label: "300k", style: "realistic", db: process.env.PHOTO_DB_300K },
  { label: "300k hard", style: "hard", db: process.env.PHOTO_DB_300K_HARD },
] as const;
const large: { catalogue: string; first_photo_ms: number; rss_mb_peak: number }[] = [];
if (process.env.PHOTO_LARGE !== "0") {
  for (const { label, style, db } of LARGE) {
    console.log(`Importing 300,000 wines (${style}) for the large-catalogue sets…`);
    const args = ["import", "--synthetic", "300000", "--seed", "1", "--synthetic-style", style];
    const big = await startBenchService(`photo-${style}`, args, {}, db);
    ({ key, port } = big);
    // The first photo waits for the matcher over 300,000 wines (503 + Retry-After past the photo's
    // time budget while it is being built): timed on its own, until the first answer.
    const started = performance.now();
    for (let i = 0; (await analyze(dev[0] as Sample)).rank === null; i++) {
      if (i === 120) throw new Error("the 300k service did not recognise its first photo within two minutes");
      await new Promise((r) => setTimeout(r, 1000));
    }
    const firstPhotoMs = Math.round(performance.now() - started);
    for (const [name, samples] of devSets) await runSet(`${label}: ${name}`, samples);
    await runSet(`${label}: rendered (200 catalogue wines)`, renderedSamples);
    large.push({ catalogue: label, first_photo_ms: firstPhotoMs, rss_mb_peak: big.memoryMb("VmHWM") });
    big.server.kill("SIGTERM");
    rmSync(big.dir, { recursive: true, force: true });
  }
}

/** Top-1 / top-5 of each set on the 1k and 300k catalogues in one table, and the 300k latency. */
function sideBySide(): string[] {
  if (large.length === 0) return [];
  const pct = (r: Row | undefined) =>
    r ? `${(r.top1 * 100).toFixed(1)} / ${(r.top5 * 100).toFixed(1)} %` : "–";
  const base = rows.filter((r) => !r.set.startsWith("300k"));
  return [
    "Side by side (top-1 / top-5):",
    "",
    `| set | 1,007 wines | ${LARGE.map((l) => `${l.label} (${l.style})`).join(" | ")} | 300k median / p90 ms |`,
    `|---|---|${LARGE.map(() => "---|").join("")}---|`,
    ...base.map((r) => {
      const at = (label: string) => rows.find((x) => x.set === `${label}: ${r.set}`);
      const big = at("300k");
      return `| ${r.set} | ${pct(r)} | ${LARGE.map((l) => pct(at(l.label))).join(" | ")} | ${big ? `${big.median_ms} / ${big.p90_ms}` : "–"} |`;
    }),
    "",
  ];
}

const summary = {
  date: new Date().toISOString(),
  rss_mb_before_first_photo: rssBefore,
  rss_mb_peak: rssPeak,
  large,
  rows,
  misses,
};
writeFileSync("bench/results/photo.json", `${JSON.stringify(summary, null, 2)}\n`);
const md = [
  `# Label recognition through POST /v1/photo/analyze (${summary.date.slice(0, 10)})`,
  "",
  "Compiled service, one OCR process, 2-core machine, photos sent one at a time as base64 JSON.",
  "",
  "| set | photos | top-1 | top-5 | median ms | p90 ms |",
  "|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.set} | ${r.photos} | ${(r.top1 * 100).toFixed(1)} % | ${(r.top5 * 100).toFixed(1)} % | ${r.median_ms} | ${r.p90_ms} |`,
  ),
  "",
  ...sideBySide(),
  `Server RSS before the first photo: ${rssBefore} MB; peak RSS over the 1k run: ${rssPeak} MB.`,
  "",
  ...large.map(
    (l) =>
      `${l.catalogue} catalogue (bundled + \`import --synthetic 300000 --seed 1\`${l.catalogue.includes("hard") ? " --synthetic-style hard" : ""}): first photo ${l.first_photo_ms} ms (it waits for the matcher build), peak RSS ${l.rss_mb_peak} MB.`,
  ),
  "",
  "Misses on the real photos (expected id, rank of the right wine, what was answered):",
  "",
  ...misses.map(
    (m) =>
      `- ${m.name} (expected ${m.expected}): rank ${m.rank ?? "none"}, top "${m.top}", label ${JSON.stringify(m.label)}`,
  ),
  "",
];
writeFileSync("bench/results/photo.md", md.join("\n"));
console.log(md.join("\n"));
process.exit(0);
