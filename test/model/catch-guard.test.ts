import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockCutLogit } from '../../src/model/calibration.ts';
import { caught, guardCatches, type CatchItem } from '../../src/model/catch-guard.ts';
import { sigmoid } from '../../src/model/score.ts';

const logit = (p: number) => Math.log(p / (1 - p));
const human = (model: number, baseline: number, weight = 1): CatchItem => ({ human: true, weight, logit: logit(model), baselineProbability: baseline });
const fake = (model: number, baseline: number, weight = 1): CatchItem => ({ human: false, weight, logit: logit(model), baselineProbability: baseline });
const CUTS = { blockBelow: 30, allowAtLeast: 60 };
const PIVOT = blockCutLogit(30);
/** The human_score an item gets once shrunk by `scale` towards the block cut. */
const scoreAt = (x: CatchItem, scale: number): number => Math.round(100 * sigmoid(PIVOT + scale * (x.logit - PIVOT)));

describe('caught', () => {
  it('reads a catch as the API does: human_score (rounded) under the allow threshold', () => {
    expect(caught(0.594, 60)).toBe(true);
    expect(caught(0.595, 60)).toBe(false);
    expect(caught(0.2, 60)).toBe(true);
  });
});

describe('catch guard: a learned model lets through no larger share of known fakes than the baseline', () => {
  it.each([
    {
      name: 'catches as many fakes as the baseline already: the inherited shrink stands',
      items: [fake(0.4, 0.5), fake(0.5, 0.7), human(0.9, 0.9)],
      scale: 0.92,
      caughtShares: { baseline: 0.5, inherited: 1, served: 1 },
    },
    {
      name: 'the baseline caught no fake: nothing to keep',
      items: [fake(0.9, 0.7), fake(0.8, 0.65), human(0.9, 0.9)],
      scale: 0.92,
      caughtShares: { baseline: 0, inherited: 0, served: 0 },
    },
    {
      name: 'no fake among the outcomes',
      items: [human(0.9, 0.5), human(0.2, 0.1)],
      scale: 0.92,
      caughtShares: { baseline: 0, inherited: 0, served: 0 },
    },
  ])('$name', ({ items, scale, caughtShares }) => {
    const g = guardCatches(items, CUTS, 0.92);
    expect(g.scale).toBe(scale);
    expect(g.baselineFakesCaught).toBeCloseTo(caughtShares.baseline, 12);
    expect(g.inheritedFakesCaught).toBeCloseTo(caughtShares.inherited, 12);
    expect(g.fakesCaught).toBeCloseTo(caughtShares.served, 12);
  });

  it("shrinks harder until the baseline's share is caught, the allow cut at the first fake it may let through", () => {
    // The baseline catches 2 of 4 fakes; the model, shrunk by 0.92, catches 1 (the one at 0.5).
    const items = [fake(0.5, 0.3), fake(0.7, 0.4), fake(0.9, 0.8), fake(0.95, 0.9), human(0.99, 0.9)];
    const g = guardCatches(items, CUTS, 0.92);
    expect(g.baselineFakesCaught).toBe(0.5);
    expect(g.inheritedFakesCaught).toBe(0.25);
    expect(g.scale).toBeLessThan(0.92);
    // The third fake (0.9) lands on the allow cut, just under it: caught with the two under it.
    expect(PIVOT + g.scale * (logit(0.9) - PIVOT)).toBeCloseTo(blockCutLogit(60), 5);
    expect(scoreAt(items[2]!, g.scale)).toBe(59);
    expect(scoreAt(items[3]!, g.scale)).toBeGreaterThanOrEqual(60);
    expect(g.fakesCaught).toBe(0.75);
  });

  // Of n held-out fakes the baseline catches k; the model, as inherited, fewer. A new fake falls
  // under the j-th lowest held-out one in j/(n + 1) of cases, so the cut keeps the baseline's k/n
  // of new fakes only at j = k + 1; halfway between the k-th and the (k + 1)-th it catches about
  // (k + 1/2)/(n + 1), short of k/n whenever k > n/2 (the last column), and lets the (k + 1)-th through.
  it.each([
    { n: 6, k: 5, halfwayShortBy: 0.286 },
    { n: 12, k: 10, halfwayShortBy: 0.308 },
    { n: 40, k: 33, halfwayShortBy: 0.317 },
    { n: 10, k: 3, halfwayShortBy: -0.182 },
  ])('of $n fakes the baseline catches $k: the cut at the ($k + 1)-th, which is caught, the next one allowed', ({ n, k, halfwayShortBy }) => {
    // Fakes the model scores apart, from human_score 55 to 98; the baseline catches the k lowest.
    const fakes = Array.from({ length: n }, (_, j) => fake(0.55 + (0.43 * j) / (n - 1), j < k ? 0.2 : 0.9));
    const g = guardCatches([...fakes, human(0.99, 0.9)], CUTS, 1);
    expect(g.baselineFakesCaught).toBeCloseTo(k / n, 12);
    expect(g.inheritedFakesCaught).toBeLessThan(k / n);
    expect(scoreAt(fakes[k]!, g.scale)).toBeLessThan(60);
    if (k + 1 < n) expect(scoreAt(fakes[k + 1]!, g.scale)).toBeGreaterThanOrEqual(60);
    expect(g.fakesCaught).toBeCloseTo((k + 1) / n, 12);
    // In n new fakes: (k + 1)/(n + 1) of them at least the baseline's k/n; halfway short by the last column.
    expect(((k + 1) / (n + 1)) * n).toBeGreaterThanOrEqual(k);
    expect(k - ((k + 0.5) / (n + 1)) * n).toBeCloseTo(halfwayShortBy, 3);
  });

  it('keeps a tie at the first fake it may let through together, allowed: the cut halfway below it', () => {
    // The baseline catches 2 of 5; the third and fourth fakes score alike (the same features and domain).
    const items = [fake(0.5, 0.3), fake(0.7, 0.4), fake(0.9, 0.8), fake(0.9, 0.8), fake(0.95, 0.9), human(0.99, 0.9)];
    const g = guardCatches(items, CUTS, 0.92);
    expect(g.fakesCaught).toBeCloseTo(0.4, 12);
    expect(PIVOT + g.scale * ((logit(0.7) + logit(0.9)) / 2 - PIVOT)).toBeCloseTo(blockCutLogit(60), 5);
    expect(scoreAt(items[1]!, g.scale)).toBeLessThan(60);
    expect(scoreAt(items[2]!, g.scale)).toBeGreaterThanOrEqual(60);
  });

  it('with no fake above the last one it must catch, puts the cut just past it', () => {
    const items = [fake(0.8, 0.3), fake(0.9, 0.4), human(0.99, 0.9)];
    const g = guardCatches(items, CUTS, 0.92);
    expect(g.fakesCaught).toBe(1);
    expect(scoreAt(items[1]!, g.scale)).toBe(59);
  });

  it('counts fakes by their weight (tenant shares), ties together', () => {
    // The baseline catches the heavy fake (8 of the 10 by weight). The light fake the model
    // scores lowest does not make up that weight, so the cut goes past the heavy one, and with
    // it the light one tied with it (ties are caught together).
    const items = [fake(0.8, 0.9, 1), fake(0.85, 0.3, 8), fake(0.85, 0.9, 1), human(0.99, 0.9)];
    const g = guardCatches(items, CUTS, 0.92);
    expect(g.baselineFakesCaught).toBeCloseTo(0.8, 12);
    expect(g.fakesCaught).toBe(1);
    for (const x of items.filter((i) => !i.human)) expect(scoreAt(x, g.scale)).toBeLessThan(60);
  });

  it('has no band to move when the cuts leave none, and refuses an inherited scale outside (0, 1]', () => {
    expect(guardCatches([fake(0.9, 0.1)], { blockBelow: 60, allowAtLeast: 60 }, 0.92).scale).toBe(0.92);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => guardCatches([], CUTS, bad)).toThrow(/inherited scale/);
  });

  const item = fc.record({
    human: fc.boolean(),
    weight: fc.double({ min: 0.1, max: 5, noNaN: true }),
    logit: fc.double({ min: -8, max: 8, noNaN: true }),
    baselineProbability: fc.double({ min: 0.001, max: 0.999, noNaN: true }),
  });

  it('property: blocks unchanged, the ranking unchanged, fakes caught at least the baseline share, the shrink never weaker than inherited', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 19 }),
        fc.double({ min: 0.3, max: 1, noNaN: true }),
        (items, review, gap, inherited) => {
          const cuts = { blockBelow: review, allowAtLeast: review + gap };
          const pivot = blockCutLogit(review);
          // A review threshold of 0 pivots at the cut of 1: with an allow threshold of 1 there is no band to move.
          fc.pre(blockCutLogit(cuts.allowAtLeast) > pivot);
          const g = guardCatches(items, cuts, inherited);
          expect(g.scale).toBeGreaterThan(0);
          expect(g.scale).toBeLessThanOrEqual(inherited);
          const served = (x: CatchItem, scale: number) => sigmoid(pivot + scale * (x.logit - pivot));
          for (const x of items) {
            // Nothing crosses the block cut (away from the rounding edge itself).
            if (Math.abs(x.logit - pivot) > 1e-6) {
              expect(Math.round(100 * served(x, g.scale)) < review).toBe(Math.round(100 * served(x, inherited)) < review);
            }
          }
          const sorted = [...items].sort((a, b) => a.logit - b.logit);
          // Order kept up to float rounding: logits a few ulps apart can map one ulp the other way.
          for (let i = 1; i < sorted.length; i++) expect(served(sorted[i]!, g.scale)).toBeGreaterThanOrEqual(served(sorted[i - 1]!, g.scale) - 1e-12);
          const fakes = items.filter((x) => !x.human);
          const weight = fakes.reduce((s, x) => s + x.weight, 0);
          const share = (isCaught: (x: CatchItem) => boolean) => (weight > 0 ? fakes.reduce((s, x) => s + (isCaught(x) ? x.weight : 0), 0) / weight : 0);
          const baseline = share((x) => caught(x.baselineProbability, cuts.allowAtLeast));
          const servedShare = share((x) => caught(served(x, g.scale), cuts.allowAtLeast));
          expect(g.fakesCaught).toBeCloseTo(servedShare, 9);
          expect(servedShare).toBeGreaterThanOrEqual(baseline - 1e-9);
          // It only acts when it must.
          if (share((x) => caught(served(x, inherited), cuts.allowAtLeast)) >= baseline - 1e-9) expect(g.scale).toBe(inherited);
        },
      ),
      { numRuns: 500 },
    );
  });
});
