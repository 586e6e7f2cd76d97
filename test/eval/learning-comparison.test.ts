import { describe, expect, it } from 'vitest';
import { arrivalOrder, compareOnUnseen, splitForLearning, type ComparedCheck } from '../../src/eval/learning-comparison.ts';

const judged = (probability: number) => ({ probability, verdict: probability >= 0.6 ? ('allow' as const) : probability >= 0.3 ? ('review' as const) : ('block' as const) });
const row = (label: 'human' | 'fake', served: number, baseline: number, gmail = false, shared?: number): ComparedCheck => ({
  label,
  gmail,
  served: judged(served),
  baseline: judged(baseline),
  ...(shared === undefined ? {} : { shared: judged(shared) }),
});

describe('the learning simulation: order and split', () => {
  it('mixes a file grouped by label, the same way every run, unless told to keep the file order', () => {
    const order = arrivalOrder(1000, false);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(arrivalOrder(1000, false)).toEqual(order);
    // Rows 0-499 stand for one label, 500-999 for the other: both appear in the first 60%.
    const { learn, unseen } = splitForLearning(order);
    expect(learn).toHaveLength(600);
    expect(unseen).toHaveLength(400);
    const lowInLearn = learn.filter((i) => i < 500).length;
    expect(lowInLearn).toBeGreaterThan(240);
    expect(lowInLearn).toBeLessThan(360);
    expect(arrivalOrder(5, true)).toEqual([0, 1, 2, 3, 4]);
    // Another seed: another fixed order of the same rows; seed 0 is the default.
    const other = arrivalOrder(1000, false, 3);
    expect([...other].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(other).not.toEqual(order);
    expect(arrivalOrder(1000, false, 3)).toEqual(other);
    expect(arrivalOrder(1000, false, 0)).toEqual(order);
    expect(arrivalOrder(5, true, 3)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('the learning simulation: served model against the baseline on the same checks', () => {
  it('gives AUC, gmail.com AUC, fakes caught, humans blocked and log loss of each side', () => {
    const checks = [
      row('human', 0.9, 0.9, true, 0.8),
      row('human', 0.2, 0.7, true, 0.2), // the served model blocks a human the baseline allowed
      row('human', 0.8, 0.5, false, 0.8),
      row('human', 0.7, 0.25, false, 0.7),
      row('fake', 0.1, 0.8, true, 0.1),
      row('fake', 0.4, 0.65, false, 0.4),
    ];
    const c = compareOnUnseen(checks);
    expect(c.humans).toBe(4);
    expect(c.fakes).toBe(2);
    const loss = (-Math.log(0.9) - Math.log(0.2) - Math.log(0.8) - Math.log(0.7) - Math.log(0.9) - Math.log(0.6)) / 6;
    expect(c.served).toEqual({ auc: 7 / 8, gmailAuc: 1, fakesCaught: 1, humansBlocked: 0.25, logLoss: expect.closeTo(loss, 12) });
    expect(c.baseline.fakesCaught).toBe(0);
    expect(c.baseline.humansBlocked).toBe(0.25);
    expect(c.baseline.gmailAuc).toBe(0.5);
    expect(c.shared?.auc).toBe(7 / 8);
  });

  it('has no AUC where a class is missing, and leaves out a learned model that did not score every check', () => {
    const c = compareOnUnseen([row('human', 0.9, 0.9, false, 0.5), row('fake', 0.2, 0.2)]);
    expect(c.served.gmailAuc).toBeNaN();
    expect(c.shared).toBeUndefined();
    expect(compareOnUnseen([row('human', 0.9, 0.9)]).served.auc).toBeNaN();
  });
});
