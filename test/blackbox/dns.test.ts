/**
 * DNS through the HTTP API, against a real DNS server on loopback: deliverable_domain and
 * mail_provider on single and bulk checks, and a bulk whose domains never answer is bounded by
 * MAILSIFT_BULK_DNS_BUDGET_MS (null for the rest, never false, never a hang). The server is
 * named `localhost:<port>` where localhost is 127.0.0.1 (host names are resolved at start).
 */
import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedUdpPort, startDnsServer, type TestDnsServer, type Zone } from '../helpers/dns-server.ts';
import { call, startServer, type RunningServer } from '../helpers/server.ts';

const SILENT = 640; // 10 rounds of the bulk concurrency (64): about 8 s of budgets without the bulk deadline
const zone: Zone = {
  'acme-mail-dns.com': { mx: [[10, 'aspmx.l.google.com']] },
  'aspmx.l.google.com': { a: ['192.0.2.10'] },
  'nullmx-dns.com': { mx: [[0, '.']] },
  ...Object.fromEntries(Array.from({ length: SILENT }, (_, i) => [`silent${i}-dns.com`, { drop: true }])),
};

let dns: TestDnsServer;
let s: RunningServer;
beforeAll(async () => {
  dns = await startDnsServer(zone);
  const byName = (await lookup('localhost').catch(() => undefined))?.address === '127.0.0.1';
  s = await startServer({
    MAILSIFT_DNS: 'on',
    MAILSIFT_DNS_SERVERS: byName ? `localhost:${dns.port}` : dns.server,
    MAILSIFT_DNS_CANARY: 'acme-mail-dns.com',
    MAILSIFT_DNS_TIMEOUT_MS: '400',
    MAILSIFT_DNS_BUDGET_MS: '800',
    MAILSIFT_BULK_DNS_BUDGET_MS: '1000',
  });
}, 60_000);
afterAll(async () => {
  await s?.stop();
  s?.cleanup();
  await dns?.close();
});

describe('DNS facts over HTTP', () => {
  it('/readyz: a resolver that confirms the canary is ok', async () => {
    const r = await call(s.url, 'GET', '/readyz', { key: null });
    expect(r.status).toBe(200);
    expect(r.body.checks.dns).toMatchObject({ ok: true, required: false, detail: expect.stringMatching(/^trusted \(acme-mail-dns\.com deliverable\)/) });
  });

  it('single checks: a Google-hosted domain is deliverable, a null MX is not', async () => {
    const ok = await call(s.url, 'POST', '/v1/check', { body: { email: 'rosa.diaz@acme-mail-dns.com' } });
    expect(ok.body).toMatchObject({ deliverable_domain: true, mail_provider: 'google' });
    const nul = await call(s.url, 'POST', '/v1/check', { body: { email: 'rosa.diaz@nullmx-dns.com' } });
    expect(nul.body).toMatchObject({ deliverable_domain: false, mail_provider: 'none' });
    expect(nul.body.reasons).toContain('no_mail_server');
  });

  it('a bulk whose domains never answer ends within its DNS budget: null for them, answers for the rest', async () => {
    const emails = [...Array.from({ length: SILENT }, (_, i) => `user${i}@silent${i}-dns.com`), 'rosa.diaz@acme-mail-dns.com'];
    const t0 = performance.now();
    const r = await call(s.url, 'POST', '/v1/check/bulk', { body: { emails } });
    const ms = performance.now() - t0;
    expect(r.status).toBe(200);
    expect(ms).toBeLessThan(4_000);
    expect(r.body.results).toHaveLength(SILENT + 1);
    for (const x of r.body.results.slice(0, SILENT)) expect(x.deliverable_domain).toBeNull();
    expect(r.body.results[SILENT]).toMatchObject({ deliverable_domain: true, mail_provider: 'google' }); // cached
  }, 30_000);
});

describe('DNS that cannot be reached', () => {
  it('says so at start and in /readyz (degraded, still serving), and answers deliverable_domain: null', async () => {
    const port = await closedUdpPort();
    const down = await startServer({ MAILSIFT_DNS: 'on', MAILSIFT_DNS_SERVERS: `127.0.0.1:${port}`, MAILSIFT_DNS_TIMEOUT_MS: '300' });
    try {
      expect(down.output()).toContain('dns: cannot be reached; deliverable_domain is null until it answers');
      expect(down.output()).not.toMatch(/denies|says gmail\.com/);
      const r = await call(down.url, 'GET', '/readyz', { key: null });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('degraded');
      expect(r.body.checks.dns).toMatchObject({ ok: false, required: false });
      expect(r.body.checks.dns.detail).toMatch(/^unreachable: the DNS servers of MAILSIFT_DNS_SERVERS cannot be reached \(no answer for gmail\.com, outlook\.com, yahoo\.com/);
      expect((await call(down.url, 'POST', '/v1/check', { body: { email: 'rosa.diaz@acme-mail-dns.com' } })).body.deliverable_domain).toBeNull();
    } finally {
      await down.stop();
      down.cleanup();
    }
  }, 60_000);
});
