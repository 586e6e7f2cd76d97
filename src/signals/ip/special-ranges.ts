/**
 * Which addresses are not a usable public end-user IP, and why (README, The CheckResult: `ip.ignored`).
 *
 * Policy (docs/ip-intelligence.md has the reasoning):
 * - `private`: space that only means something inside one network, so it cannot identify
 *   the end user on the Internet: RFC 1918, carrier-grade NAT (RFC 6598, shared by many
 *   subscribers), loopback, link-local, IPv6 unique-local and the old site-local.
 * - `reserved`: space that is never a host's public source address: "this network" and
 *   unspecified, documentation (TEST-NET-1/2/3, 2001:db8::/32, 3fff::/20), benchmarking,
 *   IETF protocol assignments, the retired 6to4 relay anycast, multicast, 240/4 (incl.
 *   255.255.255.255 broadcast), and every IPv6 address outside global unicast 2000::/3
 *   (that covers ::/8 with NAT64 64:ff9b::/96 and the IPv4-translated form, 100::/64 discard,
 *   ff00::/8 multicast, 5f00::/16 segment routing).
 * - anything else is `public`, including Teredo (2001::/32) and 6to4 (2002::/16): real users
 *   sit behind them and they carry no datacenter meaning we could read.
 * Nested ranges resolve by longest prefix (::1/128 is private inside reserved ::/8).
 */
import type { IpIgnoredReason } from '../../domain/check.ts';
import { parseCidr } from './parse.ts';
import { buildPrefixTable, type Cidr, type PrefixTable } from './prefix-table.ts';

export type AddressClass = IpIgnoredReason | 'public';

export const SPECIAL_RANGES: readonly (readonly [string, AddressClass])[] = [
  // IPv4 private
  ['10.0.0.0/8', 'private'], // RFC 1918
  ['172.16.0.0/12', 'private'], // RFC 1918
  ['192.168.0.0/16', 'private'], // RFC 1918
  ['100.64.0.0/10', 'private'], // RFC 6598 carrier-grade NAT
  ['127.0.0.0/8', 'private'], // RFC 1122 loopback
  ['169.254.0.0/16', 'private'], // RFC 3927 link-local
  // IPv4 reserved
  ['0.0.0.0/8', 'reserved'], // RFC 1122 "this network", incl. 0.0.0.0
  ['192.0.0.0/24', 'reserved'], // RFC 6890 IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // RFC 5737 TEST-NET-1
  ['198.51.100.0/24', 'reserved'], // RFC 5737 TEST-NET-2
  ['203.0.113.0/24', 'reserved'], // RFC 5737 TEST-NET-3
  ['198.18.0.0/15', 'reserved'], // RFC 2544 benchmarking
  ['192.88.99.0/24', 'reserved'], // RFC 7526 retired 6to4 relay anycast
  ['224.0.0.0/4', 'reserved'], // RFC 5771 multicast
  ['240.0.0.0/4', 'reserved'], // RFC 1112 future use, incl. 255.255.255.255 broadcast
  // IPv6: everything outside global unicast 2000::/3 is reserved ...
  ['::/3', 'reserved'],
  ['4000::/2', 'reserved'],
  ['8000::/1', 'reserved'],
  // ... except these local scopes, which are private
  ['::1/128', 'private'], // RFC 4291 loopback
  ['fc00::/7', 'private'], // RFC 4193 unique local
  ['fe80::/10', 'private'], // RFC 4291 link-local
  ['fec0::/10', 'private'], // RFC 3879 deprecated site-local
  // inside 2000::/3
  ['2001::/23', 'reserved'], // RFC 2928 IETF protocol assignments (ORCHID, AMT, AS112 ...)
  ['2001::/32', 'public'], // RFC 4380 Teredo: tunnelled real users
  ['2001:2::/48', 'reserved'], // RFC 5180 benchmarking
  ['2001:db8::/32', 'reserved'], // RFC 3849 documentation
  ['3fff::/20', 'reserved'], // RFC 9637 documentation
];

function toCidr(text: string): Cidr {
  const cidr = parseCidr(text);
  if (cidr === undefined) throw new Error(`special-ranges: bad literal ${text}`); // a bug in the table above
  return cidr;
}

const TABLE: PrefixTable<AddressClass> = buildPrefixTable(SPECIAL_RANGES.map(([t, c]) => [toCidr(t), c] as const));

/** Class of an address given as big-endian words (1 for IPv4, 4 for IPv6). */
export function addressClass(family: 4 | 6, words: readonly number[]): AddressClass {
  return TABLE.lookup(family, words) ?? 'public';
}
