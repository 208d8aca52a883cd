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
 * 5. Labels drawn as photos and read by the real OCR (bench/results/rendered-ocr.json,
 *    bench/rendered-ocr.ts), split by the same wines: the training wines' photos join the fit
 *    ("simulated + rendered"), the validation wines' photos are a second validation set.
 *
 * Models compared: hand-set, the shipped model (RANKING), and three fits on this run's training labels
 * — simulated readings only, simulated + rendered, both with producer and wine-name words one weight
 * whether found whole, as part of a longer word or with slips ("tied"), and simulated + rendered with
 * the three kinds weighed apart ("split").
 *
 * Writes bench/results/label-ranking-fit.{json,md} and prints the fitted model.
 *   Run: node --import tsx bench/fit-label-ranking.ts   (FIT_DB=<sqlite file> to skip the import)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mulberry32 } from "../src/modules/catalogue/synthetic.ts";
import { FEATURES } from "../src/modules/labels/label-evidence.ts";
import type { LabelDocument } from "../src/modules/labels/label-indexer.ts";
import { LabelMatcher } from "../src/modules/labels/label-matcher.ts";
import { evidenceOf, HAND_SET, RANKING, type RankingModel } from "../src/modules/labels/label-ranking.ts";
import type { RenderedReading } from "./label-render.ts";
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

/** The features of the candidates `matcher` weighs for `text`: the best FIT_CANDIDATES by the hand-set model. */
function weighedOf(matcher: LabelMatcher, text: string) {
  return matcher
    .features(text)
    .map((w) => ({ w, e: evidenceOf(HAND_SET, w.features) }))
    .sort((a, b) => b.e - a.e)
    .slice(0, FIT_CANDIDATES)
    .map(({ w }) => w);
}

/** Readings of a wine's labels; each reading one text or two (upright, and turned upright), of which the better-matching counts. */
type ReadingsOf = (d: LabelDocument) => string[][];

/** Labels of `wines` read as `readingsOf` says, weighed by `matcher`; `known`: whether the matcher holds them. */
function examples(
  matcher: LabelMatcher,
  wines: readonly LabelDocument[],
  known: boolean,
  readingsOf: ReadingsOf,
): { examples: Example[]; missed: number } {
  const out: Example[] = [];
  let missed = 0;
  for (const d of wines) {
    for (const texts of readingsOf(d)) {
      const text =
        texts.length < 2
          ? (texts[0] ?? "")
          : (texts.map((t) => ({ t, s: matcher.match(t, 1).score })).sort((a, b) => b.s - a.s)[0]?.t ?? "");
      const weighed = weighedOf(matcher, text);
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

/** `perWine` simulated readings of a wine with `noise`. */
const simulated =
  (noise: OcrNoise, rnd: () => number, perWine: number): ReadingsOf =>
  (d) =>
    Array.from({ length: perWine }, () => [simulateReading(d, all, noise, rnd)]);

/** The rendered photos' readings (bench/results/rendered-ocr.json), by wine; none when the file is absent. */
const RENDERED_FILE = new URL("results/rendered-ocr.json", import.meta.url);
const renderedByWine = new Map<number, string[][]>();
if (existsSync(RENDERED_FILE)) {
  for (const r of JSON.parse(readFileSync(RENDERED_FILE, "utf8")) as RenderedReading[]) {
    const texts = [r.text, r.turnedText].filter((t): t is string => !!t && t.trim() !== "");
    renderedByWine.set(r.wineId, [...(renderedByWine.get(r.wineId) ?? []), texts]);
  }
}
const rendered: ReadingsOf = (d) => renderedByWine.get(d.id) ?? [];

/** Producer and wine-name words found whole, as part or with slips as one feature each (columns 0–2 and 4–6 summed). */
function tied(examples: readonly Example[]): Example[] {
  return examples.map((e) => ({
    right: e.right,
    candidates: e.candidates.map((x) => {
      const y = Float64Array.from(x);
      y[0] = (x[0] ?? 0) + (x[1] ?? 0) + (x[2] ?? 0);
      y[4] = (x[4] ?? 0) + (x[5] ?? 0) + (x[6] ?? 0);
      y[1] = y[2] = y[5] = y[6] = 0;
      return y;
    }),
  }));
}

/** A fit on tied features, its shared weights written out to each kind. */
function fitTied(examples: readonly Example[]): RankingModel {
  const m = fit(tied(examples), HAND_SET);
  const w = [...m.weights];
  w[1] = w[2] = w[0] ?? 0;
  w[5] = w[6] = w[4] ?? 0;
  return { weights: w, unknown: m.unknown };
}

const SPLIT = split(1);
const LEFT = new Set(SPLIT.unknown.map((d) => d.id));
const small = LabelMatcher.of(all.filter((d) => !LEFT.has(d.id)));
const big = large.length > 0 ? LabelMatcher.of(large.filter((d) => !LEFT.has(d.id))) : null;
/** Synthetic wines of the large catalogue, for its training and validation labels (disjoint). */
const synthetic = large.filter((d) => d.id >= 1_000_000).filter((_, i) => i % 300 === 0);
const half = Math.floor(SPLIT.unknown.length / 2);

/** Training and validation labels of one catalogue's matcher, read as `readingsOf` says. */
function labelSets(matcher: LabelMatcher, readingsOf: ReadingsOf, extra: readonly LabelDocument[]) {
  const cut = Math.floor(extra.length * 0.75);
  const t = examples(matcher, [...SPLIT.train, ...extra.slice(0, cut)], true, readingsOf);
  const tu = examples(matcher, SPLIT.unknown.slice(0, half), false, readingsOf);
  const v = examples(matcher, [...SPLIT.validation, ...extra.slice(cut)], true, readingsOf);
  const vu = examples(matcher, SPLIT.unknown.slice(half), false, readingsOf);
  return {
    train: [...t.examples, ...tu.examples],
    validation: [...v.examples, ...vu.examples],
    missed: v.missed,
  };
}

/** The rendered photos' labels of each catalogue (they do not depend on the measured noise). */
const renderedSmall = labelSets(small, rendered, []);
const renderedLarge = big ? labelSets(big, rendered, synthetic) : null;

type Models = Record<"hand" | "shipped" | "simTied" | "mixTied" | "mixSplit", RankingModel>;
type SetScores = { labels: number } & Record<keyof Models, Scores>;

/** Each model's scores on a validation set. */
const scoresOf = (models: Models, set: { validation: Example[]; missed: number }): SetScores => ({
  labels: set.validation.length + set.missed,
  ...(Object.fromEntries(
    Object.entries(models).map(([k, m]) => [k, score(m, set.validation, set.missed)]),
  ) as Record<keyof Models, Scores>),
});

/** Fits the three models on labels generated with `noise` (and the rendered photos' training labels); scores every model on both validation sets. */
function fitWith(noise: OcrNoise, seed: number, perWine: number) {
  const s = labelSets(small, simulated(noise, mulberry32(seed), perWine), []);
  const l = big ? labelSets(big, simulated(noise, mulberry32(seed + 50), perWine), synthetic) : null;
  const sim = [...s.train, ...(l?.train ?? [])];
  const mix = [...sim, ...renderedSmall.train, ...(renderedLarge?.train ?? [])];
  const started = performance.now();
  const models: Models = {
    hand: HAND_SET,
    shipped: RANKING,
    simTied: fitTied(sim),
    mixTied: fitTied(mix),
    mixSplit: fit(mix, HAND_SET),
  };
  const fitMs = Math.round(performance.now() - started);
  return {
    models,
    fitMs,
    trainLabels: { simulated: sim.length, rendered: mix.length - sim.length },
    small: scoresOf(models, s),
    large: l ? scoresOf(models, l) : null,
    renderedSmall: scoresOf(models, renderedSmall),
    renderedLarge: renderedLarge ? scoresOf(models, renderedLarge) : null,
  };
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
/** The models scored on the dev photos per fold: the shipped model was fitted with all 30 photos' noise, so its fold figures are not held out. */
const FOLD_MODELS = ["hand", "shipped", "mixTied", "mixSplit"] as const;
const shuffled = readings.map((r, i) => ({ r, k: (i * 7) % 5 }));
const folds: { fold: number; small: Record<string, PhotoScore>; large: Record<string, PhotoScore> }[] = [];
for (let k = 0; k < 5; k++) {
  const test = shuffled.filter((s) => s.k === k).map((s) => s.r);
  const noise = measureNoise(
    shuffled.filter((s) => s.k !== k).map((s) => s.r),
    byId,
  );
  const { models } = fitWith(noise, 100 + k, LABELS_PER_WINE_FOLD);
  folds.push({
    fold: k,
    small: Object.fromEntries(FOLD_MODELS.map((m) => [m, onPhotos(full, models[m], test)])),
    large: fullLarge
      ? Object.fromEntries(FOLD_MODELS.map((m) => [m, onPhotos(fullLarge, models[m], test)]))
      : {},
  });
  console.log(JSON.stringify(folds.at(-1)));
}
const noise = measureNoise(readings, byId);
const final = fitWith(noise, 1, LABELS_PER_WINE);

const NAMES: Record<keyof Models, string> = {
  hand: "hand-set",
  shipped: "shipped (RANKING)",
  simTied: "fit: simulated, tied",
  mixTied: "fit: simulated + rendered, tied",
  mixSplit: "fit: simulated + rendered, split",
};
const sum = (where: "small" | "large", model: string, of: "top1" | "top5") =>
  folds.reduce((s, f) => s + (f[where][model]?.[of] ?? 0), 0);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const rows = (catalogue: string, set: SetScores | null) =>
  set
    ? (Object.keys(NAMES) as (keyof Models)[]).map((m) => {
        const s = set[m];
        return `| ${catalogue} | ${set.labels} | ${NAMES[m]} | ${pct(s.top1)} | ${pct(s.top5)} | ${s.logLoss.toFixed(3)} | ${s.ece.toFixed(3)} | ${pct(s.knownRightConfident)} | ${pct(s.unknownConfident)} |`;
      })
    : [];
const HEAD = [
  "| catalogue | labels | model | top-1 | top-5 | log-loss | calibration error | known right, confidence ≥ 0.6 | unknown wines given confidence ≥ 0.6 |",
  "|---|---|---|---|---|---|---|---|---|",
];
const date = new Date().toISOString();
writeFileSync(
  new URL("results/label-ranking-fit.json", import.meta.url),
  `${JSON.stringify({ date, noise: { ...noise, otherLengths: undefined }, final, folds }, null, 1)}\n`,
);
const md = [
  `# Label ranking: fitted on generated readings (${date.slice(0, 10)})`,
  "",
  `Bundled catalogue (${all.length} wines): 10 % left out of the matcher (labels whose right answer is "another wine"), the rest split by wine 75 % training / 25 % validation; on the large catalogue the same split of the bundled wines plus 1 synthetic wine in 300 (75 / 25). Simulated readings: ${LABELS_PER_WINE} per wine (${LABELS_PER_WINE_FOLD} for the fold fits) with the OCR noise measured on the ${noise.readings} dev photos' readings. Rendered: the photos of bench/results/rendered-ocr.json read by the real OCR, split by the same wines. The fit weighs each label's ${FIT_CANDIDATES} best candidates by the hand-set model. See bench/fit-label-ranking.ts.`,
  "",
  `Training labels: ${final.trainLabels.simulated} simulated, ${final.trainLabels.rendered} rendered. Validation, simulated readings of wines the fit never saw:`,
  "",
  ...HEAD,
  ...rows(`${all.length} wines`, final.small),
  ...rows(`${large.length} wines`, final.large),
  "",
  "Validation, rendered photos of those wines read by the OCR:",
  "",
  ...HEAD,
  ...rows(`${all.length} wines`, final.renderedSmall),
  ...rows(`${large.length} wines`, final.renderedLarge),
  "",
  "The 30 dev photos' real readings, 5-fold (noise measured and models fitted without the fold's photos; the shipped model saw all 30 photos' noise):",
  "",
  "| catalogue | model | top-1 | top-5 |",
  "|---|---|---|---|",
  ...FOLD_MODELS.map(
    (m) =>
      `| ${all.length} wines | ${NAMES[m]} | ${sum("small", m, "top1")} / ${readings.length} | ${sum("small", m, "top5")} / ${readings.length} |`,
  ),
  ...(fullLarge
    ? FOLD_MODELS.map(
        (m) =>
          `| ${large.length} wines | ${NAMES[m]} | ${sum("large", m, "top1")} / ${readings.length} | ${sum("large", m, "top5")} / ${readings.length} |`,
      )
    : []),
  "",
  "Weights (log-odds per unit; information units for word features):",
  "",
  `| feature | ${(Object.keys(NAMES) as (keyof Models)[]).map((m) => NAMES[m]).join(" | ")} |`,
  `|---|${Object.keys(NAMES)
    .map(() => "---")
    .join("|")}|`,
  ...FEATURES.map(
    (f, i) =>
      `| ${f} | ${(Object.keys(NAMES) as (keyof Models)[]).map((m) => (final.models[m].weights[i] ?? 0).toFixed(3)).join(" | ")} |`,
  ),
  `| another wine (evidence) | ${(Object.keys(NAMES) as (keyof Models)[]).map((m) => final.models[m].unknown.toFixed(3)).join(" | ")} |`,
  "",
  "Measured OCR noise of the dev photos (share of words read whole / run together / with slips / not at all):",
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
for (const m of ["simTied", "mixTied", "mixSplit"] as const)
  console.log(
    `${m}: weights [${final.models[m].weights.map((w) => w.toFixed(4)).join(", ")}], unknown ${final.models[m].unknown.toFixed(4)}`,
  );
