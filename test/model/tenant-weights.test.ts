import { describe, expect, it } from 'vitest';
import { accountWeights, capFor, MAX_ACCOUNT_SHARE, weightedShares } from '../../src/model/tenant-weights.ts';

const counts = (o: Record<string, number>) => new Map(Object.entries(o));

describe('tenant weights: no account above its share of a shared figure', () => {
  it('caps at 25% from four accounts on, at an equal share below that', () => {
    expect(MAX_ACCOUNT_SHARE).toBe(0.25);
    expect([0, 1, 2, 3, 4, 10].map((k) => capFor(k))).toEqual([1, 1, 0.5, 1 / 3, 0.25, 0.25]);
    expect(capFor(10, 0.05)).toBe(0.1); // ten accounts cannot all stay under 5%
  });

  it.each([
    ['one flood among five', { flood: 1100, a: 10, b: 40, c: 20, d: 30 }],
    ['two floods among six', { f1: 5000, f2: 900, a: 10, b: 40, c: 20, d: 30 }],
    ['equal accounts', { a: 100, b: 100, c: 100, d: 100 }],
    ['many small, one large', Object.fromEntries([...Array.from({ length: 30 }, (_, i) => [`s${i}`, 5 + i]), ['big', 100_000]])],
  ])('%s: every share within the cap, accounts under it untouched', (_, o) => {
    const c = counts(o as Record<string, number>);
    const shares = weightedShares(c);
    const w = accountWeights(c);
    for (const share of shares.values()) expect(share).toBeLessThanOrEqual(capFor(c.size) + 1e-12);
    expect([...shares.values()].reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    // Downweighting only: an account ends at the cap exactly, or under it with all its weight;
    // more outcomes never weigh less in all than fewer.
    for (const [a, m] of w) {
      expect(m).toBeGreaterThan(0);
      expect(m).toBeLessThanOrEqual(1);
      if (m < 1) expect(shares.get(a)).toBeCloseTo(capFor(c.size), 12);
      for (const [b, n] of w) if (c.get(b)! > c.get(a)!) expect(n * c.get(b)!).toBeGreaterThanOrEqual(m * c.get(a)! - 1e-9);
    }
  });

  it('issue 21: a flood of 1,100 beside 10 counts as much as those 10, not more', () => {
    const w = accountWeights(counts({ flood: 1100, a: 10 }));
    expect(w.get('a')).toBe(1);
    expect(w.get('flood')! * 1100).toBeCloseTo(10, 9);
    // Alone, an account is the whole; accounts with no outcomes are left out.
    expect(accountWeights(counts({ only: 3400, idle: 0 }))).toEqual(new Map([['only', 1]]));
  });

  it('the heaviest accounts are capped at exactly the cap, the rest keep their proportions', () => {
    const shares = weightedShares(counts({ f: 10_000, g: 5_000, a: 30, b: 10, c: 10, d: 50 }));
    expect(shares.get('f')).toBeCloseTo(0.25, 12);
    expect(shares.get('g')).toBeCloseTo(0.25, 12);
    expect(shares.get('a')! / shares.get('b')!).toBeCloseTo(3, 12);
    expect(shares.get('d')! / shares.get('c')!).toBeCloseTo(5, 12);
  });
});
