import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedOsa, charMask, popcount } from '../../src/signals/edit-distance.ts';

/** Reference OSA distance, unbounded, straight from the definition. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

describe('boundedOsa', () => {
  it.each([
    ['gmail.com', 'gmail.com', 0],
    ['gmial.com', 'gmail.com', 1],
    ['gmai.com', 'gmail.com', 1],
    ['gmailc.om', 'gmail.com', 1],
    ['gmiol.com', 'gmail.com', 2],
    ['', 'abc', 3],
  ])('%s vs %s = %i', (a, b, d) => {
    expect(boundedOsa(a, b, 5)).toBe(d);
  });

  it('matches the reference within the bound and returns max + 1 beyond it', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '.', 'm'), maxLength: 12 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, max) => {
        const ref = osa(a, b);
        expect(boundedOsa(a, b, max)).toBe(ref <= max ? ref : max + 1);
      }),
      { numRuns: 2000 },
    );
  });

  it('charMask filter never rejects a pair within k edits', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'q', 'p', '0', '.', 'n', '-', 'm'), maxLength: 10 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = osa(a, b);
        expect(popcount(charMask(a) ^ charMask(b))).toBeLessThanOrEqual(2 * d);
      }),
      { numRuns: 2000 },
    );
  });
});
