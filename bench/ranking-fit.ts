/**
 * Fitting and scoring a label ranking model (src/modules/labels/label-ranking.ts) on labels whose
 * wine is known: each label is the features of the candidates the matcher weighed and the index of
 * the right one among them (-1: a wine the catalogue does not hold, whose right answer is "another
 * wine"). The fit is maximum likelihood of the conditional logit with a small L2 penalty, by Newton's
 * method (13 parameters: a library for per-class logistic regression does not share weights across
 * a varying candidate set, and this is 60 lines).
 */
import { FEATURE_COUNT } from "../src/modules/labels/label-evidence.ts";
import { evidenceOf, type RankingModel } from "../src/modules/labels/label-ranking.ts";

/** One label: its candidates' features and the right candidate's index (-1: another wine). */
export interface Example {
  candidates: Float64Array[];
  right: number;
}

const P = FEATURE_COUNT + 1;

/** Solves `a x = b` (P×P, Gaussian elimination with partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[pivot]?.[c] ?? 0)) pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const row = m[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = m[r] as number[];
      const f = (other[c] ?? 0) / (row[c] || 1e-12);
      for (let k = c; k <= n; k++) other[k] = (other[k] ?? 0) - f * (row[k] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] || 1e-12));
}

/** Each alternative's parameter-space vector: the candidates' features and 0, and "another wine" (0…0, 1). */
function alternatives(e: Example): Float64Array[] {
  const unknown = new Float64Array(P);
  unknown[FEATURE_COUNT] = 1;
  return [
    ...e.candidates.map((x) => {
      const v = new Float64Array(P);
      v.set(x);
      return v;
    }),
    unknown,
  ];
}

/** The model that maximizes the penalized likelihood of `examples`, starting from `start`. */
export function fit(examples: readonly Example[], start: RankingModel, l2 = 0.01): RankingModel {
  let w = [...start.weights, start.unknown];
  const prepared = examples.map((e) => ({
    alts: alternatives(e),
    right: e.right < 0 ? e.candidates.length : e.right,
  }));
  for (let iter = 0; iter < 30; iter++) {
    const grad = w.map((v) => -l2 * v);
    const hess = w.map((_, i) => w.map((_, j) => (i === j ? -l2 : 0)));
    for (const { alts, right } of prepared) {
      const z = alts.map((v) => v.reduce((s, x, k) => s + x * (w[k] ?? 0), 0));
      const top = Math.max(...z);
      const ex = z.map((s) => Math.exp(s - top));
      const sum = ex.reduce((a, b) => a + b, 0);
      const mean = new Float64Array(P);
      for (const [j, v] of alts.entries()) {
        const p = (ex[j] ?? 0) / sum;
        if (p < 1e-12) continue;
        for (let k = 0; k < P; k++) mean[k] = (mean[k] ?? 0) + p * (v[k] ?? 0);
        for (let a = 0; a < P; a++) {
          const va = v[a] ?? 0;
          if (va === 0) continue;
          const row = hess[a] as number[];
          for (let b = 0; b < P; b++) row[b] = (row[b] ?? 0) - p * va * (v[b] ?? 0);
        }
      }
      const truth = alts[right] as Float64Array;
      for (let k = 0; k < P; k++) grad[k] = (grad[k] ?? 0) + (truth[k] ?? 0) - (mean[k] ?? 0);
      for (let a = 0; a < P; a++) {
        const row = hess[a] as number[];
        for (let b = 0; b < P; b++) row[b] = (row[b] ?? 0) + (mean[a] ?? 0) * (mean[b] ?? 0);
      }
    }
    const step = solve(hess, grad);
    w = w.map((v, i) => v - (step[i] ?? 0));
    if (Math.max(...step.map(Math.abs)) < 1e-6) break;
  }
  return { weights: w.slice(0, FEATURE_COUNT), unknown: w[FEATURE_COUNT] ?? 0 };
}

/** How a model does on `examples`: top-1 and top-5 of the known wines, log-loss, calibration. */
export interface Scores {
  known: number;
  top1: number;
  top5: number;
  /** Mean −log P(right answer), known and unknown labels. */
  logLoss: number;
  /** Expected calibration error of the top answer's confidence over 10 bins (known and unknown). */
  ece: number;
  /** Labels of wines we do not hold whose top answer has confidence ≥ 0.6 (taken as surely that wine). */
  unknownConfident: number;
  /** Labels of known wines answered right with confidence ≥ 0.6. */
  knownRightConfident: number;
  /** Per tenth of confidence: answers and right answers. */
  bins: { answers: number; right: number }[];
}

/** Scores `model` on `examples` (`missed`: labels of known wines whose wine was not among the candidates). */
export function score(model: RankingModel, examples: readonly Example[], missed = 0): Scores {
  let top1 = 0;
  let top5 = 0;
  let known = missed;
  let loss = 0;
  let unknownConfident = 0;
  let unknowns = 0;
  let knownRightConfident = 0;
  const bins = Array.from({ length: 10 }, () => ({ answers: 0, right: 0, conf: 0 }));
  for (const e of examples) {
    const z = e.candidates.map((x) => evidenceOf(model, x));
    const top = Math.max(model.unknown, ...z);
    const sum = Math.exp(model.unknown - top) + z.reduce((s, v) => s + Math.exp(v - top), 0);
    const order = z.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]);
    const best = order[0];
    const confidence = best ? Math.exp(best[0] - top) / sum : 0;
    const rightTop = best !== undefined && best[1] === e.right;
    if (e.right >= 0) {
      known++;
      const rank = order.findIndex(([, i]) => i === e.right);
      if (rank === 0) top1++;
      if (rank >= 0 && rank < 5) top5++;
      loss -= Math.log(Math.exp((z[e.right] ?? 0) - top) / sum);
      if (rightTop && confidence >= 0.6) knownRightConfident++;
    } else {
      unknowns++;
      loss -= Math.log(Math.exp(model.unknown - top) / sum);
      if (confidence >= 0.6) unknownConfident++;
    }
    const bin = bins[Math.min(9, Math.floor(confidence * 10))] as (typeof bins)[number];
    bin.answers++;
    bin.conf += confidence;
    if (rightTop) bin.right++;
  }
  const n = examples.length + missed;
  const ece = bins.reduce((s, b) => s + Math.abs(b.right - b.conf), 0) / Math.max(1, examples.length);
  return {
    known,
    top1: top1 / Math.max(1, known),
    top5: top5 / Math.max(1, known),
    logLoss: loss / Math.max(1, n),
    ece,
    unknownConfident: unknownConfident / Math.max(1, unknowns),
    knownRightConfident: knownRightConfident / Math.max(1, known),
    bins: bins.map(({ answers, right }) => ({ answers, right })),
  };
}
