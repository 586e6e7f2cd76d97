import { describe, expect, it } from 'vitest';
import { DAY } from '../../../src/domain/time.ts';
import { dayOf, decodeUsage, encodeUsage, USAGE_DAILY, usageDaily, usageKey } from '../../../src/streams/aggregations/usage-daily.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck } from '../../helpers/pipeline.ts';

const T = Date.UTC(2026, 10, 21, 12);
const usage = (tx: MemoryTx, account: string, t: number) => decodeUsage(tx.get(USAGE_DAILY, usageKey(account, dayOf(t))));

describe('usage-daily (Given/When/Then)', () => {
  it('given checks of two accounts over two days, then each account-day counts them, with the position after its newest check', () => {
    const tx = new MemoryTx();
    const events = [aCheck({ time: T }), aCheck({ time: T + 1 }), aCheck({ time: T + DAY }), aCheck({ account: 'globex', time: T })];
    events.forEach((e, i) => usageDaily.apply(e, tx, () => undefined, { partition: 0, offset: 40 + i }));
    expect(usage(tx, 'acme', T)).toEqual({ count: 2, through: 42 });
    expect(usage(tx, 'acme', T + DAY)).toEqual({ count: 1, through: 43 });
    expect(usage(tx, 'globex', T)).toEqual({ count: 1, through: 44 });
    expect(usage(tx, 'acme', T - DAY)).toEqual({ count: 0, through: 0 });
  });

  it('given a value written before the position existed (count only, 8 bytes), then a check counts on from it', () => {
    const tx = new MemoryTx();
    const old = Buffer.alloc(8);
    old.writeBigUInt64BE(7n);
    tx.put(USAGE_DAILY, usageKey('acme', dayOf(T)), old);
    usageDaily.apply(aCheck({ time: T }), tx, () => undefined, { partition: 0, offset: 9 });
    expect(usage(tx, 'acme', T)).toEqual({ count: 8, through: 10 });
  });

  it('encodes count and position as two u64 big-endian, as they were always stored', () => {
    const big = 2 ** 40 + 5;
    const b = encodeUsage({ count: big, through: 3 });
    expect(b.readBigUInt64BE(0)).toBe(BigInt(big));
    expect(b.readBigUInt64BE(8)).toBe(3n);
    expect(USAGE_DAILY.codec.decode(USAGE_DAILY.codec.encode({ count: 12, through: undefined }))).toEqual({ count: 12, through: 0 });
  });
});
