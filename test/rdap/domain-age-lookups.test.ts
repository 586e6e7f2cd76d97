/** Against a real RDAP-speaking HTTP server on loopback (never a mock of fetch). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainAgeLookups, type DomainAgeOptions, type LookupResult } from '../../src/rdap/domain-age-lookups.ts';
import { sendBody, stall, startFeedServer, status, type FeedServer } from '../feeds/feed-server.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);
const domainDoc = (registered: string) => JSON.stringify({ objectClassName: 'domain', ldhName: 'x', events: [{ eventAction: 'last changed', eventDate: '2026-01-01T00:00:00Z' }, { eventAction: 'registration', eventDate: registered }] });

describe('createDomainAgeLookups', () => {
  let server: FeedServer;
  let slow: FeedServer;
  const made: { stop(): void }[] = [];

  beforeAll(async () => {
    server = await startFeedServer();
    slow = await startFeedServer();
    server.route('/rdap/domain/old-shop.fr', sendBody(domainDoc('2005-08-02T14:16:36Z'), 'application/rdap+json'));
    server.route('/rdap/domain/fresh-shop.fr', sendBody(domainDoc(new Date(NOW - 10 * DAY - 3_600_000).toISOString()), 'application/rdap+json'));
    server.route('/rdap/domain/redacted.fr', sendBody(JSON.stringify({ objectClassName: 'domain', ldhName: 'redacted.fr', events: [] })));
    server.route('/rdap/domain/garbled.fr', sendBody('<html>maintenance</html>', 'text/html'));
    server.route('/busy/domain/a.shop', status(429));
    server.route('/busy/domain/b.shop', sendBody(domainDoc('2020-01-01T00:00:00Z')));
    slow.route('/rdap/domain/stuck.click', stall);
  });
  afterAll(async () => {
    made.forEach((m) => m.stop());
    await server.close();
    await slow.close();
  });

  const make = (o: Partial<DomainAgeOptions> = {}) => {
    const results: LookupResult[] = [];
    let clock = NOW;
    const servers = new Map([
      ['fr', server.url('/rdap/')],
      ['shop', server.url('/busy/')],
      ['click', slow.url('/rdap/')],
    ]);
    const l = createDomainAgeLookups({ servers: () => servers, now: () => clock, timeoutMs: 2_000, onLookup: (r) => results.push(r), ...o });
    made.push(l);
    return { l, results, advance: (ms: number) => (clock += ms) };
  };

  it('never waits: the first check starts one lookup, later checks read the answer', async () => {
    const { l, results } = make();
    const before = server.hits('/rdap/domain/old-shop.fr');
    expect(l.ageDays('old-shop.fr', NOW)).toBeUndefined();
    expect(l.ageDays('old-shop.fr', NOW)).toBeUndefined(); // in flight: not asked twice
    await l.idle();
    expect(l.ageDays('old-shop.fr', NOW)).toBe(Math.floor((NOW - Date.UTC(2005, 7, 2, 14, 16, 36)) / DAY));
    expect(l.ageDays('old-shop.fr', NOW + DAY)).toBe(Math.floor((NOW + DAY - Date.UTC(2005, 7, 2, 14, 16, 36)) / DAY));
    expect(server.hits('/rdap/domain/old-shop.fr') - before).toBe(1);
    expect(results).toEqual(['found']);
  });

  it('asks for the registrable domain of a subdomain', async () => {
    const { l } = make();
    l.ageDays('mail.fresh-shop.fr', NOW);
    await l.idle();
    expect(l.ageDays('mail.fresh-shop.fr', NOW)).toBe(10);
  });

  it('a registry without a date or a 404: absent, and not asked again for a day; a body that is not RDAP: failed', async () => {
    const { l, results, advance } = make();
    for (const d of ['redacted.fr', 'unknown-here.fr', 'garbled.fr']) l.ageDays(d, NOW);
    await l.idle();
    expect(results.sort()).toEqual(['absent', 'absent', 'failed']);
    const hits = server.hits('/rdap/domain/redacted.fr');
    expect(l.ageDays('redacted.fr', NOW + 1000)).toBeUndefined();
    await l.idle();
    expect(server.hits('/rdap/domain/redacted.fr')).toBe(hits);
    advance(DAY);
    l.ageDays('redacted.fr', NOW + DAY);
    await l.idle();
    expect(server.hits('/rdap/domain/redacted.fr')).toBe(hits + 1);
  });

  it('a registry that rate-limits is left alone for a while (its other domains are not asked)', async () => {
    const paused: string[] = [];
    const { l, results } = make({ onPause: (origin, why, ms) => paused.push(`${origin} ${why} ${ms}`), concurrency: 1 });
    l.ageDays('a.shop', NOW);
    await l.idle();
    // Paused: not asked, and nothing remembered against b.shop (a check after the pause asks).
    expect(l.ageDays('b.shop', NOW)).toBeUndefined();
    await l.idle();
    expect(results).toEqual(['failed']);
    expect(server.hits('/busy/domain/b.shop')).toBe(0);
    expect(paused).toEqual([`${server.base} HTTP 429 60000`]);
  });

  it("a registry's Retry-After lengthens its pause (up to an hour)", async () => {
    server.route('/later/domain/c.shop', (_req, res) => {
      res.writeHead(429, { 'retry-after': '600' });
      res.end();
    });
    server.route('/later/domain/d.shop', sendBody(domainDoc('2020-01-01T00:00:00Z')));
    const { l, advance } = make({ servers: () => new Map([['shop', server.url('/later/')]]) });
    l.ageDays('c.shop', NOW);
    await l.idle();
    advance(5 * 60_000); // past the default minute, within the registry's 10
    l.ageDays('d.shop', NOW + 5 * 60_000);
    await l.idle();
    expect(server.hits('/later/domain/d.shop')).toBe(0);
    advance(6 * 60_000);
    l.ageDays('d.shop', NOW + 11 * 60_000);
    await l.idle();
    expect(server.hits('/later/domain/d.shop')).toBe(1);
  });

  it('subdomains of one registrable domain share one lookup and its answer', async () => {
    server.route('/rdap/domain/shared-shop.fr', sendBody(domainDoc('2020-01-01T00:00:00Z')));
    const { l } = make();
    for (let i = 0; i < 20; i++) l.ageDays(`s${i}.shared-shop.fr`, NOW);
    await l.idle();
    expect(server.hits('/rdap/domain/shared-shop.fr')).toBe(1);
    expect(l.ageDays('s7.shared-shop.fr', NOW)).toBe(l.ageDays('shared-shop.fr', NOW));
  });

  it('an answer past 1 MiB is dropped as it streams in (declared or not), as a failure', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x20);
    server.route('/rdap/domain/huge-declared.fr', sendBody(big));
    server.route('/rdap/domain/huge-chunked.fr', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rdap+json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const more = (): void => {
        while (sent < 48 && res.write(chunk)) sent++;
        if (sent < 48 && !res.destroyed) res.once('drain', more);
        else res.end();
      };
      more();
    });
    const { l, results } = make();
    l.ageDays('huge-declared.fr', NOW);
    l.ageDays('huge-chunked.fr', NOW);
    await l.idle();
    expect(results).toEqual(['failed', 'failed']);
  });

  it('a registration date in the future is not a young domain', async () => {
    server.route('/rdap/domain/future-shop.fr', sendBody(domainDoc('2099-01-01T00:00:00Z')));
    const { l, results } = make();
    l.ageDays('future-shop.fr', NOW);
    await l.idle();
    expect(results).toEqual(['absent']);
    expect(l.ageDays('future-shop.fr', NOW)).toBeUndefined();
  });

  it('a slow registry holds at most half the slots: another registry is still asked', async () => {
    const many = new Map([
      ['click', slow.url('/rdap/')],
      ['fr', server.url('/rdap/')],
    ]);
    const { l, results } = make({ servers: () => many, timeoutMs: 2_000, concurrency: 4 });
    for (let i = 0; i < 10; i++) {
      slow.route(`/rdap/domain/stuck${i}.click`, stall); // never answers
      l.ageDays(`stuck${i}.click`, NOW);
    }
    l.ageDays('old-shop.fr', NOW);
    for (let i = 0; i < 50 && !results.includes('found'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(results).toContain('found');
    // Answered while every stuck lookup still held its slot (none has timed out and freed one).
    expect(results).not.toContain('failed');
    l.stop();
  });

  it('a registry that does not answer in time: failed, retried by a later check after 10 minutes', async () => {
    const { l, results, advance } = make({ timeoutMs: 300 });
    l.ageDays('stuck.click', NOW);
    await l.idle();
    expect(results).toEqual(['failed']);
    expect(l.ageDays('stuck.click', NOW + 60_000)).toBeUndefined();
    expect(slow.hits('/rdap/domain/stuck.click')).toBe(1);
    advance(11 * 60_000);
    // The registry's pause (1 minute) is over too: asked again.
    l.ageDays('stuck.click', NOW + 11 * 60_000);
    await l.idle();
    expect(slow.hits('/rdap/domain/stuck.click')).toBe(2);
  });

  it('asks nothing without a bootstrap, for an unknown TLD, or past the queue bound', async () => {
    let servers: ReadonlyMap<string, string> | undefined;
    const { l, results } = make({ servers: () => servers, maxQueued: 1, concurrency: 1 });
    expect(l.ageDays('old-shop.fr', NOW)).toBeUndefined();
    await l.idle();
    expect(results).toEqual([]);
    servers = new Map([['fr', server.url('/rdap/')]]);
    expect(l.ageDays('example.io', NOW)).toBeUndefined();
    // One in flight, one queued; the third waits for a later check.
    for (const d of ['old-shop.fr', 'fresh-shop.fr', 'redacted.fr']) l.ageDays(d, NOW);
    await l.idle();
    expect(results).toHaveLength(2);
    expect(l.ageDays('redacted.fr', NOW)).toBeUndefined();
    await l.idle();
    expect(results).toHaveLength(3);
  });

  it('stop() abandons what is in flight and queued', async () => {
    const { l, results } = make({ concurrency: 1 });
    l.ageDays('stuck.click', NOW);
    l.ageDays('old-shop.fr', NOW);
    l.stop();
    await new Promise((r) => setTimeout(r, 400));
    expect(results).toEqual([]);
    expect(l.ageDays('old-shop.fr', NOW)).toBeUndefined();
  });
});
