import { afterEach, describe, expect, it } from 'vitest';
import { guardWithCanary } from '../../src/dns/canary.ts';
import { createDnsResolver, type DnsResolver } from '../../src/dns/resolver.ts';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});
async function setup(zone: Parameters<typeof startDnsServer>[0]): Promise<{ dns: TestDnsServer; resolver: DnsResolver }> {
  const dns = await startDnsServer(zone);
  const resolver = createDnsResolver({ servers: [dns.server], lookupTimeoutMs: 500, negativeTtlSeconds: 0, minTtlSeconds: 0 });
  cleanup.push(() => resolver.close(), () => dns.close());
  return { dns, resolver };
}

describe('DNS canary (a resolver that denies gmail.com is lying)', () => {
  it('given a resolver that answers NXDOMAIN for everything, then answers are null, not false', async () => {
    const { resolver } = await setup({});
    expect((await resolver.domainFacts('nothing.example')).deliverable).toBe(false);
    const guarded = guardWithCanary(resolver, { domains: ['gmail.com'] });
    await guarded.start();
    cleanup.push(() => guarded.stop());
    expect(guarded.trusted()).toBe(false);
    expect(await guarded.domainFacts('nothing.example')).toEqual({ deliverable: null });
    expect(guarded.detail()).toMatch(/^untrusted: the DNS resolver says gmail\.com receive no mail \(false\)/);
  });

  it('given a resolver that does not answer at all, then it says it cannot be reached, not that it denies', async () => {
    const { resolver } = await setup({ 'gmail.com': { drop: true } });
    const guarded = guardWithCanary(resolver, { domains: ['gmail.com'], resolverName: 'MAILSIFT_DNS_SERVERS' });
    await guarded.start();
    cleanup.push(() => guarded.stop());
    expect(guarded.trusted()).toBe(false);
    expect(guarded.detail()).toMatch(/^unreachable: MAILSIFT_DNS_SERVERS cannot be reached \(no answer for gmail\.com: timed out, refused or failed\)/);
    expect(guarded.detail()).not.toContain('says');
  });

  it('given a resolver that confirms gmail.com, then its answers, false included, are used', async () => {
    const { resolver } = await setup({
      'gmail.com': { mx: [[5, 'gmail-smtp-in.l.google.com']] },
      'gmail-smtp-in.l.google.com': { a: ['192.0.2.10'] },
    });
    const guarded = guardWithCanary(resolver, { domains: ['gmail.com'] });
    await guarded.start();
    cleanup.push(() => guarded.stop());
    expect(guarded.trusted()).toBe(true);
    expect((await guarded.domainFacts('nothing.example')).deliverable).toBe(false);
    expect((await guarded.domainFacts('gmail.com')).mailProvider).toBe('google');
  });

  it('re-probes and recovers when the resolver starts telling the truth', async () => {
    const { dns, resolver } = await setup({});
    const changes: boolean[] = [];
    const guarded = guardWithCanary(resolver, { domains: ['gmail.com'], intervalMs: 50, onChange: (t) => changes.push(t) });
    await guarded.start();
    cleanup.push(() => guarded.stop());
    expect(guarded.trusted()).toBe(false);
    dns.set('gmail.com', { mx: [[5, 'mx.gmail.test']] });
    dns.set('mx.gmail.test', { a: ['192.0.2.11'] });
    const deadline = Date.now() + 5000;
    while (!guarded.trusted() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(guarded.trusted()).toBe(true);
    expect(changes).toContain(true);
  });

  it('with no canary domains, trusts the resolver as is', async () => {
    const { resolver } = await setup({});
    const guarded = guardWithCanary(resolver, { domains: [] });
    await guarded.start();
    expect(guarded.trusted()).toBe(true);
    expect((await guarded.domainFacts('nothing.example')).deliverable).toBe(false);
  });
});
