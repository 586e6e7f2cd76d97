/**
 * The guard on a learned model's verdicts (pure). A model fitted on a customer's outcomes can
 * rank addresses better than the baseline and still block more real people: its probabilities
 * spread further, so more humans fall under the block threshold (seen on one customer's
 * outcomes: better AUC, about twice the humans blocked; docs/architecture.md, Benchmarks).
 * Ranking is what learning buys; how many known humans are blocked is an operating point, and
 * the baseline's is the one customers have accepted.
 *
 * So, on held-out outcomes (each scored by a fit that did not see it), the share of known
 * humans the candidate would block is compared with the share the baseline blocked of the same
 * humans (as it scored them at check time). When it is larger, the candidate's intercept is
 * raised until it blocks no more of them than the baseline: every probability moves up
 * together, so the ranking (AUC) is unchanged. The threshold then falls halfway between the
 * last held-out human it may still block and the first it must not (not just past the latter:
 * the least raise that fits this sample is the most optimistic one, and on new traffic it
 * blocks more than it did here). Raising it costs calibration; when the
 * raised candidate no longer beats the baseline's log loss on those outcomes, what made it
 * better is gone, and it is held back (published for the record, never served).
 */
import { logLossOf } from './prequential.ts';
import { sigmoid } from './score.ts';

export interface HeldOutScore {
  readonly human: boolean;
  /** The outcome's weight in the fit (tenant shares); 1 when unweighted. */
  readonly weight: number;
  /** The candidate's logit for it, from a fit that did not see it. */
  readonly logit: number;
  /** What the baseline gave it at check time. */
  readonly baselineProbability: number;
}

export interface VerdictGuard {
  /** Added to the candidate's intercept (>= 0). */
  readonly shift: number;
  /** It had to be raised, and once raised it no longer beats the baseline on the held-out outcomes. */
  readonly heldBack: boolean;
  /** Weighted share of held-out humans blocked: by the baseline, by the candidate as fitted, and once raised. */
  readonly baselineHumansBlocked: number;
  readonly fittedHumansBlocked: number;
  readonly humansBlocked: number;
  /** Weighted mean log loss on the held-out outcomes, raised candidate and baseline. */
  readonly logLoss: number;
  readonly baselineLogLoss: number;
}

/** A human_score below `blockBelow` is a block (MAILSIFT_VERDICT_REVIEW). */
export const blocks = (probability: number, blockBelow: number): boolean => Math.round(100 * probability) < blockBelow;

/** Past the exact lift, so rounding lands the lifted human on the review side. */
const MARGIN = 1e-6;

export function guardVerdicts(items: readonly HeldOutScore[], blockBelow: number): VerdictGuard {
  const humans = items.filter((x) => x.human).sort((a, b) => a.logit - b.logit);
  const humanWeight = humans.reduce((s, x) => s + x.weight, 0);
  const share = (blocked: (x: HeldOutScore) => boolean): number => (humanWeight > 0 ? humans.reduce((s, x) => s + (blocked(x) ? x.weight : 0), 0) / humanWeight : 0);
  const budget = humans.reduce((s, x) => s + (blocks(x.baselineProbability, blockBelow) ? x.weight : 0), 0);

  // The lowest-scored humans the candidate may go on blocking: as many as fit the baseline's
  // budget, ties together. The first one past them must rise to the threshold.
  let i = 0;
  let used = 0;
  while (i < humans.length) {
    let j = i;
    let w = 0;
    while (j < humans.length && humans[j]!.logit === humans[i]!.logit) w += humans[j++]!.weight;
    if (used + w > budget * (1 + 1e-12)) break;
    used += w;
    i = j;
  }
  let shift = 0;
  const first = humans[i];
  if (first && blocks(sigmoid(first.logit), blockBelow)) {
    const threshold = logit((blockBelow - 0.5) / 100);
    // Below the first human that must rise: the last one that may stay blocked, or (none may)
    // the highest outcome of any kind scored below it.
    const below = i > 0 ? humans[i - 1]!.logit : Math.max(-Infinity, ...items.filter((x) => x.logit < first.logit).map((x) => x.logit));
    const cut = Number.isFinite(below) ? (below + first.logit) / 2 : first.logit;
    shift = Math.max(threshold - first.logit + MARGIN, threshold - cut);
  }
  const total = items.reduce((s, x) => s + x.weight, 0);
  const meanLoss = (p: (x: HeldOutScore) => number): number => (total > 0 ? items.reduce((s, x) => s + x.weight * logLossOf(x.human, p(x)), 0) / total : NaN);
  const logLoss = meanLoss((x) => sigmoid(x.logit + shift));
  const baselineLogLoss = meanLoss((x) => x.baselineProbability);
  return {
    shift,
    heldBack: shift > 0 && !(logLoss < baselineLogLoss),
    baselineHumansBlocked: share((x) => blocks(x.baselineProbability, blockBelow)),
    fittedHumansBlocked: share((x) => blocks(sigmoid(x.logit), blockBelow)),
    humansBlocked: share((x) => blocks(sigmoid(x.logit + shift), blockBelow)),
    logLoss,
    baselineLogLoss,
  };
}

function logit(p: number): number {
  return Math.log(p / (1 - p));
}
