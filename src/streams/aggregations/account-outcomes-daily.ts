/**
 * account-outcomes-daily: per account and UTC day of the report, the outcomes reported (real
 * or fake) and each model's prequential tally on them (GET /v1/stats). The value is the
 * model-stats value restricted to one day, updated by the label join in the same transaction
 * as the account's running tallies (check-labels.ts), so each first label counts once.
 *
 * The join completes in two places. Usually the feedback finds its check: the feedback side
 * knows the report's day before reading anything, and writes account-outcomes-daily. When
 * the label arrived first (feedback consumed ahead of checks: under load, or replaying the
 * log), the check completes it, and the check cannot know the waiting label's day before it
 * reads it: those outcomes go to account-outcomes-daily-late, a store held whole in memory
 * (any key may be read without declaring it), and a day's figures are the two values merged.
 * A tally merge is order-free (sums, and the newest examples by time), so a rebuild that
 * completes joins on the other side gives the same figures.
 */
import { DAY } from '../../domain/time.ts';
import { summarize, type ModelScoreSummary } from '../../model/prequential.ts';
import { timedStore, type StoreSpec } from '../stores/store-spec.ts';
import type { ModelStats } from './model-stats-value.ts';
import { accountDayKey } from './account-checks-daily.ts';
import { dayOf } from './usage-daily.ts';

export const ACCOUNT_OUTCOMES_DAILY: StoreSpec = timedStore(31, 'account-outcomes-daily', 400 * DAY);
/** Joins completed by the check (rare outside replays): small, so held whole. */
export const ACCOUNT_OUTCOMES_DAILY_LATE: StoreSpec = { ...timedStore(32, 'account-outcomes-daily-late', 400 * DAY), cacheAll: true };

export const outcomeDayKey = (account: string, labelTime: number): Buffer => accountDayKey(account, dayOf(labelTime));

export interface OutcomeDayView {
  real: number;
  fake: number;
  baseline: ModelScoreSummary | null;
  /** The shared learned model, on this account's outcomes of the day it scored. */
  learned: ModelScoreSummary | null;
  /** The account's personal model, likewise. */
  personal: ModelScoreSummary | null;
}

/** One day's figures from its values in both stores (either may be absent). */
export function outcomeDayView(parts: readonly (ModelStats | undefined)[]): OutcomeDayView {
  const ps = parts.filter((p): p is ModelStats => p !== undefined);
  const scored = (pick: (p: ModelStats) => ModelStats['baseline']) => summarize(ps.map(pick).filter((t) => t.n > 0));
  return {
    real: ps.reduce((s, p) => s + p.humans, 0),
    fake: ps.reduce((s, p) => s + p.fakes, 0),
    baseline: scored((p) => p.baseline),
    learned: scored((p) => p.learned),
    personal: scored((p) => p.personal),
  };
}
