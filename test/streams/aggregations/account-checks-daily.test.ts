import { describe, expect, it } from 'vitest';
import { DAY } from '../../../src/domain/time.ts';
import { ACCOUNT_CHECKS_DAILY, accountChecksDaily, accountDayKey, addCheck, countCheck, decodeCheckDay, emptyCheckDay } from '../../../src/streams/aggregations/account-checks-daily.ts';
import { dayOf } from '../../../src/streams/aggregations/usage-daily.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck } from '../../helpers/pipeline.ts';

const T = Date.UTC(2026, 10, 21, 12);
const day = (tx: MemoryTx, account: string, t: number) => decodeCheckDay(tx.get(ACCOUNT_CHECKS_DAILY, accountDayKey(account, dayOf(t))));

describe('account-checks-daily (Given/When/Then)', () => {
  it('given checks of two accounts over two days, then each account-day counts its verdicts and reasons, and the position after its newest check', () => {
    const tx = new MemoryTx();
    const events = [
      aCheck({ time: T, verdict: 'allow', reasons: ['natural_name', 'free_provider'] }),
      aCheck({ time: T + 1, verdict: 'block', reasons: ['disposable_domain', 'random_local_part'] }),
      aCheck({ time: T + 2, verdict: 'block', reasons: ['disposable_domain'] }),
      aCheck({ time: T + 3, verdict: 'review', reasons: [] }),
      aCheck({ time: T + DAY, verdict: 'allow', reasons: ['natural_name'] }),
      aCheck({ account: 'globex', time: T, verdict: 'block', reasons: ['role_account'] }),
    ];
    events.forEach((e, i) => accountChecksDaily.apply(e, tx, () => undefined, { partition: 0, offset: 10 + i }));
    expect(day(tx, 'acme', T)).toEqual({ through: 14, allow: 1, review: 1, block: 2, reasons: { natural_name: 1, free_provider: 1, disposable_domain: 2, random_local_part: 1 } });
    expect(day(tx, 'acme', T + DAY)).toEqual({ through: 15, allow: 1, review: 0, block: 0, reasons: { natural_name: 1 } });
    expect(day(tx, 'globex', T)).toMatchObject({ block: 1, reasons: { role_account: 1 } });
    expect(day(tx, 'acme', T + 2 * DAY)).toEqual(emptyCheckDay());
  });

  it('counts a check without reasons (an event written before the field existed) by its verdict alone, and a reason once per check', () => {
    const e = aCheck({ verdict: 'review' });
    delete e.reasons;
    expect(addCheck(emptyCheckDay(), e, 0)).toEqual({ through: 0, allow: 0, review: 1, block: 0, reasons: {} });
    expect(addCheck(emptyCheckDay(), { verdict: 'allow', reasons: ['natural_name', 'natural_name'] }, 3).reasons).toEqual({ natural_name: 1 });
  });

  it('addCheck leaves the day it is given as it was; countCheck changes the day it owns to the same figures', () => {
    const d = { through: 4, allow: 1, review: 0, block: 2, reasons: { natural_name: 1 } };
    const before = structuredClone(d);
    const e = { verdict: 'block' as const, reasons: ['random_local_part', 'natural_name', 'random_local_part'] };
    const added = addCheck(d, e, 9);
    expect(d).toEqual(before);
    expect(added).toEqual({ through: 9, allow: 1, review: 0, block: 3, reasons: { natural_name: 2, random_local_part: 1 } });
    expect(countCheck(d, e, 9)).toBe(d);
    expect(d).toEqual(added);
  });

  it('declares the one key it reads', () => {
    const reads: string[] = [];
    accountChecksDaily.reads(aCheck({ time: T }), { add: (_s: unknown, k: Buffer) => void reads.push(k.toString('hex')) } as never);
    expect(reads).toEqual([accountDayKey('acme', dayOf(T)).toString('hex')]);
  });
});
