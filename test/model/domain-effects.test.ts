import { beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_AS_SET, BASELINE_CALIBRATION_SCALE, BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { domainEffectOf, domainShares, fitDomainEffects, MAX_DOMAIN_EFFECTS, PERSONAL_DOMAIN_PRIORS, type DomainExample } from '../../src/model/domain-effects.ts';
import { FEATURE_INDEX, FEATURE_NAMES } from '../../src/model/features.ts';
import { rocAuc } from '../../src/model/metrics.ts';
import { scoreFeatures, sigmoid, type Scorecard } from '../../src/model/score.ts';
import { fitLogistic, logitOf, predict, trainModel, type LabelledExample } from '../../src/model/train.ts';
import { useTensorflowCpu } from '../../src/platform/tensorflow.ts';
import { parkMiller } from './fixtures.ts';

const D = FEATURE_NAMES.length;
const custom = new Float64Array(D);
const freeMail = Float64Array.from({ length: D }, (_, j) => (j === FEATURE_INDEX.free_provider ? 1 : 0));
const at = (domain: string | undefined, human: boolean, features = custom, weight?: number): DomainExample => ({
  ...(domain === undefined ? {} : { domain }),
  human,
  features,
  ...(weight === undefined ? {} : { weight }),
});
const times = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);
const zeros = (n: number): Float64Array => new Float64Array(n);
const prior = { precision: 2, providerFactor: 10 };

describe('fitDomainEffects', () => {
  it('lowers a domain whose outcomes are fakes, raises one whose are people, and leaves domains it never saw at 0', () => {
    const xs = [...times(8, at('farm.example', false)), ...times(8, at('people.example', true))];
    const e = fitDomainEffects(xs, zeros(xs.length), prior);
    expect(e.get('farm.example')).toBeLessThan(-0.5);
    expect(e.get('people.example')).toBeGreaterThan(0.5);
    expect(domainEffectOf(e, 'elsewhere.example')).toBe(0);
    expect(domainEffectOf(e, undefined)).toBe(0);
  });

  it('is the MAP estimate: the prior-penalised score is 0 at each effect', () => {
    const xs = [...times(5, at('a.example', false)), ...times(2, at('a.example', true)), ...times(3, at('b.example', true)), at('b.example', false)];
    const offsets = Float64Array.from(xs, (_, i) => (i % 3) - 1);
    const e = fitDomainEffects(xs, offsets, prior);
    for (const domain of ['a.example', 'b.example']) {
      const b = e.get(domain)!;
      let gradient = -prior.precision * b;
      xs.forEach((x, i) => {
        if (x.domain === domain) gradient += (x.human ? 1 : 0) - sigmoid(offsets[i]! + b);
      });
      expect(Math.abs(gradient)).toBeLessThan(1e-8);
    }
  });

  it('moves less with a stronger prior, and with fewer outcomes', () => {
    const few = [...times(3, at('farm.example', false))];
    const many = [...times(30, at('farm.example', false))];
    const effect = (xs: DomainExample[], precision: number) => fitDomainEffects(xs, zeros(xs.length), { precision, providerFactor: 1 }).get('farm.example')!;
    expect(effect(many, 10)).toBeGreaterThan(effect(many, 1));
    expect(effect(few, 1)).toBeGreaterThan(effect(many, 1));
  });

  it("pulls a free-mail provider's effect harder towards 0 than a domain one party controls, given the same outcomes", () => {
    const xs = [...times(20, at('provider.example', false, freeMail)), ...times(20, at('farm.example', false))];
    const e = fitDomainEffects(xs, zeros(xs.length), prior);
    expect(e.get('provider.example')!).toBeLessThan(0);
    expect(e.get('provider.example')!).toBeGreaterThan(e.get('farm.example')! / 2);
    // The provider's prior is its factor times stronger: the same as a custom domain at that precision.
    const same = fitDomainEffects(times(20, at('farm.example', false)), zeros(20), { precision: prior.precision * prior.providerFactor, providerFactor: 1 });
    expect(e.get('provider.example')).toBeCloseTo(same.get('farm.example')!, 10);
  });

  it("never raises a free-mail provider (it vouches for nobody), and lowers it where the account's fakes come from", () => {
    const xs = [...times(20, at('provider.example', true, freeMail)), ...times(20, at('people.example', true)), ...times(20, at('bots.provider.example', false, freeMail))];
    const e = fitDomainEffects(xs, zeros(xs.length), { precision: 1, providerFactor: 1 });
    expect(e.has('provider.example')).toBe(false);
    expect(domainEffectOf(e, 'provider.example')).toBe(0);
    expect(e.get('people.example')).toBeGreaterThan(1);
    expect(e.get('bots.provider.example')).toBeLessThan(-1);
  });

  it('weighs an outcome of weight 2 as that outcome twice', () => {
    const once = fitDomainEffects([at('a.example', false, custom, 2), at('a.example', true)], zeros(2), prior);
    const twice = fitDomainEffects([at('a.example', false), at('a.example', false), at('a.example', true)], zeros(3), prior);
    expect(once.get('a.example')).toBeCloseTo(twice.get('a.example')!, 10);
  });

  it('leaves out examples without a domain, and keeps the MAX_DOMAIN_EFFECTS domains with the most outcomes', () => {
    expect(fitDomainEffects(times(10, at(undefined, false)), zeros(10), prior).size).toBe(0);
    const xs = [...Array.from({ length: MAX_DOMAIN_EFFECTS }, (_, i) => at(`d${i}.example`, false)), at('busy.example', true), at('busy.example', true)];
    const e = fitDomainEffects(xs, zeros(xs.length), prior);
    expect(e.size).toBe(MAX_DOMAIN_EFFECTS);
    expect(e.get('busy.example')).toBeGreaterThan(0);
  });

  it("gives each effect's domain its share of the examples' weight (examples without a domain count in the whole)", () => {
    const xs = [...times(3, at('farm.example', false)), at('people.example', true, custom, 2), at('quiet.example', true), at(undefined, true)];
    const effects = new Map([['farm.example', -1], ['people.example', 1]]);
    expect(domainShares(xs, effects)).toEqual(new Map([['farm.example', 3 / 7], ['people.example', 2 / 7]]));
  });

  it('refuses a prior that is not one', () => {
    expect(() => fitDomainEffects([], [], { precision: 0, providerFactor: 10 })).toThrow(/precision/);
    expect(() => fitDomainEffects([], [], { precision: 1, providerFactor: 0.5 })).toThrow(/providerFactor/);
    expect(() => fitDomainEffects([at('a.example', true)], [], prior)).toThrow(/one offset per example/);
  });
});

/**
 * A customer whose fakes come from a few farm domains and whose people from many domains of
 * their own, with features that do not tell the two apart (a name-like local part either way):
 * only the domain does. Domains recur across the whole stream, so the newest outcomes are at
 * domains the older ones saw.
 */
function farmCustomer(n: number, seed: number): LabelledExample[] {
  const r = parkMiller(seed);
  const out: LabelledExample[] = [];
  for (let i = 0; i < n; i++) {
    const human = r() < 0.6;
    const domain = human ? `people${Math.floor(r() * 40)}.example` : `farm${Math.floor(r() * 4)}.example`;
    const f = new Float64Array(D);
    f[FEATURE_INDEX.custom_domain] = 1;
    f[FEATURE_INDEX.name_score] = r();
    f[FEATURE_INDEX.digit_run] = r() < 0.3 ? 1 : 0;
    out.push({ features: f, human, time: 1_000 + i, baselineProbability: predict(BASELINE_AS_SET, f), domain });
  }
  return out;
}

describe('trainModel: per-domain effects (a personal model)', () => {
  beforeAll(async () => {
    await useTensorflowCpu();
  });
  const options = { servingScale: BASELINE_CALIBRATION_SCALE, blockedHumansCeiling: 1 };

  it("learns what the customer's domains say when the features cannot, and ranks its new checks better than without them", async () => {
    const seen = farmCustomer(600, 7);
    const later = farmCustomer(400, 8);
    const without = await trainModel(seen, BASELINE_AS_SET, options);
    const withEffects = await trainModel(seen, BASELINE_AS_SET, { ...options, domainEffects: PERSONAL_DOMAIN_PRIORS });
    expect(without.domainEffects.size).toBe(0);
    expect(without.domainPrior).toBeUndefined();
    expect(withEffects.domainPrior).toBeDefined();
    expect(PERSONAL_DOMAIN_PRIORS.precisions).toContain(withEffects.domainPrior!.precision);
    expect(PERSONAL_DOMAIN_PRIORS.providerFactors).toContain(withEffects.domainPrior!.providerFactor);
    // Each effect's share of the outcomes: what the traffic they describe looked like (effect-drift.ts).
    expect([...withEffects.domainShares.keys()].sort()).toEqual([...withEffects.domainEffects.keys()].sort());
    for (const [d, s] of withEffects.domainShares) expect(s).toBeCloseTo(seen.filter((e) => e.domain === d).length / seen.length, 12);
    // Without the effects, shifted by effectsOffShift, the model blocks as many held-out humans as the guard allowed with them.
    expect(Number.isFinite(withEffects.effectsOffShift)).toBe(true);
    expect(without.effectsOffShift).toBe(0);
    for (let k = 0; k < 4; k++) expect(withEffects.domainEffects.get(`farm${k}.example`)).toBeLessThan(-1);
    const served = (m: typeof withEffects) => later.map((e) => logitOf(m, e.features) + domainEffectOf(m.domainEffects, e.domain));
    const labels = later.map((e) => e.human);
    expect(rocAuc(served(withEffects), labels)).toBeGreaterThan(rocAuc(served(without), labels) + 0.1);
    // Held out as everything else is: each example's probability came from effects fitted without it.
    expect(withEffects.holdoutLogLoss).toBeLessThan(without.holdoutLogLoss);
  });

  it("records the local-part shapes' mix of the outcomes the effects were fitted on (none without effects)", async () => {
    const shapeOf = (i: number): string => (i % 4 === 0 ? 'numeric' : 'first.last');
    // The newest checks were written before they carried a shape: the shares are over the others.
    const seen = farmCustomer(600, 7).map((e, i) => (i < 500 ? { ...e, shape: shapeOf(i) } : e));
    const withEffects = await trainModel(seen, BASELINE_AS_SET, { ...options, domainEffects: PERSONAL_DOMAIN_PRIORS });
    expect(withEffects.domainEffects.size).toBeGreaterThan(0);
    expect(withEffects.shapeShares).toEqual(new Map([['numeric', 125 / 500], ['first.last', 375 / 500]]));
    const without = await trainModel(seen, BASELINE_AS_SET, options);
    expect(without.shapeShares.size).toBe(0);
  });

  it("with the prior's weights kept (l2 Infinity: a lone customer's shared model as its prior), learns only the effects and the guards' map", async () => {
    const seen = farmCustomer(600, 7);
    const m = await trainModel(seen, BASELINE_AS_SET, { ...options, l2Grid: [Infinity], domainEffects: PERSONAL_DOMAIN_PRIORS });
    expect(m.l2).toBe(Infinity);
    // The served weights are the prior's under the served map: the ranking the features give is the prior's.
    // (A feature no outcome exercised serves as the prior serves it: unexercised.ts.)
    const exercised = (j: number): boolean => seen.some((e) => e.features[j] !== 0);
    for (let j = 0; j < D; j++) expect(m.weights[j]).toBeCloseTo((exercised(j) ? m.calibrationScale : BASELINE_CALIBRATION_SCALE) * BASELINE_AS_SET.weights[j]!, 9);
    expect(m.domainEffects.get('farm0.example')).toBeLessThan(-1);
    const fitted = await fitLogistic(seen, BASELINE_AS_SET, { l2: Infinity });
    expect(fitted.steps).toBe(0);
    expect(Array.from(fitted.weights)).toEqual(Array.from(BASELINE_AS_SET.weights));
  });

  it('fits none where the domains say nothing the features do not (the holdout keeps the model alone)', async () => {
    const r = parkMiller(3);
    const noise = farmCustomer(600, 9).map((e) => ({ ...e, domain: `d${Math.floor(r() * 300)}.example` }));
    const m = await trainModel(noise, BASELINE_AS_SET, { ...options, domainEffects: PERSONAL_DOMAIN_PRIORS });
    expect(m.domainPrior).toBeUndefined();
    expect(m.domainEffects.size).toBe(0);
  });

  it('serves the effects on the scale the weights are served on (the guards and the inherited shrink apply to them too)', async () => {
    const m = await trainModel(farmCustomer(600, 7), BASELINE_AS_SET, { ...options, domainEffects: PERSONAL_DOMAIN_PRIORS });
    expect(m.calibrationScale).toBeLessThan(1);
    // Refit the effects by hand on the model as fitted: the served ones are those times the scale.
    const examples = farmCustomer(600, 7);
    const fitted = { intercept: (m.intercept - m.calibrationShift) / m.calibrationScale, weights: m.weights.map((w) => w / m.calibrationScale) };
    const byHand = fitDomainEffects(examples, examples.map((e) => logitOf(fitted, e.features)), m.domainPrior!);
    for (const [d, b] of byHand) expect(m.domainEffects.get(d)).toBeCloseTo(m.calibrationScale * b, 3);
  });
});

/**
 * A customer whose sign-ups at one free-mail provider are nearly all fakes (92%) that look like
 * people to every feature (a name-like local part, as at any provider), and whose people sign up
 * at their own domains: the provider's effect is strongly negative. Then people at that provider
 * with ordinary names, whom the baseline allows.
 */
function fakeHeavyProvider(n: number, seed: number): LabelledExample[] {
  const r = parkMiller(seed);
  const out: LabelledExample[] = [];
  for (let i = 0; i < n; i++) {
    // A third of the sign-ups at the fake-heavy provider, a third at three other providers (mostly
    // people), a third at people's own domains.
    const where = r();
    const provider = where < 0.34 ? 'provider.example' : where < 0.67 ? `other${Math.floor(r() * 3)}.example` : undefined;
    const human = provider === 'provider.example' ? r() < 0.05 : r() < 0.85;
    const f = new Float64Array(D);
    f[provider ? FEATURE_INDEX.free_provider : FEATURE_INDEX.custom_domain] = 1;
    f[FEATURE_INDEX.name_score] = 0.5 + 0.5 * r();
    f[FEATURE_INDEX.digit_run] = r() < 0.3 ? 1 : 0;
    const domain = provider ?? `own${Math.floor(r() * 60)}.example`;
    out.push({ features: f, human, time: 1_000 + i, baselineProbability: predict(BASELINE_AS_SET, f), domain });
  }
  return out;
}

describe('a person at a fake-heavy free-mail provider (issue 16: no one blocked by a domain effect alone)', () => {
  beforeAll(async () => {
    await useTensorflowCpu();
  });

  it('the effect takes an ordinary name the baseline allows there down to review at most, never to block', async () => {
    const m = await trainModel(fakeHeavyProvider(1_500, 11), BASELINE_AS_SET, { servingScale: BASELINE_CALIBRATION_SCALE, blockedHumansCeiling: 1, domainEffects: PERSONAL_DOMAIN_PRIORS });
    const effect = m.domainEffects.get('provider.example')!;
    expect(effect).toBeLessThan(-1.5);
    const card: Scorecard = { name: 'learned', version: 1, featureVersion: 0, intercept: m.intercept, weights: Float64Array.from(m.weights), reasonMinImpact: 0, account: 'a', domainIntercepts: m.domainEffects };
    let allowedByBaseline = 0;
    for (let k = 0; k <= 40; k++) {
      const f = new Float64Array(D);
      f[FEATURE_INDEX.free_provider] = 1;
      f[FEATURE_INDEX.name_score] = (k % 20) / 19;
      f[FEATURE_INDEX.digit_run] = k < 20 ? 0 : 1;
      if (Math.round(100 * predict(BASELINE_SCORECARD, f)) < 60) continue;
      allowedByBaseline++;
      const without = scoreFeatures(f, card);
      const there = scoreFeatures(f, card, undefined, 'provider.example');
      expect(without.verdict).not.toBe('block');
      // What the effect was fitted for still holds: the provider's sign-ups are not allowed unseen.
      expect(there.verdict).not.toBe('allow');
      expect(there.humanScore).toBeGreaterThanOrEqual(30);
      // The evidence still sums to the logit: the intercept at the provider is what the effect served.
      expect(there.intercept + there.evidence.reduce((s, e) => s + e.impact, 0)).toBeCloseTo(there.logit, 9);
      expect(there.intercept - card.intercept).toBeGreaterThanOrEqual(effect - 1e-9);
      expect(there.intercept - card.intercept).toBeLessThan(0);
    }
    expect(allowedByBaseline).toBeGreaterThanOrEqual(3);
  });
});

