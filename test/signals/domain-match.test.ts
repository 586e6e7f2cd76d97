import { describe, expect, it } from 'vitest';
import { anyIn, isStrictSubdomainOf, selfAndParents } from '../../src/signals/domain-match.ts';

describe('domain matching on dot boundaries', () => {
  it('lists the domain and its parents down to the registrable domain', () => {
    expect(selfAndParents('a.b.example.co.uk', 'example.co.uk')).toEqual(['a.b.example.co.uk', 'b.example.co.uk', 'example.co.uk']);
    expect(selfAndParents('example.com', 'example.com')).toEqual(['example.com']);
  });

  it('never matches a suffix without a dot boundary', () => {
    const set = new Set(['fho.edu.br']);
    expect(anyIn(selfAndParents('evilfho.edu.br', 'evilfho.edu.br'), set)).toBe(false);
    expect(anyIn(selfAndParents('x.fho.edu.br', 'fho.edu.br'), set)).toBe(true);
  });

  it('strict subdomains only', () => {
    const parents = new Set(['mozmail.com']);
    expect(isStrictSubdomainOf('jane.mozmail.com', parents)).toBe(true);
    expect(isStrictSubdomainOf('mozmail.com', parents)).toBe(false);
    expect(isStrictSubdomainOf('evilmozmail.com', parents)).toBe(false);
  });
});
