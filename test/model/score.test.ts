import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { FEATURE_INDEX, FEATURE_NAMES, FEATURE_VERSION } from '../../src/model/features.ts';
import { REASON_CODES } from '../../src/model/reasons.ts';
import { BLOCK_CUT_LOGIT, calibrateAtBlockCut, loadScorecard, providerEffectHeld, scoreFeatures, sigmoid } from '../../src/model/score.ts';
import baselineDoc from '../../src/model/weights/baseline-v1.json' with { type: 'json' };

const zeroWeights = () => Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0]));
const card = (weights: Record<string, number>, intercept = 0) =>
  loadScorecard({ name: 't', version: 1, featureVersion: FEATURE_VERSION, intercept, weights: { ...zeroWeights(), ...weights } });
const vector = (values: Partial<Record<(typeof FEATURE_NAMES)[number], number>>) => {
  const x = new Float64Array(FEATURE_NAMES.length);
  for (const [k, v] of Object.entries(values)) x[FEATURE_INDEX[k as keyof typeof FEATURE_INDEX]] = v;
  return x;
};

describe('loadScorecard', () => {
  it('accepts the shipped baseline', () => {
    expect(BASELINE_SCORECARD.name).toBe('baseline');
    expect(BASELINE_SCORECARD.weights.length).toBe(FEATURE_NAMES.length);
  });

  it.each([
    ['not an object', [], /must be an object/],
    ['missing weight', { ...baselineDoc, weights: { ...baselineDoc.weights, tor_exit: undefined } }, /weights.tor_exit is missing/],
    ['unknown weight', { ...baselineDoc, weights: { ...baselineDoc.weights, shoe_size: 1 } }, /weights.shoe_size is not a feature/],
    ['non-finite weight', { ...baselineDoc, weights: { ...baselineDoc.weights, tor_exit: 'x' } }, /weights.tor_exit must be a finite number/],
    ['wrong feature version', { ...baselineDoc, featureVersion: 99 }, new RegExp(`featureVersion must be ${FEATURE_VERSION}`)],
    ['bad intercept', { ...baselineDoc, intercept: null }, /intercept must be a finite number/],
    ['bad version', { ...baselineDoc, version: 1.5 }, /version must be a positive integer/],
    ['no name', { ...baselineDoc, name: '' }, /name must be a non-empty string/],
    ['calibration not an object', { ...baselineDoc, calibration: 0.9 }, /calibration must be an object/],
    ['calibration with another key', { ...baselineDoc, calibration: { scale: 0.9, shift: 1 } }, /calibration must hold exactly \{ scale \}/],
    ['calibration scale above 1', { ...baselineDoc, calibration: { scale: 1.2 } }, /calibration.scale must be in \(0, 1\]/],
    ['calibration scale 0', { ...baselineDoc, calibration: { scale: 0 } }, /calibration.scale must be in \(0, 1\]/],
    ['calibration scale not a number', { ...baselineDoc, calibration: { scale: '0.9' } }, /calibration.scale must be a finite number/],
  ])('rejects %s', (_n, doc, msg) => {
    expect(() => loadScorecard(JSON.parse(JSON.stringify(doc)))).toThrow(msg);
  });

  it('applies the shipped calibration: the hand-set weights times its scale, the intercept shrunk towards the block cut', () => {
    const scale = baselineDoc.calibration.scale;
    expect(scale).toBeGreaterThan(0);
    expect(scale).toBeLessThanOrEqual(1);
    FEATURE_NAMES.forEach((n, i) => expect(BASELINE_SCORECARD.weights[i]).toBeCloseTo(scale * (baselineDoc.weights as Record<string, number>)[n]!, 6));
    expect(BASELINE_SCORECARD.intercept).toBeCloseTo(BLOCK_CUT_LOGIT + scale * (baselineDoc.intercept - BLOCK_CUT_LOGIT), 6);
    expect(BASELINE_SCORECARD.reasonMinImpact).toBeCloseTo(scale * baselineDoc.reasonMinImpact, 6);
    const { calibration: _c, ...uncalibrated } = baselineDoc;
    expect(loadScorecard(JSON.parse(JSON.stringify(uncalibrated))).intercept).toBe(baselineDoc.intercept);
  });

  it('keeps weight signs that match each signal meaning', () => {
    const w = (n: (typeof FEATURE_NAMES)[number]) => BASELINE_SCORECARD.weights[FEATURE_INDEX[n]]!;
    for (const n of ['disposable_domain', 'no_mail_server', 'tor_exit', 'datacenter_ip', 'ip_burst', 'alias_burst', 'signup_wave',
      'reported_fake_domain', 'young_domain', 'typo_domain', 'role_account', 'service_words', 'ngram_surprise', 'domain_pattern_mismatch',
      'impossible_mailbox', 'lookalike_domain', 'provider_imitation', 'numbered_name', 'mail_service_domain', 'random_tag'] as const) {
      expect(w(n), n).toBeLessThan(0);
    }
    for (const n of ['name_score', 'domain_pattern_match', 'school_domain'] as const) expect(w(n), n).toBeGreaterThan(0);
  });
});

describe('scoreFeatures', () => {
  it('computes the logit as intercept + sum of weight x value', () => {
    const s = scoreFeatures(vector({ name_score: 0.5, tor_exit: 1 }), card({ name_score: 2, tor_exit: -3 }, 0.25));
    expect(s.logit).toBeCloseTo(0.25 + 1 - 3, 12);
    expect(s.probability).toBeCloseTo(1 / (1 + Math.exp(1.75)), 12);
    expect(s.humanScore).toBe(Math.round(100 * s.probability));
    expect(s.evidence).toEqual([
      { signal: 'tor_exit', value: 1, impact: -3 },
      { signal: 'name_score', value: 0.5, impact: 1 },
    ]);
    expect(s.reasons).toEqual(['tor_exit', 'natural_name']);
    expect(s.intercept).toBe(0.25);
  });

  it.each([
    [0.41, 60, 'allow'], // sigmoid(0.41) = 0.601
    [0.4, 60, 'allow'], // 0.5987 rounds to 60
    [0.38, 59, 'review'],
    [-0.85, 30, 'review'], // 0.2994 rounds to 30
    [-0.9, 29, 'block'],
  ] as const)('logit %d -> human_score %i -> %s', (logit, hs, verdict) => {
    const s = scoreFeatures(vector({}), card({}, logit));
    expect(s.humanScore).toBe(hs);
    expect(s.verdict).toBe(verdict);
  });

  it('applies custom thresholds', () => {
    expect(scoreFeatures(vector({}), card({}, 0), { allowAtLeast: 80, reviewAtLeast: 50 }).verdict).toBe('review');
  });

  it('gives reasons only for signals that mattered, strongest first, each code once', () => {
    const s = scoreFeatures(
      vector({ name_score: 1, name_shape: 1, free_provider: 1, ngram_surprise: 0.1 }),
      card({ name_score: 1.5, name_shape: 0.6, free_provider: -0.5, ngram_surprise: -2 }),
    );
    // ngram impact -0.2 is below the reason threshold; name_shape repeats natural_name.
    expect(s.reasons).toEqual(['natural_name', 'free_provider']);
  });

  it('property: evidence impacts plus the intercept sum to the logit; reasons are from the closed list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }),
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (values, weights, intercept) => {
          const c = card(Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, weights[i]!])), intercept);
          const s = scoreFeatures(Float64Array.from(values), c);
          const sum = s.evidence.reduce((acc, e) => acc + e.impact, s.intercept);
          expect(Math.abs(sum - s.logit)).toBeLessThan(1e-9);
          for (const e of s.evidence) expect(e.impact).toBe(c.weights[FEATURE_INDEX[e.signal as keyof typeof FEATURE_INDEX]]! * e.value);
          for (const r of s.reasons) expect(REASON_CODES).toContain(r);
          expect(s.humanScore).toBe(Math.round(100 * sigmoid(s.logit)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ranks evidence by |impact|, strongest first, equal impacts in column order', () => {
    const s = scoreFeatures(
      vector({ free_provider: 1, name_score: 0.5, tor_exit: 1, digit_run: 1, long_local: 1 }),
      card({ free_provider: -0.5, name_score: 2, tor_exit: -3, digit_run: 0.5, long_local: -1 }),
    );
    const cols = ['free_provider', 'digit_run'].map((n) => FEATURE_INDEX[n as keyof typeof FEATURE_INDEX]);
    const [first, second] = cols[0]! < cols[1]! ? ['free_provider', 'digit_run'] : ['digit_run', 'free_provider'];
    expect(s.evidence.map((e) => e.signal)).toEqual(['tor_exit', 'name_score', 'long_local', first, second]);
  });

  it('property: evidence is every non-zero impact in the order of a stable sort by |impact|', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 0.5, 1), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }),
        fc.array(fc.constantFrom(-2, -1, -0.5, 0, 0.5, 1, 2), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }),
        (values, weights) => {
          const c = card(Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, weights[i]!])));
          const all = FEATURE_NAMES.map((signal, i) => ({ signal, value: values[i]!, impact: c.weights[i]! * values[i]! })).filter((e) => e.impact !== 0);
          expect(scoreFeatures(Float64Array.from(values), c).evidence).toEqual([...all].sort((a, b) => Math.abs(b.impact) - Math.abs(a.impact)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects a vector of the wrong width', () => {
    expect(() => scoreFeatures(new Float64Array(3), BASELINE_SCORECARD)).toThrow(/3 columns/);
  });
});

describe('a free-mail provider\'s effect is held at the block cut (issue 16)', () => {
  // A personal model's intercepts: a fake-heavy provider, a farm's own domain, a provider its people use.
  const personal = (scale?: number) => ({
    ...card({ name_score: 2, free_provider: -0.2, custom_domain: 0.4 }, 0.2),
    account: 'a',
    domainIntercepts: new Map([['provider.example', -3], ['farm.example', -3], ['kind.example', 0.5]]),
    ...(scale === undefined ? {} : { domainEffectScale: scale, domainEffectsOffShift: 0.3 }),
  });
  const atProvider = (nameScore: number) => vector({ free_provider: 1, name_score: nameScore });

  it.each([
    // name_score, domain: human_score without the effect -> served human_score and verdict
    { nameScore: 0.5, domain: 'provider.example', without: 73, served: 30, verdict: 'review' }, // 1.0 - 3 = -2.0 would be 12 (block)
    { nameScore: 1, domain: 'provider.example', without: 88, served: 30, verdict: 'review' }, // 2.0 - 3 = -1.0 would be 27
    { nameScore: 1.5, domain: 'provider.example', without: 95, served: 50, verdict: 'review' }, // above the cut: in full
    { nameScore: -0.6, domain: 'provider.example', without: 23, served: 1, verdict: 'block' }, // blocked without it: in full
    { nameScore: 0.5, domain: 'kind.example', without: 73, served: 82, verdict: 'allow' }, // raised: in full
  ] as const)('$nameScore at $domain: $without without the effect, $served with it ($verdict)', ({ nameScore, domain, without, served, verdict }) => {
    expect(scoreFeatures(atProvider(nameScore), personal()).humanScore).toBe(without);
    const s = scoreFeatures(atProvider(nameScore), personal(), undefined, domain);
    expect(s.humanScore).toBe(served);
    expect(s.verdict).toBe(verdict);
    expect(s.intercept + s.evidence.reduce((t, e) => t + e.impact, 0)).toBeCloseTo(s.logit, 12);
  });

  it("lets a farm's own domain block in full: one party's domain keeps its kind whoever signs up", () => {
    const x = vector({ custom_domain: 1, name_score: 0.5 });
    expect(scoreFeatures(x, personal()).verdict).toBe('allow');
    expect(scoreFeatures(x, personal(), undefined, 'farm.example').humanScore).toBe(20);
  });

  it('keeps the order among the checks it holds, all at the lowest review score', () => {
    const held = [0.2, 0.4, 0.6].map((n) => scoreFeatures(atProvider(n), personal(), undefined, 'provider.example'));
    for (const s of held) expect(s.humanScore).toBe(30);
    expect(held[0]!.probability).toBeLessThan(held[1]!.probability);
    expect(held[1]!.probability).toBeLessThan(held[2]!.probability);
    // With no block threshold nothing is held.
    expect(providerEffectHeld(1, -5, true, 0)).toBe(-4);
  });

  it('holds it at the thresholds the check is scored with, and with the effect faded', () => {
    const s = scoreFeatures(atProvider(1), personal(), { allowAtLeast: 70, reviewAtLeast: 40 }, 'provider.example');
    expect(s.humanScore).toBe(40);
    expect(s.verdict).toBe('review');
    // At half the effect, -1.5, and half the shift: 0.2 + 0.15 - 0.2 + 2 - 1.5 = 0.65 (66), not held.
    expect(scoreFeatures(atProvider(1), personal(0.5), undefined, 'provider.example').humanScore).toBe(66);
    // Weaker names: 0.15 + 0.6 - 1.5 = -0.75 (32), not held; 0.15 + 0.2 - 1.5 = -1.15 (24) held at 30.
    expect(scoreFeatures(atProvider(0.3), personal(0.5), undefined, 'provider.example').humanScore).toBe(32);
    expect(scoreFeatures(atProvider(0.1), personal(0.5), undefined, 'provider.example').humanScore).toBe(30);
  });

  it('property: never lowers a check, holds only at a provider with a negative effect, never lifts past the cut or the model without the effect', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -8, max: 8, noNaN: true }),
        fc.double({ min: -8, max: 8, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 1, max: 90 }),
        (linear, effect, provider, review) => {
          const held = providerEffectHeld(linear, effect, provider, review);
          expect(held).toBeGreaterThanOrEqual(linear + effect);
          if (!provider || effect >= 0) expect(held).toBe(linear + effect);
          if (held > linear + effect) {
            expect(held).toBeLessThanOrEqual(linear);
            expect(Math.round(100 * sigmoid(held))).toBe(Math.min(review, Math.round(100 * sigmoid(linear))));
          }
          // The model without the effect does not block: with it, no block either.
          if (provider && Math.round(100 * sigmoid(linear)) >= review) expect(Math.round(100 * sigmoid(held))).toBeGreaterThanOrEqual(review);
          // The order the effect gives is kept: a stronger effect never serves higher.
          expect(providerEffectHeld(linear, effect - 0.5, provider, review)).toBeLessThanOrEqual(held);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('calibrateAtBlockCut', () => {
  it('puts the cut where a score rounds to the default block threshold', () => {
    expect(Math.round(100 * sigmoid(BLOCK_CUT_LOGIT + 1e-9))).toBe(30);
    expect(Math.round(100 * sigmoid(BLOCK_CUT_LOGIT - 1e-9))).toBe(29);
  });

  it('property: the same blocks, the same order, the same reasons; scores above the cut never rise, below it never fall', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }),
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: FEATURE_NAMES.length, maxLength: FEATURE_NAMES.length }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (x, y, weights, intercept, scale) => {
          const raw = card(Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, weights[i]!])), intercept);
          const cal = calibrateAtBlockCut(raw, scale);
          const [rx, ry] = [scoreFeatures(Float64Array.from(x), raw), scoreFeatures(Float64Array.from(y), raw)];
          const [cx, cy] = [scoreFeatures(Float64Array.from(x), cal), scoreFeatures(Float64Array.from(y), cal)];
          // Away from the cut and from each other by more than the 1e-6 rounding of the weights,
          // block stays block, nothing else becomes one, and the order is kept.
          const noise = 1e-4;
          if (Math.abs(rx.logit - BLOCK_CUT_LOGIT) > noise) expect(cx.verdict === 'block').toBe(rx.verdict === 'block');
          if (Math.abs(rx.logit - ry.logit) > noise) expect(cx.logit > cy.logit).toBe(rx.logit > ry.logit);
          expect(Math.abs(cx.logit - (BLOCK_CUT_LOGIT + scale * (rx.logit - BLOCK_CUT_LOGIT)))).toBeLessThan(noise);
          if (rx.logit >= BLOCK_CUT_LOGIT + noise) expect(cx.humanScore).toBeLessThanOrEqual(rx.humanScore);
          if (rx.logit <= BLOCK_CUT_LOGIT - noise) expect(cx.humanScore).toBeGreaterThanOrEqual(rx.humanScore);
          if (rx.evidence.every((e) => Math.abs(Math.abs(e.impact) - raw.reasonMinImpact) > noise)) expect([...cx.reasons].sort()).toEqual([...rx.reasons].sort());
          const sum = cx.evidence.reduce((acc, e) => acc + e.impact, cx.intercept);
          expect(Math.abs(sum - cx.logit)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('moves a score just above the allow cut to review and leaves a clear one allowed', () => {
    const raw = card({}, Math.log(0.62 / 0.38));
    expect(scoreFeatures(vector({}), raw).verdict).toBe('allow');
    expect(scoreFeatures(vector({}), calibrateAtBlockCut(raw, 0.9)).verdict).toBe('review');
    expect(scoreFeatures(vector({}), calibrateAtBlockCut(card({}, 2), 0.9)).verdict).toBe('allow');
  });
});

describe('sigmoid', () => {
  it.each([
    [0, 0.5],
    [2, 1 / (1 + Math.exp(-2))],
    [-2, 1 / (1 + Math.exp(2))],
    [-800, 0],
    [800, 1],
  ])('sigmoid(%d)', (z, p) => {
    expect(sigmoid(z)).toBeCloseTo(p, 12);
  });
});
