import { describe, expect, it } from 'vitest';
import { decodeOutcomes, DOMAIN_OUTCOMES, domainOutcomes, fakeRateFor, hasFakeRate, type ReporterTally } from '../../../src/streams/aggregations/domain-outcomes.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck, aFeedback } from '../../helpers/pipeline.ts';
import { labelledExample } from '../../../src/streams/aggregations/check-labels.ts';
import { checkRecordOf } from '../../../src/streams/aggregations/check-index-14d.ts';

const t = (account: string, fakes: number, total: number): ReporterTally => ({ account, fakes, total });

describe('domain_fake_rate: a rate across customers, none of them above its share', () => {
  it('issue 21: a flood of fakes moves the rate by its share at most, not by its number of outcomes', () => {
    const honest = ['a', 'b', 'c', 'd'].map((x) => t(x, 2, 10)); // each saw 20% fakes
    const pooled = (2 * 4 + 1100) / (40 + 1100); // what counting outcomes gave: 0.97
    const r = fakeRateFor([...honest, t('flood', 1100, 1100)], 'caller')!;
    expect(pooled).toBeGreaterThan(0.95);
    expect(r.reporters).toBe(5);
    expect(r.rate).toBeCloseTo(0.75 * 0.2 + 0.25 * 1, 9); // five customers: the flood is a quarter at most
    // Two colluding floods: half at most.
    expect(fakeRateFor([...honest, t('flood', 1100, 1100), t('flood2', 900, 900)], 'caller')!.rate).toBeCloseTo(0.5 * 0.2 + 0.5 * 1, 9);
  });

  it('with two customers, each weighs at most half: the flood counts as much as the other, not more', () => {
    expect(fakeRateFor([t('a', 1, 2), t('flood', 1100, 1100)], 'caller')!.rate).toBeCloseTo((0.5 + 1) / 2, 9);
    // Customers under the cap keep their proportion of outcomes.
    expect(fakeRateFor([t('a', 1, 10), t('b', 1, 10), t('c', 3, 10), t('d', 0, 10)], 'caller')!.rate).toBeCloseTo(5 / 40, 9);
  });

  it("leaves the caller's own reports out, and has no rate without another customer's", () => {
    expect(fakeRateFor([t('caller', 50, 50), t('a', 0, 4), t('b', 2, 4)], 'caller')).toEqual({ rate: 0.25, reporters: 2 });
    expect(fakeRateFor([t('caller', 5, 5)], 'caller')).toBeUndefined();
    expect(fakeRateFor([t('a', 0, 0)], 'caller')).toBeUndefined();
    expect(fakeRateFor([t('a', 1, 2), t('flood', 100, 100)], 'caller', 1)!.rate).toBeCloseTo(101 / 102, 9); // cap 1: outcomes as they come
  });

  it('the big free-mail domains carry no rate: their outcomes are not tallied', () => {
    expect(hasFakeRate('gmail.com')).toBe(false);
    expect(hasFakeRate('outlook.com')).toBe(false);
    expect(hasFakeRate('qq.com')).toBe(false);
    expect(hasFakeRate('shop.example')).toBe(true);
    const tx = new MemoryTx();
    for (const domain of ['gmail.com', 'shop.example']) {
      const c = aCheck({ domain });
      domainOutcomes.apply(labelledExample(aFeedback(c, { outcome: 'fake' }), checkRecordOf(c)), tx, () => undefined);
    }
    expect(tx.get(DOMAIN_OUTCOMES, Buffer.from('gmail.com'))).toBeUndefined();
    expect(decodeOutcomes(tx.get(DOMAIN_OUTCOMES, Buffer.from('shop.example')))).toEqual([{ account: 'acme', fakes: 1, total: 1 }]);
  });

  it('the tallies do not depend on the order the labels arrive in: busiest first, equal totals by account', () => {
    const labels = ['acct-b', 'acct-c', 'acct-a', 'acct-c'].map((account) => {
      const c = aCheck({ account, domain: 'shop.example' });
      return labelledExample(aFeedback(c, { outcome: 'fake' }), checkRecordOf(c));
    });
    const tallied = (order: readonly number[]): Buffer | undefined => {
      const tx = new MemoryTx();
      for (const i of order) domainOutcomes.apply(labels[i]!, tx, () => undefined);
      return tx.get(DOMAIN_OUTCOMES, Buffer.from('shop.example'));
    };
    const first = tallied([0, 1, 2, 3]);
    expect(decodeOutcomes(first).map((x) => x.account)).toEqual(['acct-c', 'acct-a', 'acct-b']);
    for (const order of [[3, 2, 1, 0], [2, 0, 3, 1], [1, 3, 0, 2]]) expect(tallied(order)).toEqual(first);
  });
});
