/**
 * Weights the customer's outcomes never exercised (pure). A feature that is 0 in every outcome a
 * model was fitted on contributed nothing to the fit (its weight stayed at the prior's) and
 * nothing to any held-out score the guards measured (verdict-guard.ts, catch-guard.ts). Their
 * recalibration is a finding about the model's fitted scores on that customer's traffic: scaling
 * a weight no outcome showed by it only weakens a signal the customer never reported, and it is
 * on kinds the customer never reported (a look-alike provider domain, a disposable domain, a
 * Tor exit) that the weight matters. So such a weight serves as the prior serves it: the prior as
 * set or fitted, shrunk by the calibration scale the model inherits (the baseline's own served
 * weight for the shared model; the shared model's served weight for a personal one). Every score
 * the guards measured is unchanged by this (the feature is 0 there), and so is every verdict on
 * traffic like the customer's.
 */
import type { LinearModel } from './train.ts';

/** Per feature: true when it is 0 in every example. */
export function unexercisedFeatures(examples: readonly { readonly features: ArrayLike<number> }[], width: number): boolean[] {
  const seen = new Array<boolean>(width).fill(false);
  for (const e of examples) for (let j = 0; j < width; j++) if (e.features[j] !== 0) seen[j] = true;
  return seen.map((s) => !s);
}

/** The served model with each unexercised weight replaced by the prior's, shrunk by `inheritedScale` (the intercept is the model's). */
export function keepPriorWhereUnexercised(served: LinearModel, prior: LinearModel, inheritedScale: number, unexercised: readonly boolean[]): LinearModel {
  if (unexercised.length !== served.weights.length || prior.weights.length !== served.weights.length) {
    throw new Error(`unexercised: ${unexercised.length} flags, ${served.weights.length} weights, ${prior.weights.length} prior weights`);
  }
  return { intercept: served.intercept, weights: served.weights.map((w, j) => (unexercised[j] ? inheritedScale * prior.weights[j]! : w)) };
}
