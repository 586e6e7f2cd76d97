import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIpTables, emptyIpTables, ipFacts, normalizeIp } from '../../../src/signals/ip/ip-facts.ts';
import { parseCidr } from '../../../src/signals/ip/parse.ts';
import type { Cidr } from '../../../src/signals/ip/prefix-table.ts';

const cidrs = (...texts: string[]): Cidr[] => texts.map((t) => parseCidr(t)!);

const tables = buildIpTables({
  datacenters: {
    aws: cidrs('3.5.140.0/22', '2600:1f18::/32'),
    azure: cidrs('4.156.0.0/15', '20.0.0.0/8'),
    google_cloud: cidrs('34.35.0.0/16', '20.1.0.0/16'), // more specific than azure's 20/8
    digital_ocean: cidrs('5.101.96.0/21', '3.5.140.0/22'), // same prefix as aws: aws listed first wins
  },
  torExits: ['185.220.101.4', '2a0b:f4c2::1'],
});

describe('ipFacts', () => {
  it.each([
    ['3.5.140.1', { datacenter: 'aws', tor: false }],
    ['::ffff:3.5.143.255', { datacenter: 'aws', tor: false }],
    ['2600:1F18::abcd', { datacenter: 'aws', tor: false }],
    ['4.157.255.255', { datacenter: 'azure', tor: false }],
    ['20.2.0.1', { datacenter: 'azure', tor: false }],
    ['20.1.0.1', { datacenter: 'google_cloud', tor: false }],
    ['5.101.103.255', { datacenter: 'digital_ocean', tor: false }],
    ['185.220.101.4', { tor: true }],
    ['::ffff:185.220.101.4', { tor: true }],
    ['2a0b:f4c2:0::1', { tor: true }],
    ['8.8.8.8', { tor: false }],
    ['10.0.0.1', { ignored: 'private' }],
    ['192.0.2.1', { ignored: 'reserved' }],
    ['not an ip', { ignored: 'invalid' }],
    ['', { ignored: 'invalid' }],
  ])('%s -> %j', (ip, expected) => {
    expect(ipFacts(ip, tables)).toEqual(expected);
  });

  it('leaves tor absent (not false) when the Tor feed is not loaded', () => {
    const noTor = buildIpTables({ datacenters: { aws: cidrs('3.5.140.0/22') } });
    expect(ipFacts('3.5.140.1', noTor)).toEqual({ datacenter: 'aws' });
    expect(ipFacts('185.220.101.4', noTor)).toEqual({});
    expect(ipFacts('8.8.8.8', emptyIpTables())).toEqual({});
  });

  it('reports tor false on an empty but loaded exit list', () => {
    expect(ipFacts('185.220.101.4', buildIpTables({ torExits: [] }))).toEqual({ tor: false });
  });

  it('ignored answers carry no other field, even for a tabled range', () => {
    const t = buildIpTables({ datacenters: { aws: cidrs('10.0.0.0/8') }, torExits: ['10.0.0.1'] });
    expect(ipFacts('10.0.0.1', t)).toEqual({ ignored: 'private' });
  });

  it('never throws and always answers one of the contract shapes', () => {
    const anyIpText = fc.oneof(
      fc.string(),
      fc.ipV4().map((s) => `::ffff:${s}`),
      fc.ipV4(),
      fc.ipV4Extended(),
      fc.ipV6(),
    );
    fc.assert(
      fc.property(anyIpText, (s) => {
        const facts = ipFacts(s, tables);
        const keys = Object.keys(facts);
        if (facts.ignored !== undefined) expect(keys).toEqual(['ignored']);
        else expect(keys.every((k) => k === 'datacenter' || k === 'tor')).toBe(true);
        // The answer is facts only: it never echoes the address back.
        const n = normalizeIp(s);
        if (n.ok) expect(JSON.stringify(facts)).not.toContain(n.canonical);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('normalizeIp', () => {
  it('gives IPv4 and its mapped form the same canonical text (so they hash the same)', () => {
    expect(normalizeIp('::ffff:1.2.3.4')).toEqual({ ok: true, canonical: '1.2.3.4' });
    expect(normalizeIp(' 1.2.3.4 ')).toEqual({ ok: true, canonical: '1.2.3.4' });
    expect(normalizeIp('2A00:1450:4001:0:0:0:0:1')).toEqual({ ok: true, canonical: '2a00:1450:4001::1' });
  });

  it.each([
    ['127.0.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['2a00:1450::1%eth0', 'invalid'], // a zone index on a global address is nonsense
    ['ff02::1', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['1.2.3', 'invalid'],
  ])('%s -> %s', (ip, reason) => {
    expect(normalizeIp(ip)).toEqual({ ok: false, reason });
  });
});
