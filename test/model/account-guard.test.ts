import { describe, expect, it } from 'vitest';
import { accountsWorseOff, OWN_OUTCOMES_TO_JUDGE } from '../../src/model/account-guard.ts';

const outcomes = (account: string, n: number, model: number, baseline: number) =>
  Array.from({ length: n }, (_, i) => ({ example: { account, human: i % 2 === 0, baselineProbability: i % 2 === 0 ? baseline : 1 - baseline }, probability: i % 2 === 0 ? model : 1 - model }));

describe('account guard: a shared model worse than the baseline on an account\'s own outcomes is not served to it', () => {
  it('names the accounts with 50 outcomes or more on which the model does worse than the baseline', () => {
    expect(OWN_OUTCOMES_TO_JUDGE).toBe(50);
    const heldOut = [
      ...outcomes('worse', 50, 0.55, 0.8), // the model is less sure of the right answer than the baseline
      ...outcomes('better', 80, 0.9, 0.7),
      ...outcomes('few', 49, 0.1, 0.9), // far worse, but too few outcomes of its own to judge on
      ...outcomes('flood', 1100, 0.95, 0.6),
    ];
    expect(accountsWorseOff(heldOut)).toEqual(['worse']);
    expect(accountsWorseOff(heldOut, 40)).toEqual(['few', 'worse']);
  });
});
