import { describe, expect, it } from 'vitest';
import type { LinearModel } from '../../src/model/train.ts';
import { keepPriorWhereUnexercised, unexercisedFeatures } from '../../src/model/unexercised.ts';

describe('unexercisedFeatures', () => {
  it.each([
    { name: 'no example: nothing was exercised', rows: [] as number[][], flags: [true, true, true] },
    { name: 'a feature 0 everywhere', rows: [[1, 0, 0.5], [0, 0, 1]], flags: [false, true, false] },
    { name: 'a value anywhere counts, however small or negative', rows: [[0, 1e-9, 0], [0, 0, -0.5]], flags: [true, false, false] },
  ])('$name', ({ rows, flags }) => {
    expect(unexercisedFeatures(rows.map((features) => ({ features })), 3)).toEqual(flags);
  });
});

describe('keepPriorWhereUnexercised', () => {
  const served: LinearModel = { intercept: 0.3, weights: Float64Array.from([1.5, -0.4, 2]) };
  const prior: LinearModel = { intercept: 0.7, weights: Float64Array.from([2, -3, 1]) };

  it("replaces only the unexercised weights, by the prior's times the inherited scale; the intercept is the model's", () => {
    const m = keepPriorWhereUnexercised(served, prior, 0.92, [false, true, false]);
    expect(m.intercept).toBe(0.3);
    expect([...m.weights]).toEqual([1.5, -3 * 0.92, 2]);
    expect([...served.weights]).toEqual([1.5, -0.4, 2]); // not changed in place
  });

  it('leaves a model every outcome exercised as it is', () => {
    expect([...keepPriorWhereUnexercised(served, prior, 0.92, [false, false, false]).weights]).toEqual([...served.weights]);
  });

  it('refuses flags or a prior of another width', () => {
    expect(() => keepPriorWhereUnexercised(served, prior, 0.92, [false, true])).toThrow(/2 flags, 3 weights/);
    expect(() => keepPriorWhereUnexercised(served, { intercept: 0, weights: Float64Array.from([1]) }, 0.92, [false, true, false])).toThrow(/1 prior weights/);
  });
});
