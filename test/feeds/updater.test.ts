import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { FEED_CATALOG, FEED_NAMES, type FeedName } from '../../src/feeds/feed-catalog.ts';
import { createFeedUpdater, type FeedUpdaterOptions } from '../../src/feeds/updater.ts';
import { ipFacts } from '../../src/signals/ip/ip-facts.ts';
import { describeShared } from '../helpers/shared.ts';
import { redirect, sendBody, stall, startFeedServer, status, type FeedServer } from './feed-server.ts';
import { FIXTURE_FILES, IP_FIXTURES, readIpFixture } from './ip-fixtures.ts';

const FIXTURE_ROUTES: Record<FeedName, string> = {
  aws: '/aws.json',
  azure: '/azure.json',
  google_cloud: '/gcp.json',
  digital_ocean: '/do.csv',
  tor: '/tor.txt',
  rdap: '/rdap.json',
};
const ALL_OFF: Record<FeedName, string> = { aws: 'off', azure: 'off', google_cloud: 'off', digital_ocean: 'off', tor: 'off', rdap: 'off' };
const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

describeShared(IP_FIXTURES, 'createFeedUpdater against a loopback HTTP server', () => {
  let server: FeedServer;
  let root: string;
  const logs: object[] = [];
  const logger = {
    info: (o: object, msg?: string) => void logs.push({ level: 'info', msg, ...o }),
    warn: (o: object, msg?: string) => void logs.push({ level: 'warn', msg, ...o }),
  };
  const bodies = {} as Record<FeedName, string>;
  const updaters: { stop(): void }[] = [];

  const dataDir = (): string => mkdtempSync(join(root, 'data-'));
  const make = (o: Partial<FeedUpdaterOptions> & { dataDir: string }) => {
    const u = createFeedUpdater({ urls: {}, refreshIntervalMs: 0, timeoutMs: 5_000, logger, ...o });
    updaters.push(u);
    return u;
  };
  const only = (name: FeedName, path: string): Partial<Record<FeedName, string>> => ({ ...ALL_OFF, [name]: server.url(path) });
  const allUrls = (): Record<FeedName, string> =>
    Object.fromEntries(FEED_NAMES.map((n) => [n, server.url(FIXTURE_ROUTES[n])])) as Record<FeedName, string>;
  const statusOf = (u: { status(): { name: string }[] }, name: FeedName) => u.status().find((s) => s.name === name)!;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mailsift-feeds-'));
    server = await startFeedServer();
    for (const name of FEED_NAMES) {
      bodies[name] = readIpFixture(FIXTURE_FILES[name]);
      server.route(FIXTURE_ROUTES[name], sendBody(bodies[name]));
    }
    server.route('/redirect/tor', redirect('/hop/tor'));
    server.route('/hop/tor', redirect(FIXTURE_ROUTES.tor));
    server.route('/404', status(404));
    server.route('/stall', stall);
    server.route('/aws-truncated', sendBody(bodies.aws.slice(0, Math.floor(bodies.aws.length / 2))));
    server.route('/html', sendBody('<!DOCTYPE html><html><body>Access denied</body></html>', 'text/html'));
    server.route('/tor-shrunk', sendBody(bodies.tor.split('\n').slice(0, 200).join('\n')));
  });

  afterAll(async () => {
    for (const u of updaters) u.stop();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('success: every feed is downloaded, validated, stored and looked up', async () => {
    const dir = dataDir();
    const u = make({ dataDir: dir, urls: allUrls(), now: () => 1_000_000 });
    const statuses = await u.updateAll();
    for (const s of statuses) {
      expect(s).toMatchObject({ configured: true, loaded: true, ageSeconds: 0, lastAttemptAt: 1_000_000 });
      expect(s.lastError).toBeUndefined();
      expect(s.entries).toBeGreaterThanOrEqual(FEED_CATALOG[s.name].minEntries);
    }
    const t = u.tables();
    expect(ipFacts('52.95.110.1', t)).toEqual({ datacenter: 'aws', tor: false });
    expect(ipFacts('4.175.0.1', t).datacenter).toBe('azure');
    expect(ipFacts('34.35.1.1', t).datacenter).toBe('google_cloud');
    expect(ipFacts('2400:6180:0:d0::1', t).datacenter).toBe('digital_ocean');
    expect(ipFacts('185.220.101.4', t)).toEqual({ tor: true });
    expect(ipFacts('8.8.8.8', t)).toEqual({ tor: false });
    // Last good copies: byte-identical to what was served once unzipped, with a meta file, no temp files.
    const feedsDir = join(dir, 'feeds');
    for (const name of FEED_NAMES) {
      const file = FEED_CATALOG[name].fileName;
      expect(sha(gunzipSync(readFileSync(join(feedsDir, `${file}.gz`))))).toBe(sha(bodies[name]));
      const meta = JSON.parse(readFileSync(join(feedsDir, `${file}.meta.json`), 'utf8'));
      expect(meta).toMatchObject({ fetchedAt: 1_000_000, sha256: sha(bodies[name]), source: server.url(FIXTURE_ROUTES[name]) });
    }
    expect(readdirSync(feedsDir).sort()).toEqual(
      FEED_NAMES.flatMap((n) => [`${FEED_CATALOG[n].fileName}.gz`, `${FEED_CATALOG[n].fileName}.meta.json`]).sort(),
    );
  });

  it('Azure without a URL is "not configured": no download, no error', async () => {
    const before = server.hits(FIXTURE_ROUTES.azure);
    const { azure: _skip, ...urls } = allUrls();
    const u = make({ dataDir: dataDir(), urls: { ...urls, aws: 'off' } });
    await u.updateAll();
    expect(server.hits(FIXTURE_ROUTES.azure)).toBe(before);
    expect(statusOf(u, 'azure')).toEqual({ name: 'azure', configured: false, loaded: false, entries: 0, ageSeconds: null });
    expect(statusOf(u, 'aws')).toMatchObject({ configured: false, loaded: false });
    expect(statusOf(u, 'tor')).toMatchObject({ configured: true, loaded: true });
  });

  it.each([
    ['a truncated file', 'aws', '/aws-truncated', /^invalid aws feed: not valid JSON/],
    ['a 404', 'tor', '/404', /^HTTP 404$/],
    ['a timeout', 'tor', '/stall', /^timed out after 300 ms$/],
    ['an invalid body', 'google_cloud', '/html', /^invalid google_cloud feed: not valid JSON/],
    ['a collapsed list', 'tor', '/tor-shrunk', /^shrank: 200 entries < 50% of the last good copy's 1174$/],
  ] as const)('%s keeps the last good copy (memory and disk) and records lastError', async (_case, name, badPath, error) => {
    const dir = dataDir();
    const good = make({ dataDir: dir, urls: only(name, FIXTURE_ROUTES[name]), timeoutMs: 300 });
    const [first] = (await good.updateAll()).filter((s) => s.name === name);
    expect(first).toMatchObject({ loaded: true });
    const stored = join(dir, 'feeds', `${FEED_CATALOG[name].fileName}.gz`);
    const storedSha = sha(readFileSync(stored));

    const u = make({ dataDir: dir, urls: only(name, badPath), timeoutMs: 300 });
    const after = (await u.updateAll()).find((s) => s.name === name)!;
    expect(after.lastError).toMatch(error);
    expect(after).toMatchObject({ loaded: true, entries: first!.entries });
    expect(sha(readFileSync(stored))).toBe(storedSha);
    const probe = { aws: '52.95.110.1', tor: '185.220.101.4', google_cloud: '34.35.1.1' }[name as 'aws' | 'tor' | 'google_cloud'];
    const facts = ipFacts(probe, u.tables());
    expect(name === 'tor' ? facts.tor : facts.datacenter).toBe(name === 'tor' ? true : name);
  });

  it('follows redirects', async () => {
    const u = make({ dataDir: dataDir(), urls: only('tor', '/redirect/tor') });
    const s = (await u.updateAll()).find((x) => x.name === 'tor')!;
    expect(s).toMatchObject({ loaded: true, entries: 1174 });
    expect(s.lastError).toBeUndefined();
  });

  it('restart: the last good copy is loaded from disk with its age, and is not re-downloaded while fresh', async () => {
    const dir = dataDir();
    const t0 = 1_700_000_000_000;
    await make({ dataDir: dir, urls: only('tor', FIXTURE_ROUTES.tor), now: () => t0 }).updateAll();
    const hits404 = server.hits('/404');
    const u = make({ dataDir: dir, urls: only('tor', '/404'), refreshIntervalMs: 6 * 3600_000, now: () => t0 + 3600_000 });
    await u.start();
    expect(statusOf(u, 'tor')).toMatchObject({ loaded: true, entries: 1174, ageSeconds: 3600 });
    expect(ipFacts('185.220.101.4', u.tables()).tor).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.hits('/404')).toBe(hits404); // fresh enough: no download at start

    // Seven hours later the stored copy is stale: start() refreshes it in the background.
    const later = make({ dataDir: dir, urls: only('tor', '/404'), refreshIntervalMs: 6 * 3600_000, now: () => t0 + 7 * 3600_000 });
    await later.start();
    await vi.waitFor(() => expect(statusOf(later, 'tor')).toMatchObject({ lastError: 'HTTP 404', loaded: true, ageSeconds: 7 * 3600 }));
    expect(server.hits('/404')).toBe(hits404 + 1);
  });

  it('start() returns after the disk load and downloads missing feeds in the background', async () => {
    const u = make({ dataDir: dataDir(), urls: only('tor', FIXTURE_ROUTES.tor), refreshIntervalMs: 3600_000 });
    await u.start();
    await vi.waitFor(() => expect(statusOf(u, 'tor')).toMatchObject({ loaded: true, entries: 1174 }), { timeout: 5_000 });
    expect(ipFacts('185.220.101.4', u.tables()).tor).toBe(true);
  });

  it('refreshes periodically until stopped', async () => {
    const path = '/tor-periodic';
    server.route(path, sendBody(bodies.tor));
    const u = make({ dataDir: dataDir(), urls: only('tor', path), refreshIntervalMs: 100 });
    await u.start();
    await vi.waitFor(() => expect(server.hits(path)).toBeGreaterThanOrEqual(3), { timeout: 5_000, interval: 50 });
    u.stop();
    const seen = server.hits(path);
    await new Promise((r) => setTimeout(r, 300));
    expect(server.hits(path)).toBeLessThanOrEqual(seen + 1); // at most one already in flight
  });

  it('stop() aborts a download in flight', async () => {
    const u = make({ dataDir: dataDir(), urls: only('tor', '/stall'), timeoutMs: 20_000 });
    const hitsBefore = server.hits('/stall');
    const pending = u.updateAll();
    // Stop once the download is in flight (a fixed 50 ms could come before the request under load,
    // when there is nothing to abort yet).
    await vi.waitFor(() => expect(server.hits('/stall')).toBe(hitsBefore + 1), { timeout: 5_000, interval: 10 });
    u.stop();
    const t0 = Date.now();
    const s = (await pending).find((x) => x.name === 'tor')!;
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(s).toMatchObject({ loaded: false, lastError: 'aborted (updater stopped)' });
  });

  it('concurrent updates share one download per feed', async () => {
    const path = '/tor-once';
    server.route(path, sendBody(bodies.tor));
    const u = make({ dataDir: dataDir(), urls: only('tor', path) });
    await Promise.all([u.updateAll(), u.updateAll(), u.updateAll()]);
    expect(server.hits(path)).toBe(1);
  });

  it('a feed that never loaded leaves ip.tor absent, not false', async () => {
    const u = make({ dataDir: dataDir(), urls: only('tor', '/404') });
    await u.updateAll();
    expect(statusOf(u, 'tor')).toMatchObject({ loaded: false, lastError: 'HTTP 404', ageSeconds: null });
    expect(ipFacts('185.220.101.4', u.tables())).toEqual({});
  });

  it('ignores an unusable stored copy and cleans up stale temp files, but not fresh ones', async () => {
    const dir = dataDir();
    await make({ dataDir: dir, urls: only('tor', FIXTURE_ROUTES.tor) }).updateAll();
    const feedsDir = join(dir, 'feeds');
    writeFileSync(join(feedsDir, `${FEED_CATALOG.google_cloud.fileName}.gz`), gzipSync('{"prefixes": ['));
    writeFileSync(join(feedsDir, `${FEED_CATALOG.aws.fileName}.gz`), 'not gzip at all');
    const stale = join(feedsDir, 'tor-exits.txt.tmp-1-deadbeef');
    const fresh = join(feedsDir, 'tor-exits.txt.tmp-2-cafebabe');
    writeFileSync(stale, 'partial');
    writeFileSync(fresh, 'partial');
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(stale, hourAgo, hourAgo);
    const u = make({ dataDir: dir, urls: ALL_OFF });
    await u.start();
    expect(statusOf(u, 'google_cloud')).toMatchObject({ loaded: false, lastError: expect.stringMatching(/^stored copy unusable: invalid google_cloud feed/) });
    expect(statusOf(u, 'aws')).toMatchObject({ loaded: false, lastError: expect.stringMatching(/^stored copy unreadable: /) });
    expect(statusOf(u, 'tor')).toMatchObject({ loaded: true, entries: 1174 });
    const left = readdirSync(feedsDir);
    expect(left).not.toContain('tor-exits.txt.tmp-1-deadbeef');
    expect(left).toContain('tor-exits.txt.tmp-2-cafebabe');
  });

  it('never throws when the data dir is unusable; fresh data is still served from memory', async () => {
    const notADir = join(root, 'a-file');
    writeFileSync(notADir, 'x');
    const u = make({ dataDir: notADir, urls: only('tor', FIXTURE_ROUTES.tor) });
    await expect(u.start()).resolves.toBeUndefined();
    const s = (await u.updateAll()).find((x) => x.name === 'tor')!;
    expect(s).toMatchObject({ loaded: true, entries: 1174, lastError: expect.stringMatching(/^downloaded but not saved: /) });
  });

  it('privacy: logs name feeds and counts, never an address from a feed', () => {
    expect(logs.length).toBeGreaterThan(10);
    const text = JSON.stringify(logs);
    const torAddresses = bodies.tor.split('\n').filter((l) => l.trim() !== '');
    for (const ip of torAddresses) expect(text).not.toContain(`"${ip}"`);
    expect(text).not.toContain('185.220.101.4');
    expect(text).not.toContain('52.95.110');
    expect(logs.some((l) => (l as { level: string }).level === 'warn')).toBe(true);
  });
});
