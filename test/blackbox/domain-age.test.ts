/**
 * domain_age_days end to end: the real server downloads the RDAP bootstrap from a loopback
 * HTTP server (as it would IANA's), asks the registry it names in the background after a
 * domain's first check, and later checks carry the age (and `young_domain` when it is young).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type RunningServer } from '../helpers/server.ts';
import { sendBody, startFeedServer, type FeedServer } from '../feeds/feed-server.ts';

const DAY = 86_400_000;
const IP_FEEDS_OFF = { MAILSIFT_FEEDS_URL_AWS: 'off', MAILSIFT_FEEDS_URL_AZURE: 'off', MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off', MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off', MAILSIFT_FEEDS_URL_TOR: 'off' };
const domainDoc = (name: string, registered: number) =>
  JSON.stringify({ objectClassName: 'domain', ldhName: name, events: [{ eventAction: 'last changed', eventDate: new Date().toISOString() }, { eventAction: 'registration', eventDate: new Date(registered).toISOString() }] });

describe('domain_age_days from RDAP', () => {
  let registry: FeedServer;
  let s: RunningServer;
  const registered = { 'fresh-shop.fr': Date.now() - 10 * DAY - 3_600_000, 'old-shop.fr': Date.UTC(2005, 7, 2, 14, 16, 36) };

  beforeAll(async () => {
    registry = await startFeedServer();
    // A bootstrap like IANA's (the feed wants at least 100 TLDs): .fr is answered by this server.
    const services = [[['fr'], [registry.url('/rdap/')]], ...Array.from({ length: 120 }, (_, i) => [[`tld${i}`], [`https://rdap.tld${i}.example/`]])];
    registry.route('/dns.json', sendBody(JSON.stringify({ version: '1.0', publication: new Date().toISOString(), services }), 'application/json'));
    for (const [name, at] of Object.entries(registered)) registry.route(`/rdap/domain/${name}`, sendBody(domainDoc(name, at), 'application/rdap+json'));
    s = await startServer({ MAILSIFT_FEEDS: 'on', ...IP_FEEDS_OFF, MAILSIFT_FEEDS_URL_RDAP: registry.url('/dns.json') });
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
    s?.cleanup();
    await registry?.close();
  });

  const check = async (email: string) => (await call(s.url, 'POST', '/v1/check', { body: { email, explain: true } })).body;
  async function ageOf(email: string): Promise<{ first: Record<string, unknown>; later: Record<string, any> }> {
    const first = await check(email);
    let later = first;
    for (let i = 0; i < 100 && later.domain_age_days === undefined; i++) {
      await new Promise((r) => setTimeout(r, 100));
      later = await check(email);
    }
    return { first, later };
  }

  it('the first check of a young domain starts the lookup; later ones carry its age and young_domain', async () => {
    // The bootstrap downloads in the background at start.
    for (let i = 0; i < 50 && !/rdap: \d+ entries/.test((await call(s.url, 'GET', '/readyz', { key: null })).text); i++) await new Promise((r) => setTimeout(r, 100));
    const { first, later } = await ageOf('jean.dupont@fresh-shop.fr');
    expect(first.domain_age_days).toBeUndefined();
    expect(later.domain_age_days).toBe(10);
    expect(later.evidence).toContainEqual(expect.objectContaining({ signal: 'young_domain' }));
    expect(later.evidence.find((e: { signal: string }) => e.signal === 'young_domain').impact).toBeLessThan(-1);
    expect(later.reasons).toContain('young_domain');
    expect(later.human_score).toBeLessThan(first.human_score as number);
    expect(registry.hits('/rdap/domain/fresh-shop.fr')).toBe(1);
  });

  it('an old domain: its age, no young_domain; a subdomain asks for the registrable domain', async () => {
    const { later } = await ageOf('marie.curie@mail.old-shop.fr');
    expect(later.domain_age_days).toBe(Math.floor((Date.now() - registered['old-shop.fr']) / DAY));
    expect(later.reasons).not.toContain('young_domain');
    expect(later.evidence.map((e: { signal: string }) => e.signal)).not.toContain('young_domain');
    expect(registry.hits('/rdap/domain/old-shop.fr')).toBe(1);
  });

  it('a domain whose registry is not known or has no record: no age, no error; metrics count the lookups', async () => {
    const unknown = await check('ana.silva@unknown-shop.fr');
    const unlisted = await check('ana.silva@example.io');
    expect(unknown.domain_age_days).toBeUndefined();
    expect(unlisted.domain_age_days).toBeUndefined();
    const metrics = (await call(s.url, 'GET', '/metrics', { key: null })).text;
    expect(metrics).toMatch(/mailsift_domain_age_lookups_total\{result="found"\} 2/);
    expect(metrics).toMatch(/mailsift_feed_entries\{feed="rdap"\} 121/);
  });

  it('MAILSIFT_DOMAIN_AGE=off sends nothing', async () => {
    const off = await startServer({ MAILSIFT_FEEDS: 'on', ...IP_FEEDS_OFF, MAILSIFT_FEEDS_URL_RDAP: registry.url('/dns.json'), MAILSIFT_DOMAIN_AGE: 'off' });
    try {
      registry.route('/rdap/domain/quiet-shop.fr', sendBody(domainDoc('quiet-shop.fr', Date.now() - DAY), 'application/rdap+json'));
      for (let i = 0; i < 5; i++) {
        expect((await call(off.url, 'POST', '/v1/check', { body: { email: 'jean.dupont@quiet-shop.fr' } })).body.domain_age_days).toBeUndefined();
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(registry.hits('/rdap/domain/quiet-shop.fr')).toBe(0);
    } finally {
      await off.stop();
      off.cleanup();
    }
  }, 60_000);
});
