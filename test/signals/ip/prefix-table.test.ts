import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCidr, parseIpLiteral } from '../../../src/signals/ip/parse.ts';
import { buildPrefixTable, PrefixTableBuilder, type Cidr } from '../../../src/signals/ip/prefix-table.ts';

const cidr = (text: string): Cidr => parseCidr(text)!;
const lookup = <V>(table: { lookup(f: 4 | 6, w: readonly number[]): V | undefined }, text: string): V | undefined => {
  const ip = parseIpLiteral(text)!;
  return table.lookup(ip.family, ip.words);
};

describe('PrefixTable', () => {
  const table = buildPrefixTable<string>([
    [cidr('10.0.0.0/8'), 'ten'],
    [cidr('10.1.0.0/16'), 'ten-one'],
    [cidr('10.1.2.3/32'), 'host'],
    [cidr('192.168.0.0/24'), 'lan'],
    [cidr('2001:db8::/32'), 'doc'],
    [cidr('2001:db8:1::/48'), 'doc-1'],
    [cidr('2001:db8:1::1/128'), 'v6host'],
  ]);

  it.each([
    ['10.0.0.1', 'ten'],
    ['10.1.0.1', 'ten-one'],
    ['10.1.2.3', 'host'],
    ['10.1.2.4', 'ten-one'],
    ['10.255.255.255', 'ten'],
    ['11.0.0.0', undefined],
    ['9.255.255.255', undefined],
    ['192.168.0.255', 'lan'],
    ['192.168.1.0', undefined],
    ['2001:db8::1', 'doc'],
    ['2001:db8:1::2', 'doc-1'],
    ['2001:db8:1::1', 'v6host'],
    ['2001:db9::', undefined],
    ['::', undefined],
  ])('longest prefix for %s is %s', (ip, expected) => {
    expect(lookup(table, ip)).toBe(expected);
  });

  it('keeps families apart: 10.0.0.0/8 does not cover IPv6 0a00::', () => {
    expect(lookup(table, 'a00::1')).toBeUndefined();
  });

  it('counts distinct prefixes and keeps the first value on a duplicate', () => {
    const b = new PrefixTableBuilder<string>();
    expect(b.add(cidr('1.0.0.0/8'), 'first')).toBe(true);
    expect(b.add(cidr('1.2.3.4/8'), 'second')).toBe(false); // same network after masking
    expect(b.add(cidr('::/0'), 'all-v6')).toBe(true);
    const t = b.build();
    expect(t.counts).toEqual({ v4: 1, v6: 1 });
    expect(t.size).toBe(2);
    expect(lookup(t, '1.9.9.9')).toBe('first');
    expect(lookup(t, 'ffff::1')).toBe('all-v6');
    expect(() => b.add(cidr('2.0.0.0/8'), 'late')).toThrow();
  });

  it('handles /0 for IPv4 and lookups through typed entry points', () => {
    const t = buildPrefixTable([[cidr('0.0.0.0/0'), 'any'] as const, [cidr('128.0.0.0/1'), 'high'] as const]);
    expect(t.lookupV4(0)).toBe('any');
    expect(t.lookupV4(0x7fffffff)).toBe('any');
    expect(t.lookupV4(0x80000000)).toBe('high');
    expect(t.lookupV4(0xffffffff)).toBe('high');
    expect(t.lookupV6(0, 0, 0, 1)).toBeUndefined();
  });

  it('agrees with a linear longest-prefix scan on random IPv4 and IPv6 tables', () => {
    const v4 = fc.record({ family: fc.constant(4 as const), words: fc.tuple(fc.nat()).map(([w]) => [w >>> 0]), length: fc.nat(32) });
    const v6 = fc.record({
      family: fc.constant(6 as const),
      // Shared high bits so random prefixes actually nest.
      words: fc.tuple(fc.constantFrom(0x20010db8, 0x26001f18), fc.nat(), fc.nat(), fc.nat()).map((w) => w.map((x) => x >>> 0)),
      length: fc.nat(128),
    });
    const mask = (c: { family: 4 | 6; words: number[]; length: number }): Cidr => cidr(
      c.family === 4
        ? `${[24, 16, 8, 0].map((s) => ((c.words[0]! >>> s) & 255).toString()).join('.')}/${c.length}`
        : `${c.words.map((w) => `${(w >>> 16).toString(16)}:${(w & 0xffff).toString(16)}`).join(':')}/${c.length}`,
    );
    const covers = (p: Cidr, words: readonly number[]): boolean => {
      for (let i = 0; i < p.length; i++) {
        const bit = (w: readonly number[]) => ((w[i >>> 5]! >>> (31 - (i & 31))) & 1);
        if (bit(p.words) !== bit(words)) return false;
      }
      return true;
    };
    fc.assert(
      fc.property(fc.array(fc.oneof(v4, v6), { maxLength: 40 }), fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), (raw, probe) => {
        const prefixes = raw.map(mask);
        const t = buildPrefixTable(prefixes.map((p, i) => [p, i] as const));
        // Probe addresses: inside each prefix (its own network words) plus a random one per family.
        const probes: [4 | 6, number[]][] = prefixes.map((p) => [p.family, [...p.words]]);
        probes.push([4, [probe[0]! >>> 0]], [6, probe.map((x) => x >>> 0)]);
        for (const [family, words] of probes) {
          let best: number | undefined;
          let bestLen = -1;
          prefixes.forEach((p, i) => {
            if (p.family === family && covers(p, words) && p.length > bestLen) {
              best = i;
              bestLen = p.length;
            }
          });
          expect(t.lookup(family, words)).toBe(best);
        }
      }),
      { numRuns: 300 },
    );
  });
});
