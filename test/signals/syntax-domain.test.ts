import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDomain, type DomainCheck } from '../../src/signals/syntax-domain.ts';

// Made-up domains of every kind of answer: plain, internationalised, A-labels, bad labels,
// special-use and unknown top-level names, a public suffix alone, a dotted quad.
const DOMAINS = [
  'example.com',
  'mail.example.co.uk',
  'bücher.example',
  'xn--bcher-kva.de',
  'müller-werke.de',
  'ab--cd.com',
  '-lead.com',
  'a..b.com',
  'trail.com.',
  'host.test',
  'quietfield.cmo',
  'nearmiss.con',
  'co.uk',
  '10.0.0.1',
  '[10.0.0.1]',
  'nodot',
  '',
  `${'x'.repeat(64)}.com`,
];

describe('checkDomain with a memo (Given a domain asked again under one policy, Then the answer is the one a fresh check gives)', () => {
  // The policy's exception is a function of the domain, as the typo search is (check/typo-hint.ts).
  const accept = (ascii: string): boolean => ascii.endsWith('.con');

  it('answers every kind of domain as without a memo, the first time and every later time', () => {
    const memo = new Map<string, DomainCheck>();
    for (let round = 0; round < 3; round++) {
      for (const d of DOMAINS) expect(checkDomain(d, { acceptUnknownSuffix: accept, memo })).toEqual(checkDomain(d, { acceptUnknownSuffix: accept }));
    }
    expect(memo.size).toBe(DOMAINS.length);
  });

  it('any lowercase domain-like string: the memo changes no answer', () => {
    const memo = new Map<string, DomainCheck>();
    const label = fc.stringMatching(/^[a-z0-9ü-]{0,8}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), fc.constantFrom('com', 'con', 'de', 'test', 'co.uk', 'zz'), (labels, tld) => {
        const d = `${labels.join('.')}.${tld}`;
        expect(checkDomain(d, { acceptUnknownSuffix: accept, memo })).toEqual(checkDomain(d, { acceptUnknownSuffix: accept }));
      }),
      { numRuns: 2000 },
    );
  });

  it('a second ask is answered from the memo; past its bound the memo starts over', () => {
    const memo = new Map<string, DomainCheck>();
    const first = checkDomain('example.com', { memo });
    expect(checkDomain('example.com', { memo })).toBe(first);
    for (let i = 0; i < 20_000; i++) checkDomain(`firm${i}.example`, { memo });
    expect(memo.size).toBeLessThanOrEqual(16_384);
    expect(memo.size).toBeGreaterThan(0);
  });
});
