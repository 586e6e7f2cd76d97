import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import type { CheckLabelled } from '../../../src/domain/events.ts';
import { checkIndex14d } from '../../../src/streams/aggregations/check-index-14d.ts';
import { checkLabels, labelJoinOnCheck, MODEL_STATS, modelStatsKey, PENDING_LABELS_14D, labelKey } from '../../../src/streams/aggregations/check-labels.ts';
import type { ModelStats } from '../../../src/streams/aggregations/model-stats-value.ts';
import { CHECK_INDEX_14D, checkKey, checkRecordOf } from '../../../src/streams/aggregations/check-index-14d.ts';
import { CheckRecordType, decode, decodeCheckRecord, decodeModelStats, ModelStatsType, PendingLabelType } from '../../../src/streams/aggregations/store-values.ts';
import type { Emitted } from '../../../src/streams/aggregation.ts';
import { HEALTH_WINDOW, RECENT_WINDOW } from '../../../src/model/prequential.ts';
import { ACCOUNT_OUTCOMES_DAILY } from '../../../src/streams/aggregations/account-outcomes-daily.ts';
import { aCheck, aFeedback } from '../../helpers/pipeline.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';

const stats = (tx: MemoryTx, account = 'acme'): ModelStats => decode<ModelStats>(ModelStatsType, tx.get(MODEL_STATS, modelStatsKey(account))!);

/** The store value type as an older build wrote it: the same record without the named (newer) fields. */
function without(type: avro.Type, ...names: string[]): avro.Type {
  const schema = type.schema() as { fields: { name: string }[] };
  return avro.Type.forSchema({ ...schema, fields: schema.fields.filter((x) => !names.includes(x.name)) } as never);
}

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

  it("keeps the newest HEALTH_WINDOW outcomes in the account's running tallies (what health is judged on) and RECENT_WINDOW in a day's", () => {
    const tx = new MemoryTx();
    for (let i = 0; i < HEALTH_WINDOW + 20; i++) {
      const c = aCheck({ baseline_probability: 0.3 });
      checkIndex14d.apply(c, tx, () => undefined);
      checkLabels.apply(aFeedback(c, { outcome: 'fake' }), tx, () => undefined);
    }
    expect(stats(tx).baseline.n).toBe(HEALTH_WINDOW + 20);
    expect(stats(tx).baseline.recent).toHaveLength(HEALTH_WINDOW);
    const days = [...tx.data].filter(([k]) => k.startsWith(`${ACCOUNT_OUTCOMES_DAILY.id}:`)).map(([, v]) => decodeModelStats(v));
    expect(days.length).toBeGreaterThan(0);
    expect(days.reduce((s, d) => s + d.baseline.n, 0)).toBe(HEALTH_WINDOW + 20);
    for (const d of days) expect(d.baseline.recent.length).toBeLessThanOrEqual(RECENT_WINDOW);
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

  it('given a check no learned model scored, when its label carries the report-time learned probability, then the learned model is tallied with it', () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    const early = aCheck({ baseline_probability: 0.6, learned_probability: null });
    checkIndex14d.apply(early, tx, () => undefined);
    checkLabels.apply(aFeedback(early, { outcome: 'fake', learned_probability: 0.2 }), tx, (e) => out.push(e));
    expect((out[0]!.value as CheckLabelled).learned_probability).toBe(0.2);
    expect(stats(tx).learned.n).toBe(1);
    expect(stats(tx).learned.correct).toBe(1);
    expect(stats(tx).baseline.correct).toBe(0);

    // A check the learned model scored keeps its check-time probability.
    const later = aCheck({ baseline_probability: 0.6, learned_probability: 0.9 });
    checkIndex14d.apply(later, tx, () => undefined);
    checkLabels.apply(aFeedback(later, { outcome: 'fake', learned_probability: 0.1 }), tx, (e) => out.push(e));
    expect((out[1]!.value as CheckLabelled).learned_probability).toBe(0.9);
    expect(stats(tx).learned.n).toBe(2);
    expect(stats(tx).learned.correct).toBe(1);
  });

  it('keeps the report-time learned probability of a label that waits for its check, and reads pending labels stored before it existed', () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    const c = aCheck({ learned_probability: null });
    checkLabels.apply(aFeedback(c, { outcome: 'real', learned_probability: 0.7 }), tx, () => undefined);
    checkIndex14d.apply(c, tx, () => undefined);
    labelJoinOnCheck.apply(c, tx, (e) => out.push(e));
    expect((out[0]!.value as CheckLabelled).learned_probability).toBe(0.7);

    // A pending label written by the previous version (no learned_probability field).
    const old = aCheck({ learned_probability: null });
    const f = aFeedback(old, { outcome: 'real' });
    const v1 = without(PendingLabelType, 'learned_probability', 'personal_probability');
    tx.put(PENDING_LABELS_14D, labelKey(old.account, old.check_uuid), v1.toBuffer(f));
    checkIndex14d.apply(old, tx, () => undefined);
    labelJoinOnCheck.apply(old, tx, (e) => out.push(e));
    expect(out).toHaveLength(2);
    expect((out[1]!.value as CheckLabelled).learned_probability).toBeNull();
    expect((out[1]!.value as CheckLabelled).human).toBe(true);
  });

  it("given an account's personal model, its probabilities are tallied apart from the shared model's", () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    // Scored at check time by the shared (0.4: wrong) and the personal (0.8: right) model.
    const c = aCheck({ baseline_probability: 0.6, learned_probability: 0.4, personal_probability: 0.8 });
    checkIndex14d.apply(c, tx, () => undefined);
    checkLabels.apply(aFeedback(c, { outcome: 'real' }), tx, (e) => out.push(e));
    // Made before the personal model existed: scored by it when reported.
    const early = aCheck({ baseline_probability: 0.6, learned_probability: 0.3, personal_probability: null });
    checkIndex14d.apply(early, tx, () => undefined);
    checkLabels.apply(aFeedback(early, { outcome: 'real', personal_probability: 0.7 }), tx, (e) => out.push(e));
    // Another account without a personal model.
    const other = aCheck({ account: 'globex', baseline_probability: 0.6, learned_probability: 0.9 });
    checkIndex14d.apply(other, tx, () => undefined);
    checkLabels.apply(aFeedback(other, { outcome: 'real' }), tx, (e) => out.push(e));

    expect(out.map((e) => (e.value as CheckLabelled).personal_probability)).toEqual([0.8, 0.7, null]);
    expect(stats(tx).learned).toMatchObject({ n: 2, correct: 0 });
    expect(stats(tx).personal).toMatchObject({ n: 2, correct: 2 });
    expect(stats(tx, 'globex').learned).toMatchObject({ n: 1, correct: 1 });
    expect(stats(tx, 'globex').personal.n).toBe(0);
  });

  it('reads tallies and check records stored before the personal model existed', () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    const c = aCheck({ baseline_probability: 0.6, learned_probability: 0.9, personal_probability: null });
    // A check record and an account's tallies as the previous build wrote them.
    const oldRecord = without(CheckRecordType, 'personal_probability', 'local_shape');
    tx.put(CHECK_INDEX_14D, checkKey(c.account, c.check_uuid), oldRecord.toBuffer(checkRecordOf(c)));
    const oldStats = without(ModelStatsType, 'personal');
    const before = { baseline: { n: 3, correct: 2, sumLogLoss: 1.5, recent: [] }, learned: { n: 1, correct: 1, sumLogLoss: 0.1, recent: [] }, humans: 2, fakes: 1 };
    tx.put(MODEL_STATS, modelStatsKey(c.account), oldStats.toBuffer(before));
    expect(decodeModelStats(tx.get(MODEL_STATS, modelStatsKey(c.account))!)).toMatchObject({ ...before, personal: { n: 0, correct: 0, sumLogLoss: 0, recent: [] } });

    checkLabels.apply(aFeedback(c, { outcome: 'real', personal_probability: 0.75 }), tx, (e) => out.push(e));
    expect(out).toHaveLength(1);
    expect((out[0]!.value as CheckLabelled).learned_probability).toBe(0.9);
    expect((out[0]!.value as CheckLabelled).personal_probability).toBe(0.75);
    expect(stats(tx)).toMatchObject({ humans: 3, fakes: 1, baseline: { n: 4 }, learned: { n: 2 }, personal: { n: 1, correct: 1 } });
  });

  it("carries the check's local-part shape to its labelled example, also from a label that arrived first", () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    const c = aCheck({ local_shape: 'first.last+digits' });
    checkIndex14d.apply(c, tx, () => undefined);
    checkLabels.apply(aFeedback(c, { outcome: 'real' }), tx, (e) => out.push(e));
    const late = aCheck({ local_shape: 'numeric' });
    checkLabels.apply(aFeedback(late, { outcome: 'fake' }), tx, (e) => out.push(e));
    checkIndex14d.apply(late, tx, () => undefined);
    labelJoinOnCheck.apply(late, tx, (e) => out.push(e));
    expect(out.map((e) => (e.value as CheckLabelled).local_shape)).toEqual(['first.last+digits', 'numeric']);
  });

  it("carries how many outcomes the account had reported before (its running tally), also from a label that arrived first", () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    for (const account of ['acme', 'acme', 'globex', 'acme']) {
      const c = aCheck({ account });
      checkIndex14d.apply(c, tx, () => undefined);
      checkLabels.apply(aFeedback(c, { outcome: 'fake' }), tx, (e) => out.push(e));
      checkLabels.apply(aFeedback(c, { outcome: 'real' }), tx, (e) => out.push(e)); // a second label: no outcome, no count
    }
    const late = aCheck({ account: 'acme' });
    checkLabels.apply(aFeedback(late, { outcome: 'real' }), tx, (e) => out.push(e));
    checkIndex14d.apply(late, tx, () => undefined);
    labelJoinOnCheck.apply(late, tx, (e) => out.push(e));
    expect(out.map((e) => [(e.value as CheckLabelled).account, (e.value as CheckLabelled).reporter_outcomes])).toEqual([['acme', 0], ['acme', 1], ['globex', 0], ['acme', 2], ['acme', 3]]);
  });

  it('stores a check record with its features packed: the labelled example is the one the Avro record gave, in under half the bytes', () => {
    const features = Array.from({ length: 44 }, (_, i) => (i === 0 || i === 9 ? 1 : i === 8 ? 0.62 : i === 13 ? 0.3 : i === 20 ? -0 : 0));
    const c = aCheck({ features, personal_probability: 0.4, learned_probability: 0.2, local_shape: 'first.last' });
    const examples = [true, false].map((packed) => {
      const tx = new MemoryTx();
      const out: Emitted[] = [];
      if (packed) checkIndex14d.apply(c, tx, () => undefined);
      else tx.put(CHECK_INDEX_14D, checkKey(c.account, c.check_uuid), CheckRecordType.toBuffer(checkRecordOf(c)));
      checkLabels.apply(aFeedback(c, { outcome: 'real' }), tx, (e) => out.push(e));
      return out.map((e) => e.value as CheckLabelled);
    });
    expect(examples[0]).toHaveLength(1);
    expect(examples[0]).toStrictEqual(examples[1]);
    expect(Object.is(examples[0]![0]!.features[20], -0)).toBe(true);
    const tx = new MemoryTx();
    checkIndex14d.apply(c, tx, () => undefined);
    const stored = tx.get(CHECK_INDEX_14D, checkKey(c.account, c.check_uuid))!;
    expect(stored.length * 2).toBeLessThan(CheckRecordType.toBuffer(checkRecordOf(c)).length);
    expect(decodeCheckRecord(stored)).toStrictEqual({ ...(CheckRecordType.fromBuffer(CheckRecordType.toBuffer(checkRecordOf(c))) as object) });
  });

  it('reads a check record stored before records carried the shape: its example has none (null)', () => {
    const tx = new MemoryTx();
    const out: Emitted[] = [];
    const c = aCheck({ local_shape: 'first.last', personal_probability: 0.4 });
    const v2 = without(CheckRecordType, 'local_shape');
    tx.put(CHECK_INDEX_14D, checkKey(c.account, c.check_uuid), v2.toBuffer(checkRecordOf(c)));
    checkLabels.apply(aFeedback(c, { outcome: 'real' }), tx, (e) => out.push(e));
    expect(out).toHaveLength(1);
    expect(out[0]!.value as CheckLabelled).toMatchObject({ personal_probability: 0.4, local_shape: null });
  });
});
