/**
 * Model quality metrics shared by the eval tool and the model-stats operation.
 * Labels: truthy = positive class (a real human). Pure.
 */

export type Labels = ArrayLike<boolean | number>;

function checkLengths(a: ArrayLike<unknown>, b: ArrayLike<unknown>): void {
  if (a.length !== b.length) throw new Error(`metrics: ${a.length} scores but ${b.length} labels`);
}

/**
 * Area under the ROC curve: the probability that a random positive scores above a random
 * negative, ties counting one half (Mann-Whitney U with mid-ranks). NaN when either class
 * is empty, since the ranking is then undefined.
 */
export function rocAuc(scores: ArrayLike<number>, labels: Labels): number {
  checkLengths(scores, labels);
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let positives = 0, rankSumPositives = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]!] === scores[order[i]!]) j++;
    const midRank = (i + j) / 2 + 1; // 1-based average rank of the tie group
    for (let k = i; k <= j; k++) {
      if (labels[order[k]!]) {
        positives++;
        rankSumPositives += midRank;
      }
    }
    i = j + 1;
  }
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSumPositives - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Mean negative log-likelihood (natural log) of the labels; probabilities clipped to [eps, 1-eps]. */
export function logLoss(probs: ArrayLike<number>, labels: Labels, eps = 1e-15): number {
  checkLengths(probs, labels);
  if (probs.length === 0) return NaN;
  let sum = 0;
  for (let i = 0; i < probs.length; i++) {
    const p = Math.min(1 - eps, Math.max(eps, probs[i]!));
    sum -= labels[i] ? Math.log(p) : Math.log(1 - p);
  }
  return sum / probs.length;
}

/** Share of examples where (prob >= threshold) equals the label. */
export function accuracy(probs: ArrayLike<number>, labels: Labels, threshold = 0.5): number {
  checkLengths(probs, labels);
  if (probs.length === 0) return NaN;
  let right = 0;
  for (let i = 0; i < probs.length; i++) if ((probs[i]! >= threshold) === Boolean(labels[i])) right++;
  return right / probs.length;
}
