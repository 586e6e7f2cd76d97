/**
 * The baseline's calibration as a map on log-odds (pure): logit' = pivot + scale × (logit −
 * pivot), a shrink towards the block cut (0 < scale <= 1). The pivot is where a score rounds to
 * the review threshold, so every logit keeps its side of the cut: under that threshold no
 * `block` is added or lifted, the ranking is unchanged, and the scores above the cut come
 * closer to it (docs/scorecard.md §3-4). The baseline applies it to its hand-set weights at load
 * (score.ts calibrateAtBlockCut); a learned model inherits it after its verdict guard
 * (train.ts), so a learned model keeps the baseline's review band whichever serves.
 */

/** The affine part of a logistic model: logit = intercept + weights · features. */
export interface LogOdds {
  readonly intercept: number;
  readonly weights: Float64Array;
}

/**
 * The logit at which a score rounds to `reviewAtLeast` (human_score = round(100 × p)): a logit
 * below it is a `block` under a review threshold of `reviewAtLeast`, one at or above it is not.
 * A threshold of 0 blocks nothing, and any pivot keeps that: the cut of 1 stands in for it.
 */
export function blockCutLogit(reviewAtLeast: number): number {
  const r = Math.max(1, reviewAtLeast);
  return Math.log((r - 0.5) / (100.5 - r));
}

function checkScale(scale: number): void {
  if (!(scale > 0 && scale <= 1)) throw new Error(`calibration: scale must be in (0, 1], got ${scale}`);
}

/** The model whose logit is pivot + scale × (the model's logit − pivot). */
export function shrinkLogOdds(m: LogOdds, scale: number, pivot: number): LogOdds {
  checkScale(scale);
  return { intercept: pivot + scale * (m.intercept - pivot), weights: m.weights.map((w) => scale * w) };
}

/** The inverse of shrinkLogOdds: the model a shrunk one was made from (a learned model's prior is its source as fitted). */
export function expandLogOdds(m: LogOdds, scale: number, pivot: number): LogOdds {
  checkScale(scale);
  return { intercept: pivot + (m.intercept - pivot) / scale, weights: m.weights.map((w) => w / scale) };
}
