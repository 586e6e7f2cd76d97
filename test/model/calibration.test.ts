import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockCutLogit, expandLogOdds, shrinkLogOdds, type LogOdds } from '../../src/model/calibration.ts';
import { sigmoid } from '../../src/model/score.ts';

const logitOf = (m: LogOdds, x: readonly number[]): number => x.reduce((z, v, j) => z + m.weights[j]! * v, m.intercept);
const scoreOf = (z: number): number => Math.round(100 * sigmoid(z));

describe('blockCutLogit', () => {
  it.each([
    [30, 30, 29],
    [10, 10, 9],
    [45, 45, 44],
    [99, 99, 98],
  ])('review threshold %i: a logit just above the cut scores %i, just below %i', (threshold, above, below) => {
    const cut = blockCutLogit(threshold);
    expect(scoreOf(cut + 1e-9)).toBe(above);
    expect(scoreOf(cut - 1e-9)).toBe(below);
  });

  it('stands in the cut of 1 for a threshold of 0 (nothing is blocked there, whatever the pivot)', () => {
    expect(blockCutLogit(0)).toBe(blockCutLogit(1));
    expect(Number.isFinite(blockCutLogit(0))).toBe(true);
  });
});

describe('shrinkLogOdds / expandLogOdds', () => {
  const m: LogOdds = { intercept: 1.5, weights: Float64Array.from([2, -1, 0.5]) };

  it('shrinks towards the pivot: the intercept and every weight, by the scale', () => {
    const s = shrinkLogOdds(m, 0.5, -1);
    expect(s.intercept).toBeCloseTo(-1 + 0.5 * 2.5, 12);
    expect([...s.weights]).toEqual([1, -0.5, 0.25]);
  });

  it('expand undoes shrink (a learned model is fitted from its prior as fitted, not as served)', () => {
    const back = expandLogOdds(shrinkLogOdds(m, 0.92, blockCutLogit(30)), 0.92, blockCutLogit(30));
    expect(back.intercept).toBeCloseTo(m.intercept, 12);
    [...back.weights].forEach((w, j) => expect(w).toBeCloseTo(m.weights[j]!, 12));
  });

  it.each([0, -0.5, 1.01, Number.NaN])('refuses a scale of %d', (scale) => {
    expect(() => shrinkLogOdds(m, scale, 0)).toThrow(/scale must be in \(0, 1\]/);
    expect(() => expandLogOdds(m, scale, 0)).toThrow(/scale must be in \(0, 1\]/);
  });

  it('property: the ranking is unchanged and no score crosses the block cut; scores above it never rise', () => {
    const vec = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -6, max: 6, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 99 }),
        vec,
        vec,
        (weights, intercept, scale, threshold, x, y) => {
          const raw: LogOdds = { intercept, weights: Float64Array.from(weights) };
          const cut = blockCutLogit(threshold);
          const shrunk = shrinkLogOdds(raw, scale, cut);
          const [rx, ry, sx, sy] = [logitOf(raw, x), logitOf(raw, y), logitOf(shrunk, x), logitOf(shrunk, y)];
          const noise = 1e-9;
          // Exactly the affine map (the order and the side of the cut follow from it).
          expect(Math.abs(sx - (cut + scale * (rx - cut)))).toBeLessThan(1e-9);
          if (Math.abs(rx - ry) > noise) expect(sx > sy).toBe(rx > ry);
          if (Math.abs(rx - cut) > noise) {
            expect(scoreOf(sx) < threshold).toBe(scoreOf(rx) < threshold);
            if (rx > cut) expect(scoreOf(sx)).toBeLessThanOrEqual(scoreOf(rx));
            else expect(scoreOf(sx)).toBeGreaterThanOrEqual(scoreOf(rx));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
