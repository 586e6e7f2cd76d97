import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addExample, emptyTally, HEALTH_WINDOW, pairedRecent, type AccountTallies } from '../../src/model/prequential.ts';
import { balancedJudgement, newestWithQuota, sharedJudgementFor, type Entry } from '../../src/model/shared-health.ts';

/** An account's running tallies from outcomes (time, human, baseline P, shared model's P or null). */
function account(outcomes: [number, boolean, number, number | null][]): AccountTallies {
  let baseline = emptyTally();
  let learned = emptyTally();
  let humans = 0;
  for (const [time, human, b, l] of outcomes) {
    baseline = addExample(baseline, { time, human, probability: b }, HEALTH_WINDOW);
    if (l !== null) learned = addExample(learned, { time, human, probability: l }, HEALTH_WINDOW);
    if (human) humans++;
  }
  return { baseline, learned, personal: emptyTally(), humans, fakes: outcomes.length - humans };
}
/** n outcomes from `t0`, alternating human/fake, on which the shared model is right with `l` and the baseline with `b`. */
const stream = (t0: number, n: number, b: number, l: number | null): [number, boolean, number, number | null][] =>
  Array.from({ length: n }, (_, i) => {
    const human = i % 2 === 0;
    return [t0 + i, human, human ? b : 1 - b, l === null ? null : human ? l : 1 - l];
  });

describe('shared model health per account: its own outcomes, else a tenant-balanced window', () => {
  it('issue 21: one customer\'s flood fills at most its share of the window, so it cannot make the model healthy for others', () => {
    // B reports 1,100 outcomes the shared model (trained on them) gets right; A has 10, on which it does badly.
    const a = account(stream(0, 10, 0.8, 0.3));
    const b = account(stream(100, 1100, 0.6, 0.95));
    const j = balancedJudgement([a, b]);
    expect(j.perAccount).toBe(25); // two customers: at most half the window each
    expect(j.examples).toBe(35); // 10 of A's and 25 of B's: not enough to judge
    expect(j.healthy).toBe(false);
    expect(sharedJudgementFor(a, j)).toBe(j);
    // A's outcomes came before the model existed (none scored): B's still fill only half the window.
    const early = balancedJudgement([account(stream(0, 10, 0.8, null)), b]);
    expect(early).toMatchObject({ examples: 25, healthy: false, perAccount: 25 });
    // B itself, with 50 outcomes of its own scored, is judged on them.
    const forB = sharedJudgementFor(b, j);
    expect(forB).toMatchObject({ scope: 'own', examples: 1100, healthy: true });
  });

  it('with enough customers, the window holds at most a quarter of its outcomes from each (25%), newest first, as large as that allows', () => {
    // Customers of 50 outcomes or more: each its own party (fewer: pooled, below).
    const rows = ['a', 'b', 'c', 'd', 'e'].map((_, k) => account(stream(k * 1000, 60, 0.7, 0.8)));
    const j = balancedJudgement(rows);
    expect(j.examples).toBe(300); // every outcome of the five: 60 of 300 each, a fifth
    expect(j.perAccount).toBe(75);
    expect(j.healthy).toBe(true);
    // With fewer scored each (50 outcomes each before the model), the window is the 50 it needs at least, 13 of each at most.
    const few = ['a', 'b', 'c', 'd', 'e'].map((_, k) => account([...stream(k * 1000, 50, 0.7, null), ...stream(k * 1000 + 100, 10, 0.7, 0.8)]));
    expect(balancedJudgement(few)).toMatchObject({ examples: 50, perAccount: 13, healthy: true });
    // A flood the model does well on cannot outweigh four customers it does badly for.
    const bad = ['a', 'b', 'c', 'd'].map((_, k) => account(stream(k * 1000, 60, 0.8, 0.4)));
    const flood = account(stream(10_000, 3000, 0.5, 0.999));
    const j2 = balancedJudgement([...bad, flood]);
    // The largest window in which the flood holds no more than a quarter (rounded up): 81 of 321.
    expect(j2.examples).toBe(321);
    expect(j2.perAccount).toBe(81);
    expect(j2.healthy).toBe(false);
    // Without balancing, the flood's last 50 would have been the whole window.
    expect(j2.learned!.recent_log_loss).toBeGreaterThan(j2.baseline!.recent_log_loss);
  });

  it('accounts under 50 outcomes fill one quota together, so splitting a flood over many new accounts buys no more of the window', () => {
    // Two customers the model does badly for; one actor's 30 new accounts of 20 outcomes each, newer, on which it does well.
    const honest = ['a', 'b'].map((_, k) => account(stream(k * 1000, 100, 0.8, 0.4)));
    const split = Array.from({ length: 30 }, (_, k) => account(stream(10_000 + k * 100, 20, 0.5, 0.999)));
    const j = balancedJudgement([...honest, ...split]);
    // Three parties: a third each (rounded up, 101 of 301); with a quota per account the 30 took all 500 (each 20, under 125) and made it healthy.
    expect(j).toMatchObject({ examples: 301, perAccount: 101, healthy: false });
    expect(j.learned!.recent_log_loss).toBeGreaterThan(j.baseline!.recent_log_loss);
    // The overall figures weigh the pool as one party too: the model is wrong on every outcome of the honest two, right on the 30's (per account: 600 of 800, 0.75).
    expect(j.learned!.accuracy).toBeCloseTo(1 / 3, 9);
    // Small accounts alone are one party: five of 10 outcomes each make the 50-outcome window together, as one did.
    const five = ['a', 'b', 'c', 'd', 'e'].map((_, k) => account(stream(k * 1000, 10, 0.7, 0.8)));
    expect(balancedJudgement(five)).toMatchObject({ examples: 50, perAccount: 50, healthy: true });
  });

  it('compares the model and the baseline on the same outcomes, and weighs accounts in the overall figures too', () => {
    // Outcomes before the shared model existed count for the baseline only.
    const a = account([...stream(0, 30, 0.9, null), ...stream(100, 30, 0.6, 0.7)]);
    const b = account(stream(1000, 30, 0.6, 0.7));
    const j = balancedJudgement([a, b]);
    expect(j.examples).toBe(60); // the 30 scored of each
    expect(j.learned!.recent_log_loss).toBeCloseTo(-Math.log(0.7), 9);
    expect(j.baseline!.recent_log_loss).toBeCloseTo(-Math.log(0.6), 9); // not A's older, better 0.9s
    expect(j.healthy).toBe(true);
    // A flood's accuracy counts no more than the other account's.
    const small = account(stream(0, 10, 0.4, 0.4)); // all wrong
    const flood = account(stream(100, 1000, 0.9, 0.9)); // all right
    expect(balancedJudgement([small, flood]).baseline!.accuracy).toBeCloseTo(0.5, 9);
  });

  it('before any learned model scored an outcome: the baseline alone, not judged', () => {
    const j = balancedJudgement([account(stream(0, 60, 0.7, null))]);
    expect(j).toMatchObject({ learned: null, examples: 0, healthy: false });
    expect(j.baseline!.recent_log_loss).toBeCloseTo(-Math.log(0.7), 9);
    expect(balancedJudgement([])).toMatchObject({ baseline: null, learned: null, healthy: false });
  });

  it('on its own outcomes: the newest the model scored, at most HEALTH_WINDOW, against the baseline on the same ones', () => {
    // 60 outcomes before the model, on which the baseline was nearly perfect, then 100 scored by both.
    const own = account([...stream(0, 60, 0.99, null), ...stream(100, 100, 0.6, 0.7)]);
    const j = sharedJudgementFor(own, balancedJudgement([own]));
    expect(j).toMatchObject({ scope: 'own', examples: 100, healthy: true });
    expect(j.baseline!.recent_log_loss).toBeCloseTo(-Math.log(0.6), 9); // not the older 0.99s
    expect(j.learned!.recent_log_loss).toBeCloseTo(-Math.log(0.7), 9);
  });

  it('a model better over the last 500 is healthy though the baseline did better on the last 50 (the window is for that)', () => {
    const own = account([...stream(0, 450, 0.6, 0.8), ...stream(1000, 50, 0.7, 0.65)]);
    const j = sharedJudgementFor(own, balancedJudgement([own]));
    expect(j.healthy).toBe(true);
    // And the window ends at HEALTH_WINDOW: 500 more outcomes where the baseline does better push the good ones out.
    const later = account([...stream(0, 450, 0.6, 0.8), ...stream(1000, HEALTH_WINDOW, 0.7, 0.65)]);
    expect(sharedJudgementFor(later, balancedJudgement([later])).healthy).toBe(false);
  });
});

describe('pairedRecent', () => {
  const tally = (xs: [number, number][]) => ({ n: xs.length, correct: 0, sumLogLoss: 0, recent: xs.map(([time, loss]) => ({ time, loss })) });
  it.each([
    ['the same outcomes', [[1, 0.2], [2, 0.4]], [[1, 0.3], [2, 0.5]], { n: 2, model: 0.3, other: 0.4 }],
    ['only those both scored', [[2, 0.4]], [[1, 9], [2, 0.5], [3, 9]], { n: 1, model: 0.4, other: 0.5 }],
    ['two outcomes at one time, matched once each', [[5, 0.1], [5, 0.3]], [[5, 0.2], [5, 0.6]], { n: 2, model: 0.2, other: 0.4 }],
  ] as const)('%s', (_, model, other, want) => {
    const p = pairedRecent(tally(model as unknown as [number, number][]), tally(other as unknown as [number, number][]));
    expect(p!.n).toBe(want.n);
    expect(p!.model).toBeCloseTo(want.model, 12);
    expect(p!.other).toBeCloseTo(want.other, 12);
  });
  it('is null when no outcome was scored by both', () => {
    expect(pairedRecent(tally([[1, 0.2]]), tally([[2, 0.3]]))).toBeNull();
  });
});

describe('newestWithQuota (the balanced window, merged from the ends of the accounts)', () => {
  /** The definition: every entry, newest first (an earlier account first at equal times, list order within one), at most `quota` per account, the first `size`. */
  function reference(entries: Entry[][], size: number, quota: number): Entry[] {
    const taken = new Map<number, number>();
    const out: Entry[] = [];
    for (const e of entries.flat().sort((a, b) => b.time - a.time || a.account - b.account)) {
      if (out.length === size) break;
      const n = taken.get(e.account) ?? 0;
      if (n === quota) continue;
      taken.set(e.account, n + 1);
      out.push(e);
    }
    return out;
  }

  it('takes exactly the entries and order of the definition, ties of time included', () => {
    const lists = fc.array(fc.array(fc.record({ time: fc.integer({ min: 0, max: 40 }), loss: fc.double({ min: 0, max: 5, noNaN: true }) }), { maxLength: 30 }), { maxLength: 12 });
    fc.assert(
      fc.property(lists, fc.integer({ min: 1, max: 80 }), fc.integer({ min: 1, max: 20 }), (raw, size, quota) => {
        const entries: Entry[][] = raw.map((list, account) => [...list].sort((a, b) => a.time - b.time).map((x) => ({ time: x.time, account, learned: x.loss, baseline: x.loss / 2 })));
        expect(newestWithQuota(entries, size, quota)).toEqual(reference(entries, size, quota));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts an account at its quota and fills the rest from the others', () => {
    const e = (account: number, time: number): Entry => ({ time, account, learned: 0, baseline: 0 });
    const window = newestWithQuota([[e(0, 1), e(0, 5), e(0, 6), e(0, 7)], [e(1, 2), e(1, 3)], [e(2, 7)]], 5, 2);
    expect(window.map((x) => [x.account, x.time])).toEqual([[0, 7], [2, 7], [0, 6], [1, 3], [1, 2]]);
  });
});
