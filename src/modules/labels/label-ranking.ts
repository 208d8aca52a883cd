/**
 * How the label matcher weighs a candidate's features (label-evidence.ts {@link FEATURES}) into its
 * evidence, and the evidence of all candidates into confidences: a conditional logit (McFadden 1974),
 * the multinomial logistic regression of a choice among a varying set of alternatives that share one
 * weight per feature —
 *
 *   evidence(c) = Σ_k weight_k · x_k(c),
 *   confidence(c) = exp(evidence(c)) / (exp(unknown) + Σ_j exp(evidence(j))),
 *
 * where the sum runs over the candidates weighed and `unknown` is the evidence of "a wine not among
 * them". The weights are fitted by maximum likelihood on generated labels (bench/fit-label-ranking.ts:
 * simulated OCR readings of catalogue wines, with a validation split of wines the fit never sees),
 * so the confidence is a calibrated probability ({@link FITTED}); {@link HAND_SET} are the weights set
 * by hand before, kept as the baseline the fit is measured against.
 */
import { FEATURE_COUNT } from "./label-evidence.ts";

/** Feature weights (in the order of FEATURES) and the evidence of the "another wine" option. */
export interface RankingModel {
  weights: readonly number[];
  unknown: number;
}

/**
 * The hand-set weights that ranked labels before the fit, in log-odds units: producer words 1.6 per
 * unit of information shown (whole, part or slipped alike) and −0.8 missing, wine-name words 1 / −0.5, the region 0.7 / −0.175,
 * grapes 0.3, a listed vintage 1.5, a colour conflict −3, the country named 1 / −2, the cosine 2; all
 * over a softmax temperature of 2, and "another wine" at 8 (so here halved).
 */
export const HAND_SET: RankingModel = {
  weights: [1.6, 1.6, 1.6, -0.8, 1, 1, 1, -0.5, 0.7, -0.175, 0.3, 1.5, -3, 1, -2, 2].map((w) => w / 2),
  unknown: 4,
};

/** The evidence of one candidate's features (log-odds units). */
export function evidenceOf(model: RankingModel, x: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < FEATURE_COUNT; k++) sum += (model.weights[k] ?? 0) * (x[k] ?? 0);
  return sum;
}

/**
 * The confidence of each evidence among `evidences` (same order), with the "another wine" option:
 * a softmax; each 0..1 and their sum below 1.
 */
export function confidences(model: RankingModel, evidences: readonly number[]): number[] {
  const top = Math.max(model.unknown, ...evidences);
  let sum = Math.exp(model.unknown - top);
  for (const e of evidences) sum += Math.exp(e - top);
  return evidences.map((e) => Math.exp(e - top) / sum);
}

/**
 * The weights fitted by bench/fit-label-ranking.ts ("fit: simulated + rendered, tied"; 2026-11-28;
 * report, validation figures and the models it was weighed against: bench/results/label-ranking-fit.md):
 * 12,538 simulated readings of the training wines of the bundled catalogue and of a 300,000-wine
 * catalogue, with the OCR noise measured on the dev photos' readings, and 3,568 readings by the
 * service's OCR of labels of those wines drawn as photos (bench/label-render.ts,
 * bench/results/rendered-ocr.json).
 * Reading: a listed vintage on the label is worth about as much as 3.6 units of producer information;
 * the colour printed against the wine's −1.1; another country named −1.4, the wine's own +0.35 (a
 * country is shared by thousands of wines); words of the wine missing from the label cost little (OCR
 * loses 8–30 % of them); the cosine, which sees words OCR split, joined or slipped, carries much of
 * the ranking. Producer and wine-name words share one weight whether shown whole, as part of a
 * longer word or with slips: fitted apart ("split" in the report) they validated no better.
 */
export const FITTED: RankingModel = {
  weights: [
    0.4721, 0.4721, 0.4721, -0.058, 0.2945, 0.2945, 0.2945, -0.0944, 0.3481, -0.0075, 0.1356, 1.7177, -1.1079,
    0.3516, -1.44274, 18.0935,
  ],
  unknown: 13.2926,
};

/** The model the matcher ranks with. */
export const RANKING: RankingModel = FITTED;
