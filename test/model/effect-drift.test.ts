import { describe, expect, it } from 'vitest';
import { DRIFT_WINDOW, driftReference, effectFade, judgedFill, overlapTerm, shapeShares } from '../../src/model/effect-drift.ts';
import { parkMiller } from './fixtures.ts';

/** Mean and variance of the overlap of `trials` windows drawn from `shares` (the rest elsewhere). */
function sampled(shares: number[], window: number, trials: number, seed: number): { mean: number; sd: number } {
  const r = parkMiller(seed);
  const xs: number[] = [];
  for (let t = 0; t < trials; t++) {
    const counts = shares.map(() => 0);
    for (let i = 0; i < window; i++) {
      let u = r();
      const k = shares.findIndex((s) => (u -= s) < 0);
      if (k >= 0) counts[k]!++;
    }
    xs.push(shares.reduce((sum, s, k) => sum + overlapTerm(s, counts[k]!, window), 0));
  }
  const mean = xs.reduce((a, b) => a + b, 0) / trials;
  return { mean, sd: Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / trials) };
}

describe('driftReference', () => {
  it("is the overlap's mean and spread over windows drawn from the fitted traffic itself", () => {
    const shares = [0.3, 0.1, 0.05, 0.02, 0.01, 0.005, 0.005];
    const ref = driftReference(shares, 200);
    const s = sampled(shares, 200, 4_000, 11);
    expect(ref.expected).toBeCloseTo(s.mean, 2);
    // Counts of one window are slightly anti-correlated (a multinomial), so the independent sum is a little wider.
    expect(ref.sd).toBeGreaterThan(0.8 * s.sd);
    expect(ref.sd).toBeLessThan(1.3 * s.sd);
    // Always below the shares' sum: a window never matches every share exactly.
    expect(ref.expected).toBeLessThan(shares.reduce((a, b) => a + b, 0));
  });

  it('is exact at the edges, and refuses a window that is not a positive integer', () => {
    expect(driftReference([1], 50)).toEqual({ expected: 1, sd: 0 });
    expect(driftReference([0, 0], 50)).toEqual({ expected: 0, sd: 0 });
    expect(driftReference([])).toEqual({ expected: 0, sd: 0 });
    // One check: min(s, X) with X ~ Bernoulli(s) is s with probability s.
    expect(driftReference([0.25], 1).expected).toBeCloseTo(0.25 * 0.25, 12);
    expect(() => driftReference([0.1], 0)).toThrow(/window/);
    expect(() => driftReference([0.1], 2.5)).toThrow(/window/);
    expect(DRIFT_WINDOW).toBeGreaterThan(0);
  });
});

describe('effectFade', () => {
  const ref = { expected: 0.5, sd: 0.05 };

  it('serves the effects in full while the overlap is what a window of the fitted traffic shows', () => {
    expect(effectFade(0.6, ref)).toBe(1);
    expect(effectFade(0.5, ref)).toBe(1);
    expect(effectFade(0.4, ref)).toBe(1);
  });

  it('scales them by how much of that overlap is left below it, down to none for traffic of another kind', () => {
    expect(effectFade(0.2, ref)).toBeCloseTo(0.5, 12);
    expect(effectFade(0.02, ref)).toBeCloseTo(0.05, 12);
    expect(effectFade(0, ref)).toBe(0);
  });

  it('cannot tell drift from chance where two standard deviations reach 0: in full', () => {
    expect(effectFade(0, { expected: 0.02, sd: 0.02 })).toBe(1);
    expect(effectFade(0, { expected: 0, sd: 0 })).toBe(1);
  });
});

describe('shapeShares', () => {
  it("is each shape's share of the examples' weight, over the examples whose shape is known", () => {
    const xs = [{ shape: 'first.last' }, { shape: 'numeric', weight: 2 }, { shape: 'first.last' }, {}, { shape: undefined, weight: 5 }];
    expect(shapeShares(xs)).toEqual(new Map([['first.last', 0.5], ['numeric', 0.5]]));
  });

  it('is empty when no example carries a shape (labelled checks written before they did)', () => {
    expect(shapeShares([{}, { weight: 2 }])).toEqual(new Map());
    expect(shapeShares([])).toEqual(new Map());
  });
});

describe('judgedFill', () => {
  it('judges a window from a tenth of it on, by the reference of the largest of a tenth, a quarter, a half and all of it reached', () => {
    expect(DRIFT_WINDOW).toBe(200);
    expect([0, 19].map((n) => judgedFill(n))).toEqual([undefined, undefined]);
    expect([20, 49, 50, 99, 100, 199, 200].map((n) => judgedFill(n))).toEqual([20, 20, 50, 50, 100, 100, 200]);
    expect(judgedFill(30, 100)).toBe(25);
  });

  it('fades less, never more, when more checks are judged by a smaller fill\'s reference (its expected overlap is lower)', () => {
    const shares = [0.4, 0.2, 0.1];
    const at = (n: number) => driftReference(shares, n);
    for (const [small, large] of [[20, 50], [50, 100], [100, 200]] as const) {
      expect(at(small).expected).toBeLessThan(at(large).expected);
      expect(at(small).expected - 2 * at(small).sd).toBeLessThan(at(large).expected - 2 * at(large).sd);
    }
  });
});
