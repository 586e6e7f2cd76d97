/**
 * Which accounts a new shared model must not be served to (pure): an account with at least
 * OWN_OUTCOMES_TO_JUDGE outcomes among those it was fitted on, on whose own outcomes the model
 * does worse than the baseline. Judged on held-out probabilities (each outcome scored by a fit
 * that did not see it), against the baseline as it scored the same checks. Other customers'
 * outcomes can pull a shared model away from what is right for one account; that account is
 * then served its personal model or the baseline, never a shared model its own outcomes
 * show is worse than the baseline.
 */
import { logLossOf } from './prequential.ts';

/** An account's own outcomes from which they, not everyone's, decide whether a shared model suits it. */
export const OWN_OUTCOMES_TO_JUDGE = 50;

export interface AccountHeldOut {
  readonly example: { readonly account: string; readonly human: boolean; readonly baselineProbability: number };
  /** The candidate's held-out P(human). */
  readonly probability: number;
}

/** Accounts (sorted) with enough outcomes on which the candidate's log loss is above the baseline's. */
export function accountsWorseOff(heldOut: readonly AccountHeldOut[], minOutcomes = OWN_OUTCOMES_TO_JUDGE): string[] {
  const per = new Map<string, { n: number; model: number; baseline: number }>();
  for (const { example: e, probability } of heldOut) {
    const t = per.get(e.account) ?? { n: 0, model: 0, baseline: 0 };
    t.n++;
    t.model += logLossOf(e.human, probability);
    t.baseline += logLossOf(e.human, e.baselineProbability);
    per.set(e.account, t);
  }
  return [...per]
    .filter(([, t]) => t.n >= minOutcomes && t.model > t.baseline)
    .map(([a]) => a)
    .sort();
}
