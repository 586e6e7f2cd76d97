/**
 * createDnsResolver against a real DNS server on loopback (test/helpers/dns-server.ts):
 * deliverability, providers, failures, budgets. Caching and bulk sharing have their own files.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDnsResolver, type DnsResolver, type DnsResolverOptions } from '../../src/dns/resolver.ts';
import { closedUdpPort, startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';

const A = (ip = '192.0.2.10') => ({ a: [ip] });

let dns: TestDnsServer;
let resolver: DnsResolver;
const make = (opts: DnsResolverOptions = {}) => {
  // Generous by default so a loaded machine never turns an answer into a retry; the timeout
  // tests pass their own small values.
  resolver = createDnsResolver({ servers: [dns.server], lookupTimeoutMs: 1000, budgetMs: 3000, ...opts });
  return resolver;
};
const timed = async <T>(p: Promise<T>) => {
  const start = performance.now();
  const value = await p;
  return { value, ms: performance.now() - start };
};

beforeAll(async () => {
  dns = await startDnsServer({
    'mx.test': { mx: [[10, 'mx1.mx.test'], [20, 'mx2.mx.test']] },
    'mx1.mx.test': A(),
    'mx2.mx.test': A(),
    'a-only.test': A('198.51.100.7'),
    'aaaa-only.test': { aaaa: ['2001:db8::7'] },
    'null-mx.test': { mx: [[0, '.']], ...A() },
    'no-address.test': { mx: [] },
    'dead-hosts.test': { mx: [[10, 'gone.dead-hosts.test'], [20, 'empty.dead-hosts.test']] },
    'empty.dead-hosts.test': { aaaa: [] },
    'second-host.test': { mx: [[10, 'gone.second-host.test'], [20, 'ok.second-host.test'], [30, 'never.second-host.test']] },
    'ok.second-host.test': A(),
    'never.second-host.test': A(),
    'servfail.test': { rcode: 'SERVFAIL' },
    'refused.test': { rcode: 'REFUSED' },
    'nx-mx-a-timeout.test': { rcode: 'NXDOMAIN', byType: { A: { drop: true } } },
    'slow.test': { mx: [[10, 'mx1.mx.test']], delayMs: 2000 },
    'bit-slow.test': { mx: [[10, 'mx1.mx.test']], delayMs: 30 },
    ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`late${i}.test`, { mx: [[10, 'mx1.mx.test']], delayMs: 260 }])),
    'slow-host.test': { mx: [[10, 'slow.slow-host.test']] },
    'slow.slow-host.test': { a: ['192.0.2.1'], delayMs: 2000 },
    'lost-packet.test': { mx: [[10, 'mx1.mx.test']], byType: { MX: { dropFirst: 1 } } },
    'cname-mx.test': { mx: [[10, 'mail.cname-mx.test']] },
    'mail.cname-mx.test': { cname: 'mx-pool.hosting.test' },
    'mx-pool.hosting.test': A('203.0.113.9'),
    'cname-dangling.test': { mx: [[10, 'mail.cname-dangling.test']] },
    'parked.test': { mx: [[10, 'localhost.parked.test'], [20, 'zero.parked.test']] },
    'localhost.parked.test': A('127.0.0.1'),
    'zero.parked.test': A('0.0.0.0'),
    'v6-rescue.test': { mx: [[10, 'mx.v6-rescue.test']] },
    'mx.v6-rescue.test': { a: ['127.0.0.1'], aaaa: ['2001:db8::25'] },
    'loopback-apex.test': A('127.0.0.1'),
    'mail.cname-dangling.test': { cname: 'nowhere.hosting.test' },
  });
});
afterAll(() => dns.close());
beforeEach(() => dns.resetCounts());
afterEach(() => resolver?.close());

describe('deliverable and mail_provider', () => {
  it('MX hosts that resolve only to addresses no mail can reach (127.0.0.1, 0.0.0.0): false, as for a parked domain', async () => {
    expect(await make().domainFacts('parked.test')).toEqual({ deliverable: false, mailProvider: 'other' });
    expect(await make().domainFacts('v6-rescue.test')).toEqual({ deliverable: true, mailProvider: 'other' }); // AAAA is real
    expect(await make().domainFacts('loopback-apex.test')).toEqual({ deliverable: false, mailProvider: 'none' }); // implicit MX
  });

  it('MX whose first host resolves: true, one MX and one host query', async () => {
    expect(await make().domainFacts('mx.test')).toEqual({ deliverable: true, mailProvider: 'other' });
    expect(dns.count('mx.test', 'MX')).toBe(1);
    expect(dns.count('mx1.mx.test', 'A')).toBe(1);
    expect(dns.count('mx2.mx.test')).toBe(0);
    expect(resolver.stats().queries).toBe(dns.count());
  });

  it('no MX but an A record (RFC 5321 implicit MX): true, provider none', async () => {
    expect(await make().domainFacts('a-only.test')).toEqual({ deliverable: true, mailProvider: 'none' });
    expect(dns.count('a-only.test', 'AAAA')).toBe(0);
  });

  it('no MX and no A but an AAAA record: true', async () => {
    expect(await make().domainFacts('aaaa-only.test')).toEqual({ deliverable: true, mailProvider: 'none' });
    expect(dns.count('aaaa-only.test', 'AAAA')).toBe(1);
  });

  it('null MX (RFC 7505) is false even though the domain has an A record', async () => {
    expect(await make().domainFacts('null-mx.test')).toEqual({ deliverable: false, mailProvider: 'none' });
    expect(dns.count('null-mx.test', 'A')).toBe(0);
  });

  it('NXDOMAIN: false, none (MX and A both say so)', async () => {
    expect(await make().domainFacts('nothing-here.test')).toEqual({ deliverable: false, mailProvider: 'none' });
    expect(dns.count('nothing-here.test', 'MX')).toBe(1);
    expect(dns.count('nothing-here.test', 'A')).toBe(1);
  });

  it('no MX, no A, no AAAA: false', async () => {
    expect(await make().domainFacts('no-address.test')).toEqual({ deliverable: false, mailProvider: 'none' });
  });

  it('MX hosts that do not resolve (NXDOMAIN host, host without addresses): false, each host tried', async () => {
    expect(await make().domainFacts('dead-hosts.test')).toEqual({ deliverable: false, mailProvider: 'other' });
    expect(dns.count('gone.dead-hosts.test', 'A')).toBe(1);
    expect(dns.count('empty.dead-hosts.test', 'A')).toBe(1);
    expect(dns.count('empty.dead-hosts.test', 'AAAA')).toBe(1);
  });

  it('looks hosts up in preference order and stops at the first that resolves', async () => {
    expect((await make().domainFacts('second-host.test')).deliverable).toBe(true);
    expect(dns.count('gone.second-host.test')).toBe(1);
    expect(dns.count('ok.second-host.test')).toBe(1);
    expect(dns.count('never.second-host.test')).toBe(0);
  });

  it("CNAME'd MX host: resolved through the alias", async () => {
    expect(await make().domainFacts('cname-mx.test')).toEqual({ deliverable: true, mailProvider: 'other' });
    expect(await resolver.domainFacts('cname-dangling.test')).toEqual({ deliverable: false, mailProvider: 'other' });
  });

  it('normalises case and the trailing dot, and refuses names DNS cannot hold without asking', async () => {
    expect((await make().domainFacts('MX.Test.')).deliverable).toBe(true);
    expect(await resolver.domainFacts('')).toEqual({ deliverable: false, mailProvider: 'none' });
    expect(await resolver.domainFacts('a..test')).toEqual({ deliverable: false, mailProvider: 'none' });
    expect(await resolver.domainFacts(`${'x'.repeat(64)}.test`)).toEqual({ deliverable: false, mailProvider: 'none' });
    for (const bad of ['outlook,com', 'mx.test>', '-mx.test', 'mx-.test', 'm x.test']) {
      expect(await resolver.domainFacts(bad), bad).toEqual({ deliverable: false, mailProvider: 'none' });
    }
    expect(resolver.stats().queries).toBe(2);
    expect(dns.count('mx.test', 'MX')).toBe(1);
    expect(dns.count()).toBe(2);
  });
});

describe('DNS failures are null, never false', () => {
  it('SERVFAIL: null, without provider, answered at once and not retried', async () => {
    const { value, ms } = await timed(make().domainFacts('servfail.test'));
    expect(value).toEqual({ deliverable: null });
    expect(ms).toBeLessThan(500); // well under one lookup timeout (1000 ms)
    expect(dns.count('servfail.test')).toBe(1);
    expect(resolver.stats().errors).toBe(1);
  });

  it('REFUSED: null', async () => {
    expect(await make().domainFacts('refused.test')).toEqual({ deliverable: null });
  });

  it('MX NXDOMAIN but the A lookup times out: null, within the budget', async () => {
    const { value, ms } = await timed(make({ lookupTimeoutMs: 100, budgetMs: 400 }).domainFacts('nx-mx-a-timeout.test'));
    expect(value).toEqual({ deliverable: null });
    expect(ms).toBeLessThan(400 + 150);
  });

  it('answers slower than the timeout: null within the budget, with one retry sent', async () => {
    const { value, ms } = await timed(make({ lookupTimeoutMs: 100, budgetMs: 400 }).domainFacts('slow.test'));
    expect(value).toEqual({ deliverable: null });
    expect(ms).toBeGreaterThanOrEqual(190); // two tries of 100 ms
    expect(ms).toBeLessThan(400 + 150);
    expect(dns.count('slow.test', 'MX')).toBe(2);
    expect(resolver.stats().timeouts).toBe(1);
  });

  // c-ares used to time the first query out at the hedge (anywhere from 1x to 2x the timeout,
  // its timers being coarse) and drop its answer: a resolver answering just past the timeout
  // gave null at random. The first query now lives as long as the whole lookup.
  it('an answer later than the timeout but within the lookup still counts: the first query is not abandoned at the retry', async () => {
    const r = make({ lookupTimeoutMs: 150, budgetMs: 1000 });
    const facts = await Promise.all(Array.from({ length: 6 }, (_, i) => r.domainFacts(`late${i}.test`)));
    expect(facts).toEqual(Array(6).fill({ deliverable: true, mailProvider: 'other' }));
  });

  it('the budget cuts a resolution that is still running (slow MX host)', async () => {
    const { value, ms } = await timed(make({ lookupTimeoutMs: 1_000, budgetMs: 150 }).domainFacts('slow-host.test'));
    expect(value).toEqual({ deliverable: null });
    expect(ms).toBeGreaterThanOrEqual(145);
    expect(ms).toBeLessThan(900); // without the budget: at least one lookup timeout (1000 ms); slack for a loaded machine
    expect(resolver.stats().timeouts).toBe(1);
  });

  it("a caller's shorter budget cuts the resolution; with none left no lookup starts, but the cache still answers", async () => {
    const r = make({ lookupTimeoutMs: 1_000, budgetMs: 3000 });
    const { value, ms } = await timed(r.domainFacts('slow-host.test', 150));
    expect(value).toEqual({ deliverable: null });
    expect(ms).toBeLessThan(900); // without the caller's budget: at least 1000 ms
    const before = dns.count('none-left.test');
    expect(await r.domainFacts('none-left.test', 0)).toEqual({ deliverable: null });
    await new Promise((res) => setTimeout(res, 200)); // a lookup, had one started, would have reached the server
    expect(dns.count('none-left.test')).toBe(before);
    void r.domainFacts('none-left.test'); // the control: with budget left, a query is sent
    for (let i = 0; i < 20 && dns.count('none-left.test') === before; i++) await new Promise((res) => setTimeout(res, 25));
    expect(dns.count('none-left.test')).toBeGreaterThan(before);
    expect((await r.domainFacts('bit-slow.test')).deliverable).toBe(true);
    expect((await r.domainFacts('bit-slow.test', -5)).deliverable).toBe(true); // cached
  });

  it('an answer slower than the network but within the timeout is used', async () => {
    expect((await make().domainFacts('bit-slow.test')).deliverable).toBe(true);
  });

  it('a lost packet is recovered by the retry', async () => {
    expect((await make({ lookupTimeoutMs: 100 }).domainFacts('lost-packet.test')).deliverable).toBe(true);
    expect(dns.count('lost-packet.test', 'MX')).toBe(2);
  });

  it('an unreachable server (closed port): null, fast', async () => {
    const port = await closedUdpPort();
    const r = createDnsResolver({ servers: [`127.0.0.1:${port}`], lookupTimeoutMs: 1000, budgetMs: 3000 });
    const { value, ms } = await timed(r.domainFacts('mx.test'));
    r.close();
    expect(value).toEqual({ deliverable: null });
    expect(ms).toBeLessThan(500); // well under one lookup timeout
    expect(r.stats().errors).toBe(1);
  });

  it('a domain reserved for documentation takes no mail, known without a query even with DNS unreachable', async () => {
    const port = await closedUdpPort();
    const r = createDnsResolver({ servers: [`127.0.0.1:${port}`], lookupTimeoutMs: 1000, budgetMs: 3000 });
    expect(await r.domainFacts('Example.COM.')).toEqual({ deliverable: false, mailProvider: 'none' });
    expect(await r.domainFacts('mail.example.org')).toEqual({ deliverable: false, mailProvider: 'none' });
    expect(r.stats().queries).toBe(0);
    r.close();
  });

  it('fails over to the next configured server when the first is unreachable', async () => {
    const port = await closedUdpPort();
    resolver = createDnsResolver({ servers: [`127.0.0.1:${port}`, dns.server], lookupTimeoutMs: 1000 });
    expect((await resolver.domainFacts('mx.test')).deliverable).toBe(true);
  });

  it('servers: trimmed; a name instead of an IP literal fails at construction', async () => {
    resolver = createDnsResolver({ servers: [` ${dns.server} `, ''] });
    expect((await resolver.domainFacts('mx.test')).deliverable).toBe(true);
    expect(() => createDnsResolver({ servers: ['dns.example:53'] })).toThrow();
  });

  it('close(): in-flight and later calls resolve null at once', async () => {
    const r = make({ lookupTimeoutMs: 1000, budgetMs: 3000 });
    const pending = timed(r.domainFacts('slow.test'));
    await new Promise((res) => setTimeout(res, 20));
    r.close();
    const { value, ms } = await pending;
    expect(value).toEqual({ deliverable: null });
    expect(ms).toBeLessThan(500);
    expect(await r.domainFacts('mx.test')).toEqual({ deliverable: null });
  });
});

describe('single-flight', () => {
  it('concurrent callers for one domain share one promise and one MX query', async () => {
    const r = make();
    const first = r.domainFacts('bit-slow.test');
    const others = Array.from({ length: 49 }, () => r.domainFacts('Bit-Slow.test.'));
    expect(others.every((p) => p === first)).toBe(true);
    const all = await Promise.all([first, ...others]);
    expect(new Set(all.map((f) => f.deliverable))).toEqual(new Set([true]));
    expect(dns.count('bit-slow.test', 'MX')).toBe(1);
    expect(r.stats().inflightJoins).toBe(49);
  });
});
