import { describe, expect, it } from 'vitest';
import { decodeOutcomes, DOMAIN_OUTCOMES, domainOutcomes, establishedReporter, fakeRateFor, hasFakeRate, reporterStanding, type ReporterTally } from '../../../src/streams/aggregations/domain-outcomes.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';
import { aCheck, aFeedback } from '../../helpers/pipeline.ts';
import { labelledExample } from '../../../src/streams/aggregations/check-labels.ts';
import { checkRecordOf } from '../../../src/streams/aggregations/check-index-14d.ts';

const t = (account: string, fakes: number, total: number): ReporterTally => ({ account, fakes, total });

describe('domain_fake_rate: what customers holding half the weight agree on, none of them above its share', () => {
  it('issue 21: a flood of fakes does not move the rate while the others hold more than half the weight', () => {
    const honest = ['a', 'b', 'c', 'd'].map((x) => t(x, 2, 10)); // each saw 20% fakes
    const pooled = (2 * 4 + 1100) / (40 + 1100); // what counting outcomes gave: 0.97
    const r = fakeRateFor([...honest, t('flood', 1100, 1100)], 'caller')!;
    expect(pooled).toBeGreaterThan(0.95);
    expect(r.reporters).toBe(5);
    expect(r.rate).toBeCloseTo(0.2, 9); // the capped mean said 0.4: a quarter of the weight at 1
    // Two colluding floods (half the weight among six): still the customers who saw 20%.
    expect(fakeRateFor([...honest, t('flood', 1100, 1100), t('flood2', 900, 900)], 'caller')!.rate).toBeCloseTo(0.2, 9);
  });

  it('trust19: accounts one actor runs, calling the people at a domain fake, move it only once they outnumber the customers who saw people', () => {
    // Three customers whose people sign up at a university, 5% fakes among them.
    const people = ['a', 'b', 'c'].map((x) => t(x, 1, 20));
    const split = (k: number, n: number) => Array.from({ length: k }, (_, i) => t(`split${i}`, n, n));
    // One to three accounts, however many outcomes each: three against three is an even split, the lower share.
    for (const k of [1, 2, 3]) for (const n of [10, 40, 5000]) expect(fakeRateFor([...people, ...split(k, n)], 'caller')!.rate).toBeCloseTo(0.05, 9);
    // Four against three: the liars hold more than half; nothing but their number stops them.
    expect(fakeRateFor([...people, ...split(4, 40)], 'caller')!.rate).toBe(1);
    // Outcomes buy no more than a vote: three flooding accounts beside ten customers who saw people
    // (the capped mean gave 0.76: three floods held 75% of the weight under the cap).
    expect(fakeRateFor([...Array.from({ length: 10 }, (_, i) => t(`p${i}`, 1, 20)), ...split(3, 1000)], 'caller')!.rate).toBeCloseTo(0.05, 9);
    // An account under 10 outcomes there counts for that fraction of a vote (no cap here: cap 1).
    expect(fakeRateFor([t('a', 0, 10), ...split(3, 3)], 'caller', 1)!.rate).toBe(0);
    expect(fakeRateFor([t('a', 0, 10), ...split(4, 3)], 'caller', 1)!.rate).toBe(1);
    // One big account among four: a quarter of the weight, the others' 0%.
    expect(fakeRateFor([t('big', 1000, 1000), t('a', 0, 10), t('b', 0, 10), t('c', 0, 10)], 'caller')!.rate).toBe(0);
  });

  it('trust22: a new account weighs its outcomes in all over 50 of a vote, so splitting one actor into accounts buys no weight', () => {
    expect(reporterStanding({ ...t('a', 1, 10), outcomes: 25 })).toBe(0.5);
    expect(reporterStanding({ ...t('a', 1, 10), outcomes: 80 })).toBe(1);
    expect(reporterStanding(t('legacy', 1, 10))).toBe(1); // a tally older than the count, as established
    // Two established customers saw 1 fake in 20 people at a domain.
    const people = ['a', 'b'].map((x) => ({ ...t(x, 1, 20), outcomes: 200 }));
    const split = (k: number, fakes: number, outcomes: number) => Array.from({ length: k }, (_, i) => ({ ...t(`split${i}`, fakes, fakes), outcomes }));
    // Accounts of 10 fakes there and nothing else (10 in all): 3 set the rate when each was a vote; now each is a fifth of one.
    expect(fakeRateFor([...people, ...split(3, 10, 10)], 'caller')!.rate).toBeCloseTo(0.05, 9);
    expect(fakeRateFor([...people, ...split(10, 10, 10)], 'caller')!.rate).toBeCloseTo(0.05, 9); // two full votes: an even split, the lower share
    expect(fakeRateFor([...people, ...split(11, 10, 10)], 'caller')!.rate).toBe(1); // 110 outcomes
    // Established accounts (50 in all) are a vote each, as before: three of them outnumber two.
    expect(fakeRateFor([...people, ...split(3, 10, 50)], 'caller')!.rate).toBe(1);
  });

  it("trust22: accounts of one outcome each do not bring a farm's established reporters down to their weight", () => {
    const reporters = ['a', 'b'].map((x) => ({ ...t(x, 18, 20), outcomes: 200 })); // 90% fakes
    const white = (k: number) => Array.from({ length: k }, (_, i) => ({ ...t(`w${i}`, 0, 1), outcomes: 1 }));
    // Four accounts made the cap a quarter each: the two reporters weighed what the two new accounts did (an even split, 0).
    expect(fakeRateFor([...reporters, ...white(2)], 'caller')!.rate).toBeCloseTo(0.9, 9);
    expect(fakeRateFor([...reporters, ...white(500)], 'caller')!.rate).toBeCloseTo(0.9, 9);
    // Accounts of 10 people there, 10 outcomes in all: two full votes take 100 of them.
    const people = (k: number) => Array.from({ length: k }, (_, i) => ({ ...t(`p${i}`, 0, 10), outcomes: 10 }));
    expect(fakeRateFor([...reporters, ...people(9)], 'caller')!.rate).toBeCloseTo(0.9, 9);
    expect(fakeRateFor([...reporters, ...people(10)], 'caller')!.rate).toBe(0);
  });

  it("customers who all saw fakes at a farm's domain give their common rate; one who saw people there does not undo the others", () => {
    expect(fakeRateFor([t('a', 18, 20), t('b', 20, 20)], 'caller')!.rate).toBeCloseTo(0.9, 9);
    expect(fakeRateFor([t('a', 9, 10), t('b', 30, 30), t('c', 45, 50)], 'caller')!.rate).toBeCloseTo(0.9, 9);
    expect(fakeRateFor([t('a', 18, 20), t('b', 20, 20), t('white', 0, 300)], 'caller')!.rate).toBeCloseTo(0.9, 9);
  });

  it('with two customers, each weighs at most half, and where they disagree the lower share is the rate', () => {
    expect(fakeRateFor([t('a', 1, 2), t('flood', 1100, 1100)], 'caller')!.rate).toBeCloseTo(0.5, 9);
    expect(fakeRateFor([t('flood', 1100, 1100), t('a', 0, 3)], 'caller')!.rate).toBe(0);
    // Four full votes: the lower of the middle two.
    expect(fakeRateFor([t('a', 1, 10), t('b', 1, 10), t('c', 3, 10), t('d', 0, 10)], 'caller')!.rate).toBeCloseTo(0.1, 9);
    expect(fakeRateFor([t('a', 1, 10), t('b', 2, 10), t('c', 3, 10), t('d', 9, 10)], 'caller')!.rate).toBeCloseTo(0.2, 9);
  });

  it("leaves the caller's own reports out, and has no rate without another customer's", () => {
    expect(fakeRateFor([t('caller', 50, 50), t('a', 0, 4), t('b', 2, 4)], 'caller')).toEqual({ rate: 0, share: 0.25, reporters: 2, established: 2 });
    expect(fakeRateFor([t('caller', 5, 5)], 'caller')).toBeUndefined();
    expect(fakeRateFor([t('a', 0, 0)], 'caller')).toBeUndefined();
    expect(fakeRateFor([t('a', 1, 2), t('flood', 100, 100)], 'caller', 1)!.rate).toBe(1); // cap 1: no share bound, the flood's vote against two outcomes' fifth of one
  });

  it('trust19: counts the established reporters (50+ outcomes in all; a tally older than the count as one), the rate from all', () => {
    const r = fakeRateFor([{ ...t('new1', 20, 20), outcomes: 20 }, { ...t('new2', 20, 20), outcomes: 49 }, { ...t('old', 0, 10), outcomes: 50 }, t('legacy', 0, 10), { ...t('caller', 0, 5), outcomes: 900 }], 'caller')!;
    expect(r).toEqual({ rate: 0, share: 0.5, reporters: 4, established: 2 });
    expect(fakeRateFor([{ ...t('new1', 20, 20), outcomes: 20 }, { ...t('new2', 20, 20), outcomes: 21 }], 'caller')).toEqual({ rate: 1, share: 1, reporters: 2, established: 0 });
  });

  it("shows SPEC's share of fake outcomes (the capped mean) while the score takes the median the reporters agree on", () => {
    expect(fakeRateFor([t('a', 1, 1), t('b', 0, 1)], 'caller')).toMatchObject({ share: 0.5, rate: 0 });
    expect(fakeRateFor([t('a', 2, 2), t('b', 1, 2)], 'caller')).toMatchObject({ share: 0.75, rate: 0.5 });
    // A flood beside three customers who saw people: the shown share moves by the flood's capped share, the score not at all.
    const r = fakeRateFor([t('a', 0, 10), t('b', 0, 10), t('c', 0, 10), t('flood', 1000, 1000)], 'caller')!;
    expect(r.rate).toBe(0);
    expect(r.share).toBeCloseTo(0.25, 9);
  });

  it("trust19: keeps each reporter's largest outcome count its labelled events carried, whatever their order; events without one keep what it knew", () => {
    const at = (account: string, reporter_outcomes: number | null | undefined) => {
      const c = aCheck({ account, domain: 'shop.example' });
      return { ...labelledExample(aFeedback(c, { outcome: 'fake' }), checkRecordOf(c)), reporter_outcomes };
    };
    const labels = [at('acct-a', 3), at('acct-a', 60), at('acct-a', null), at('acct-b', undefined), at('acct-a', 10)];
    const tallied = (order: readonly number[]) => {
      const tx = new MemoryTx();
      for (const i of order) domainOutcomes.apply(labels[i]!, tx, () => undefined);
      return decodeOutcomes(tx.get(DOMAIN_OUTCOMES, Buffer.from('shop.example')));
    };
    const first = tallied([0, 1, 2, 3, 4]);
    expect(first).toEqual([{ account: 'acct-a', fakes: 4, total: 4, outcomes: 61 }, { account: 'acct-b', fakes: 1, total: 1 }]);
    for (const order of [[4, 3, 2, 1, 0], [2, 0, 3, 4, 1], [3, 2, 4, 0, 1]]) expect(tallied(order)).toEqual(first);
    // A tally written before the count, then a report that carries one: now known.
    expect(tallied([2, 0])).toEqual([{ account: 'acct-a', fakes: 2, total: 2, outcomes: 4 }]);
    expect(tallied([2])).toEqual([{ account: 'acct-a', fakes: 1, total: 1 }]);
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

  it('new accounts busier at a domain than its established reporters do not evict them: established first, then the busiest', () => {
    const label = (account: string, outcome: 'real' | 'fake', reporterOutcomes: number) => {
      const c = aCheck({ account, domain: 'shop.example' });
      return { ...labelledExample(aFeedback(c, { outcome }), checkRecordOf(c)), reporter_outcomes: reporterOutcomes };
    };
    const tx = new MemoryTx();
    // 60 established customers (200 outcomes in all) saw one person each there; then 40 new accounts (5 in all; names that win ties) report 2 fakes each.
    for (let k = 0; k < 60; k++) domainOutcomes.apply(label(`honest-${k}`, 'real', 200), tx, () => undefined);
    for (let k = 0; k < 40; k++) for (let i = 0; i < 2; i++) domainOutcomes.apply(label(`a-new-${k}`, 'fake', 5), tx, () => undefined);
    const kept = decodeOutcomes(tx.get(DOMAIN_OUTCOMES, Buffer.from('shop.example')));
    expect(kept).toHaveLength(64);
    // Every established reporter kept, four new ones beside them; the customers who saw people hold the rate.
    // Busiest first kept the 40 new ones and 24 customers: 8 votes against 2.4, a rate of 1 scored (24 established).
    expect(kept.filter((x) => x.account.startsWith('honest-'))).toHaveLength(60);
    expect(fakeRateFor(kept, 'caller')).toMatchObject({ rate: 0, reporters: 64, established: 60 });
    // Once established, an account outranks every new one however busy.
    domainOutcomes.apply(label('a-new-39', 'fake', 50), tx, () => undefined);
    expect(decodeOutcomes(tx.get(DOMAIN_OUTCOMES, Buffer.from('shop.example'))).filter(establishedReporter).map((x) => x.account)).toContain('a-new-39');
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
