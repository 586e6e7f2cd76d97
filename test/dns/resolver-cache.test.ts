/**
 * Caching policy of createDnsResolver, driven by an injected clock and observed as queries
 * counted at a real loopback DNS server: TTLs honoured and bounded, negative caching,
 * brief caching of failures, LRU bound, hosts shared across domains.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolver, type DnsResolverOptions } from '../../src/dns/resolver.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';

let dns: TestDnsServer;
let resolver: DnsResolver;
let clock = 0;
const S = 1000;
const make = (opts: DnsResolverOptions = {}) => {
  resolver = createDnsResolver({ servers: [dns.server], lookupTimeoutMs: 1000, budgetMs: 3000, minTtlSeconds: 1, now: () => clock, ...opts });
  return resolver;
};

beforeAll(async () => {
  dns = await startDnsServer({
    'ttl60.test': { a: ['192.0.2.1'], ttl: 60 },
    'ttl-day.test': { a: ['192.0.2.2'], ttl: 86_400 },
    'ttl0.test': { a: ['192.0.2.3'], ttl: 0 },
    'mx.test': { mx: [[10, 'mx.host.test']] },
    'mx.host.test': { a: ['192.0.2.4'], ttl: 3600 },
  });
});
afterAll(() => dns.close());
beforeEach(() => {
  dns.resetCounts();
  clock = 1_700_000_000_000;
});
afterEach(() => resolver?.close());

describe('positive answers honour record TTLs, bounded', () => {
  it('A record TTL (60 s): cached until it expires, then asked again', async () => {
    const r = make();
    await r.domainFacts('ttl60.test');
    clock += 59 * S;
    await r.domainFacts('ttl60.test');
    expect(dns.count('ttl60.test', 'A')).toBe(1);
    clock += 2 * S;
    await r.domainFacts('ttl60.test');
    expect(dns.count('ttl60.test', 'A')).toBe(2);
    expect(dns.count('ttl60.test', 'MX')).toBe(1); // NODATA still negatively cached (300 s)
    // +59 s: the domain's facts; +61 s: facts expired with the A record, the MX NODATA still cached.
    expect(r.stats().cacheHits).toBe(2);
  });

  it('a long TTL is capped by maxTtlSeconds', async () => {
    const r = make({ maxTtlSeconds: 100, negativeTtlSeconds: 1000 });
    await r.domainFacts('ttl-day.test');
    clock += 99 * S;
    await r.domainFacts('ttl-day.test');
    expect(dns.count('ttl-day.test', 'A')).toBe(1);
    clock += 2 * S;
    await r.domainFacts('ttl-day.test');
    expect(dns.count('ttl-day.test', 'A')).toBe(2);
  });

  it('a zero TTL is raised to minTtlSeconds', async () => {
    const r = make({ minTtlSeconds: 10 });
    await r.domainFacts('ttl0.test');
    clock += 9 * S;
    await r.domainFacts('ttl0.test');
    expect(dns.count('ttl0.test', 'A')).toBe(1);
    clock += 2 * S;
    await r.domainFacts('ttl0.test');
    expect(dns.count('ttl0.test', 'A')).toBe(2);
  });

  it('MX answers (no TTL from Node) are kept mxTtlSeconds, bounded by maxTtlSeconds', async () => {
    const r = make({ mxTtlSeconds: 300 });
    await r.domainFacts('mx.test');
    clock += 299 * S;
    await r.domainFacts('mx.test');
    expect(dns.count('mx.test', 'MX')).toBe(1);
    clock += 2 * S;
    await r.domainFacts('mx.test');
    expect(dns.count('mx.test', 'MX')).toBe(2);
    expect(dns.count('mx.host.test', 'A')).toBe(1); // the host's own TTL is 3600 s

    const capped = createDnsResolver({ servers: [dns.server], now: () => clock, mxTtlSeconds: 300, maxTtlSeconds: 30 });
    await capped.domainFacts('mx.test');
    clock += 31 * S;
    await capped.domainFacts('mx.test');
    capped.close();
    expect(dns.count('mx.test', 'MX')).toBe(4);
  });
});

describe('negative and failure caching', () => {
  it('NXDOMAIN is cached negativeTtlSeconds, then the new record is seen', async () => {
    const r = make({ negativeTtlSeconds: 60 });
    expect((await r.domainFacts('new-domain.test')).deliverable).toBe(false);
    dns.set('new-domain.test', { a: ['192.0.2.9'] });
    clock += 59 * S;
    expect((await r.domainFacts('new-domain.test')).deliverable).toBe(false);
    expect(dns.count('new-domain.test')).toBe(2); // MX + A, once each
    clock += 2 * S;
    expect(await r.domainFacts('new-domain.test')).toEqual({ deliverable: true, mailProvider: 'none' });
    dns.set('new-domain.test', undefined);
  });

  it('NODATA is cached negatively too', async () => {
    dns.set('nodata.test', { aaaa: [] });
    const r = make({ negativeTtlSeconds: 60 });
    await r.domainFacts('nodata.test');
    const asked = dns.count('nodata.test');
    expect(asked).toBe(3); // MX, A, AAAA
    clock += 30 * S;
    expect((await r.domainFacts('nodata.test')).deliverable).toBe(false);
    expect(dns.count('nodata.test')).toBe(asked);
  });

  it('a SERVFAIL is cached only briefly (unknownTtlSeconds), so recovery is quick', async () => {
    dns.set('flaky.test', { rcode: 'SERVFAIL' });
    const r = make({ unknownTtlSeconds: 5 });
    expect(await r.domainFacts('flaky.test')).toEqual({ deliverable: null });
    dns.set('flaky.test', { mx: [[10, 'mx.host.test']] });
    clock += 4 * S;
    expect(await r.domainFacts('flaky.test')).toEqual({ deliverable: null });
    expect(dns.count('flaky.test', 'MX')).toBe(1);
    clock += 2 * S;
    expect(await r.domainFacts('flaky.test')).toEqual({ deliverable: true, mailProvider: 'other' });
  });

  it('unknownTtlSeconds 0: failures are never cached', async () => {
    dns.set('flaky0.test', { rcode: 'SERVFAIL' });
    const r = make({ unknownTtlSeconds: 0 });
    expect((await r.domainFacts('flaky0.test')).deliverable).toBeNull();
    dns.set('flaky0.test', { a: ['192.0.2.1'] });
    expect((await r.domainFacts('flaky0.test')).deliverable).toBe(true);
  });

  it('a domain cut by the budget is not cached as null: the late answer serves the next call', async () => {
    dns.set('late.test', { mx: [[10, 'mx.host.test']], delayMs: 120 });
    const r = make({ lookupTimeoutMs: 300, budgetMs: 50 });
    expect(await r.domainFacts('late.test')).toEqual({ deliverable: null });
    await new Promise((res) => setTimeout(res, 200));
    expect(await r.domainFacts('late.test')).toEqual({ deliverable: true, mailProvider: 'other' });
    expect(dns.count('late.test', 'MX')).toBe(1);
  });
});

describe('memory bound and sharing', () => {
  it('the LRU keeps at most maxEntries outcomes and evicts the least recently used', async () => {
    for (let i = 0; i < 30; i++) dns.set(`lru${i}.test`, { a: ['192.0.2.1'] });
    const r = make({ maxEntries: 10 });
    for (let i = 0; i < 30; i++) await r.domainFacts(`lru${i}.test`);
    expect(r.stats().entries).toBe(10);
    await r.domainFacts('lru29.test'); // most recent: still cached
    expect(dns.count('lru29.test')).toBe(2);
    await r.domainFacts('lru0.test'); // evicted: asked again
    expect(dns.count('lru0.test')).toBe(4);
  });

  it('an MX host is looked up once for all the domains that use it', async () => {
    for (const d of ['s1.test', 's2.test', 's3.test']) dns.set(d, { mx: [[10, 'shared.host.test']] });
    dns.set('shared.host.test', { a: ['192.0.2.5'] });
    const r = make();
    for (const d of ['s1.test', 's2.test', 's3.test']) expect((await r.domainFacts(d)).deliverable).toBe(true);
    expect(dns.count('shared.host.test', 'A')).toBe(1);
  });
});
