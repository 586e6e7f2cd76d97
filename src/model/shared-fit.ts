/**
 * What the shared model is fitted on (pure): every account's outcomes but those left out
 * (account-agreement.ts), each weighted so that no account weighs more than its fair share
 * (tenant-weights.ts). The trainer composes it before the fit; tests and simulations compose
 * the same, so what they measure is what the trainer fits.
 */
import { accountsToLeaveOut, type RankedOutcome } from './account-agreement.ts';
import { accountWeights, MAX_ACCOUNT_SHARE, weightedShares } from './tenant-weights.ts';
import { trainingDue } from './training-policy.ts';

export interface SharedFit<E> {
  /** The outcomes fitted on, each with its weight (> 0). */
  readonly examples: readonly (E & { readonly weight: number })[];
  /** Accounts (sorted) whose outcomes were left out. */
  readonly leftOut: readonly string[];
  /** Some were left out and those kept are too few for a model that may serve (fitted and held back). */
  readonly tooFew: boolean;
  /** Each kept account's share of the summed weight. */
  readonly shares: ReadonlyMap<string, number>;
  /** Both kinds among those kept (a model can be fitted). */
  readonly fittable: boolean;
}

/** The shared fit's outcomes and weights from every account's `examples`. */
export function sharedFit<E extends RankedOutcome>(examples: readonly E[], cap = MAX_ACCOUNT_SHARE): SharedFit<E> {
  const leftOut = accountsToLeaveOut(examples);
  const out = new Set(leftOut);
  const kept = out.size ? examples.filter((e) => !out.has(e.account)) : examples;
  const counts = new Map<string, number>();
  let humans = 0;
  for (const e of kept) {
    counts.set(e.account, (counts.get(e.account) ?? 0) + 1);
    if (e.human) humans++;
  }
  const weightOf = accountWeights(counts, cap);
  const tooFew = leftOut.length > 0 && !trainingDue({ humans, fakes: kept.length - humans, newSinceModel: kept.length }).due;
  return {
    examples: kept.map((e) => ({ ...e, weight: weightOf.get(e.account)! })),
    leftOut,
    tooFew,
    shares: weightedShares(counts, cap),
    fittable: humans > 0 && humans < kept.length,
  };
}
