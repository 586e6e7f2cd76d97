import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockCutLogit } from '../../src/model/calibration.ts';
import { caught } from '../../src/model/catch-guard.ts';
import { BLOCKED_HUMANS_CEILING, effectiveCount, wilsonUpper } from '../../src/model/sampling-bound.ts';
import { blocks, guardVerdicts, servedHeldOut, servedLogit, type HeldOutScore } from '../../src/model/verdict-guard.ts';
import { FEATURE_INDEX, FEATURE_NAMES } from '../../src/model/features.ts';
import { logLossOf } from '../../src/model/prequential.ts';
import { humanScoreOf, scoreFeatures, sigmoid, type Scorecard } from '../../src/model/score.ts';

const logit = (p: number) => Math.log(p / (1 - p));
const human = (model: number, baseline: number, weight = 1): HeldOutScore => ({ human: true, weight, logit: logit(model), baselineProbability: baseline });
const fake = (model: number, baseline: number, weight = 1): HeldOutScore => ({ human: false, weight, logit: logit(model), baselineProbability: baseline });
/**
 * The budget's mechanics on a handful of outcomes: the sampling bound lifted (a ceiling of 1),
 * since a handful of humans can vouch for no threshold (its own cases are below).
 */
const MECHANICS = { blockedHumansCeiling: 1 };
/** Mean log loss of the items once their logits go through `map`. */
const meanLoss = (items: readonly HeldOutScore[], map: (z: number) => number): number =>
  items.reduce((s, x) => s + x.weight * logLossOf(x.human, sigmoid(map(x.logit))), 0) / items.reduce((s, x) => s + x.weight, 0);

describe('verdict guard: a learned model blocks no larger share of known humans than the baseline', () => {
  it('reads a block as the API does: human_score (rounded) under the review threshold', () => {
    expect(blocks(0.294, 30)).toBe(true);
    expect(blocks(0.295, 30)).toBe(false);
    expect(blocks(0.01, 0)).toBe(false);
  });

  it("compares the models as they would serve: the candidate shrunk by the baseline's calibration after its recalibration", () => {
    const items = [human(0.25, 0.6), human(0.1, 0.2), human(0.8, 0.7), human(0.9, 0.9), fake(0.02, 0.4), fake(0.05, 0.35), fake(0.03, 0.5)];
    const plain = guardVerdicts(items, { ...MECHANICS, blockBelow: 30 });
    const served = guardVerdicts(items, { ...MECHANICS, blockBelow: 30, servingScale: 0.8 });
    // The same recalibration and the same blocks: the shrink pivots at the block cut.
    expect(served).toMatchObject({ scale: plain.scale, shift: plain.shift, humansBlocked: plain.humansBlocked, baselineLogLoss: plain.baselineLogLoss });
    const cut = logit(0.295);
    expect(served.logLoss).toBeCloseTo(meanLoss(items, (z) => cut + 0.8 * (plain.scale * z + plain.shift - cut)), 12);
    expect(served.logLoss).not.toBeCloseTo(plain.logLoss, 6);
  });

  it('leaves a model that blocks no more humans than the baseline as it is', () => {
    const g = guardVerdicts([human(0.9, 0.8), human(0.2, 0.1), human(0.7, 0.6), fake(0.05, 0.5), fake(0.1, 0.2)], { ...MECHANICS, blockBelow: 30 });
    expect(g).toMatchObject({ scale: 1, shift: 0, heldBack: false, baselineHumansBlocked: 1 / 3, fittedHumansBlocked: 1 / 3, humansBlocked: 1 / 3 });
  });

  it("recalibrates an over-blocking model to the baseline's share, its threshold no lower than halfway between the last human it may block and the first it may not", () => {
    // The model ranks perfectly but puts 2 of 4 humans under 30; the baseline blocks 1 of them.
    const items = [human(0.25, 0.6), human(0.1, 0.2), human(0.8, 0.7), human(0.9, 0.9), fake(0.02, 0.4), fake(0.05, 0.35), fake(0.03, 0.5)];
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30 });
    expect(g.fittedHumansBlocked).toBe(0.5);
    expect(g.baselineHumansBlocked).toBe(0.25);
    expect(g.humansBlocked).toBeLessThanOrEqual(0.25);
    expect(g.scale).toBeGreaterThan(0);
    expect(g.scale).toBeLessThanOrEqual(1);
    // A human_score of 29.5 at or below the point halfway between the humans at 0.1 and 0.25.
    expect(g.scale * ((logit(0.1) + logit(0.25)) / 2) + g.shift).toBeGreaterThanOrEqual(logit(0.295) - 1e-9);
    expect(blocks(sigmoid(g.scale * logit(0.25) + g.shift), 30)).toBe(false);
    expect(g.heldBack).toBe(false);
    expect(g.logLoss).toBeLessThan(g.baselineLogLoss);
    // No worse than the least shift that meets the threshold (what a shift alone can do).
    const shiftOnly = logit(0.295) - (logit(0.1) + logit(0.25)) / 2;
    expect(g.logLoss).toBeLessThanOrEqual(meanLoss(items, (z) => z + shiftOnly) + 1e-12);
  });

  it('makes an over-sure model less sure rather than lifting every fake as far as the human it must lift', () => {
    // Outcomes as often human as a calibrated logit t says (20 at each t), which the candidate
    // scores 3t: it ranks them as well as can be, but too far apart, so it blocks humans the
    // baseline (t itself) did not.
    const items: HeldOutScore[] = [];
    for (let t = -4; t <= 4; t += 0.5) {
      const humans = Math.round(20 * sigmoid(t));
      for (let k = 0; k < 20; k++) items.push((k < humans ? human : fake)(sigmoid(3 * t), sigmoid(t)));
    }
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30 });
    expect(g.fittedHumansBlocked).toBeGreaterThan(g.baselineHumansBlocked);
    expect(g.humansBlocked).toBeLessThanOrEqual(g.baselineHumansBlocked);
    expect(g.scale).toBeGreaterThan(0.25);
    expect(g.scale).toBeLessThan(0.45);
    const floor = logit(0.295) - [...items].filter((x) => x.human).sort((a, b) => a.logit - b.logit).map((x) => x.logit).find((z) => !blocks(sigmoid(z / 3), 30))!;
    expect(g.logLoss).toBeLessThan(meanLoss(items, (z) => z + floor) - 0.05);
    expect(g.heldBack).toBe(false);
  });

  it('puts the threshold at the last held-out human it may block, not past him: he is lifted to human_score 30, the ones under him stay blocked', () => {
    // 200 humans scored apart (no ties), 400 fakes among the lowest of them (so the least lift is
    // the one of least log loss); the baseline blocks 4 of the humans, the model as fitted 10.
    const items = [
      ...Array.from({ length: 200 }, (_, k) => human(k < 10 ? 0.05 + 0.02 * k : 0.5 + 0.002 * k, k < 4 ? 0.1 : 0.8)),
      ...Array.from({ length: 400 }, (_, k) => fake(0.01 + 0.0006 * k, 0.1)),
    ];
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30 });
    const served = (p: number): number => Math.round(100 * sigmoid(g.scale * logit(p) + g.shift));
    expect(g.adjusted).toContain('over_blocking');
    // The 4th lowest human (0.11) sits at the threshold, the 3 under him stay blocked: 3 of 200 here, 4/201 of new humans on average.
    // (Halfway to the 5th, 0.13, as before round 20, it would keep blocking 4 of 200 here, 4.5/201 of new humans.)
    expect(served(0.11)).toBeGreaterThanOrEqual(30);
    expect(served(0.09)).toBeLessThan(30);
    expect(g.humansBlocked).toBe(3 / 200);
  });

  it('holds a model back when the recalibration it needs costs it its advantage over the baseline', () => {
    // One human the model is sure is fake (the baseline blocked none): lifting it lifts every fake as far.
    const items = [human(0.001, 0.7), human(0.9, 0.8), human(0.9, 0.8), fake(0.02, 0.3), fake(0.02, 0.3), fake(0.02, 0.3)];
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30 });
    expect(g.baselineHumansBlocked).toBe(0);
    expect(g.humansBlocked).toBe(0);
    expect(g.logLoss).toBeGreaterThanOrEqual(g.baselineLogLoss);
    expect(g.heldBack).toBe(true);
  });

  it('counts humans by their weight (tenant shares), ties together', () => {
    // Weighted, the baseline blocks 10% of the human weight: the model may keep blocking the
    // light human (weight 1 of 10) but not both tied heavy ones.
    const items = [human(0.1, 0.1, 1), human(0.2, 0.9, 4.5), human(0.2, 0.9, 4.5), fake(0.01, 0.5)];
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30 });
    expect(g.baselineHumansBlocked).toBeCloseTo(0.1, 12);
    expect(g.humansBlocked).toBeLessThanOrEqual(0.1 + 1e-12);
    expect(blocks(sigmoid(g.scale * logit(0.2) + g.shift), 30)).toBe(false);
    expect(g.scale * ((logit(0.1) + logit(0.2)) / 2) + g.shift).toBeGreaterThanOrEqual(logit(0.295) - 1e-9);
  });

  it('with no human it may block, the threshold goes no lower than halfway between the lowest human and the outcome below it', () => {
    const g = guardVerdicts([human(0.2, 0.9), human(0.9, 0.9), fake(0.02, 0.5), fake(0.1, 0.5)], { ...MECHANICS, blockBelow: 30 });
    expect(g.baselineHumansBlocked).toBe(0);
    expect(g.scale * ((logit(0.1) + logit(0.2)) / 2) + g.shift).toBeGreaterThanOrEqual(logit(0.295) - 1e-9);
    expect(g.humansBlocked).toBe(0);
    // Nothing below it: at least just past the lowest human.
    const alone = guardVerdicts([human(0.2, 0.9), fake(0.5, 0.5)], { ...MECHANICS, blockBelow: 30 });
    expect(Math.round(100 * sigmoid(alone.scale * logit(0.2) + alone.shift))).toBeGreaterThanOrEqual(30);
  });

  it('has nothing to hold without humans or without a block threshold', () => {
    expect(guardVerdicts([fake(0.1, 0.9)], { ...MECHANICS, blockBelow: 30 })).toMatchObject({ scale: 1, shift: 0, heldBack: false, humansBlocked: 0 });
    expect(guardVerdicts([human(0.01, 0.9)], { ...MECHANICS, blockBelow: 0 })).toMatchObject({ scale: 1, shift: 0, heldBack: false });
  });
});

describe('the two guards together: no more known humans blocked, no more known fakes let through', () => {
  it('shrinks an over-allowing model harder towards the block cut, leaving the recalibration and every block as they were', () => {
    // The model blocks no more humans than the baseline, but lets through fakes the baseline caught.
    const items = [human(0.95, 0.9), human(0.9, 0.8), human(0.2, 0.1), fake(0.7, 0.4), fake(0.75, 0.45), fake(0.1, 0.2), fake(0.95, 0.8)];
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30, allowAtLeast: 60, servingScale: 0.92 });
    expect(g).toMatchObject({ scale: 1, shift: 0, adjusted: ['over_allowing'] });
    expect(g.servingScale).toBeLessThan(0.92);
    expect(g.baselineFakesCaught).toBe(0.75);
    expect(g.inheritedFakesCaught).toBe(0.25);
    expect(g.fakesCaught).toBeGreaterThanOrEqual(g.baselineFakesCaught);
    expect(g.humansBlocked).toBe(g.baselineHumansBlocked);
    for (const x of items) expect(blocks(sigmoid(servedLogit(x.logit, g, g.servingScale, 30)), 30)).toBe(blocks(sigmoid(servedLogit(x.logit, g, 0.92, 30)), 30));
    // It still beats the baseline on these outcomes: served.
    expect(g.logLoss).toBeLessThan(g.baselineLogLoss);
    expect(g.heldBack).toBe(false);
  });

  it('holds a model back when letting through no more fakes than the baseline costs it its advantage', () => {
    // The fakes the baseline caught, the model is sure are human: shrinking far enough to catch
    // them costs it the humans it was right about.
    const items = [human(0.9, 0.7), human(0.9, 0.7), human(0.9, 0.7), fake(0.97, 0.1), fake(0.05, 0.5)];
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30, allowAtLeast: 60, servingScale: 0.92 });
    expect(g.adjusted).toEqual(['over_allowing']);
    expect(g.fakesCaught).toBeGreaterThanOrEqual(g.baselineFakesCaught);
    expect(g.logLoss).toBeGreaterThanOrEqual(g.baselineLogLoss);
    expect(g.heldBack).toBe(true);
  });

  it('says nothing was adjusted when neither guard had to act', () => {
    const g = guardVerdicts([human(0.9, 0.8), human(0.2, 0.1), fake(0.05, 0.5), fake(0.1, 0.2)], { ...MECHANICS, blockBelow: 30, allowAtLeast: 60, servingScale: 0.92 });
    expect(g).toMatchObject({ scale: 1, shift: 0, servingScale: 0.92, adjusted: [], heldBack: false });
  });

  it('property: ranking unchanged, humans blocked not above the baseline share, fakes caught not under it', () => {
    const item = fc.record({
      human: fc.boolean(),
      weight: fc.double({ min: 0.1, max: 5, noNaN: true }),
      logit: fc.double({ min: -8, max: 8, noNaN: true }),
      baselineProbability: fc.double({ min: 0.001, max: 0.999, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0.5, max: 1, noNaN: true }),
        (items, review, gap, inherited) => {
          const allow = review + gap;
          const g = guardVerdicts(items, { ...MECHANICS, blockBelow: review, allowAtLeast: allow, servingScale: inherited });
          const served = (x: HeldOutScore) => sigmoid(servedLogit(x.logit, g, g.servingScale, review));
          const share = (xs: readonly HeldOutScore[], pick: (x: HeldOutScore) => boolean) => {
            const w = xs.reduce((s, x) => s + x.weight, 0);
            return w > 0 ? xs.reduce((s, x) => s + (pick(x) ? x.weight : 0), 0) / w : 0;
          };
          const humans = items.filter((x) => x.human);
          const fakes = items.filter((x) => !x.human);
          expect(share(humans, (x) => blocks(served(x), review))).toBeLessThanOrEqual(share(humans, (x) => blocks(x.baselineProbability, review)) + 1e-9);
          expect(share(fakes, (x) => caught(served(x), allow))).toBeGreaterThanOrEqual(share(fakes, (x) => caught(x.baselineProbability, allow)) - 1e-9);
          expect(g.servingScale).toBeLessThanOrEqual(inherited);
          const sorted = [...items].sort((a, b) => a.logit - b.logit);
          for (let i = 1; i < sorted.length; i++) expect(servedLogit(sorted[i]!.logit, g, g.servingScale, review)).toBeGreaterThanOrEqual(servedLogit(sorted[i - 1]!.logit, g, g.servingScale, review));
          expect(g.heldBack).toBe(g.adjusted.length > 0 && !(g.logLoss < g.baselineLogLoss));
          expect(blockCutLogit(review)).toBeLessThan(blockCutLogit(allow));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("verdict guard: the budget's sampling error (a share read from few humans says little about new ones)", () => {
  /** n humans the model scores at 0.5..0.9 apart from the lowest `low` (at 0.1), the baseline blocking the lowest `baselineBlocks`; fakes below them all. */
  const world = (n: number, low: number, baselineBlocks: number, weight = (_: number) => 1): HeldOutScore[] => [
    ...Array.from({ length: n }, (_, k) => human(k < low ? 0.1 + k * 1e-4 : 0.5 + (0.4 * k) / n, k < baselineBlocks ? 0.2 : 0.8, weight(k))),
    ...Array.from({ length: 40 }, (_, k) => fake(0.02 + k * 1e-4, 0.1)),
  ];

  it('holds back a model that blocks none of 60 held-out humans (nor did the baseline): none of 60 vouches for nothing under 3%', () => {
    const items = world(60, 0, 0);
    // Without the bound the guard passes it as it is.
    expect(guardVerdicts(items, { ...MECHANICS, blockBelow: 30 })).toMatchObject({ scale: 1, shift: 0, heldBack: false, adjusted: [] });
    const g = guardVerdicts(items, { blockBelow: 30 });
    expect(g).toMatchObject({ tooFewHumans: true, heldBack: true, adjusted: ['few_humans'], effectiveHumans: 60, humansBlocked: 0 });
  });

  it.each([
    { n: 124, held: true },
    { n: 125, held: false },
  ])('none blocked of $n humans: held back $held', ({ n, held }) => {
    const g = guardVerdicts(world(n, 0, 0), { blockBelow: 30 });
    expect(g.tooFewHumans).toBe(held);
    expect(g.heldBack).toBe(held);
  });

  it('leaves a model as it was when its humans are enough: 10 of 1,000 blocked, as the baseline did (upper bound 1.8%)', () => {
    const items = world(1000, 10, 10);
    const bounded = guardVerdicts(items, { blockBelow: 30 });
    const lifted = guardVerdicts(items, { ...MECHANICS, blockBelow: 30 });
    expect(bounded).toEqual({ ...lifted, tightened: false, tooFewHumans: false });
    expect(bounded).toMatchObject({ scale: 1, shift: 0, heldBack: false, adjusted: [], humansBlocked: 0.01 });
  });

  it("tightens the threshold to the count its humans vouch for: 6 of 300 blocked, as the baseline did, is tightened to 3 (3 of 300: upper bound 2.9%; 4: 3.4%)", () => {
    const items = world(300, 6, 6);
    expect(guardVerdicts(items, { ...MECHANICS, blockBelow: 30 })).toMatchObject({ scale: 1, shift: 0, humansBlocked: 0.02 });
    const g = guardVerdicts(items, { blockBelow: 30 });
    expect(g).toMatchObject({ tightened: true, tooFewHumans: false, heldBack: false, adjusted: ['few_humans'] });
    expect(g.humansBlocked).toBeLessThanOrEqual(3 / 300);
    const humans = items.filter((x) => x.human).sort((a, b) => a.logit - b.logit);
    expect(blocks(sigmoid(servedLogit(humans[3]!.logit, g, g.servingScale, 30)), 30)).toBe(false);
  });

  it("keeps to the baseline's share when it is above 3%: 20 of 200 humans blocked by both is tightened, not held back", () => {
    const g = guardVerdicts(world(200, 20, 20), { blockBelow: 30 });
    expect(g).toMatchObject({ tightened: true, tooFewHumans: false, adjusted: ['few_humans'] });
    expect(wilsonUpper(g.humansBlocked, 200)).toBeLessThanOrEqual(0.1 + 1e-12);
  });

  it('counts weighted humans by their effective number: 200 humans, half of the weight on 20 of them, are 80', () => {
    const g = guardVerdicts(
      world(200, 0, 0, (k) => (k < 20 ? 9 : 1)),
      { blockBelow: 30 },
    );
    expect(g.effectiveHumans).toBeCloseTo(360 ** 2 / (20 * 81 + 180), 9);
    expect(g).toMatchObject({ tooFewHumans: true, heldBack: true });
  });

  it('property: held back exactly when none blocked is not vouched for; else its share blocked is; unchanged wherever the baseline budget is', () => {
    const outcome = fc.record({
      human: fc.boolean(),
      // Mostly equal weights (a capped account's are lower), so that the effective number is near the count.
      weight: fc.constantFrom(1, 1, 1, 1, 0.5, 2),
      logit: fc.double({ min: -6, max: 6, noNaN: true }),
      // Mostly above any block threshold, so that a baseline blocking 1-2% of many humans comes up.
      baselineProbability: fc.oneof({ arbitrary: fc.double({ min: 0.55, max: 0.999, noNaN: true }), weight: 200 }, { arbitrary: fc.double({ min: 0.001, max: 0.999, noNaN: true }), weight: 1 }),
    });
    let unchanged = 0;
    fc.assert(
      fc.property(fc.oneof(fc.array(outcome, { minLength: 1, maxLength: 100 }), fc.array(outcome, { minLength: 300, maxLength: 600 })), fc.integer({ min: 10, max: 50 }), (items, review) => {
        const g = guardVerdicts(items, { blockBelow: review });
        const lifted = guardVerdicts(items, { ...MECHANICS, blockBelow: review });
        const humans = items.filter((x) => x.human);
        const n = effectiveCount(humans.map((x) => x.weight));
        const ceiling = Math.max(lifted.baselineHumansBlocked, BLOCKED_HUMANS_CEILING);
        expect(g.effectiveHumans).toBeCloseTo(n, 9);
        expect(g.tooFewHumans).toBe(humans.length > 0 && wilsonUpper(0, n) > ceiling);
        if (g.tooFewHumans) expect(g.heldBack).toBe(true);
        else if (humans.length > 0) expect(wilsonUpper(g.humansBlocked, n)).toBeLessThanOrEqual(ceiling + 1e-9);
        expect(g.humansBlocked).toBeLessThanOrEqual(lifted.baselineHumansBlocked + 1e-9);
        // The baseline's own budget is vouched for: the bound changes nothing.
        if (humans.length > 0 && wilsonUpper(lifted.baselineHumansBlocked, n) <= ceiling) {
          expect(g).toMatchObject({ scale: lifted.scale, shift: lifted.shift, servingScale: lifted.servingScale, heldBack: lifted.heldBack, adjusted: lifted.adjusted, tightened: false });
          unchanged++;
        }
      }),
      { numRuns: 150 },
    );
    // The generator reaches the case the last clause is about.
    expect(unchanged).toBeGreaterThan(10);
  });
});

describe("verdict guard: held-out outcomes scored as served, a free-mail provider's effect held (issue 16)", () => {
  /** A held-out outcome at a fake-heavy free-mail provider: `without` its P(human) without the provider's effect, `effect` that effect. */
  const atProvider = (isHuman: boolean, without: number, effect: number, baseline: number): HeldOutScore => ({
    human: isHuman,
    weight: 1,
    logit: logit(without) + effect,
    baselineProbability: baseline,
    providerEffect: effect,
  });

  it('scores a held-out outcome exactly as scoreFeatures serves the same logit and effect (one hold, so the two cannot drift apart)', () => {
    const freeMail = Float64Array.from(FEATURE_NAMES, (_, j) => (j === FEATURE_INDEX.free_provider ? 1 : 0));
    fc.assert(
      fc.property(
        fc.double({ min: -6, max: 6, noNaN: true }),
        fc.double({ min: -5, max: 2, noNaN: true }),
        fc.double({ min: 1 / 16, max: 1, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0.3, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 70 }),
        (linear, effect, scale, shift, servingScale, review) => {
          const g = { scale, shift };
          // The model as served: the guard's map and the shrink in the intercept, the effect scaled as the weights are.
          const card: Scorecard = {
            name: 'learned',
            version: 1,
            featureVersion: 0,
            intercept: servedLogit(linear, g, servingScale, review),
            weights: new Float64Array(FEATURE_NAMES.length),
            reasonMinImpact: 0,
            account: 'a',
            domainIntercepts: new Map([['provider.example', servingScale * scale * effect]]),
          };
          const served = scoreFeatures(freeMail, card, { allowAtLeast: Math.max(60, review), reviewAtLeast: review }, 'provider.example');
          const x = { human: true, weight: 1, logit: linear + effect, baselineProbability: 0.5, providerEffect: effect < 0 ? effect : 0 };
          expect(servedHeldOut(x, g, servingScale, review)).toBeCloseTo(served.logit, 9);
          expect(humanScoreOf(sigmoid(servedHeldOut(x, g, servingScale, review)))).toBe(served.humanScore);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('does not count as blocked, nor lift the model for, a person whom only the provider\'s effect puts under the block cut', () => {
    // Without the effect the person scores 70 (review): with it, 12 unheld; served, 30 (review).
    const people = [atProvider(true, 0.7, -2.8, 0.7), human(0.8, 0.8), human(0.6, 0.6), human(0.9, 0.9)];
    const fakes = [fake(0.05, 0.4), fake(0.1, 0.35), atProvider(false, 0.4, -3, 0.5), fake(0.2, 0.5)];
    const g = guardVerdicts([...people, ...fakes], { ...MECHANICS, blockBelow: 30, allowAtLeast: 60 });
    expect(g).toMatchObject({ scale: 1, shift: 0, adjusted: [], heldBack: false, humansBlocked: 0, fittedHumansBlocked: 0 });
    // The same outcomes with the effect unheld (a domain one party controls): the person is blocked, and the model raised for him.
    const unheld = [...people, ...fakes].map(({ providerEffect: _, ...x }) => x);
    const u = guardVerdicts(unheld, { ...MECHANICS, blockBelow: 30, allowAtLeast: 60 });
    expect(u.fittedHumansBlocked).toBeCloseTo(0.25, 12);
    expect(u.adjusted).toContain('over_blocking');
    expect(u.shift).toBeGreaterThan(0);
  });

  it('lifts to the person the model blocks without the effect, and counts the held as served (lowest review score)', () => {
    // The baseline blocks one of five people; the model blocks two without the effect: it must lift past the lower of them.
    const items = [
      atProvider(true, 0.1, -1, 0.2), // blocked without the effect: the one the budget allows
      atProvider(true, 0.25, -1, 0.6), // blocked without the effect too: must be lifted
      atProvider(true, 0.5, -2.5, 0.7), // held: not blocked
      human(0.8, 0.8),
      human(0.9, 0.9),
      fake(0.02, 0.4),
      fake(0.05, 0.3),
      atProvider(false, 0.45, -3, 0.5),
    ];
    const g = guardVerdicts(items, { ...MECHANICS, blockBelow: 30, allowAtLeast: 60, servingScale: 0.92 });
    expect(g.adjusted).toContain('over_blocking');
    expect(g.fittedHumansBlocked).toBeCloseTo(0.4, 12);
    expect(g.humansBlocked).toBeLessThanOrEqual(0.2);
    const scores = items.map((x) => humanScoreOf(sigmoid(servedHeldOut(x, g, g.servingScale, 30))));
    expect(scores[1]).toBeGreaterThanOrEqual(30);
    // What the guard counts is what serving gives.
    expect(g.humansBlocked).toBeCloseTo(scores.slice(0, 5).filter((s) => s < 30).length / 5, 12);
    // Held (or lifted past the cut): not blocked; the fake there still caught (not allowed).
    expect(scores[2]).toBeGreaterThanOrEqual(30);
    expect(scores[7]).toBeGreaterThanOrEqual(30);
    expect(scores[7]).toBeLessThan(60);
  });
});
