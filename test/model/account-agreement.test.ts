import { describe, expect, it } from 'vitest';
import { accountAgreement, accountsToLeaveOut, AGREEMENT_MIN_PER_KIND, AGREEMENT_Z, baselineAuc, judgeAccounts } from '../../src/model/account-agreement.ts';
import { parkMiller } from './fixtures.ts';

/** `humans` real people and `fakes` fakes of one account; the baseline gives real people `pHuman(i)` and fakes `pFake(i)`. */
function outcomes(account: string, humans: number, fakes: number, pHuman: (i: number) => number, pFake: (i: number) => number) {
  return [
    ...Array.from({ length: humans }, (_, i) => ({ account, human: true, baselineProbability: pHuman(i) })),
    ...Array.from({ length: fakes }, (_, i) => ({ account, human: false, baselineProbability: pFake(i) })),
  ];
}

describe('account agreement: outcomes the baseline orders the wrong way round are left out of the shared model', () => {
  it('reads the AUC with ties counted half', () => {
    const one = (human: boolean, p: number) => ({ account: 'a', human, baselineProbability: p });
    expect(baselineAuc([one(true, 0.9), one(false, 0.1)])).toBe(1);
    expect(baselineAuc([one(true, 0.1), one(false, 0.9)])).toBe(0);
    expect(baselineAuc([one(true, 0.5), one(false, 0.5)])).toBe(0.5);
    // Pairs: (0.9 > 0.2) yes, (0.9 > 0.9) half, (0.3 > 0.2) yes, (0.3 > 0.9) no: 2.5 of 4.
    expect(baselineAuc([one(true, 0.9), one(true, 0.3), one(false, 0.2), one(false, 0.9)])).toBe(0.625);
    expect(baselineAuc([one(true, 0.9)])).toBeNaN();
  });

  it('leaves out an inverted account, never an honest one, a noisy one, or one whose fakes the baseline misses', () => {
    const r = parkMiller(17);
    const rows = [
      // Real people reported as fakes and fakes as real: the baseline's ordering reversed.
      ...outcomes('inverted', 80, 300, () => 0.05 + 0.2 * r(), () => 0.7 + 0.3 * r()),
      // Honest, the baseline mostly right.
      ...outcomes('honest', 30, 15, () => 0.6 + 0.4 * r(), () => 0.3 * r()),
      // Fakes with natural-looking names: the baseline cannot tell them apart (chance, not reversed).
      ...outcomes('lookalike', 200, 200, () => r(), () => r()),
      // Too few fakes to judge, however reversed.
      ...outcomes('few', 40, AGREEMENT_MIN_PER_KIND - 1, () => 0.1, () => 0.9),
    ];
    const a = accountAgreement(rows);
    expect(a.get('inverted')!.auc).toBe(0);
    expect(a.get('honest')!.auc).toBeGreaterThan(0.9);
    expect(Math.abs(a.get('lookalike')!.z)).toBeLessThan(3);
    expect(a.has('few')).toBe(false);
    expect(accountsToLeaveOut(rows)).toEqual(['inverted']);
  });

  it('needs more than chance: a slightly reversed small account stays, the same ordering over many outcomes does not', () => {
    // AUC 0.4 from 20 of each kind is well within chance; from 600 of each it is not.
    const reversedBy = (n: number) => outcomes('x', n, n, (i) => (i % 5 < 2 ? 0.6 : 0.4), (i) => (i % 5 < 2 ? 0.4 : 0.6));
    expect(baselineAuc(reversedBy(20))).toBeCloseTo(0.4, 10);
    expect(accountsToLeaveOut(reversedBy(20))).toEqual([]);
    expect(accountsToLeaveOut(reversedBy(600))).toEqual(['x']);
  });
});

describe('the pool of small accounts: judged together, left out whole', () => {
  // Each small account: 12 real people reported as fakes and 9 fakes as real (fewer than 10 of a kind: never judged alone).
  const sybil = (k: number) => outcomes(`s${k}`, 9, 12, () => 0.1, () => 0.9);

  it('leaves out many small accounts the baseline orders the wrong way round together, not an honest account beside them', () => {
    const r = parkMiller(5);
    const rows = [...Array.from({ length: 30 }, (_, k) => sybil(k)).flat(), ...outcomes('honest', 300, 100, () => 0.6 + 0.4 * r(), () => 0.3 * r())];
    expect(accountAgreement(rows).has('s0')).toBe(false);
    const j = judgeAccounts(rows);
    expect(j.leftOut).toEqual(Array.from({ length: 30 }, (_, k) => `s${k}`).sort());
    expect(j.pooled.size).toBe(0);
    // Without the pool (every account judged alone only), none was left out.
    expect(accountsToLeaveOut(rows, AGREEMENT_MIN_PER_KIND, AGREEMENT_Z, 0)).toEqual([]);
  });

  it('catches small accounts each reversed within chance (AUC 0.3 from 20 of each), together beyond it', () => {
    const mild = (k: number) => outcomes(`m${k}`, 20, 20, (i) => (i < 6 ? 0.9 : 0.1), (i) => (i < 14 ? 0.9 : 0.1));
    expect(baselineAuc(mild(0))).toBeCloseTo(0.3, 10);
    expect(accountsToLeaveOut(mild(0))).toEqual([]);
    const rows = Array.from({ length: 30 }, (_, k) => mild(k)).flat();
    expect(accountsToLeaveOut(rows, AGREEMENT_MIN_PER_KIND, AGREEMENT_Z, 0)).toEqual([]);
    expect(accountsToLeaveOut(rows)).toHaveLength(30);
  });

  it('keeps honest small accounts pooled, and a small account that vouches for itself out of the pool', () => {
    const r = parkMiller(9);
    // Small honest accounts whose fakes the baseline often misses: within chance alone, better than chance together.
    const small = Array.from({ length: 20 }, (_, k) => outcomes(`h${k}`, 6, 6, () => 0.3 + 0.7 * r(), () => r())).flat();
    const vouched = outcomes('b', 30, 15, () => 0.6 + 0.4 * r(), () => 0.3 * r());
    const big = outcomes('c', 200, 80, () => 0.5 + 0.5 * r(), () => 0.5 * r());
    const j = judgeAccounts([...small, ...vouched, ...big]);
    expect(j.leftOut).toEqual([]);
    expect([...j.pooled].sort()).toEqual(Array.from({ length: 20 }, (_, k) => `h${k}`).sort());
    // b has 45 outcomes, but its own ordering agrees beyond chance: it speaks for itself.
    expect(accountAgreement(vouched).get('b')!.z).toBeGreaterThan(AGREEMENT_Z);
    expect(j.pooled.has('b')).toBe(false);
  });

  it('judges one small account alone only once: alone in the pool it is judged as itself', () => {
    const rows = [...outcomes('x', 15, 15, (i) => (i % 3 ? 0.3 : 0.7), (i) => (i % 3 ? 0.7 : 0.3)), ...outcomes('c', 200, 80, () => 0.9, () => 0.1)];
    expect(judgeAccounts(rows)).toEqual({ leftOut: [], pooled: new Set(['x']) });
  });
});
