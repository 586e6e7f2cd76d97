import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCKED_HUMANS_CEILING, boundedBy, effectiveCount, wilsonUpper } from '../../src/model/sampling-bound.ts';

describe('sampling bound: how large a share read from few outcomes may be', () => {
  it.each([
    { weights: [1, 1, 1], n: 3 },
    { weights: [2, 2], n: 2 },
    { weights: [1, 3], n: 1.6 },
    { weights: [0.25, 0.25, 0.25, 0.25], n: 4 },
    { weights: [], n: 0 },
  ])('Kish effective number of $weights is $n', ({ weights, n }) => {
    expect(effectiveCount(weights)).toBeCloseTo(n, 12);
  });

  it.each([
    // With none seen, the upper end is z² / (n + z²).
    { share: 0, n: 60, upper: 0.06017185 },
    { share: 0, n: 124, upper: 0.03004862 },
    { share: 0, n: 125, upper: 0.02981539 },
    { share: 0.5, n: 100, upper: 0.59616847 },
    { share: 0.01, n: 1000, upper: 0.01830947 },
    { share: 3 / 300, n: 300, upper: 0.02898349 },
    { share: 4 / 300, n: 300, upper: 0.03377553 },
  ])('Wilson upper end (95%) of $share among $n is $upper', ({ share, n, upper }) => {
    expect(wilsonUpper(share, n)).toBeCloseTo(upper, 7);
  });

  it('knows nothing from no outcomes', () => {
    expect(wilsonUpper(0, 0)).toBe(1);
    expect(boundedBy(0, 0, BLOCKED_HUMANS_CEILING)).toBe(false);
    expect(boundedBy(0, 0, 1)).toBe(true);
  });

  it('none of 125 humans blocked is bounded under 3%; none of 124 is not', () => {
    expect(boundedBy(0, 125, BLOCKED_HUMANS_CEILING)).toBe(true);
    expect(boundedBy(0, 124, BLOCKED_HUMANS_CEILING)).toBe(false);
  });

  it('property: the upper end is at least the share, falls as n grows and rises with the share', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 1, max: 1e5, noNaN: true }), fc.double({ min: 1, max: 10, noNaN: true }), (share, n, k) => {
        const u = wilsonUpper(share, n);
        expect(u).toBeGreaterThanOrEqual(share - 1e-12);
        expect(u).toBeLessThanOrEqual(1);
        expect(wilsonUpper(share, n * k)).toBeLessThanOrEqual(u + 1e-12);
        expect(wilsonUpper(Math.min(1, share + 0.01), n)).toBeGreaterThanOrEqual(u - 1e-12);
      }),
      { numRuns: 300 },
    );
  });
});
