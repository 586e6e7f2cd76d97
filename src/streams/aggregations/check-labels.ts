/**
 * check-labels-14d + model-stats: the first outcome reported for a check wins (later ones are
 * dropped, as the API already answered 404 for them when it could tell). The first label is
 * joined with the check (check-index-14d) to emit a CheckLabelled training example, and the
 * prequential tallies of each model are updated in the same transaction (exactly once).
 * The join is symmetric (a stream-stream join with both sides buffered): checks and feedback
 * are separate topics, so a label may be applied before its check; it then waits in
 * pending-labels-14d and the check completes the join when it arrives (labelJoinOnCheck).
 */
import type { CheckLabelled, CheckScored, FeedbackReceived } from '../../domain/events.ts';
import { outcomeIsHuman, type Outcome } from '../../domain/check.ts';
import { addExample, emptyTally, HEALTH_WINDOW, RECENT_WINDOW } from '../../model/prequential.ts';
import type { Aggregation, Emitted } from '../aggregation.ts';
import type { StoreTx } from '../stores/tx.ts';
import { accountKey } from '../stores/key-layout.ts';
import { timedStore, type StoreSpec } from '../stores/store-spec.ts';
import { DAY } from '../../domain/time.ts';
import { ACCOUNT_OUTCOMES_DAILY, ACCOUNT_OUTCOMES_DAILY_LATE, outcomeDayKey } from './account-outcomes-daily.ts';
import { CHECK_INDEX_14D, checkKey, checkRecordOf } from './check-index-14d.ts';
import { decodeCheckRecord, decodeModelStats, decodePendingLabel, encode, LabelType, ModelStatsType, PendingLabelType, type CheckRecord } from './store-values.ts';
import type { ModelStats } from './model-stats-value.ts';

export const CHECK_LABELS_14D: StoreSpec = timedStore(4, 'check-labels-14d', 15 * DAY);
export const MODEL_STATS: StoreSpec = { id: 5, name: 'model-stats', cacheAll: true };
/** Labels waiting for their check: rare (only while feedback outruns its check), so held whole. */
export const PENDING_LABELS_14D: StoreSpec = { ...timedStore(6, 'pending-labels-14d', 15 * DAY), cacheAll: true };

export const labelKey = checkKey;
export const modelStatsKey = accountKey;

export function emptyModelStats(): ModelStats {
  return { baseline: emptyTally(), learned: emptyTally(), personal: emptyTally(), humans: 0, fakes: 0 };
}

export function labelledExample(f: FeedbackReceived, rec: CheckRecord): CheckLabelled {
  return {
    check_uuid: f.check_uuid,
    account: f.account,
    domain: rec.domain,
    check_time: rec.time,
    label_time: f.time,
    outcome: f.outcome,
    human: outcomeIsHuman(f.outcome as Outcome),
    feature_version: rec.feature_version,
    features: rec.features,
    baseline_probability: rec.baseline_probability,
    served_model: rec.served_model,
    served_probability: rec.served_probability,
    // Scored at check time if a learned model existed then, else at report time (by the API,
    // carried in the feedback event): either way before any model learned from this outcome.
    learned_probability: rec.learned_probability ?? f.learned_probability ?? null,
    personal_probability: rec.personal_probability ?? f.personal_probability ?? null,
    local_shape: rec.local_shape ?? null,
  };
}

/** `keep`: the newest examples each tally keeps (the account's running tallies: HEALTH_WINDOW, what health is judged on; a day's: RECENT_WINDOW). */
export function updateStats(s: ModelStats, ex: CheckLabelled, keep = RECENT_WINDOW): ModelStats {
  return {
    baseline: addExample(s.baseline, { time: ex.label_time, human: ex.human, probability: ex.baseline_probability }, keep),
    learned:
      ex.learned_probability === null
        ? s.learned
        : addExample(s.learned, { time: ex.label_time, human: ex.human, probability: ex.learned_probability }, keep),
    personal:
      ex.personal_probability === null || ex.personal_probability === undefined
        ? s.personal
        : addExample(s.personal, { time: ex.label_time, human: ex.human, probability: ex.personal_probability }, keep),
    humans: s.humans + (ex.human ? 1 : 0),
    fakes: s.fakes + (ex.human ? 0 : 1),
  };
}

/**
 * Joins a first label with its check: tallies once (the account's running tallies, and its
 * report day's in `dayStore`: account-outcomes-daily.ts), and one CheckLabelled out.
 */
function complete(f: FeedbackReceived, rec: CheckRecord, tx: StoreTx, emit: (e: Emitted) => void, dayStore: StoreSpec): void {
  const rawStats = tx.get(MODEL_STATS, modelStatsKey(f.account));
  const stats = rawStats ? decodeModelStats(rawStats) : emptyModelStats();
  // How established a reporter the account is (domain-outcomes.ts): its running tally, read in this transaction, so a replay writes the same count.
  const ex: CheckLabelled = { ...labelledExample(f, rec), reporter_outcomes: stats.humans + stats.fakes };
  tx.put(MODEL_STATS, modelStatsKey(f.account), encode(ModelStatsType, updateStats(stats, ex, HEALTH_WINDOW)), f.time);
  const dayKey = outcomeDayKey(f.account, f.time);
  const rawDay = tx.get(dayStore, dayKey);
  tx.put(dayStore, dayKey, encode(ModelStatsType, updateStats(rawDay ? decodeModelStats(rawDay) : emptyModelStats(), ex)), f.time);
  emit({ topic: 'labelled', key: Buffer.from(ex.domain), value: ex, timestamp: f.time });
}

export const checkLabels: Aggregation<FeedbackReceived> = {
  name: 'check-labels-14d',
  stores: [CHECK_LABELS_14D, MODEL_STATS, PENDING_LABELS_14D, ACCOUNT_OUTCOMES_DAILY],
  reads(f, rs) {
    rs.add(CHECK_LABELS_14D, labelKey(f.account, f.check_uuid));
    rs.add(CHECK_INDEX_14D, checkKey(f.account, f.check_uuid));
    rs.add(MODEL_STATS, modelStatsKey(f.account));
    rs.add(ACCOUNT_OUTCOMES_DAILY, outcomeDayKey(f.account, f.time));
  },
  apply(f, tx, emit) {
    const key = labelKey(f.account, f.check_uuid);
    if (tx.get(CHECK_LABELS_14D, key)) return; // one label per check
    tx.put(CHECK_LABELS_14D, key, encode(LabelType, { outcome: f.outcome, time: f.time }), f.check_time);
    const rawCheck = tx.get(CHECK_INDEX_14D, checkKey(f.account, f.check_uuid));
    if (rawCheck) complete(f, decodeCheckRecord(rawCheck), tx, emit, ACCOUNT_OUTCOMES_DAILY);
    else tx.put(PENDING_LABELS_14D, key, encode(PendingLabelType, f), f.check_time);
  },
};

/** The check side of the join: a label that arrived first is completed by its check. */
export const labelJoinOnCheck: Aggregation<CheckScored> = {
  name: 'label-join-on-check',
  stores: [PENDING_LABELS_14D, MODEL_STATS, ACCOUNT_OUTCOMES_DAILY_LATE],
  reads(e, rs) {
    rs.add(PENDING_LABELS_14D, labelKey(e.account, e.check_uuid));
    rs.add(MODEL_STATS, modelStatsKey(e.account));
  },
  apply(e, tx, emit) {
    const key = labelKey(e.account, e.check_uuid);
    const pending = tx.get(PENDING_LABELS_14D, key);
    if (!pending) return;
    // The label's report day was unknown when this check declared its reads: the late store is held whole.
    complete(decodePendingLabel<FeedbackReceived>(pending), checkRecordOf(e), tx, emit, ACCOUNT_OUTCOMES_DAILY_LATE);
    tx.delete(PENDING_LABELS_14D, key, e.time);
  },
};
