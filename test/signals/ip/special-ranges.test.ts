import { describe, expect, it } from 'vitest';
import { parseIpLiteral } from '../../../src/signals/ip/parse.ts';
import { addressClass } from '../../../src/signals/ip/special-ranges.ts';

const classOf = (text: string): string => {
  const ip = parseIpLiteral(text);
  if (ip === undefined) throw new Error(`test input not an IP: ${text}`);
  return addressClass(ip.family, ip.words);
};

describe('addressClass: the documented policy, with range edges', () => {
  it.each([
    // RFC 1918
    ['9.255.255.255', 'public'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['11.0.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.167.255.255', 'public'],
    ['192.168.0.1', 'private'],
    ['192.169.0.0', 'public'],
    // carrier-grade NAT, loopback, link-local
    ['100.63.255.255', 'public'],
    ['100.64.0.0', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.0', 'public'],
    ['127.0.0.1', 'private'],
    ['127.255.255.255', 'private'],
    ['169.254.1.1', 'private'],
    // reserved IPv4
    ['0.0.0.0', 'reserved'],
    ['0.1.2.3', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.20.0.0', 'public'],
    ['192.88.99.1', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['239.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['223.255.255.255', 'public'],
    ['8.8.8.8', 'public'],
    // IPv6 local scopes
    ['::1', 'private'],
    ['fc00::1', 'private'],
    ['fdff:ffff::1', 'private'],
    ['fe80::1', 'private'],
    ['febf::1', 'private'],
    ['fec0::1', 'private'],
    // IPv6 reserved
    ['::', 'reserved'],
    ['::2', 'reserved'],
    ['::ffff:0:102:304', 'reserved'], // IPv4-translated
    ['64:ff9b::102:304', 'reserved'], // NAT64
    ['100::1', 'reserved'], // discard-only
    ['1fff:ffff::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['ff02::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['3fff:fff::1', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:10::1', 'reserved'], // ORCHID, inside 2001::/23
    // IPv6 public
    ['2000::1', 'public'],
    ['2001::1', 'public'], // Teredo
    ['2001:200::1', 'public'], // just after 2001::/23
    ['2002:102:304::1', 'public'], // 6to4
    ['2a00:1450:4001::1', 'public'],
    ['3fff:1000::1', 'public'], // just after 3fff::/20
    // IPv4-mapped folds to the IPv4 class
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (ip, expected) => {
    expect(classOf(ip)).toBe(expected);
  });
});
