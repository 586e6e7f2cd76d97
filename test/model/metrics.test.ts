import { describe, expect, it } from 'vitest';
import { accuracy, logLoss, rocAuc } from '../../src/model/metrics.ts';

describe('rocAuc', () => {
  // Hand-computed: count positive/negative pairs ordered correctly (ties = 1/2).
  it.each([
    { name: 'perfect ranking', scores: [0.1, 0.2, 0.8, 0.9], labels: [0, 0, 1, 1], auc: 1 },
    { name: 'inverted ranking', scores: [0.9, 0.8, 0.2, 0.1], labels: [0, 0, 1, 1], auc: 0 },
    // pairs (p,n): (0.35 vs 0.1 ok) (0.35 vs 0.4 bad) (0.8 vs 0.1 ok) (0.8 vs 0.4 ok) => 3/4
    { name: 'one swapped pair', scores: [0.1, 0.4, 0.35, 0.8], labels: [0, 0, 1, 1], auc: 0.75 },
    // all tied => every pair counts 1/2
    { name: 'all tied', scores: [0.5, 0.5, 0.5, 0.5], labels: [1, 0, 1, 0], auc: 0.5 },
    // p={3,2}, n={2,1}: (3>2)(3>1)(2=2 -> .5)(2>1) => 3.5/4
    { name: 'tie across classes', scores: [3, 2, 2, 1], labels: [1, 1, 0, 0], auc: 0.875 },
    { name: 'boolean labels', scores: [1, 2, 3], labels: [false, true, true], auc: 1 },
  ])('$name', ({ scores, labels, auc }) => {
    expect(rocAuc(scores, labels)).toBeCloseTo(auc, 12);
  });

  it('is NaN when a class is missing', () => {
    expect(rocAuc([1, 2], [1, 1])).toBeNaN();
    expect(rocAuc([1, 2], [0, 0])).toBeNaN();
  });

  it('rejects mismatched lengths', () => {
    expect(() => rocAuc([1, 2], [1])).toThrow(/2 scores but 1 labels/);
  });
});

describe('logLoss', () => {
  it.each([
    // -(ln .8 + ln .6)/2
    { probs: [0.8, 0.4], labels: [1, 0], loss: -(Math.log(0.8) + Math.log(0.6)) / 2 },
    { probs: [0.5, 0.5, 0.5], labels: [1, 0, 1], loss: Math.log(2) },
    // -(ln .9 + ln .9 + ln .2)/3
    { probs: [0.9, 0.1, 0.8], labels: [1, 0, 0], loss: -(2 * Math.log(0.9) + Math.log(0.2)) / 3 },
  ])('probs $probs labels $labels', ({ probs, labels, loss }) => {
    expect(logLoss(probs, labels)).toBeCloseTo(loss, 12);
  });

  it('clips certain mistakes instead of returning Infinity', () => {
    expect(logLoss([0], [1])).toBeCloseTo(-Math.log(1e-15), 6);
  });
});

describe('accuracy', () => {
  it.each([
    { probs: [0.9, 0.2, 0.6, 0.4], labels: [1, 0, 0, 1], acc: 0.5 },
    { probs: [0.5, 0.49], labels: [1, 0], acc: 1 }, // 0.5 counts as positive
    { probs: [0.7, 0.7], labels: [0, 0], acc: 0 },
  ])('probs $probs labels $labels', ({ probs, labels, acc }) => {
    expect(accuracy(probs, labels)).toBe(acc);
  });

  it('honours a custom threshold', () => {
    expect(accuracy([0.7, 0.3], [0, 0], 0.8)).toBe(1);
  });
});
