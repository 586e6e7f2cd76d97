/**
 * When the trainer fits a new version (pure). The thresholds are also what /v1/model's
 * recommendation quotes, so the advice and the trainer cannot disagree.
 */

/** Labelled examples a learned model needs before the first fit. */
export const MIN_TRAINING_EXAMPLES = 200;
/** ...with at least this many of each outcome kind. */
export const MIN_EXAMPLES_PER_CLASS = 20;
/** Outcomes newer than the current version that justify fitting the next one. */
export const NEW_EXAMPLES_FOR_RETRAIN = 50;

export interface TrainingSetSummary {
  readonly humans: number;
  readonly fakes: number;
  /** Examples labelled after the newest published model's trained_through (all when none). */
  readonly newSinceModel: number;
}

export type TrainingDecision = { due: true } | { due: false; why: string };

export function trainingDue(s: TrainingSetSummary, force = false): TrainingDecision {
  const total = s.humans + s.fakes;
  if (total < MIN_TRAINING_EXAMPLES) return { due: false, why: `${total} labelled examples, ${MIN_TRAINING_EXAMPLES} needed` };
  if (s.humans < MIN_EXAMPLES_PER_CLASS) return { due: false, why: `${s.humans} real-person outcomes, ${MIN_EXAMPLES_PER_CLASS} needed` };
  if (s.fakes < MIN_EXAMPLES_PER_CLASS) return { due: false, why: `${s.fakes} fake outcomes, ${MIN_EXAMPLES_PER_CLASS} needed` };
  if (!force && s.newSinceModel < NEW_EXAMPLES_FOR_RETRAIN) {
    return { due: false, why: `${s.newSinceModel} outcomes since the current version, ${NEW_EXAMPLES_FOR_RETRAIN} needed for the next` };
  }
  return { due: true };
}

/** An account's own outcomes before it can have a personal model (README, Personal models: "at least 50"). */
export const PERSONAL_MIN_EXAMPLES = 50;
/** ...with at least this many of each outcome kind. */
export const PERSONAL_MIN_PER_CLASS = 10;
/** The account's outcomes newer than its personal model that justify the next one. */
export const PERSONAL_NEW_FOR_RETRAIN = 25;
/**
 * Past this share of the shared model's training weight, the shared model is fitted on the
 * account's outcomes already: the account's personal model keeps the shared model's weights
 * (fitting them again on the same outcomes, pulled towards themselves, would count those
 * outcomes twice) and adds only what the shared model never has, its per-domain effects.
 * Weights are capped per account (tenant-weights.ts), so in practice only an account alone
 * reaches it.
 */
export const PERSONAL_MAX_SHARE = 0.9;

/**
 * Whether an account's personal model is due; `force`: even with few new outcomes. However much
 * of the shared model's outcomes an account's are, its personal model is refitted: it carries
 * what the shared model never does, the account's own per-domain effects (domain-effects.ts).
 */
export function personalTrainingDue(s: TrainingSetSummary, force = false): TrainingDecision {
  const total = s.humans + s.fakes;
  if (total < PERSONAL_MIN_EXAMPLES) return { due: false, why: `${total} of the account's outcomes, ${PERSONAL_MIN_EXAMPLES} needed` };
  if (s.humans < PERSONAL_MIN_PER_CLASS) return { due: false, why: `${s.humans} of the account's real-person outcomes, ${PERSONAL_MIN_PER_CLASS} needed` };
  if (s.fakes < PERSONAL_MIN_PER_CLASS) return { due: false, why: `${s.fakes} of the account's fake outcomes, ${PERSONAL_MIN_PER_CLASS} needed` };
  if (!force && s.newSinceModel < PERSONAL_NEW_FOR_RETRAIN) {
    return { due: false, why: `${s.newSinceModel} of the account's outcomes since its current version, ${PERSONAL_NEW_FOR_RETRAIN} needed for the next` };
  }
  return { due: true };
}
