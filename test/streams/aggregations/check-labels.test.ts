import { describe, expect, it } from 'vitest';
import type { CheckLabelled } from '../../../src/domain/events.ts';
import { checkIndex14d } from '../../../src/streams/aggregations/check-index-14d.ts';
import { checkLabels, labelJoinOnCheck, MODEL_STATS, modelStatsKey, PENDING_LABELS_14D, labelKey } from '../../../src/streams/aggregations/check-labels.ts';
import type { ModelStats } from '../../../src/streams/aggregations/model-stats-value.ts';
import { decode, ModelStatsType } from '../../../src/streams/aggregations/store-values.ts';
import type { Emitted } from '../../../src/streams/aggregation.ts';
import { aCheck, aFeedback } from '../../helpers/pipeline.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';

const stats = (tx: MemoryTx, account = 'acme'): ModelStats => decode<ModelStats>(ModelStatsType, tx.get(MODEL_STATS, modelStatsKey(account))!);

describe('label join (Given/When/Then)', () => {
  it('given a check, when its first label arrives, then one example is emitted and tallied', () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    const c = aCheck({ baseline_probability: 0.3 });
    checkIndex14d.apply(c, tx, (e) => out.push(e));
    checkLabels.apply(aFeedback(c, { outcome: 'fake' }), tx, (e) => out.push(e));
    checkLabels.apply(aFeedback(c, { outcome: 'real' }), tx, (e) => out.push(e));
    expect(out).toHaveLength(1);
    expect((out[0]!.value as CheckLabelled).outcome).toBe('fake');
    expect(stats(tx).baseline.n).toBe(1);
    expect(stats(tx).baseline.correct).toBe(1);
  });

  it('given a label that arrives before its check, when the check arrives, then the join completes once', () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    const c = aCheck({ baseline_probability: 0.9 });
    checkLabels.apply(aFeedback(c, { outcome: 'real' }), tx, (e) => out.push(e));
    expect(out).toHaveLength(0);
    expect(tx.get(PENDING_LABELS_14D, labelKey(c.account, c.check_uuid))).toBeDefined();
    checkIndex14d.apply(c, tx, () => undefined);
    labelJoinOnCheck.apply(c, tx, (e) => out.push(e));
    expect(out).toHaveLength(1);
    expect((out[0]!.value as CheckLabelled).human).toBe(true);
    expect(stats(tx).humans).toBe(1);
    expect(tx.get(PENDING_LABELS_14D, labelKey(c.account, c.check_uuid))).toBeUndefined();
    // a later label of the same check is dropped; the check seen again joins nothing
    checkLabels.apply(aFeedback(c, { outcome: 'fake' }), tx, (e) => out.push(e));
    labelJoinOnCheck.apply(c, tx, (e) => out.push(e));
    expect(out).toHaveLength(1);
    expect(stats(tx).baseline.n).toBe(1);
  });
});
