/**
 * The label matcher alone, on many more wines than the 30 dev photos: text "read" from simulated
 * labels of catalogue wines, as OCR returns it from real bottles —
 *   the producer (sometimes without its estate title, sometimes missing), part of the wine name,
 *   often the region and grapes, 0–5 phrases of label boilerplate or of other wines' regions and
 *   grapes (back labels), often a year; then OCR slips on 5 % of characters (2 % dropped, 3 %
 *   confused: o→0, l→1, i→l, m→rn, e→c …) and upper case half of the time; the year is one the
 *   wine lists 80 % of the time.
 * Reports top-1 / top-5 and time per match for 2,000 labels of the bundled wines, how often the top
 * answer was right at each confidence (calibration), and the open-set
 * behaviour behind MATCH_THRESHOLD: 150 wines left out of the matcher, how many of their labels
 * still get a candidate above the threshold, against how many labels of known wines get the right
 * one above it. With PHOTO_LARGE≠0 (default) the same on a 300,000-wine catalogue (bundled +
 * `import --synthetic 300000 --seed 1`), labels of real and of synthetic wines.
 * MATCHER_DB_1K / MATCHER_DB_300K name prebuilt SQLite catalogues of the same imports.
 * MATCHER_DB=<file> MATCHER_LABEL=<name>: only the catalogue that file holds (the merged catalogue of
 * bench/merged-catalogue.ts), labels of the bundled wines and of the wines known only from LWIN
 * (ids > 10,000,000), written to bench/results/label-matcher-<name>.{json,md}.
 * Writes bench/results/label-matcher.{json,md}.   Run: npm run bench:matcher
 *   MATCHER_DB=/tmp/merged-catalogue.db MATCHER_LABEL=merged npm run bench:matcher
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import type { LabelDocument } from "../src/modules/labels/label-indexer.ts";
import { LabelMatcher } from "../src/modules/labels/label-matcher.ts";
import { MATCH_THRESHOLD } from "../src/modules/labels/labels.service.ts";
import { labelDocumentsOf } from "./label-simulation.ts";

const BOILERPLATE = [
  "grand vin de bordeaux",
  "mis en bouteille au chateau",
  "product of italy",
  "contains sulfites",
  "750 ml",
  "13,5% vol",
  "estate bottled",
  "appellation controlee",
  "denominazione di origine controllata",
  "vino de la tierra",
  "gutsabfüllung",
  "qualitätswein",
  "reserva",
  "vin de france",
  "red wine",
  "vinho tinto",
  "imported by",
  "since 1887",
  "alc. 14% by vol",
  "premium selection",
  "famille",
  "vieilles vignes",
];
const CONFUSIONS: Record<string, string> = {
  o: "0",
  l: "1",
  i: "l",
  m: "rn",
  e: "c",
  a: "o",
  u: "v",
  n: "h",
  c: "e",
  r: "n",
  t: "f",
  s: "5",
};
const TITLE =
  /^(chateau|château|domaine|bodega|bodegas|weingut|tenuta|cantina|quinta|casa|maison|vina|viña|clos)$/i;

const rnd = mulberry32(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

/** OCR slips: 2 % of characters dropped, 3 % confused. */
function slips(text: string): string {
  let out = "";
  for (const ch of text) {
    const r = rnd();
    if (r < 0.02) continue;
    out += r < 0.05 ? (CONFUSIONS[ch.toLowerCase()] ?? ch) : ch;
  }
  return out;
}

/** What OCR might read on a label of `d`; `all` lends other wines' regions and grapes. */
function simulatedLabel(d: LabelDocument, all: readonly LabelDocument[]): string {
  const parts: string[] = [];
  if (rnd() < 0.88) {
    const words = d.producer.split(" ");
    parts.push((rnd() < 0.3 ? words.filter((w) => !TITLE.test(w)) : words).join(" "));
  }
  parts.push(
    d.wine
      .split(" ")
      .filter(() => rnd() > 0.2)
      .join(" "),
  );
  if (rnd() < 0.5) parts.push(d.region);
  if (rnd() < 0.3 && d.grapes.length > 0) parts.push(d.grapes.join(" "));
  const extra = Math.floor(rnd() * 6);
  for (let i = 0; i < extra; i++) {
    const r = rnd();
    const other = pick(all);
    const phrase =
      r < 0.6 ? pick(BOILERPLATE) : r < 0.8 ? other.region : (other.grapes[0] ?? pick(BOILERPLATE));
    parts.splice(Math.floor(rnd() * (parts.length + 1)), 0, phrase);
  }
  // A year: mostly one the wine lists (a vintage), else any.
  if (rnd() < 0.6) {
    const listed = d.vintages ?? [];
    parts.push(String(listed.length > 0 && rnd() < 0.8 ? pick(listed) : 1990 + Math.floor(rnd() * 34)));
  }
  const text = slips(parts.join(" "));
  return rnd() < 0.5 ? text.toUpperCase() : text;
}

interface Row {
  catalogue: string;
  labels: string;
  count: number;
  top1: number;
  top5: number;
  ms_per_match: number;
}
const rows: Row[] = [];
/** Confidence of the top answer in fifths: how many answers fell in each, and how many were right. */
const CONFIDENCE_BUCKETS = ["0–0.2", "0.2–0.4", "0.4–0.6", "0.6–0.8", "0.8–1"];
const calibration = new Map<string, { answers: number; right: number }>();
const openSet: { catalogue: string; unknown_accepted: number; known_right_accepted: number }[] = [];
const builds: { catalogue: string; wines: number; build_ms: number; memory_mb: number }[] = [];

// The matcher's own memory: heap and array buffers after a full GC, before and after building it.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const usedBytes = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

function known(
  catalogue: string,
  name: string,
  matcher: LabelMatcher,
  pool: LabelDocument[],
  all: LabelDocument[],
) {
  const count = 2000;
  let top1 = 0;
  let top5 = 0;
  let ms = 0;
  for (let i = 0; i < count; i++) {
    const d = pick(pool);
    const text = simulatedLabel(d, all);
    const started = performance.now();
    const { matches } = matcher.match(text, 5);
    ms += performance.now() - started;
    const rank = matches.findIndex((m) => m.id === d.id);
    if (rank === 0) top1++;
    if (rank >= 0) top5++;
    const bucket = Math.min(CONFIDENCE_BUCKETS.length - 1, Math.floor((matches[0]?.confidence ?? 0) * 5));
    const seen = calibration.get(`${catalogue}|${name}|${bucket}`) ?? { answers: 0, right: 0 };
    seen.answers++;
    if (rank === 0) seen.right++;
    calibration.set(`${catalogue}|${name}|${bucket}`, seen);
  }
  const row = {
    catalogue,
    labels: name,
    count,
    top1: top1 / count,
    top5: top5 / count,
    ms_per_match: ms / count,
  };
  rows.push(row);
  console.log(row);
}

function unknown(catalogue: string, all: LabelDocument[], real: LabelDocument[]) {
  const left = new Set<number>();
  while (left.size < 150) left.add(pick(real).id);
  const matcher = LabelMatcher.of(all.filter((d) => !left.has(d.id)));
  const accepted = (d: LabelDocument) => matcher.match(simulatedLabel(d, all), 1).score >= MATCH_THRESHOLD;
  const unknownAccepted = all.filter((d) => left.has(d.id)).filter(accepted).length / left.size;
  const kept = real.filter((w) => !left.has(w.id));
  let right = 0;
  const tries = 500;
  for (let i = 0; i < tries; i++) {
    const d = pick(kept);
    const { score, matches } = matcher.match(simulatedLabel(d, all), 1);
    if (matches[0]?.id === d.id && score >= MATCH_THRESHOLD) right++;
  }
  const row = { catalogue, unknown_accepted: unknownAccepted, known_right_accepted: right / tries };
  openSet.push(row);
  console.log(row);
}

async function run(catalogue: string, path: string) {
  const all = await labelDocumentsOf(path);
  const before = usedBytes();
  const started = performance.now();
  const matcher = LabelMatcher.of(all);
  const buildMs = Math.round(performance.now() - started);
  const memoryMb = Math.round((usedBytes() - before) / 1e6);
  builds.push({ catalogue, wines: all.length, build_ms: buildMs, memory_mb: memoryMb });
  const real = all.filter((d) => d.id < 1_000_000);
  known(catalogue, "bundled wines", matcher, real, all);
  const synthetic = all.filter((d) => d.id >= 1_000_000 && d.id <= 10_000_000);
  if (synthetic.length > 0) known(catalogue, "synthetic wines", matcher, synthetic, all);
  const lwinOnly = all.filter((d) => d.id > 10_000_000);
  if (lwinOnly.length > 0) known(catalogue, "LWIN-only wines", matcher, lwinOnly, all);
  unknown(catalogue, all, real);
}

const dir = mkdtempSync(join(tmpdir(), "wds-matcher-"));
const cli = (path: string, args: string[]) =>
  execFileSync(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite:${path}`, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
/** A prebuilt catalogue (`MATCHER_DB_1K`, `MATCHER_DB_300K`: SQLite paths) or a new one imported with `args`. */
function catalogue(envName: string, file: string, args: string[]): string {
  const prebuilt = process.env[envName];
  if (prebuilt) return prebuilt;
  const path = join(dir, file);
  cli(path, args);
  return path;
}
/** One given catalogue (MATCHER_DB, named MATCHER_LABEL) instead of the two imported here. */
const givenDb = process.env.MATCHER_DB;
const givenLabel = process.env.MATCHER_LABEL ?? "given";
const outName = givenDb ? `label-matcher-${givenLabel}` : "label-matcher";
if (givenDb) {
  const count = (await labelDocumentsOf(givenDb)).length;
  await run(`${count.toLocaleString("en")} wines (${givenLabel})`, givenDb);
} else await run("1,007 wines (bundled)", catalogue("MATCHER_DB_1K", "1k.db", ["import"]));
if (!givenDb && process.env.PHOTO_LARGE !== "0") {
  console.log("Importing 300,000 wines…");
  const args = ["import", "--synthetic", "300000", "--seed", "1"];
  await run("300,000 wines", catalogue("MATCHER_DB_300K", "300k.db", args));
}
rmSync(dir, { recursive: true, force: true });

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const date = new Date().toISOString();
writeFileSync(
  `bench/results/${outName}.json`,
  `${JSON.stringify({ date, builds, rows, openSet, calibration: Object.fromEntries(calibration) }, null, 2)}\n`,
);
const md = [
  `# Label matcher on simulated OCR text (${date.slice(0, 10)})`,
  "",
  "Labels simulated from catalogue wines (partial names, boilerplate and other wines' regions and grapes,",
  "5 % OCR character slips); see bench/label-matcher.ts. One thread, 2-core machine.",
  "",
  "| catalogue | labels of | labels | top-1 | top-5 | ms per match |",
  "|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.catalogue} | ${r.labels} | ${r.count} | ${pct(r.top1)} | ${pct(r.top5)} | ${r.ms_per_match.toFixed(1)} |`,
  ),
  "",
  `Open set at MATCH_THRESHOLD ${MATCH_THRESHOLD} (150 bundled wines left out of the matcher):`,
  "",
  "| catalogue | labels of left-out wines with a candidate | labels of known wines answered right |",
  "|---|---|---|",
  ...openSet.map((o) => `| ${o.catalogue} | ${pct(o.unknown_accepted)} | ${pct(o.known_right_accepted)} |`),
  "",
  "Confidence of the top answer against how often it was right (calibration):",
  "",
  "| catalogue | labels of | confidence | answers | right |",
  "|---|---|---|---|---|",
  ...[...calibration]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, c]) => {
      const [cat, labels, bucket] = key.split("|");
      return `| ${cat} | ${labels} | ${CONFIDENCE_BUCKETS[Number(bucket)]} | ${c.answers} | ${pct(c.right / c.answers)} |`;
    }),
  "",
  `Matcher build: ${builds.map((b) => `${b.wines} wines in ${b.build_ms} ms, ${b.memory_mb} MB (heap + array buffers after GC)`).join("; ")}.`,
  "",
];
writeFileSync(`bench/results/${outName}.md`, md.join("\n"));
console.log(md.join("\n"));
process.exit(0);
