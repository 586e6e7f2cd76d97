import { describe, expect, it } from 'vitest';
import { blocks, guardVerdicts, type HeldOutScore } from '../../src/model/verdict-guard.ts';
import { sigmoid } from '../../src/model/score.ts';

const logit = (p: number) => Math.log(p / (1 - p));
const human = (model: number, baseline: number, weight = 1): HeldOutScore => ({ human: true, weight, logit: logit(model), baselineProbability: baseline });
const fake = (model: number, baseline: number, weight = 1): HeldOutScore => ({ human: false, weight, logit: logit(model), baselineProbability: baseline });

describe('verdict guard: a learned model blocks no larger share of known humans than the baseline', () => {
  it('reads a block as the API does: human_score (rounded) under the review threshold', () => {
    expect(blocks(0.294, 30)).toBe(true);
    expect(blocks(0.295, 30)).toBe(false);
    expect(blocks(0.01, 0)).toBe(false);
  });

  it('leaves a model that blocks no more humans than the baseline as it is', () => {
    const g = guardVerdicts([human(0.9, 0.8), human(0.2, 0.1), human(0.7, 0.6), fake(0.05, 0.5), fake(0.1, 0.2)], 30);
    expect(g).toMatchObject({ shift: 0, heldBack: false, baselineHumansBlocked: 1 / 3, fittedHumansBlocked: 1 / 3, humansBlocked: 1 / 3 });
  });

  it('raises an over-blocking model to block the baseline\'s share, its threshold halfway between the last human it blocks and the first it may not', () => {
    // The model ranks perfectly but puts 2 of 4 humans under 30; the baseline blocks 1 of them.
    const items = [human(0.25, 0.6), human(0.1, 0.2), human(0.8, 0.7), human(0.9, 0.9), fake(0.02, 0.4), fake(0.05, 0.35), fake(0.03, 0.5)];
    const g = guardVerdicts(items, 30);
    expect(g.fittedHumansBlocked).toBe(0.5);
    expect(g.baselineHumansBlocked).toBe(0.25);
    expect(g.humansBlocked).toBe(0.25);
    // The threshold (a human_score of 29.5) lands halfway between the humans at 0.1 and 0.25:
    // the one at 0.25 rises above it, the one at 0.1 stays blocked.
    expect(g.shift).toBeCloseTo(logit(0.295) - (logit(0.1) + logit(0.25)) / 2, 12);
    expect(blocks(sigmoid(logit(0.25) + g.shift), 30)).toBe(false);
    expect(blocks(sigmoid(logit(0.1) + g.shift), 30)).toBe(true);
    expect(g.heldBack).toBe(false);
    expect(g.logLoss).toBeLessThan(g.baselineLogLoss);
  });

  it('holds a model back when the raise it needs costs it its advantage over the baseline', () => {
    // One human the model is sure is fake (the baseline blocked none): lifting it lifts every fake as far.
    const items = [human(0.001, 0.7), human(0.9, 0.8), human(0.9, 0.8), fake(0.02, 0.3), fake(0.02, 0.3), fake(0.02, 0.3)];
    const g = guardVerdicts(items, 30);
    expect(g.baselineHumansBlocked).toBe(0);
    expect(g.humansBlocked).toBe(0);
    expect(g.shift).toBeGreaterThan(5);
    expect(g.heldBack).toBe(true);
  });

  it('counts humans by their weight (tenant shares), ties together', () => {
    // Weighted, the baseline blocks 10% of the human weight: the model may keep blocking the
    // light human (weight 1 of 10) but not both tied heavy ones.
    const items = [human(0.1, 0.1, 1), human(0.2, 0.9, 4.5), human(0.2, 0.9, 4.5), fake(0.01, 0.5)];
    const g = guardVerdicts(items, 30);
    expect(g.baselineHumansBlocked).toBeCloseTo(0.1, 12);
    expect(g.humansBlocked).toBeCloseTo(0.1, 12);
    expect(g.shift).toBeCloseTo(logit(0.295) - (logit(0.1) + logit(0.2)) / 2, 12);
  });

  it('with no human it may block, the threshold goes halfway between the lowest human and the outcome below it', () => {
    const g = guardVerdicts([human(0.2, 0.9), human(0.9, 0.9), fake(0.02, 0.5), fake(0.1, 0.5)], 30);
    expect(g.baselineHumansBlocked).toBe(0);
    expect(g.shift).toBeCloseTo(logit(0.295) - (logit(0.1) + logit(0.2)) / 2, 12);
    expect(g.humansBlocked).toBe(0);
    // Nothing below it: just past the lowest human.
    expect(Math.round(100 * sigmoid(logit(0.2) + guardVerdicts([human(0.2, 0.9), fake(0.5, 0.5)], 30).shift))).toBe(30);
  });

  it('has nothing to hold without humans or without a block threshold', () => {
    expect(guardVerdicts([fake(0.1, 0.9)], 30)).toMatchObject({ shift: 0, heldBack: false, humansBlocked: 0 });
    expect(guardVerdicts([human(0.01, 0.9)], 0)).toMatchObject({ shift: 0, heldBack: false });
  });
});
