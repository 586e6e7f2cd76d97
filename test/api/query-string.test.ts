import { describe, expect, it } from 'vitest';
import { MALFORMED, parseQueryString } from '../../src/api/query-string.ts';

describe('parseQueryString', () => {
  it('decodes as Fastify does: %XX, + as space, repeated names as arrays', () => {
    const q = parseQueryString('email=ann.lee%40gmail.com&explain=1&a=x+y&a=z');
    expect({ ...q }).toEqual({ email: 'ann.lee@gmail.com', explain: '1', a: ['x y', 'z'] });
    expect(q[MALFORMED]).toBeUndefined();
  });

  it('a literal percent that was encoded (%25) is fine', () => {
    const q = parseQueryString('email=100%25%40x.com');
    expect(q.email).toBe('100%@x.com');
    expect(q[MALFORMED]).toBeUndefined();
  });

  it('names the parameters whose name or value is not valid percent-encoding', () => {
    expect(parseQueryString('email=ann%ZZlee%40gmail.com')[MALFORMED]).toEqual(['email']);
    expect(parseQueryString('email=a%40b.com&explain=%')[MALFORMED]).toEqual(['explain']);
    expect(parseQueryString('email=%C3%40gmail.com')[MALFORMED]).toEqual(['email']); // not UTF-8
    expect(parseQueryString('em%ZZail=x')[MALFORMED]).toEqual(['em%ZZail']);
    expect(parseQueryString('e%6Dail=%ZZ')[MALFORMED]).toEqual(['email']);
  });
});
