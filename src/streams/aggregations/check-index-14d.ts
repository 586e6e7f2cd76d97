/**
 * check-index-14d: per account and check uuid, what the label join needs (features and the
 * probabilities each model gave at check time). Feedback can only label checks of the last
 * 14 days, so that is the retention (+1 day grace).
 */
import type { CheckScored } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import type { Aggregation } from '../aggregation.ts';
import { accountHashKey } from '../stores/key-layout.ts';
import { timedStore, type StoreSpec } from '../stores/store-spec.ts';
import { encodeCheckRecord, type CheckRecord } from './store-values.ts';

// Written blind (a check uuid is new: nothing to read first), so it never enters the runtime's cache.
export const CHECK_INDEX_14D: StoreSpec = { ...timedStore(2, 'check-index-14d', 15 * DAY), blind: true };

export const checkKey = accountHashKey;

export function checkRecordOf(e: CheckScored): CheckRecord {
  return {
    domain: e.domain,
    time: e.time,
    feature_version: e.feature_version,
    features: e.features,
    baseline_probability: e.baseline_probability,
    served_model: e.served_model,
    served_probability: e.served_probability,
    learned_probability: e.learned_probability,
    personal_probability: e.personal_probability ?? null,
    local_shape: e.local_shape,
  };
}

export const checkIndex14d: Aggregation<CheckScored> = {
  name: 'check-index-14d',
  stores: [CHECK_INDEX_14D],
  reads() {
    // Write-only: a check uuid is unique, so nothing needs reading.
  },
  apply(e, tx) {
    tx.put(CHECK_INDEX_14D, checkKey(e.account, e.check_uuid), encodeCheckRecord(checkRecordOf(e)), e.time);
  },
};
