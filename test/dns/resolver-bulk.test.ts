/**
 * Bulk sharing: 1000 addresses over 100 domains checked concurrently (bound 64), twice at
 * the same time (two concurrent "requests"), resolve each distinct domain exactly once at
 * the DNS server, and each MX host once. Counted server-side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../src/dns/resolver.ts';
import type { DnsFacts } from '../../src/domain/check.ts';
import { startDnsServer, type TestDnsServer, type Zone } from '../helpers/dns-server.ts';

const HOSTS = ['aspmx.l.google.com', 'corp-test.mail.protection.outlook.com', 'mx1-us1.ppe-hosted.com', ...Array.from({ length: 7 }, (_, i) => `mx${i}.hosting.test`)];
const PROVIDER: Record<string, DnsFacts> = {
  'aspmx.l.google.com': { deliverable: true, mailProvider: 'google' },
  'corp-test.mail.protection.outlook.com': { deliverable: true, mailProvider: 'microsoft' },
  'mx1-us1.ppe-hosted.com': { deliverable: true, mailProvider: 'gateway', gatewayVendor: 'proofpoint' },
};

/** 100 domains: 60 with MX on 10 shared hosts, 15 A-only, 10 null MX, 15 NXDOMAIN. */
function world(): { zone: Zone; expected: Map<string, DnsFacts> } {
  const zone: Zone = {};
  const expected = new Map<string, DnsFacts>();
  for (let i = 0; i < 100; i++) {
    const d = `bulk${i}.test`;
    if (i < 60) {
      const host = HOSTS[i % HOSTS.length]!;
      zone[d] = { mx: [[10, host]], delayMs: 5 };
      expected.set(d, PROVIDER[host] ?? { deliverable: true, mailProvider: 'other' });
    } else if (i < 75) {
      zone[d] = { a: ['192.0.2.80'], delayMs: 5 };
      expected.set(d, { deliverable: true, mailProvider: 'none' });
    } else if (i < 85) {
      zone[d] = { mx: [[0, '.']], delayMs: 5 };
      expected.set(d, { deliverable: false, mailProvider: 'none' });
    } else {
      expected.set(d, { deliverable: false, mailProvider: 'none' }); // not in the zone: NXDOMAIN
    }
  }
  for (const h of HOSTS) zone[h] = { a: ['192.0.2.81'], delayMs: 5 };
  return { zone, expected };
}

/** Runs `fn` over `items` with at most `limit` in flight; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

let dns: TestDnsServer;
const { zone, expected } = world();

beforeAll(async () => {
  dns = await startDnsServer(zone);
});
afterAll(() => dns.close());

describe('bulk: one resolution per distinct domain', () => {
  it('1000 addresses over 100 domains, two concurrent requests, concurrency 64 each', async () => {
    const resolver = createDnsResolver({ servers: [dns.server], lookupTimeoutMs: 2000, budgetMs: 5000 }); // no retries even on a loaded machine
    // 10 addresses per domain, interleaved by a fixed permutation so equal domains are spread out.
    const addresses = Array.from({ length: 1000 }, (_, i) => `user${i}@bulk${(i * 37) % 100}.test`);
    const check = (address: string) => resolver.domainFacts(address.slice(address.indexOf('@') + 1));
    const [first, second] = await Promise.all([mapLimit(addresses, 64, check), mapLimit([...addresses].reverse(), 64, check)]);
    resolver.close();

    addresses.forEach((a, i) => expect(first[i], a).toEqual(expected.get(a.slice(a.indexOf('@') + 1))));
    expect(second).toEqual([...first].reverse());

    for (const d of expected.keys()) expect(dns.count(d, 'MX'), d).toBe(1);
    for (const h of HOSTS) expect(dns.count(h, 'A'), h).toBe(1);
    for (let i = 60; i < 75; i++) expect(dns.count(`bulk${i}.test`, 'A')).toBe(1);
    for (let i = 85; i < 100; i++) expect(dns.count(`bulk${i}.test`, 'A')).toBe(1);
    // 100 MX + 10 hosts + 15 A-only + 15 NXDOMAIN confirmations; nothing else, no retries.
    expect(dns.count()).toBe(140);
    expect(resolver.stats().queries).toBe(140);
    const s = resolver.stats();
    expect(s.cacheHits + s.inflightJoins).toBeGreaterThan(1800);
  });
});
