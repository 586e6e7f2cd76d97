import { describe, expect, it } from 'vitest';
import type { ModelPublished } from '../../src/domain/events.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { FEATURE_NAMES, FEATURE_VERSION } from '../../src/model/features.ts';
import { learnedScorecard, modelLabel } from '../../src/model/learned.ts';
import { scoreFeatures } from '../../src/model/score.ts';

const published = (over: Partial<ModelPublished> = {}): ModelPublished => ({
  version: 3,
  feature_version: FEATURE_VERSION,
  intercept: 0.25,
  weights: FEATURE_NAMES.map((_, i) => (i % 2 ? -0.5 : 0.75)),
  trained_at: 1_700_000_000_000,
  examples: 400,
  trained_through: 1_699_999_999_000,
  humans: 250,
  fakes: 150,
  l2: 10,
  train_log_loss: 0.4,
  holdout_log_loss: 0.45,
  baseline_holdout_log_loss: 0.6,
  ...over,
});

describe('learnedScorecard', () => {
  it('turns a published model into a scorecard', () => {
    const m = published();
    const card = learnedScorecard(m)!;
    expect(card).toBeDefined();
    expect(card.name).toBe('learned');
    expect(card.version).toBe(3);
    expect(card.featureVersion).toBe(FEATURE_VERSION);
    expect(card.intercept).toBe(0.25);
    expect(Array.from(card.weights)).toEqual(m.weights);
    // Reasons are given exactly like the baseline's.
    expect(card.reasonMinImpact).toBe(BASELINE_SCORECARD.reasonMinImpact);
  });

  it("carries what the guards adjusted it for (the reasons this build knows), for /v1/model's recommendation", () => {
    expect(learnedScorecard(published({ adjusted: ['over_allowing', 'over_blocking'] }))!.adjustedFor).toEqual(['over_blocking', 'over_allowing']);
    expect(learnedScorecard(published({ adjusted: ['over_thinking'] }))!.adjustedFor).toBeUndefined();
    expect(learnedScorecard(published())!.adjustedFor).toBeUndefined();
  });

  it('copies the weights (later changes to the event do not change scoring)', () => {
    const m = published();
    const card = learnedScorecard(m)!;
    m.weights[0] = 99;
    expect(card.weights[0]).toBe(0.75);
  });

  it('scores like any scorecard: intercept plus the dot product', () => {
    const card = learnedScorecard(published())!;
    const x = new Float64Array(FEATURE_NAMES.length);
    x[0] = 1; // weight 0.75
    x[1] = 1; // weight -0.5
    expect(scoreFeatures(x, card).logit).toBeCloseTo(0.25 + 0.75 - 0.5, 12);
  });

  it.each([
    ['another feature version', { feature_version: FEATURE_VERSION + 1 }],
    ['an older feature version', { feature_version: FEATURE_VERSION - 1 }],
    ['too few weights', { weights: FEATURE_NAMES.map(() => 0).slice(1) }],
    ['too many weights', { weights: [...FEATURE_NAMES.map(() => 0), 0] }],
    ['a NaN weight', { weights: FEATURE_NAMES.map((_, i) => (i === 5 ? Number.NaN : 0)) }],
    ['an infinite weight', { weights: FEATURE_NAMES.map((_, i) => (i === 0 ? Infinity : 0)) }],
    ['a non-finite intercept', { intercept: -Infinity }],
    ['version 0', { version: 0 }],
    ['a negative version', { version: -2 }],
    ['a fractional version', { version: 1.5 }],
  ] as [string, Partial<ModelPublished>][])('rejects %s', (_name, over) => {
    expect(learnedScorecard(published(over))).toBeUndefined();
  });

  it("a personal model's per-domain intercepts: its intercept at that domain, evidence and reasons unchanged", () => {
    const card = learnedScorecard(published({ account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -2.5 }, { domain: 'people.example', effect: 0.5 }] }))!;
    const x = new Float64Array(FEATURE_NAMES.length);
    // A domain one party controls (column 2, school_domain): a free-mail provider's effect would be held at the block cut (score.test.ts).
    x[2] = 1;
    const there = scoreFeatures(x, card, undefined, 'farm.example');
    const elsewhere = scoreFeatures(x, card, undefined, 'other.example');
    expect(there.logit).toBeCloseTo(0.25 - 2.5 + 0.75, 12);
    expect(there.intercept).toBeCloseTo(0.25 - 2.5, 12);
    expect(elsewhere.logit).toBeCloseTo(0.25 + 0.75, 12);
    expect(scoreFeatures(x, card).logit).toBeCloseTo(0.25 + 0.75, 12);
    // The contract's sum: evidence impacts plus the intercept are the logit.
    expect(there.intercept + there.evidence.reduce((s, e) => s + e.impact, 0)).toBeCloseTo(there.logit, 12);
    expect(there.evidence).toEqual(elsewhere.evidence);
  });

  it("carries each effect's share of the outcomes it was fitted on (0: a record written before them, unknown), and fades the effects towards the level the guard set without them", () => {
    const card = learnedScorecard(published({ account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -2, share: 0.25 }, { domain: 'people.example', effect: 0.5, share: 0 }], effects_off_shift: -0.5 }))!;
    expect(card.domainShares).toEqual(new Map([['farm.example', 0.25]]));
    expect(card.domainEffectsOffShift).toBe(-0.5);
    const old = learnedScorecard(published({ account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -2 }] }))!;
    expect(old.domainShares).toBeUndefined();
    expect(old.domainEffectsOffShift).toBeUndefined();
    const x = new Float64Array(FEATURE_NAMES.length);
    expect(scoreFeatures(x, card, undefined, 'farm.example').intercept).toBeCloseTo(0.25 - 2, 12);
    expect(scoreFeatures(x, card, undefined, 'elsewhere.example').intercept).toBeCloseTo(0.25, 12);
    // Faded by f, every check gets (1 - f) of the shift, and its domain's effect times f.
    expect(scoreFeatures(x, { ...card, domainEffectScale: 0.25 }, undefined, 'farm.example').intercept).toBeCloseTo(0.25 + 0.75 * -0.5 + 0.25 * -2, 12);
    expect(scoreFeatures(x, { ...card, domainEffectScale: 0.25 }, undefined, 'elsewhere.example').intercept).toBeCloseTo(0.25 + 0.75 * -0.5, 12);
    expect(scoreFeatures(x, { ...card, domainEffectScale: 0 }, undefined, 'farm.example').intercept).toBeCloseTo(0.25 - 0.5, 12);
    expect(scoreFeatures(x, { ...card, domainEffectScale: 0 }, undefined, 'people.example').intercept).toBeCloseTo(0.25 - 0.5, 12);
  });

  it("carries the shapes' shares of those outcomes beside the domains' (none: a record written before them, or no domain shares to fade by)", () => {
    const effects = [{ domain: 'farm.example', effect: -2, share: 0.25 }];
    const card = learnedScorecard(published({ account: 'acme', domain_effects: effects, shape_shares: [{ shape: 'first.last', share: 0.75 }, { shape: 'numeric', share: 0.25 }, { shape: 'words', share: 0 }] }))!;
    expect(card.shapeShares).toEqual(new Map([['first.last', 0.75], ['numeric', 0.25]]));
    expect(learnedScorecard(published({ account: 'acme', domain_effects: effects }))!.shapeShares).toBeUndefined();
    expect(learnedScorecard(published({ account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -2 }], shape_shares: [{ shape: 'numeric', share: 1 }] }))!.shapeShares).toBeUndefined();
  });

  it.each([
    ['with a shape share above 1', { account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -1, share: 0.1 }], shape_shares: [{ shape: 'numeric', share: 1.5 }] }],
    ['with an empty shape', { account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -1, share: 0.1 }], shape_shares: [{ shape: '', share: 0.5 }] }],
    ['on a shared model (one account\'s outcomes never move another\'s scores)', { domain_effects: [{ domain: 'farm.example', effect: -1 }] }],
    ['a share above 1', { account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -1, share: 1.5 }] }],
    ['a negative share', { account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -1, share: -0.1 }] }],
    ['a non-finite shift without them', { account: 'acme', domain_effects: [{ domain: 'farm.example', effect: -1, share: 0.1 }], effects_off_shift: Number.POSITIVE_INFINITY }],
    ['a non-finite effect', { account: 'acme', domain_effects: [{ domain: 'farm.example', effect: Number.NaN }] }],
    ['an empty domain', { account: 'acme', domain_effects: [{ domain: '', effect: -1 }] }],
  ] as [string, Partial<ModelPublished>][])('rejects per-domain intercepts %s', (_name, over) => {
    expect(learnedScorecard(published(over))).toBeUndefined();
  });

  it('accepts version 1, the first one', () => {
    expect(learnedScorecard(published({ version: 1 }))?.version).toBe(1);
  });
});

describe('modelLabel', () => {
  it('names the learned version, or the baseline without one', () => {
    expect(modelLabel(learnedScorecard(published({ version: 7 })))).toBe('learned-v7');
    expect(modelLabel(undefined)).toBe('baseline');
  });
});
