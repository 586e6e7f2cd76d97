/**
 * The decision of one outcome report (pure): from the check it names (found by the shell from
 * a check id or an email), whether that check already has an outcome, what the state holds of
 * it, and the learned models that exist now, it refuses a second outcome (404) or returns the
 * feedback event to record. A check made before a model existed carries no probability of it;
 * its outcome is then scored by that model as it is reported (prequentially: no model has
 * learned from it yet), so each model is measured on every outcome reported after it was
 * published. No I/O, clock, env or randomness.
 */
import type { Outcome } from '../domain/check.ts';
import { notFound, type ServiceError } from '../domain/errors.ts';
import type { FeedbackReceived } from '../domain/events.ts';
import type { Scorecard } from '../model/score.ts';

/** The check an outcome is reported for. */
export interface ReportedCheck {
  readonly uuid: Buffer;
  /** When the check was made. */
  readonly time: number;
  readonly inboxHash: Buffer;
  /** How the report named it (errors name that field). */
  readonly via: 'check_id' | 'email';
}

/** What the label join will know of a check: its features and each model's probability. */
export interface CheckFeatures {
  /** The check's domain (a personal model's per-domain intercept applies there). */
  readonly domain?: string;
  readonly features: readonly number[];
  readonly feature_version: number;
  readonly learned_probability: number | null;
  readonly personal_probability?: number | null;
}

export interface FeedbackDecisionInput {
  readonly account: string;
  readonly check: ReportedCheck;
  readonly outcome: Outcome;
  /** The check has an outcome already (in the state, or reported through this instance). */
  readonly labelled: boolean;
  /** What the state holds of the check (undefined: nothing yet, e.g. another instance's check not replicated). */
  readonly record: CheckFeatures | undefined;
  /** The learned models that exist now (the shared one, the account's personal one). */
  readonly models: { readonly shared?: Scorecard | undefined; readonly personal?: Scorecard | undefined };
  /** A model's probability for a feature vector (the judgement's scoring). */
  readonly probability: (features: readonly number[], card: Scorecard, domain: string | undefined) => number;
  readonly now: number;
}

export type FeedbackDecision = { readonly ok: true; readonly event: FeedbackReceived } | { readonly ok: false; readonly error: ServiceError };

/** Whether the records of a check need reading: only when a learned model exists to score it. */
export const needsCheckRecord = (models: FeedbackDecisionInput['models']): boolean => models.shared !== undefined || models.personal !== undefined;

export function decideFeedback(input: FeedbackDecisionInput): FeedbackDecision {
  const { check, record, models } = input;
  if (input.labelled) return { ok: false, error: notFound(`${check.via}: this check already has an outcome`) };
  // A model scores the outcome only if the check carries no probability of it and has the features it reads.
  const at = (card: Scorecard | undefined, given: number | null | undefined): number | null =>
    card && record && (given === null || given === undefined) && record.feature_version === card.featureVersion ? input.probability(record.features, card, record.domain) : null;
  return {
    ok: true,
    event: {
      check_uuid: check.uuid,
      account: input.account,
      time: input.now,
      check_time: check.time,
      inbox_hash: check.inboxHash,
      outcome: input.outcome,
      via: check.via,
      learned_probability: at(models.shared, record?.learned_probability),
      personal_probability: at(models.personal, record?.personal_probability),
    },
  };
}
