/**
 * Outbound HTTP honours HTTP_PROXY / HTTPS_PROXY / NO_PROXY (issue 21): the feed downloads and
 * the RDAP lookups of the real server go through a loopback forward proxy, to host names only
 * that proxy can reach; a host in NO_PROXY is asked directly. Node's built-in fetch ignored the
 * variables, so behind a proxy every feed and lookup failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBody, startFeedServer, type FeedServer } from '../feeds/feed-server.ts';
import { startHttpProxy, type HttpProxy } from '../helpers/http-proxy.ts';
import { call, startServer, type RunningServer } from '../helpers/server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const DAY = 86_400_000;
let origin: FeedServer;
let proxy: HttpProxy;
let port: number;
const via = (path: string, host = 'feeds.proxied.internal') => `http://${host}:${port}${path}`;

beforeAll(async () => {
  origin = await startFeedServer();
  proxy = await startHttpProxy();
  port = Number(new URL(origin.base).port);
  origin.route('/tor', sendBody(Array.from({ length: 120 }, (_, i) => `185.220.100.${i}`).join('\n') + '\n', 'text/plain'));
  const services = [[['fr'], [via('/rdap/', 'registry.proxied.internal')]], ...Array.from({ length: 120 }, (_, i) => [[`tld${i}`], [`https://rdap.tld${i}.example/`]])];
  origin.route('/dns.json', sendBody(JSON.stringify({ version: '1.0', publication: new Date().toISOString(), services }), 'application/json'));
  const doc = { objectClassName: 'domain', ldhName: 'proxied-shop.fr', events: [{ eventAction: 'registration', eventDate: new Date(Date.now() - 40 * DAY - 3_600_000).toISOString() }] };
  origin.route('/rdap/domain/proxied-shop.fr', sendBody(JSON.stringify(doc), 'application/rdap+json'));
});
afterAll(async () => {
  await proxy?.close();
  await origin?.close();
});

describe('outbound HTTP behind a proxy', () => {
  let s: RunningServer;
  afterAll(async () => {
    await s?.stop();
    s?.cleanup();
  });

  it('feeds and RDAP lookups go through HTTP_PROXY', async () => {
    s = await startServer({
      HTTP_PROXY: proxy.url,
      MAILSIFT_FEEDS: 'on',
      MAILSIFT_FEEDS_URL_AWS: 'off',
      MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off',
      MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off',
      MAILSIFT_FEEDS_URL_TOR: via('/tor'),
      MAILSIFT_FEEDS_URL_RDAP: via('/dns.json'),
    });
    let ready = '';
    for (let i = 0; i < 100 && !/rdap: \d+ entries/.test(ready); i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = (await call(s.url, 'GET', '/readyz', { key: null })).text;
    }
    expect(ready).toMatch(/tor: 120 entries/);
    expect(ready).toMatch(/rdap: \d+ entries/);
    let age: unknown;
    for (let i = 0; i < 100 && age === undefined; i++) {
      age = (await call(s.url, 'POST', '/v1/check', { body: { email: 'lucie.martin@proxied-shop.fr' } })).body.domain_age_days;
      if (age === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    expect(age).toBe(40);
    expect(proxy.targets).toEqual(expect.arrayContaining([`feeds.proxied.internal:${port}`, `registry.proxied.internal:${port}`]));
  }, 60_000);
});

describe('NO_PROXY', () => {
  it('a host it names is asked directly, not through the proxy (mailsift feeds update)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-noproxy-'));
    try {
      const before = proxy.targets.length;
      // Not spawnSync: the origin and the proxy run in this process and must answer meanwhile.
      const run = (env: Record<string, string>) =>
        new Promise<{ status: number | null; stdout: string }>((resolve) => {
          const p = spawn(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), 'feeds', 'update'], {
            env: { PATH: process.env.PATH ?? '', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: 'proxy-test-key-0123456789=acme', MAILSIFT_FEEDS_URL_AWS: 'off', MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off', MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off', MAILSIFT_FEEDS_URL_RDAP: 'off', https_proxy: proxy.url, http_proxy: proxy.url, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let stdout = '';
          p.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
          p.on('exit', (status) => resolve({ status, stdout }));
        });
      // Lower-case variables work too; 127.0.0.1 in NO_PROXY: the loopback origin is asked directly.
      const direct = await run({ MAILSIFT_FEEDS_URL_TOR: origin.url('/tor'), no_proxy: 'localhost,127.0.0.1' });
      expect(direct.stdout).toMatch(/^tor\s+ok\s+120 entries/m);
      expect(proxy.targets.length).toBe(before);
      // A name only the proxy can reach, excluded by a parent-domain entry: asked directly, it fails.
      const excluded = await run({ MAILSIFT_FEEDS_URL_TOR: via('/tor'), NO_PROXY: '.proxied.internal' });
      expect(excluded.status).toBe(1);
      expect(excluded.stdout).toMatch(/^tor\s+FAILED\s+network error/m);
      expect(proxy.targets.length).toBe(before);
      // The same without NO_PROXY: through the proxy.
      const proxied = await run({ MAILSIFT_FEEDS_URL_TOR: via('/tor') });
      expect(proxied.stdout).toMatch(/^tor\s+ok\s+120 entries/m);
      expect(proxy.targets.slice(before)).toEqual([`feeds.proxied.internal:${port}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
