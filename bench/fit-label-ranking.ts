/**
 * Fits the label ranking model (src/modules/labels/label-ranking.ts) on generated label readings and
 * reports it beside the hand-set model, on material the fit never saw:
 *
 * 1. OCR noise is measured on the dev photos' real readings (bench/results/dev-photos-ocr.json,
 *    bench/dev-photos-ocr.ts); readings of catalogue wines are generated with it
 *    (bench/label-simulation.ts).
 * 2. The catalogue's wines are split, seeded: 10 % are left out of the matcher (their labels' right
 *    answer is "another wine"), the rest 75 % train / 25 % validation by wine — validation labels
 *    are of wines no training label showed.
 * 3. The model is fitted on the training labels (bench/ranking-fit.ts), and both models are scored on
 *    the validation labels: top-1, top-5, log-loss, calibration, the open set.
 * 4. The 30 dev photos, 5-fold: for each fold the noise is measured on the other 24 photos, a model
 *    fitted on labels generated with it, and the fold's 6 real readings matched by both models.
 *
 * Writes bench/results/label-ranking-fit.{json,md} and prints the fitted model.
 *   Run: node --import tsx bench/fit-label-ranking.ts   (FIT_DB=<sqlite file> to skip the import)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import { FEATURES } from "../src/modules/labels/label-evidence.ts";
import type { LabelDocument } from "../src/modules/labels/label-indexer.ts";
import { LabelMatcher } from "../src/modules/labels/label-matcher.ts";
import { evidenceOf, HAND_SET, type RankingModel } from "../src/modules/labels/label-ranking.ts";
import { labelDocumentsOf, measureNoise, type OcrNoise, simulateReading } from "./label-simulation.ts";
import { type Example, fit, type Scores, score } from "./ranking-fit.ts";

/** Generated readings per wine: for the final fit, and for each of the five dev-photo folds. */
const LABELS_PER_WINE = 6;
const LABELS_PER_WINE_FOLD = 3;
/**
 * Candidates kept per label for the fit, the best by the hand-set model: beyond them a candidate's
 * probability is negligible under any model near it, and the fit is ten times faster.
 */
const FIT_CANDIDATES = 40;

/** The wines of the SQLite catalogue at `path`, or of the bundled catalogue imported into a temp file. */
async function documents(path?: string): Promise<LabelDocument[]> {
  const dir = mkdtempSync(join(tmpdir(), "wds-fit-"));
  if (!path) {
    path = join(dir, "1k.db");
    execFileSync(process.execPath, ["--import", "tsx", "src/cli.ts", "import"], {
      env: { ...process.env, DATABASE_URL: `sqlite:${path}`, LOG_LEVEL: "warn" },
      stdio: "ignore",
    });
  }
  const docs = await labelDocumentsOf(path);
  rmSync(dir, { recursive: true, force: true });
  return docs;
}

const all = await documents(process.env.FIT_DB);
/** The 300,000-wine catalogue (bundled + `import --synthetic 300000 --seed 1`), when FIT_DB_LARGE names it. */
const large = process.env.FIT_DB_LARGE ? await documents(process.env.FIT_DB_LARGE) : [];
const byId = new Map(all.map((d) => [d.id, d]));
const readings: { file: string; wineId: number; text: string; turnedText: string | null }[] = JSON.parse(
  readFileSync(new URL("results/dev-photos-ocr.json", import.meta.url), "utf8"),
);

/** Seeded split of the catalogue: left out (unknown), training and validation wines. */
function split(seed: number) {
  const rnd = mulberry32(seed);
  const shuffled = [...all].sort((a, b) => a.id - b.id).map((d) => ({ d, r: rnd() }));
  shuffled.sort((a, b) => a.r - b.r);
  const n = shuffled.length;
  const out = shuffled.map((s) => s.d);
  const unknown = out.slice(0, Math.round(n * 0.1));
  const rest = out.slice(unknown.length);
  const train = rest.slice(0, Math.round(rest.length * 0.75));
  return { unknown, train, validation: rest.slice(train.length) };
}

/** Labels of `wines` read with `noise` by `matcher`; `known`: whether the matcher holds them. */
function examples(
  matcher: LabelMatcher,
  wines: readonly LabelDocument[],
  known: boolean,
  noise: OcrNoise,
  rnd: () => number,
  perWine: number,
): { examples: Example[]; missed: number } {
  const out: Example[] = [];
  let missed = 0;
  for (const d of wines) {
    for (let i = 0; i < perWine; i++) {
      const weighed = matcher
        .features(simulateReading(d, all, noise, rnd))
        .map((w) => ({ w, e: evidenceOf(HAND_SET, w.features) }))
        .sort((a, b) => b.e - a.e)
        .slice(0, FIT_CANDIDATES)
        .map(({ w }) => w);
      const right = known ? weighed.findIndex((w) => w.id === d.id) : -1;
      if (known && right < 0) {
        missed++;
        continue;
      }
      out.push({ candidates: weighed.map((w) => w.features), right });
    }
  }
  return { examples: out, missed };
}

const SPLIT = split(1);
const LEFT = new Set(SPLIT.unknown.map((d) => d.id));
const small = LabelMatcher.of(all.filter((d) => !LEFT.has(d.id)));
const big = large.length > 0 ? LabelMatcher.of(large.filter((d) => !LEFT.has(d.id))) : null;
/** Synthetic wines of the large catalogue, for its training and validation labels (disjoint). */
const synthetic = large.filter((d) => d.id >= 1_000_000).filter((_, i) => i % 300 === 0);
const half = Math.floor(SPLIT.unknown.length / 2);

/** Training and validation labels of one catalogue's matcher, generated with `noise`. */
function labelSets(
  matcher: LabelMatcher,
  noise: OcrNoise,
  seed: number,
  extra: readonly LabelDocument[],
  perWine: number,
) {
  const rnd = mulberry32(seed);
  const cut = Math.floor(extra.length * 0.75);
  const t = examples(matcher, [...SPLIT.train, ...extra.slice(0, cut)], true, noise, rnd, perWine);
  const tu = examples(matcher, SPLIT.unknown.slice(0, half), false, noise, rnd, perWine);
  const v = examples(matcher, [...SPLIT.validation, ...extra.slice(cut)], true, noise, rnd, perWine);
  const vu = examples(matcher, SPLIT.unknown.slice(half), false, noise, rnd, perWine);
  return {
    train: [...t.examples, ...tu.examples],
    validation: [...v.examples, ...vu.examples],
    missed: v.missed,
  };
}

/** Fits a model on labels generated with `noise` (both catalogues when given); scores both models on the validation labels. */
function fitWith(noise: OcrNoise, seed: number, perWine: number) {
  const s = labelSets(small, noise, seed, [], perWine);
  const l = big ? labelSets(big, noise, seed + 50, synthetic, perWine) : null;
  const train = [...s.train, ...(l?.train ?? [])];
  const started = performance.now();
  const model = fit(train, HAND_SET);
  const fitMs = Math.round(performance.now() - started);
  const scores = (set: { validation: Example[]; missed: number }) => ({
    labels: set.validation.length + set.missed,
    hand: score(HAND_SET, set.validation, set.missed),
    fitted: score(model, set.validation, set.missed),
  });
  return { model, fitMs, trainLabels: train.length, small: scores(s), large: l ? scores(l) : null };
}

/** Top-1/top-5 of real readings with a matcher over the whole catalogue (the better-scoring of upright and turned). */
function onPhotos(matcher: LabelMatcher, model: RankingModel, set: typeof readings) {
  let top1 = 0;
  let top5 = 0;
  for (const r of set) {
    const texts = [r.text, r.turnedText].filter((t): t is string => !!t && t.trim() !== "");
    const results = texts.map((t) => matcher.match(t, 5, model));
    const best = results.sort((a, b) => b.score - a.score)[0];
    const rank = best?.matches.findIndex((m) => m.id === r.wineId) ?? -1;
    if (rank === 0) top1++;
    if (rank >= 0) top5++;
  }
  return { photos: set.length, top1, top5 };
}

const full = LabelMatcher.of(all);
const fullLarge = large.length > 0 ? LabelMatcher.of(large) : null;
type PhotoScore = ReturnType<typeof onPhotos>;
const shuffled = readings.map((r, i) => ({ r, k: (i * 7) % 5 }));
const folds: {
  fold: number;
  hand: PhotoScore;
  fitted: PhotoScore;
  handLarge?: PhotoScore;
  fittedLarge?: PhotoScore;
}[] = [];
for (let k = 0; k < 5; k++) {
  const test = shuffled.filter((s) => s.k === k).map((s) => s.r);
  const noise = measureNoise(
    shuffled.filter((s) => s.k !== k).map((s) => s.r),
    byId,
  );
  const { model } = fitWith(noise, 100 + k, LABELS_PER_WINE_FOLD);
  folds.push({
    fold: k,
    hand: onPhotos(full, HAND_SET, test),
    fitted: onPhotos(full, model, test),
    ...(fullLarge
      ? { handLarge: onPhotos(fullLarge, HAND_SET, test), fittedLarge: onPhotos(fullLarge, model, test) }
      : {}),
  });
  console.log(folds.at(-1));
}
const noise = measureNoise(readings, byId);
const final = fitWith(noise, 1, LABELS_PER_WINE);
console.log({ ...final, model: undefined });

const sum = (key: "hand" | "fitted" | "handLarge" | "fittedLarge", of: "top1" | "top5") =>
  folds.reduce((s, f) => s + (f[key]?.[of] ?? 0), 0);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const row = (catalogue: string, labels: number, name: string, s: Scores) =>
  `| ${catalogue} | ${labels} | ${name} | ${pct(s.top1)} | ${pct(s.top5)} | ${s.logLoss.toFixed(3)} | ${s.ece.toFixed(3)} | ${pct(s.knownRightConfident)} | ${pct(s.unknownConfident)} |`;
const date = new Date().toISOString();
writeFileSync(
  new URL("results/label-ranking-fit.json", import.meta.url),
  `${JSON.stringify({ date, noise: { ...noise, otherLengths: undefined }, final, folds }, null, 1)}\n`,
);
const md = [
  `# Label ranking: fitted on generated readings (${date.slice(0, 10)})`,
  "",
  `Bundled catalogue (${all.length} wines): 10 % left out of the matcher (labels whose right answer is "another wine"), the rest split by wine 75 % training / 25 % validation; on the large catalogue the same split of the bundled wines plus 1 synthetic wine in 300 (75 / 25); ${LABELS_PER_WINE} generated readings per wine (${LABELS_PER_WINE_FOLD} for the fold fits) with the OCR noise measured on the ${noise.readings} dev photos' readings; the fit weighs each label's ${FIT_CANDIDATES} best candidates by the hand-set model. See bench/fit-label-ranking.ts.`,
  "",
  `Validation labels of wines the fit never saw (${final.trainLabels} training labels):`,
  "",
  "| catalogue | labels | model | top-1 | top-5 | log-loss | calibration error | known right, confidence ≥ 0.6 | unknown wines given confidence ≥ 0.6 |",
  "|---|---|---|---|---|---|---|---|---|",
  row(`${all.length} wines`, final.small.labels, "hand-set", final.small.hand),
  row(`${all.length} wines`, final.small.labels, "fitted", final.small.fitted),
  ...(final.large
    ? [
        row(`${large.length} wines`, final.large.labels, "hand-set", final.large.hand),
        row(`${large.length} wines`, final.large.labels, "fitted", final.large.fitted),
      ]
    : []),
  "",
  "The 30 dev photos' real readings, 5-fold (noise measured and model fitted without the fold's photos):",
  "",
  "| catalogue | model | top-1 | top-5 |",
  "|---|---|---|---|",
  `| ${all.length} wines | hand-set | ${sum("hand", "top1")} / ${readings.length} | ${sum("hand", "top5")} / ${readings.length} |`,
  `| ${all.length} wines | fitted | ${sum("fitted", "top1")} / ${readings.length} | ${sum("fitted", "top5")} / ${readings.length} |`,
  ...(fullLarge
    ? [
        `| ${large.length} wines | hand-set | ${sum("handLarge", "top1")} / ${readings.length} | ${sum("handLarge", "top5")} / ${readings.length} |`,
        `| ${large.length} wines | fitted | ${sum("fittedLarge", "top1")} / ${readings.length} | ${sum("fittedLarge", "top5")} / ${readings.length} |`,
      ]
    : []),
  "",
  "Fitted weights (log-odds per unit; information units for word features):",
  "",
  "| feature | hand-set | fitted |",
  "|---|---|---|",
  ...FEATURES.map(
    (f, i) =>
      `| ${f} | ${(HAND_SET.weights[i] ?? 0).toFixed(3)} | ${(final.model.weights[i] ?? 0).toFixed(3)} |`,
  ),
  `| another wine (evidence) | ${HAND_SET.unknown.toFixed(3)} | ${final.model.unknown.toFixed(3)} |`,
  "",
  "Measured OCR noise (share of words read whole / run together / with slips / not at all):",
  "",
  ...(["producer", "wine", "region"] as const).map(
    (f) =>
      `- ${f}: ${pct(noise[f].whole)} / ${pct(noise[f].joined)} / ${pct(noise[f].slipped)} / ${pct(noise[f].missing)}`,
  ),
  `- slips per letter of a slipped word ${noise.slipsPerLetter.toFixed(2)}; other words per reading: median ${[...noise.otherWords].sort((a, b) => a - b)[Math.floor(noise.otherWords.length / 2)]}; readings in capitals ${pct(noise.capitals)}`,
  "",
];
writeFileSync(new URL("results/label-ranking-fit.md", import.meta.url), md.join("\n"));
console.log(md.join("\n"));
console.log(
  `weights: [${final.model.weights.map((w) => w.toFixed(4)).join(", ")}], unknown: ${final.model.unknown.toFixed(4)}`,
);
