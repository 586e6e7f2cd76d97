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
