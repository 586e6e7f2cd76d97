import { describe, expect, it } from 'vitest';
import { TtlLru } from '../../src/dns/ttl-cache.ts';

describe('TtlLru', () => {
  it('returns a value until its expiry on the given clock, then drops it', () => {
    const c = new TtlLru<{ v: number }>(10);
    c.set('k', { v: 1 }, 1000);
    expect(c.get('k', 999)).toEqual({ v: 1 });
    expect(c.get('k', 1000)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('holds at most maxEntries, evicting the least recently used', () => {
    const c = new TtlLru<{ v: number }>(2);
    c.set('a', { v: 1 }, 10);
    c.set('b', { v: 2 }, 10);
    c.get('a', 0); // a is now more recent than b
    c.set('c', { v: 3 }, 10);
    expect(c.size).toBe(2);
    expect(c.get('b', 0)).toBeUndefined();
    expect(c.get('a', 0)).toEqual({ v: 1 });
  });
});
