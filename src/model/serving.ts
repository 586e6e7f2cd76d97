/**
 * Which model an account is served (pure), as README's Model section says: `off` -> baseline; `on` -> the
 * learned model as soon as one exists; `auto` -> a learned model only while it is healthy,
 * i.e. its prequential recent log loss is below the baseline's on the same outcomes: the newest
 * it scored, at least RECENT_WINDOW and at most HEALTH_WINDOW of them (prequential.ts). Two learned models can apply to an account: the shared one
 * (judged for the account on its own outcomes, or on a tenant-balanced window of everyone's:
 * shared-health.ts) and the account's personal one (judged on the account's own outcomes only,
 * so no account's figures decide what another is served). A shared model the trainer found
 * worse than the baseline on the account's own outcomes is never served to it, in any mode.
 */
import { RECENT_WINDOW, type ModelScoreSummary, type PairedRecent, type StatsSummary } from './prequential.ts';
import type { Scorecard } from './score.ts';
import type { SharedJudgement } from './shared-health.ts';

export type ModelMode = 'off' | 'on' | 'auto';
export type ServedModel = 'baseline' | 'shared' | 'personal';

/** `baseline` and `learned` summarise the same outcomes, `learnedExamples` of them. */
export function learnedHealthy(baseline: ModelScoreSummary | null, learned: ModelScoreSummary | null, learnedExamples: number): boolean {
  return baseline !== null && learned !== null && learnedExamples >= RECENT_WINDOW && learned.recent_log_loss < baseline.recent_log_loss;
}

/** A model beats the other over the same recent outcomes, at least RECENT_WINDOW of them. */
export function beatsOn(p: PairedRecent | null): boolean {
  return p !== null && p.n >= RECENT_WINDOW && p.model < p.other;
}

/** One learned model as it stands for one account. */
export interface LearnedStanding {
  /** 0: no such model. */
  readonly version: number;
  /** Beats the baseline: the shared model on the outcomes it is judged on for this account, a personal one on its account's. */
  readonly healthy: boolean;
  /** The shared model does worse than the baseline on this account's own outcomes (trainer's held-out check): never served to it. */
  readonly withheld: boolean;
  /** Its recent log loss on this account's own outcomes that both learned models scored (null: none yet). */
  readonly recentOwn: number | null;
  /** How many of this account's outcomes that both learned models scored it is compared on. */
  readonly ownExamples: number;
}

export interface AccountModels {
  readonly shared: LearnedStanding;
  readonly personal: LearnedStanding;
}

const NONE: LearnedStanding = { version: 0, healthy: false, withheld: false, recentOwn: null, ownExamples: 0 };

/**
 * The standing of an account's learned models: `sharedFor` is how the shared model stands on
 * the outcomes it is judged on for this account (shared-health.ts), `own` the account's own
 * prequential summary.
 */
export function accountModels(account: string, shared: Scorecard | undefined, personal: Scorecard | undefined, sharedFor: SharedJudgement, own: StatsSummary | undefined): AccountModels {
  const withheld = shared?.withheldFrom?.has(account) ?? false;
  // The shared and the personal model compared on the same own outcomes (those both scored).
  const both = own?.comparisons?.sharedVsPersonal ?? null;
  return {
    shared: shared
      ? {
          version: shared.version,
          healthy: sharedFor.healthy && !withheld,
          withheld,
          recentOwn: both?.model ?? null,
          ownExamples: both?.n ?? 0,
        }
      : NONE,
    personal:
      personal && own
        ? {
            version: personal.version,
            healthy: beatsOn(own.comparisons?.personal ?? null),
            withheld: false,
            recentOwn: both?.other ?? null,
            ownExamples: both?.n ?? 0,
          }
        : personal
          ? { ...NONE, version: personal.version }
          : NONE,
  };
}

/**
 * `on`: the newer learned model. `auto` (README, Model): an account whose personal model beats
 * the baseline on its own recent outcomes is served it; only a healthy shared model that has scored a full window
 * of the account's own outcomes and does strictly better on them takes over (the same
 * outcomes: both score every outcome once they exist), so a few outcomes never flip it.
 * Otherwise the shared model while healthy, else the baseline.
 */
export function servedModel(mode: ModelMode, m: AccountModels): ServedModel {
  const hasShared = m.shared.version > 0 && !m.shared.withheld;
  const hasPersonal = m.personal.version > 0;
  if (mode === 'off' || (!hasShared && !hasPersonal)) return 'baseline';
  if (mode === 'on') return hasPersonal && (!hasShared || m.personal.version > m.shared.version) ? 'personal' : 'shared';
  const sharedOk = hasShared && m.shared.healthy;
  if (hasPersonal && m.personal.healthy) return sharedOk && sharedBeatsPersonal(m) ? 'shared' : 'personal';
  return sharedOk ? 'shared' : 'baseline';
}

/** The shared model does strictly better than the personal one over at least RECENT_WINDOW of the account's outcomes that both scored. */
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
