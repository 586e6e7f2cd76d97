import { describe, expect, it } from 'vitest';
import { isGeneratedLabel, letterDigitSwitches } from '../../src/signals/generated-domain.ts';

describe('letterDigitSwitches', () => {
  it.each([
    ['quietfield', 0],
    ['abc2018', 1],
    ['7eleven', 1],
    ['k7f2xq9z', 6],
    ['b2b-4you', 3],
    ['a1-b', 1],
  ] as const)('%s: %i', (label, n) => {
    expect(letterDigitSwitches(label)).toBe(n);
  });
});

describe('isGeneratedLabel', () => {
  it.each([
    // a generator's letters and digits
    ['k7f2xq9z', true],
    ['x9q2m7', true],
    ['q8w3e5r', true],
    // names, words, initialisms and numbers that mean something
    ['quietfield-works', false],
    ['abc2018', false],
    ['3m', false],
    ['7eleven', false],
    ['web2print', false],
    ['365shop', false],
    ['a1b', false],
    // an internationalised label's ASCII form is an encoding
    ['xn--80ak6aa92e', false],
  ] as const)('%s -> %s', (label, generated) => {
    expect(isGeneratedLabel(label)).toBe(generated);
  });
});
