/**
 * The mirror of the verdict guard (pure): a learned model lets through no larger share of known
 * fakes than the baseline. The verdict guard (verdict-guard.ts) holds the block cut, so that the
 * model blocks no more known humans than the baseline; what a customer also accepted from the
 * baseline is the share of fakes it does not let through unseen (`review` or `block`). A model
 * that ranks better can keep both: fewer humans under the block cut, and as many fakes under the
 * allow cut. Raising it for the humans it must not block lifts every fake with them, so, left
 * alone, it lets through more fakes than the baseline (docs/scorecard.md §6).
 *
 * Its lever is the one the model inherits from the baseline anyway: the shrink of its log-odds
 * towards the block cut (calibration.ts), logit' = pivot + scale × (logit − pivot). It only makes
 * that shrink stronger, the least that brings the held-out fakes under the allow cut up to the
 * baseline's share. Pivoting at the block cut is what keeps the two guards from fighting: no
 * logit crosses the pivot, so every block stays as the verdict guard left it and nobody else is
 * blocked; the map is increasing, so the ranking (AUC) is unchanged; only the scores above the
 * block cut come closer to it, which moves the band between block and allow and nothing else
 * of the verdicts. It is affine, so the model as served is still a linear scorecard whose
 * evidence impacts sum to its logit.
 *
 * Where the allow cut goes is an order statistic of the held-out fakes, as the verdict guard's
 * block threshold is one of its humans (verdict-guard.ts). Of n held-out fakes, a new fake falls
 * under the j-th lowest in j/(n + 1) of cases on average. The baseline's cut was not read off
 * them, so its k of n is what it catches of new fakes too; the model keeps that only with
 * j/(n + 1) >= k/n, that is j >= k + k/n: the (k + 1)-th lowest, the first fake it may let
 * through, which it catches with the k under it ((k + 1)/(n + 1) >= k/n whenever k <= n). Halfway
 * between the k-th and the (k + 1)-th (until round 21) catches about (k + 1/2)/(n + 1) of new fakes,
 * short of k/n whenever k > n/2: by (k − n/2)/(n + 1) fakes in n, a third of one at k/n = 0.83.
 * When that fake is one of several at the same logit (the same features and domain), new fakes
 * like them score that logit exactly: no position among them to be pessimistic about, and the
 * cut stays halfway below them, as the verdict guard keeps a tie of humans whole. When every fake
 * must be caught, the cut is just past the highest.
 */
import { blockCutLogit } from './calibration.ts';
import { humanScoreOf } from './score.ts';

export interface CatchItem {
  readonly human: boolean;
  /** The outcome's weight (tenant shares); 1 when unweighted. */
  readonly weight: number;
  /** The model's logit for it before the shrink (held out: from a fit that did not see it, then the verdict guard's map). */
  readonly logit: number;
  /** What the baseline gave it at check time. */
  readonly baselineProbability: number;
}

export interface CatchCuts {
  /** A human_score below this is a block (MAILSIFT_VERDICT_REVIEW): the shrink's pivot. */
  readonly blockBelow: number;
  /** A human_score at or above this is an allow (MAILSIFT_VERDICT_ALLOW). */
  readonly allowAtLeast: number;
}

export interface CatchGuard {
  /** The shrink to serve with: the inherited one, or a stronger one (smaller, > 0) when the model let through more fakes. */
  readonly scale: number;
  /** Weighted share of held-out fakes under the allow cut: by the baseline, at the inherited shrink, and at `scale`. */
  readonly baselineFakesCaught: number;
  readonly inheritedFakesCaught: number;
  readonly fakesCaught: number;
}

/** A human_score below `allowAtLeast` is not an allow: review or block, a fake caught. */
export const caught = (probability: number, allowAtLeast: number): boolean => humanScoreOf(probability) < allowAtLeast;

/** Below the exact cut, so rounding lands the fake on the review side. */
const MARGIN = 1e-6;

/** The logit an item is served with under the shrink `scale` towards `pivot`. */
const shrunk = (logit: number, scale: number, pivot: number): number => pivot + scale * (logit - pivot);

/**
 * The weakest shrink, at most `inheritedScale`, under which the held-out fakes below the allow
 * cut weigh at least what the baseline's did. With no fake, no fake the baseline caught, or cuts
 * that leave no band between block and allow, the inherited shrink stands.
 */
export function guardCatches(items: readonly CatchItem[], cuts: CatchCuts, inheritedScale: number): CatchGuard {
  if (!(inheritedScale > 0 && inheritedScale <= 1)) throw new Error(`catch guard: inherited scale must be in (0, 1], got ${inheritedScale}`);
  const pivot = blockCutLogit(cuts.blockBelow);
  const allowCut = blockCutLogit(cuts.allowAtLeast);
  const fakes = items.filter((x) => !x.human).sort((a, b) => a.logit - b.logit);
  const fakeWeight = fakes.reduce((s, x) => s + x.weight, 0);
  const share = (isCaught: (x: CatchItem) => boolean): number => (fakeWeight > 0 ? fakes.reduce((s, x) => s + (isCaught(x) ? x.weight : 0), 0) / fakeWeight : 0);
  const budget = fakes.reduce((s, x) => s + (caught(x.baselineProbability, cuts.allowAtLeast) ? x.weight : 0), 0);
  const caughtAt = (scale: number) => (x: CatchItem): boolean => shrunk(x.logit, scale, pivot) < allowCut;
  const baselineFakesCaught = share((x) => caught(x.baselineProbability, cuts.allowAtLeast));
  const inheritedFakesCaught = share(caughtAt(inheritedScale));
  const unchanged = { scale: inheritedScale, baselineFakesCaught, inheritedFakesCaught, fakesCaught: inheritedFakesCaught };
  if (budget <= 0 || !(allowCut > pivot)) return unchanged;

  // The lowest-scored fakes that together weigh the baseline's budget, ties together: all of
  // them must fall under the allow cut; the first one past them may stay above it.
  let i = 0;
  let used = 0;
  while (i < fakes.length && used < budget * (1 - 1e-12)) {
    const at = fakes[i]!.logit;
    while (i < fakes.length && fakes[i]!.logit === at) used += fakes[i++]!.weight;
  }
  const last = fakes[i - 1]!.logit;
  if (caughtAt(inheritedScale)(fakes[i - 1]!)) return unchanged;
  const next = fakes[i]?.logit;
  // The allow cut at the first fake it may let through (the order statistic, above), which is
  // caught with the rest; halfway below it when it is one of a tie; just past the last one it
  // must catch when none is above it.
  const tied = next !== undefined && fakes[i + 1]?.logit === next;
  const at = next === undefined ? last : tied ? (last + next) / 2 : next;
  const scale = Math.min(inheritedScale, (allowCut - MARGIN - pivot) / (at - pivot));
  return { scale, baselineFakesCaught, inheritedFakesCaught, fakesCaught: share(caughtAt(scale)) };
}
