/**
 * Which model an account is served (pure), as README's Model section says: `off` -> baseline; `on` -> the
 * learned model as soon as one exists; `auto` -> a learned model only while it is healthy,
 * i.e. its prequential recent log loss is below the baseline's over at least the last
 * RECENT_WINDOW examples it scored. Two learned models can apply to an account: the shared one
 * (judged on every account's outcomes) and the account's personal one (judged on the
 * account's own outcomes only, so no account's figures decide what another is served).
 */
import { RECENT_WINDOW, type ModelScoreSummary, type StatsSummary } from './prequential.ts';
import type { Scorecard } from './score.ts';

export type ModelMode = 'off' | 'on' | 'auto';
export type ServedModel = 'baseline' | 'shared' | 'personal';

export function learnedHealthy(baseline: ModelScoreSummary | null, learned: ModelScoreSummary | null, learnedExamples: number): boolean {
  return baseline !== null && learned !== null && learnedExamples >= RECENT_WINDOW && learned.recent_log_loss < baseline.recent_log_loss;
}

/** One learned model as it stands for one account. */
export interface LearnedStanding {
  /** 0: no such model. */
  readonly version: number;
  /** Beats the baseline: the shared model on everyone's recent outcomes, a personal one on its account's. */
  readonly healthy: boolean;
  /** Its recent log loss on this account's own outcomes (null: it scored none of them yet). */
  readonly recentOwn: number | null;
  /** How many of this account's outcomes it scored. */
  readonly ownExamples: number;
}

export interface AccountModels {
  readonly shared: LearnedStanding;
  readonly personal: LearnedStanding;
}

const NONE: LearnedStanding = { version: 0, healthy: false, recentOwn: null, ownExamples: 0 };

/**
 * The standing of an account's learned models from the prequential summaries: `everyone`
 * merges every account's tallies, `own` is the account's alone.
 */
export function accountModels(shared: Scorecard | undefined, personal: Scorecard | undefined, everyone: StatsSummary, own: StatsSummary | undefined): AccountModels {
  return {
    shared: shared
      ? {
          version: shared.version,
          healthy: learnedHealthy(everyone.baseline, everyone.learned, everyone.learnedExamples),
          recentOwn: own?.learned?.recent_log_loss ?? null,
          ownExamples: own?.learnedExamples ?? 0,
        }
      : NONE,
    personal:
      personal && own
        ? {
            version: personal.version,
            healthy: learnedHealthy(own.baseline, own.personal, own.personalExamples),
            recentOwn: own.personal?.recent_log_loss ?? null,
            ownExamples: own.personalExamples,
          }
        : personal
          ? { ...NONE, version: personal.version }
          : NONE,
  };
}

/**
 * `on`: the newer learned model (a personal model no longer refitted gives way to a newer
 * shared one). `auto` (README, Model): an account whose personal model beats the baseline on its
 * own recent outcomes is served it; only a healthy shared model that has scored a full window
 * of the account's own outcomes and does strictly better on them takes over (the same
 * outcomes: both score every outcome once they exist), so a few outcomes never flip it.
 * Otherwise the shared model while healthy, else the baseline.
 */
export function servedModel(mode: ModelMode, m: AccountModels): ServedModel {
  const hasShared = m.shared.version > 0;
  const hasPersonal = m.personal.version > 0;
  if (mode === 'off' || (!hasShared && !hasPersonal)) return 'baseline';
  if (mode === 'on') return hasPersonal && (!hasShared || m.personal.version > m.shared.version) ? 'personal' : 'shared';
  const sharedOk = hasShared && m.shared.healthy;
  if (hasPersonal && m.personal.healthy) return sharedOk && sharedBeatsPersonal(m) ? 'shared' : 'personal';
  return sharedOk ? 'shared' : 'baseline';
}

/** The shared model does strictly better than the personal one over a full window of the account's outcomes. */
function sharedBeatsPersonal(m: AccountModels): boolean {
  return (
    m.shared.ownExamples >= RECENT_WINDOW &&
    m.personal.ownExamples >= RECENT_WINDOW &&
    m.shared.recentOwn !== null &&
    m.personal.recentOwn !== null &&
    m.shared.recentOwn < m.personal.recentOwn
  );
}

/**
 * The learned model /v1/model describes to an account: the one it is served, else the newer
 * of the two (what the account waits on), else none.
 */
export function reportedModel(served: ServedModel, m: AccountModels): 'shared' | 'personal' | undefined {
  if (served !== 'baseline') return served;
  if (m.personal.version === 0 && m.shared.version === 0) return undefined;
  return m.personal.version > m.shared.version ? 'personal' : 'shared';
}
