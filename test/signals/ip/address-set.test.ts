import { describe, expect, it } from 'vitest';
import { AddressSet } from '../../../src/signals/ip/address-set.ts';
import { parseIpLiteral } from '../../../src/signals/ip/parse.ts';

const has = (set: AddressSet, text: string): boolean => set.has(parseIpLiteral(text)!);

describe('AddressSet', () => {
  const set = new AddressSet(['185.220.101.4', '2A0B:F4C2:0:0::1', '::ffff:198.51.100.7', 'junk', '185.220.101.4']);

  it('matches any spelling of a member, and nothing else', () => {
    expect(has(set, '185.220.101.4')).toBe(true);
    expect(has(set, '::ffff:185.220.101.4')).toBe(true);
    expect(has(set, '2a0b:f4c2::1')).toBe(true);
    expect(has(set, '198.51.100.7')).toBe(true);
    expect(has(set, '185.220.101.5')).toBe(false);
    expect(has(set, '2a0b:f4c2::2')).toBe(false);
  });

  it('keeps IPv4 and IPv6 keys apart and skips entries that do not parse', () => {
    // ::b9dc:6504 carries the same 32 bits as 185.220.101.4 but is another address.
    expect(has(set, '::b9dc:6504')).toBe(false);
    expect(set.size).toBe(3);
  });
});
