/**
 * What `signups_from_ip` counts as one source: an IPv4 address, or an IPv6 address's /64.
 * A /64 is the smallest network IPv6 hands out (one LAN, one phone, one server): every host
 * in it makes its own addresses at will (SLAAC privacy addresses rotate; a server can bind
 * any address of its /64), so counting full IPv6 addresses let one machine send each sign-up
 * from a new address and never show a burst (measured in docs/ip-intelligence.md).
 * A /64 is shared the way one IPv4 address behind NAT is (a home, an office), no more.
 *
 * Pure: canonical IP text (normalizeIp's) in, the text that gets keyed and hashed out.
 */
import { cidrToString, parseCidr } from '../signals/ip/parse.ts';

export const IPV6_SOURCE_PREFIX = 64;

export function ipCountKey(canonical: string): string {
  if (!canonical.includes(':')) return canonical;
  const network = parseCidr(`${canonical}/${IPV6_SOURCE_PREFIX}`);
  return network ? cidrToString(network) : canonical;
}
