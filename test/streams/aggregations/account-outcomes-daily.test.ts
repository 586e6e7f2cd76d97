/**
 * Outcomes per report day: written by the label join in both of its places (the feedback
 * finds its check; the check completes a label that waited), and the same figures either way.
 */
import { describe, expect, it } from 'vitest';
import type { CheckScored, FeedbackReceived } from '../../../src/domain/events.ts';
import { DAY } from '../../../src/domain/time.ts';
import { ACCOUNT_OUTCOMES_DAILY, ACCOUNT_OUTCOMES_DAILY_LATE, outcomeDayKey, outcomeDayView } from '../../../src/streams/aggregations/account-outcomes-daily.ts';
import { checkIndex14d } from '../../../src/streams/aggregations/check-index-14d.ts';
import { checkLabels, labelJoinOnCheck } from '../../../src/streams/aggregations/check-labels.ts';
import { decodeModelStats } from '../../../src/streams/aggregations/store-values.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck, aFeedback } from '../../helpers/pipeline.ts';

const T = Date.UTC(2026, 10, 21, 12);
const none = (): void => undefined;

function dayView(tx: MemoryTx, account: string, t: number) {
  const key = outcomeDayKey(account, t);
  return outcomeDayView([ACCOUNT_OUTCOMES_DAILY, ACCOUNT_OUTCOMES_DAILY_LATE].map((s) => tx.get(s, key)).map((b) => (b ? decodeModelStats(b) : undefined)));
}

/** Checks with labels reported over two days, by two accounts; some learned-model probabilities. */
function scenario(): { checks: CheckScored[]; labels: FeedbackReceived[] } {
  const checks: CheckScored[] = [];
  const labels: FeedbackReceived[] = [];
  for (let i = 0; i < 8; i++) {
    const c = aCheck({ time: T + i, account: i === 7 ? 'globex' : 'acme', baseline_probability: i % 3 === 0 ? 0.2 : 0.8, learned_probability: i >= 4 ? 0.7 : null, personal_probability: i === 5 ? 0.4 : null });
    checks.push(c);
    labels.push(aFeedback(c, { outcome: i % 2 ? 'real' : 'fake', time: T + (i < 5 ? 1000 + i : DAY + i) }));
  }
  return { checks, labels };
}

describe('account-outcomes-daily (Given/When/Then)', () => {
  it('given labels reported over two days, then each report day holds its outcomes and each model scored on them', () => {
    const tx = new MemoryTx();
    const { checks, labels } = scenario();
    for (const c of checks) checkIndex14d.apply(c, tx, none);
    for (const f of labels) checkLabels.apply(f, tx, none);
    const first = dayView(tx, 'acme', T);
    expect(first).toMatchObject({ real: 2, fake: 3 });
    // baseline: 0.2 for checks 0 and 3, else 0.8; outcomes fake, real, fake, real, fake
    expect(first.baseline!.accuracy).toBeCloseTo(2 / 5, 9); // right on checks 0 and 1 only
    expect(first.learned!.accuracy).toBe(0); // check 4 only: 0.7 said real, it was fake
    expect(first.personal).toBeNull();
    const second = dayView(tx, 'acme', T + DAY);
    expect(second).toMatchObject({ real: 1, fake: 1 });
    expect(second.personal!.log_loss).toBeCloseTo(-Math.log(0.4), 6); // check 5, real
    expect(dayView(tx, 'globex', T + DAY)).toMatchObject({ real: 1, fake: 0 });
    expect(dayView(tx, 'acme', T + 2 * DAY)).toEqual({ real: 0, fake: 0, baseline: null, learned: null, personal: null });
  });

  it('a label that waited for its check counts on its report day, in the late store, and the merged day equals the one joined in order', () => {
    const inOrder = new MemoryTx();
    const reversed = new MemoryTx();
    const { checks, labels } = scenario();
    for (const c of checks) checkIndex14d.apply(c, inOrder, none);
    for (const f of labels) checkLabels.apply(f, inOrder, none);
    // Half the labels before their checks (as when feedback is consumed ahead of checks).
    for (const f of labels.slice(0, 4)) checkLabels.apply(f, reversed, none);
    for (const c of checks) {
      checkIndex14d.apply(c, reversed, none);
      labelJoinOnCheck.apply(c, reversed, none);
    }
    for (const f of labels.slice(4)) checkLabels.apply(f, reversed, none);
    expect(reversed.get(ACCOUNT_OUTCOMES_DAILY_LATE, outcomeDayKey('acme', T))).toBeDefined();
    for (const [account, t] of [['acme', T], ['acme', T + DAY], ['globex', T + DAY]] as const) {
      expect(dayView(reversed, account, t)).toEqual(dayView(inOrder, account, t));
    }
  });

  it('the feedback side declares the report day it writes', () => {
    const c = aCheck({ time: T });
    const keys: string[] = [];
    checkLabels.reads(aFeedback(c, { time: T + DAY }), { add: (s: { id: number }, k: Buffer) => void keys.push(`${s.id}:${k.toString('hex')}`) } as never);
    expect(keys).toContain(`${ACCOUNT_OUTCOMES_DAILY.id}:${outcomeDayKey('acme', T + DAY).toString('hex')}`);
  });
});
