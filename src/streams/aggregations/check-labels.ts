/**
 * check-labels-14d + model-stats: the first outcome reported for a check wins (later ones are
 * dropped, as the API already answered 404 for them when it could tell). The first label is
 * joined with the check (check-index-14d) to emit a CheckLabelled training example, and the
 * prequential tallies of each model are updated in the same transaction (exactly once).
 * The runtime applies feedback only after the co-partitioned checks are caught up, so the
 * check a label names is in the index unless it has left the log.
 */
import type { CheckLabelled, FeedbackReceived } from '../../domain/events.ts';
import { outcomeIsHuman, type Outcome } from '../../domain/check.ts';
import { addExample, emptyTally } from '../../model/prequential.ts';
import type { Aggregation } from '../aggregation.ts';
import { compositeKey, type StoreSpec } from '../stores/store-spec.ts';
import { DAY } from '../../domain/time.ts';
import { CHECK_INDEX_14D, checkKey } from './check-index-14d.ts';
import { CheckRecordType, decode, encode, LabelType, ModelStatsType, type CheckRecord } from './store-values.ts';
import type { ModelStats } from './model-stats-value.ts';

export const CHECK_LABELS_14D: StoreSpec = { id: 4, name: 'check-labels-14d', retentionMs: 15 * DAY, segmentMs: 5 * DAY };
export const MODEL_STATS: StoreSpec = { id: 5, name: 'model-stats' };

export const labelKey = checkKey;
export const modelStatsKey = (account: string): Buffer => compositeKey(account);

export function emptyModelStats(): ModelStats {
  return { baseline: emptyTally(), learned: emptyTally(), humans: 0, fakes: 0 };
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
    learned_probability: rec.learned_probability,
  };
}

export function updateStats(s: ModelStats, ex: CheckLabelled): ModelStats {
  return {
    baseline: addExample(s.baseline, { time: ex.label_time, human: ex.human, probability: ex.baseline_probability }),
    learned:
      ex.learned_probability === null
        ? s.learned
        : addExample(s.learned, { time: ex.label_time, human: ex.human, probability: ex.learned_probability }),
    humans: s.humans + (ex.human ? 1 : 0),
    fakes: s.fakes + (ex.human ? 0 : 1),
  };
}

export const checkLabels: Aggregation<FeedbackReceived> = {
  name: 'check-labels-14d',
  stores: [CHECK_LABELS_14D, MODEL_STATS],
  reads(f, rs) {
    rs.add(CHECK_LABELS_14D, labelKey(f.account, f.check_uuid));
    rs.add(CHECK_INDEX_14D, checkKey(f.account, f.check_uuid));
    rs.add(MODEL_STATS, modelStatsKey(f.account));
  },
  apply(f, tx, emit) {
    const key = labelKey(f.account, f.check_uuid);
    if (tx.get(CHECK_LABELS_14D, key)) return; // one label per check
    tx.put(CHECK_LABELS_14D, key, encode(LabelType, { outcome: f.outcome, time: f.time }), f.check_time);
    const rawCheck = tx.get(CHECK_INDEX_14D, checkKey(f.account, f.check_uuid));
    if (!rawCheck) return;
    const ex = labelledExample(f, decode<CheckRecord>(CheckRecordType, rawCheck));
    const rawStats = tx.get(MODEL_STATS, modelStatsKey(f.account));
    const stats = rawStats ? decode<ModelStats>(ModelStatsType, rawStats) : emptyModelStats();
    tx.put(MODEL_STATS, modelStatsKey(f.account), encode(ModelStatsType, updateStats(stats, ex)), f.time);
    emit({ topic: 'labelled', key: Buffer.from(ex.domain), value: ex, timestamp: f.time });
  },
};
