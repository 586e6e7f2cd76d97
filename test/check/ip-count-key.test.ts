import { describe, expect, it } from 'vitest';
import { ipCountKey } from '../../src/check/ip-count-key.ts';

describe('ipCountKey', () => {
  it.each([
    ['IPv4: the address itself', '198.51.100.23', '198.51.100.23'],
    ['IPv6: its /64', '2001:db8:1:2:a:b:c:d', '2001:db8:1:2::/64'],
    ['IPv6 addresses of one /64 are one source', '2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['the next /64 is another', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['a /64 whose network part compresses', '2001:db8::1', '2001:db8::/64'],
  ])('%s', (_, ip, key) => {
    expect(ipCountKey(ip)).toBe(key);
  });
});
