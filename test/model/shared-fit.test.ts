import { beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWED_MIN_LOSS, followedAccount, sharedFit, sharedVersion, worseForOthers } from '../../src/model/shared-fit.ts';
import { accountWeights } from '../../src/model/tenant-weights.ts';
import { useTensorflowCpu } from '../../src/platform/tensorflow.ts';
import { parkMiller } from './fixtures.ts';
import { generated, honest, nameDigits, natural, servedTo, type Row } from './shared-influence.ts';

/** `humans` real people and `fakes` fakes of one account, the baseline mostly right about them. */
function rows(account: string, humans: number, fakes: number, seed: number) {
  const r = parkMiller(seed);
  return [
    ...Array.from({ length: humans }, () => ({ account, human: true, baselineProbability: 0.5 + 0.5 * r() })),
    ...Array.from({ length: fakes }, () => ({ account, human: false, baselineProbability: 0.5 * r() })),
  ];
}
const weightSum = (fit: ReturnType<typeof sharedFit>, account: string) => fit.examples.filter((e) => e.account === account).reduce((s, e) => s + e.weight, 0);

describe('the shared fit: what the shared model is fitted on', () => {
  it('accounts of 50 or more outcomes are weighted exactly as the per-account cap weighs them', () => {
    const fit = sharedFit([...rows('a', 300, 100, 1), ...rows('b', 40, 20, 2)]);
    const w = accountWeights(new Map([['a', 400], ['b', 60]]));
    expect(fit.examples.filter((e) => e.account === 'a').every((e) => e.weight === w.get('a'))).toBe(true);
    expect(fit.examples.filter((e) => e.account === 'b').every((e) => e.weight === w.get('b'))).toBe(true);
    expect(fit.leftOut).toEqual([]);
    expect(fit.shares.get('a')! + fit.shares.get('b')!).toBeCloseTo(1, 12);
  });

  it('many small accounts weigh together no more than one account (30 of 9 fakes each beside three customers: a quarter, not 43%)', () => {
    const small = Array.from({ length: 30 }, (_, k) => rows(`s${k}`, 0, 9, 10 + k)).flat();
    const fit = sharedFit([...small, ...rows('b', 30, 15, 2), ...rows('c', 170, 60, 3), ...rows('d', 170, 60, 4)]);
    const total = fit.examples.reduce((s, e) => s + e.weight, 0);
    const pool = Array.from({ length: 30 }, (_, k) => weightSum(fit, `s${k}`)).reduce((s, x) => s + x, 0);
    expect(pool / total).toBeCloseTo(0.25, 9);
    // Each account's share is its part of the pool's; b (45 outcomes, its own ordering agreeing beyond chance) is its own party.
    expect(fit.shares.get('s0')).toBeCloseTo(0.25 / 30, 9);
    expect(fit.shares.get('b')).toBeCloseTo(weightSum(fit, 'b') / total, 12);
    expect([...fit.shares.values()].reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    // Each alone under the cap, they weighed 43% together (c and d capped at a quarter each).
    const unpooled = accountWeights(new Map([...Array.from({ length: 30 }, (_, k) => [`s${k}`, 9] as const), ['b', 45], ['c', 230], ['d', 230]]));
    expect(unpooled.get('s0')).toBe(1);
  });

  it('leaves out a pool the baseline orders the wrong way round; too few left, it says so', () => {
    const reversed = Array.from({ length: 30 }, (_, k) => rows(`s${k}`, 9, 12, 10 + k).map((e) => ({ ...e, human: !e.human }))).flat();
    const fit = sharedFit([...reversed, ...rows('b', 30, 15, 2)]);
    expect(fit.leftOut).toHaveLength(30);
    expect(fit.examples.every((e) => e.account === 'b')).toBe(true);
    expect(fit.tooFew).toBe(true);
    expect(fit.fittable).toBe(true);
  });
});

describe('what a new customer is served when many small accounts report outcomes the wrong way round (mode on, test-sized)', () => {
  beforeAll(async () => {
    await useTensorflowCpu();
  });
  // B honest and small (49 outcomes: under the account guard's 50), C and D honest.
  const B: Row[] = [...honest(300, 30, 2, 15), ...Array.from({ length: 4 }, (_, i) => [nameDigits(100 + i), true] as const)];
  const C = honest(340, 170, 5, 60);
  const D = honest(510, 170, 6, 60);
  const probes = [...Array.from({ length: 16 }, (_, i) => natural(600 + i)), ...generated(3, 8)];
  const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

  it.each([
    // Before the pool: 50.5 / 57.9 (natural names reviewed, generated strings allowed through to review).
    ['30 accounts of 12 real people reported as fakes and 9 generated strings as real (never judged alone)', (k: number): Row[] => [...Array.from({ length: 12 }, (_, i) => [natural(k * 12 + i), false] as const), ...generated(100 + k, 9).map((e) => [e, true] as const)]],
    // Before the pool: 57.0 / 51.4.
    ['30 accounts of 20 of each kind reversed within chance (AUC 0.3 each)', (k: number): Row[] => [...Array.from({ length: 20 }, (_, i) => [natural(k * 20 + i), i >= 14] as const), ...generated(100 + k, 20).map((e, i) => [e, i < 14] as const)]],
  ])('%s: left out together; the honest customers\' shared model serves', async (_name, sybil) => {
    const r = await servedTo('newcomer', [...Array.from({ length: 30 }, (_, k) => [`s${k}`, sybil(k)] as const), ['b', B], ['c', C], ['d', D]], probes);
    expect(r.leftOut).toHaveLength(30);
    expect(r.by).toBe('shared');
    expect(mean(r.scores.slice(0, 16))).toBeGreaterThan(90);
    expect(mean(r.scores.slice(16))).toBeLessThan(10);
  }, 120_000);
});

describe('worseForOthers: a shared version worse than the baseline for the parties but the heaviest is held back', () => {
  /** Held-out probabilities: the baseline's P moved by `delta` towards the right answer (< 0: away from it). */
  const heldOut = (examples: readonly { account: string; human: boolean; baselineProbability: number }[], delta: (account: string) => number) =>
    examples.map((example) => {
      const toward = example.human ? 1 - example.baselineProbability : -example.baselineProbability;
      return { example, probability: example.baselineProbability + delta(example.account) * toward };
    });
  const two = [...rows('a', 300, 100, 1), ...rows('b', 30, 15, 2)];

  it('holds back when the only other party is worse off, whatever the heaviest gains', () => {
    const fit = sharedFit(two);
    expect(worseForOthers(fit, heldOut(fit.examples, (a) => (a === 'a' ? 0.5 : -0.2)))).toBe(true);
    // Better for both, or for the other only: served.
    expect(worseForOthers(fit, heldOut(fit.examples, () => 0.2))).toBe(false);
    expect(worseForOthers(fit, heldOut(fit.examples, (a) => (a === 'a' ? -0.2 : 0.2)))).toBe(false);
    // Worse for everyone, the heaviest too: not following anyone; the verdict guard's to judge (the Kafka learning suite's seven customers).
    expect(worseForOthers(fit, heldOut(fit.examples, () => -0.2))).toBe(false);
  });

  it('weighs the other parties by their share of the fit: a small gain for one does not cover a large loss for another', () => {
    const fit = sharedFit([...two, ...rows('c', 100, 40, 3)]);
    expect(worseForOthers(fit, heldOut(fit.examples, (a) => (a === 'a' ? 0.5 : a === 'b' ? 0.05 : -0.3)))).toBe(true);
    expect(worseForOthers(fit, heldOut(fit.examples, (a) => (a === 'a' ? 0.5 : a === 'b' ? 0.3 : -0.05)))).toBe(false);
  });

  it('waits for 10 outcomes of each kind among the others, and leaves the rule aside when the pool of small accounts is the heaviest', () => {
    const few = sharedFit([...rows('a', 300, 100, 1), ...rows('b', 30, 9, 2)]);
    expect(worseForOthers(few, heldOut(few.examples, (a) => (a === 'a' ? 0.5 : -0.2)))).toBe(false);
    // 30 small accounts (the pool, 630 outcomes) beside c (140): c worse off, the pool better: c is the account guard's to judge.
    const pooled = sharedFit([...Array.from({ length: 30 }, (_, k) => rows(`s${k}`, 12, 9, 10 + k)).flat(), ...rows('c', 100, 40, 3)]);
    expect(pooled.pooled.size).toBe(30);
    expect(worseForOthers(pooled, heldOut(pooled.examples, (a) => (a === 'c' ? -0.2 : 0.2)))).toBe(false);
  });
});

/** `n` outcomes of one account the baseline orders at chance (its P the same draw for either kind). */
function atChance(account: string, humans: number, fakes: number, seed: number) {
  const r = parkMiller(seed);
  return [...Array.from({ length: humans }, () => ({ account, human: true, baselineProbability: r() })), ...Array.from({ length: fakes }, () => ({ account, human: false, baselineProbability: r() }))];
}

describe('followedAccount and sharedVersion: the others are those the baseline orders better than chance; the account followed is left out of a refit', () => {
  const heldOut = (examples: readonly { account: string; human: boolean; baselineProbability: number }[], delta: (account: string) => number) =>
    examples.map((example) => {
      const toward = example.human ? 1 - example.baselineProbability : -example.baselineProbability;
      return { example, probability: example.baselineProbability + delta(example.account) * toward };
    });
  const three = [...rows('a', 300, 100, 1), ...atChance('a2', 100, 50, 5), ...rows('b', 30, 15, 2)];

  it("a second account at chance that gains does not cover an honest customer's loss (before: it did, in the weighed mean)", () => {
    const fit = sharedFit(three);
    expect(fit.leftOut).toEqual([]);
    const h = heldOut(fit.examples, (a) => (a === 'b' ? -0.2 : 0.5));
    expect(followedAccount(fit, h)).toBe('a');
    // b alone is counted: better for it, nothing followed; a2 worse off alone is not counted either.
    expect(followedAccount(fit, heldOut(fit.examples, (a) => (a === 'a2' ? -0.5 : 0.3)))).toBeUndefined();
    // Counted, a2 would have covered b's loss: the rule as round 20 had it (every other party weighed).
    const honestA2 = sharedFit([...rows('a', 300, 100, 1), ...rows('a2', 100, 50, 5), ...rows('b', 30, 15, 2)]);
    expect(worseForOthers(honestA2, heldOut(honestA2.examples, (a) => (a === 'b' ? -0.2 : 0.5)))).toBe(false);
  });

  it('trust22: a party that is not the heaviest, gaining beyond chance while the others lose 0.05 or more per outcome, is the one followed', () => {
    // a heaviest (400), l 105 (its own party), b under 50 (the pool).
    const fit = sharedFit([...rows('a', 300, 100, 1), ...rows('l', 80, 25, 7), ...rows('b', 30, 15, 2)]);
    const lossOf = (delta: number) => {
      const h = heldOut(fit.examples, (a) => (a === 'l' ? 0.5 : delta)).filter((x) => x.example.account !== 'l');
      return h.reduce((s, { example: e, probability: p }) => s + (e.human ? Math.log(e.baselineProbability / p) : Math.log((1 - e.baselineProbability) / (1 - p))), 0) / h.length;
    };
    // The heaviest does not gain: before, nothing was followed and the version served a and b at their loss.
    expect(followedAccount(fit, heldOut(fit.examples, (a) => (a === 'l' ? 0.5 : -0.2)))).toBe('l');
    expect(lossOf(-0.2)).toBeGreaterThan(FOLLOWED_MIN_LOSS);
    // A loss beyond chance but under 0.05 per outcome spares it (a small honest party the version learns most from).
    expect(lossOf(-0.02)).toBeLessThan(FOLLOWED_MIN_LOSS);
    expect(followedAccount(fit, heldOut(fit.examples, (a) => (a === 'l' ? 0.5 : -0.02)))).toBeUndefined();
    // It must gain beyond chance itself: l at the baseline, nothing followed.
    expect(followedAccount(fit, heldOut(fit.examples, (a) => (a === 'l' ? 0 : -0.2)))).toBeUndefined();
    // The heaviest first, as before, when it gains and the others (l among them) lose.
    expect(followedAccount(fit, heldOut(fit.examples, (a) => (a === 'a' ? 0.5 : -0.2)))).toBe('a');
  });

  /** A stand-in fitter: its held-out probabilities move each account's by `delta` (pure), and records what it was fitted on. */
  const fitter = (delta: (account: string, accounts: ReadonlySet<string>) => number) => {
    const fitted: string[][] = [];
    const fitModel = async (fit: ReturnType<typeof sharedFit<(typeof three)[number]>>) => {
      const accounts = new Set(fit.examples.map((e) => e.account));
      fitted.push([...accounts].sort());
      return { heldBack: false, heldOut: heldOut(fit.examples, (a) => delta(a, accounts)), accounts };
    };
    return { fitted, fitModel, probability: (m: { accounts: ReadonlySet<string> }, e: { baselineProbability: number; human: boolean; account: string }) => e.baselineProbability + delta(e.account, m.accounts) * (e.human ? 1 - e.baselineProbability : -e.baselineProbability) };
  };
  const four = [...rows('a', 300, 100, 1), ...rows('b', 30, 15, 2), ...rows('c', 100, 40, 3), ...rows('d', 100, 40, 4)];

  it('refits once without the account followed, serves the refit when it is better for the rest, and scores the account followed on it', async () => {
    // With a in the fit: better for a, worse for the others; without it: better for everyone fitted on, worse on a's outcomes.
    const f = fitter((a, fitted) => (fitted.has('a') ? (a === 'a' ? 0.5 : -0.3) : a === 'a' ? -0.4 : 0.3));
    const v = await sharedVersion(four, f.fitModel, f.probability);
    expect(f.fitted).toEqual([['a', 'b', 'c', 'd'], ['b', 'c', 'd']]);
    expect(v).toMatchObject({ followed: 'a', worseForOthers: false });
    expect(v.fit.examples.some((e) => e.account === 'a')).toBe(false);
    expect(v.followedScored).toHaveLength(400);
    expect(v.followedScored.every((s) => s.example.account === 'a')).toBe(true);
    // Nothing followed: one fit, as before.
    const g = fitter(() => 0.3);
    expect(await sharedVersion(four, g.fitModel, g.probability)).toMatchObject({ worseForOthers: false, followedScored: [] });
    expect(g.fitted).toHaveLength(1);
  });

  it('holds the refit back when it is worse for those it was fitted on (an actor\'s second account in the first one\'s place), with no second refit', async () => {
    const f = fitter((a, fitted) => (fitted.has('a') ? (a === 'a' ? 0.5 : -0.3) : a === 'c' ? 0.5 : -0.3));
    const v = await sharedVersion(four, f.fitModel, f.probability);
    expect(v).toMatchObject({ followed: 'a', worseForOthers: true });
    expect(f.fitted).toHaveLength(2);
  });

  it('too few outcomes without the account followed (200, 20 of each kind): the first fit is held back as before, no refit', async () => {
    const f = fitter((a) => (a === 'a' ? 0.5 : -0.3));
    const v = await sharedVersion([...rows('a', 300, 100, 1), ...rows('b', 30, 15, 2), ...rows('c', 60, 30, 3)], f.fitModel, f.probability);
    expect(v).toMatchObject({ worseForOthers: true, followedScored: [] });
    expect(v.followed).toBeUndefined();
    expect(f.fitted).toEqual([['a', 'b', 'c']]);
  });
});

describe('what an honest customer is served beside one customer reporting 40% of its outcomes the wrong way round (mode on, test-sized)', () => {
  beforeAll(async () => {
    await useTensorflowCpu();
  });
  // B honest and small (49 outcomes: under the account guard's 50).
  const B: Row[] = [...honest(300, 30, 2, 15), ...Array.from({ length: 4 }, (_, i) => [nameDigits(100 + i), true] as const)];
  const A = (): Row[] => [...honest(0, 240, 1, 80), ...Array.from({ length: 60 }, (_, i) => [nameDigits(i), true] as const)];
  const flip = (rows: readonly Row[], f: number, seed: number): Row[] => {
    const r = parkMiller(seed);
    return rows.map(([e, h]) => [e, r() < f ? !h : h] as const);
  };
  const probes = [...Array.from({ length: 16 }, (_, i) => natural(600 + i)), ...generated(3, 8)];

  it('held back: B and a new customer keep the baseline (before: 75.6 / 33.6 for natural names / generated strings)', async () => {
    const r = await servedTo('b', [['a', flip(A(), 0.4, 11)], ['b', B]], probes);
    expect(r).toMatchObject({ by: 'baseline', heldBack: true, why: 'worse_for_others', leftOut: [] });
  }, 120_000);

  it("an actor's second account (150 outcomes, 40% flipped too) no longer gets the version past the rule: held back (before: served at 68.0 / 32.3)", async () => {
    const r = await servedTo('b', [['a', flip(A(), 0.4, 11)], ['a2', flip(honest(700, 110, 41, 40), 0.4, 12)], ['b', B]], probes);
    expect(r).toMatchObject({ by: 'baseline', heldBack: true, why: 'worse_for_others', leftOut: [] });
  }, 120_000);

  it('beside three honest customers, the flipping account is left out of a refit that serves them (before: held back, the baseline for everyone)', async () => {
    const r = await servedTo('b', [['a', flip(A(), 0.4, 11)], ['b', B], ['c', honest(340, 170, 5, 60)], ['d', honest(510, 170, 6, 60)]], probes);
    expect(r).toMatchObject({ by: 'shared', heldBack: false, followed: 'a', leftOut: ['a'] });
    const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(r.scores.slice(0, 16))).toBeGreaterThan(95);
    expect(mean(r.scores.slice(16))).toBeLessThan(8);
    // Never served to the account it left out: worse than the baseline on its outcomes.
    expect((await servedTo('a', [['a', flip(A(), 0.4, 11)], ['b', B], ['c', honest(340, 170, 5, 60)], ['d', honest(510, 170, 6, 60)]], probes)).by).toBe('baseline');
  }, 240_000);

  it('trust22: an account of 105 outcomes reporting its name+digits people fake, not the heaviest, is left out of a refit that serves A and B (before: served at 63.3 / 34.0)', async () => {
    const L: Row[] = [...honest(800, 60, 51, 20), ...Array.from({ length: 25 }, (_, i) => [nameDigits(200 + i), false] as const)];
    const r = await servedTo('b', [['a', A()], ['b', B], ['l', L]], probes);
    expect(r).toMatchObject({ by: 'shared', heldBack: false, followed: 'l', leftOut: ['l'] });
    const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(r.scores.slice(0, 16))).toBeGreaterThan(95);
    expect(mean(r.scores.slice(16))).toBeLessThan(8);
  }, 120_000);

  it('with A honest, the shared model serves B (97.6 / 5.3; baseline 91.1 / 10.4)', async () => {
    const r = await servedTo('b', [['a', A()], ['b', B]], probes);
    expect(r.by).toBe('shared');
    const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(r.scores.slice(0, 16))).toBeGreaterThan(95);
    expect(mean(r.scores.slice(16))).toBeLessThan(8);
  }, 120_000);
});
