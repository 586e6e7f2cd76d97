import { describe, expect, it } from 'vitest';
import { verdictFor, outcomeIsHuman } from '../../src/domain/check.ts';

describe('verdictFor (README thresholds)', () => {
  it.each([
    [100, 'allow'],
    [60, 'allow'],
    [59, 'review'],
    [30, 'review'],
    [29, 'block'],
    [0, 'block'],
  ] as const)('%i -> %s', (score, verdict) => {
    expect(verdictFor(score)).toBe(verdict);
  });
});

describe('outcomeIsHuman', () => {
  it('splits outcomes as README (Report an outcome) says', () => {
    expect(['confirmed', 'real', 'fake', 'abuse', 'bounced'].map((o) => outcomeIsHuman(o as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
