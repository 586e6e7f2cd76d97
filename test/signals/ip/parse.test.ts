import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalIp, cidrToString, parseCidr, parseIpLiteral } from '../../../src/signals/ip/parse.ts';

/** Canonical text of a literal, or undefined when it is not one. */
const canon = (s: unknown): string | undefined => {
  const ip = parseIpLiteral(s);
  return ip === undefined ? undefined : canonicalIp(ip);
};

describe('parseIpLiteral: accepted forms and their canonical text', () => {
  it.each([
    ['1.2.3.4', 4, '1.2.3.4'],
    ['  8.8.8.8\t', 4, '8.8.8.8'],
    ['0.0.0.0', 4, '0.0.0.0'],
    ['255.255.255.255', 4, '255.255.255.255'],
    ['2001:DB8:0:0:0:0:0:1', 6, '2001:db8::1'],
    ['2600:1f18:0000:0000::0001', 6, '2600:1f18::1'],
    ['::', 6, '::'],
    ['::1', 6, '::1'],
    ['2001:0:0:1:0:0:0:1', 6, '2001:0:0:1::1'], // RFC 5952: first longest run compressed
    ['::ffff:1.2.3.4', 4, '1.2.3.4'], // IPv4-mapped folds
    ['::FFFF:102:304', 4, '1.2.3.4'], // mapped, hex form
    ['0:0:0:0:0:ffff:1.2.3.4', 4, '1.2.3.4'],
    ['::1.2.3.4', 4, '1.2.3.4'], // deprecated IPv4-compatible dotted form, read as mapped
    ['64:ff9b::1.2.3.4', 6, '64:ff9b::102:304'], // NAT64 stays IPv6
  ] as const)('%j -> IPv%i %s', (input, family, canonical) => {
    expect(parseIpLiteral(input)).toMatchObject({ family, hasZone: false });
    expect(canon(input)).toBe(canonical);
  });

  it('keeps a zone index as a flag, out of the canonical text', () => {
    expect(parseIpLiteral('fe80::1%eth0')).toMatchObject({ family: 6, hasZone: true });
    expect(canon('fe80::1%eth0')).toBe('fe80::1');
  });

  it('gives big-endian words', () => {
    expect(parseIpLiteral('1.2.3.4')?.words).toEqual([0x01020304]);
    expect(parseIpLiteral('255.0.0.1')?.words).toEqual([0xff000001]);
    expect(parseIpLiteral('2001:db8::ffff:1')?.words).toEqual([0x20010db8, 0, 0, 0xffff0001]);
  });
});

describe('parseIpLiteral: everything else is not an address', () => {
  it.each([
    '',
    '   ',
    '127.1', // inet_aton shorthand
    '0x7f.0.0.1', // hex octet
    '2130706433', // 32-bit integer form
    '010.1.1.1', // leading zero (octal in some parsers)
    '1.2.3.256',
    '1.2.3',
    '1.2.3.4.5',
    '1.2.3.4/24',
    '1.2.3.4:80',
    '[::1]',
    '[::1]:443',
    '::ffff:010.1.1.1',
    '::ffff:0x7f.0.0.1',
    'gggg::1',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'fe80::1%',
    'example.com',
    'localhost',
    '１.２.３.４', // full-width digits
    `${'1'.repeat(70)}`,
  ])('%j', (input) => {
    expect(parseIpLiteral(input)).toBeUndefined();
  });

  it.each([null, undefined, 42, {}, ['1.2.3.4']])('non-string %j', (input) => {
    expect(parseIpLiteral(input)).toBeUndefined();
  });
});

describe('parseIpLiteral properties', () => {
  const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));

  it('round-trips every dotted quad, plain or IPv4-mapped', () => {
    fc.assert(
      fc.property(octets, ([a, b, c, d]) => {
        const text = `${a}.${b}.${c}.${d}`;
        const word = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
        expect(parseIpLiteral(text)).toEqual({ family: 4, words: [word], hasZone: false });
        expect(canon(text)).toBe(text);
        expect(canon(`::ffff:${text}`)).toBe(text);
      }),
    );
  });

  it('gives one canonical text per IPv6 address whatever the spelling', () => {
    const parts = fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 });
    fc.assert(
      fc.property(parts, (p) => {
        const full = p.map((x) => x.toString(16).padStart(4, '0').toUpperCase()).join(':');
        const short = p.map((x) => x.toString(16)).join(':');
        const a = canon(full);
        expect(a).toBeDefined();
        expect(canon(short)).toBe(a);
        expect(canon(a)).toBe(a);
        expect(parseIpLiteral(a)?.words).toEqual(parseIpLiteral(full)?.words);
      }),
    );
  });

  it('never throws, on any string', () => {
    const ipish = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.%/[] x\t-'.split('')), maxLength: 60 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), ipish), (s) => {
        const c = canon(s);
        if (c !== undefined) expect(canon(c)).toBe(c);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('parseCidr', () => {
  it.each([
    ['3.5.140.0/22', 4, '3.5.140.0/22'],
    ['10.1.2.3/8', 4, '10.0.0.0/8'], // host bits cleared
    ['0.0.0.0/0', 4, '0.0.0.0/0'],
    ['1.2.3.4/32', 4, '1.2.3.4/32'],
    ['2400:6180:0:D0::/64', 6, '2400:6180:0:d0::/64'],
    ['2600:1900:8000::1/44', 6, '2600:1900:8000::/44'],
    ['::/0', 6, '::/0'],
    ['2001:db8::1/128', 6, '2001:db8::1/128'],
  ] as const)('%s -> %s', (input, family, text) => {
    const cidr = parseCidr(input);
    expect(cidr?.family).toBe(family);
    expect(cidrToString(cidr!)).toBe(text);
  });

  it.each(['1.2.3.4', '1.2.3.4/33', '01.2.3.4/8', '1.2.3.4/-1', '1.2.3.4/ 8', '::/129', 'fe80::/10%eth0', '/8', 'x/8', ''])(
    'rejects %j',
    (input) => {
      expect(parseCidr(input)).toBeUndefined();
    },
  );
});
