/** Builders for model service tests: realistic prequential tallies and a learned model source. */
import { FEATURE_NAMES, FEATURE_VERSION } from '../../src/model/features.ts';
import { learnedScorecard } from '../../src/model/learned.ts';
import { addExample, emptyTally, HEALTH_WINDOW, type ModelTally } from '../../src/model/prequential.ts';
import type { Scorecard } from '../../src/model/score.ts';
import type { ModelPublished } from '../../src/domain/events.ts';
import type { LearnedModelSource } from '../../src/service/model-service.ts';
import type { ModelStats } from '../../src/streams/aggregations/model-stats-value.ts';

export interface AccountOutcomes {
  humans: number;
  fakes: number;
  /** P(human) the baseline gave every check (humans get p, fakes 1 - p: the same loss for both). */
  baselineP: number;
  /** P(human) the shared learned model gave, or null when the checks were scored without one. */
  learnedP: number | null;
  /** How many of the outcomes the shared learned model had scored (the newest ones); all by default. */
  learnedScored?: number;
  /** P(human) the account's personal model gave (none by default). */
  personalP?: number | null;
  /** How many of the outcomes the personal model had scored (the newest ones); all by default. */
  personalScored?: number;
  startTime?: number;
}

/** One account's ModelStats, built with the same tally code the aggregation uses (running tallies: HEALTH_WINDOW kept). */
export function statsOf(o: AccountOutcomes): ModelStats {
  let baseline: ModelTally = emptyTally();
  let learned: ModelTally = emptyTally();
  let personal: ModelTally = emptyTally();
  const total = o.humans + o.fakes;
  const scored = o.learnedP === null ? 0 : (o.learnedScored ?? total);
  const personalP = o.personalP ?? null;
  const personalScored = personalP === null ? 0 : (o.personalScored ?? total);
  for (let i = 0; i < total; i++) {
    const human = i < o.humans;
    const time = (o.startTime ?? 1_000) + i;
    baseline = addExample(baseline, { time, human, probability: human ? o.baselineP : 1 - o.baselineP }, HEALTH_WINDOW);
    if (o.learnedP !== null && i >= total - scored) {
      learned = addExample(learned, { time, human, probability: human ? o.learnedP : 1 - o.learnedP }, HEALTH_WINDOW);
    }
    if (personalP !== null && i >= total - personalScored) {
      personal = addExample(personal, { time, human, probability: human ? personalP : 1 - personalP }, HEALTH_WINDOW);
    }
  }
  return { baseline, learned, personal, humans: o.humans, fakes: o.fakes };
}

export function fakeQueries(rows: () => { account: string; stats: ModelStats }[] | Promise<{ account: string; stats: ModelStats }[]>) {
  const calls: number[] = [];
  return {
    calls,
    modelStats: async (now: number) => {
      calls.push(now);
      return rows();
    },
  };
}

export function learnedCard(version: number, account?: string, withheldFrom: string[] = [], adjusted: string[] = [], extra: Partial<ModelPublished> = {}): Scorecard {
  const card = learnedScorecard({
    version,
    feature_version: FEATURE_VERSION,
    intercept: 0.1,
    weights: FEATURE_NAMES.map(() => 0.2),
    trained_at: 0,
    examples: 300,
    trained_through: 0,
    humans: 150,
    fakes: 150,
    l2: 10,
    train_log_loss: 0.4,
    holdout_log_loss: 0.4,
    baseline_holdout_log_loss: 0.5,
    ...(account ? { account } : {}),
    withheld_accounts: withheldFrom,
    adjusted,
    ...extra,
  });
  if (!card) throw new Error('fixture: learned model rejected');
  return card;
}

/** A version the trainer held back ('' = the shared model's scope, else an account's); for over-blocking unless `adjusted` says what for. */
export function heldBackRecord(version: number, account?: string, adjusted?: string[], extra: Partial<ModelPublished> = {}): ModelPublished {
  return {
    version,
    feature_version: FEATURE_VERSION,
    intercept: 0.1,
    weights: FEATURE_NAMES.map(() => 0.2),
    trained_at: 0,
    examples: 300,
    trained_through: 0,
    humans: 150,
    fakes: 150,
    l2: 10,
    train_log_loss: 0.4,
    holdout_log_loss: 0.4,
    baseline_holdout_log_loss: 0.5,
    account: account ?? null,
    held_back: adjusted && !adjusted.includes('over_blocking') ? 'over_allowing' : 'over_blocking',
    ...(adjusted ? { adjusted } : {}),
    ...extra,
  };
}

/** A learned model source whose models the test sets: `card` is the shared one, `personalCards` each account's, `held` held-back versions by scope. */
export function source(
  card: Scorecard | undefined,
  personalCards: Record<string, Scorecard> = {},
  held: Record<string, ModelPublished> = {},
): LearnedModelSource & { card: Scorecard | undefined; personalCards: Record<string, Scorecard> } {
  return {
    card,
    personalCards,
    shared() {
      return this.card;
    },
    personal(account) {
      return this.personalCards[account];
    },
    heldBack: (account) => held[account ?? ''],
  };
}
