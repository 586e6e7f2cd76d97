import { describe, expect, it } from 'vitest';
import { entropy, letterDigitSwitches, yearLike } from '../../src/signals/char-stats.ts';

describe('entropy', () => {
  it.each([
    ['', 0],
    ['aaaa', 0],
    ['ab', 1],
    ['aabb', 1],
    ['abcd', 2],
    ['aab', -(2 / 3) * Math.log2(2 / 3) - (1 / 3) * Math.log2(1 / 3)],
    ['éé', 0], // non-ASCII counted too
    ['éa', 1],
  ])('%s -> %d bits/char', (s, h) => {
    expect(entropy(s)).toBeCloseTo(h, 12);
  });

  it('leaves no state behind between calls', () => {
    expect(entropy('abcabc')).toBeCloseTo(Math.log2(3), 12);
    expect(entropy('abcabc')).toBeCloseTo(Math.log2(3), 12);
  });
});

describe('letterDigitSwitches', () => {
  it.each([
    ['x7k2p9q4', 7],
    ['anna1987', 1],
    ['t77marlow', 2],
    ['anna.1987', 0],
    ['12345', 0],
    ['', 0],
  ])('%s -> %i', (s, n) => {
    expect(letterDigitSwitches(s)).toBe(n);
  });
});

describe('yearLike', () => {
  it.each([
    ['anna1987', true],
    ['anna1930', true],
    ['anna1929', false],
    ['anna2005', true],
    ['anna2006', false], // a recent year: what campaigns append, not a signing-up adult's birth year
    ['anna2024', false],
    ['anna87', true],
    ['anna30', true],
    ['anna29', false],
    ['anna05', true],
    ['anna06', false],
    ['anna123', false],
    ['1987', false], // digits only: not a name plus year
    ['anna', false],
  ])('%s -> %s', (s, y) => {
    expect(yearLike(s)).toBe(y);
  });
});
