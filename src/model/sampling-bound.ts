/**
 * How far a share read from a sample of held-out outcomes can be trusted (pure). The verdict
 * guard (verdict-guard.ts) reads the share of known humans a learned model blocks on held-out
 * outcomes; a model that blocks none of 60 of them may still block several percent of new ones,
 * and a budget of "none of 60" says nothing at that size. The Wilson score interval's upper end
 * says how large the share could be at 95% confidence, given what was seen; weighted outcomes
 * (tenant shares) count as their effective number (Kish).
 */

/** The most humans a learned model may block on new traffic (issue 16: at most 3% after learning from one customer's outcomes). */
export const BLOCKED_HUMANS_CEILING = 0.03;
/** The two-sided 95% normal quantile. */
const Z95 = 1.959963984540054;

/** Kish's effective number of weighted outcomes: (Σw)² / Σw², their count when the weights are equal. */
export function effectiveCount(weights: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (const w of weights) {
    sum += w;
    squares += w * w;
  }
  return squares > 0 ? (sum * sum) / squares : 0;
}

/** Upper end of the Wilson score interval (95% by default) of a share observed among n (effective) outcomes: 1 with none. */
export function wilsonUpper(share: number, n: number, z = Z95): number {
  if (!(n > 0)) return 1;
  const z2 = z * z;
  const centre = share + z2 / (2 * n);
  const spread = z * Math.sqrt(Math.max(0, share * (1 - share)) / n + z2 / (4 * n * n));
  return Math.min(1, (centre + spread) / (1 + z2 / n));
}

/** The share, read from n (effective) outcomes, is at most `ceiling` at 95% confidence. */
export function boundedBy(share: number, n: number, ceiling: number): boolean {
  return wilsonUpper(share, n) <= ceiling;
}
