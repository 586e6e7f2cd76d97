/**
 * The rate limit counts addresses, not only requests (issue 21): a bulk request costs its number
 * of addresses, so an account cannot check thousands of addresses a second while staying far
 * under its requests per second. Every answer to an authenticated request says where the account
 * stands (IETF draft RateLimit and RateLimit-Policy fields).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

let s: RunningServer;
beforeAll(async () => {
  // 1 address a second, 1,000 at once; requests at their defaults (100/s, burst 200).
  s = await startServer({ MAILSIFT_RATE_LIMIT_ADDRESSES: '1', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '1000' });
}, 60_000);
afterAll(async () => {
  await s?.stop();
  s?.cleanup();
});

const emails = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `person${i}.${tag}@gmail.com`);

/** The parameters of one policy in a RateLimit or RateLimit-Policy field. */
function policy(field: string | null, name: string): Record<string, number> {
  const item = (field ?? '').split(',').map((x) => x.trim()).find((x) => x.startsWith(`"${name}";`));
  expect(item, `${name} in ${field}`).toBeDefined();
  return Object.fromEntries(item!.split(';').slice(1).map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])]));
}

describe('address-based rate limit', () => {
  it('a bulk costs one per address: after 1,000 in one request, a single check is refused', async () => {
    const bulk = await call(s.url, 'POST', '/v1/check/bulk', { body: { emails: emails(999, 'a') } });
    expect(bulk.status).toBe(200);
    expect(policy(bulk.headers.get('ratelimit-policy'), 'addresses')).toEqual({ q: 1000, w: 1000 });
    expect(policy(bulk.headers.get('ratelimit-policy'), 'requests')).toEqual({ q: 200, w: 2 });
    // About 1 left, and what came back while the bulk was checked (1 a second).
    expect(policy(bulk.headers.get('ratelimit'), 'addresses').r).toBeLessThanOrEqual(60);
    // The requests bucket is nowhere near empty: two requests so far.
    expect(policy(bulk.headers.get('ratelimit'), 'requests').r).toBeGreaterThanOrEqual(190);
    const drain = await call(s.url, 'POST', '/v1/check/bulk', { body: { emails: emails(100, 'b') } });
    expect(drain.status).toBe(429);
    expect(drain.body).toEqual({ error: 'rate limit: at most 1 address per second per account (burst 1000): this request has 100' });
    expect(Number(drain.headers.get('retry-after'))).toBeGreaterThanOrEqual(30);

    let single = await call(s.url, 'POST', '/v1/check', { body: { email: 'late.single@gmail.com' } });
    // The few addresses that came back meanwhile (the refused bulk took none): use them up.
    for (let i = 0; i < 100 && single.status === 200; i++) single = await call(s.url, 'POST', '/v1/check', { body: { email: `late.single${i}@gmail.com` } });
    expect(single.status).toBe(429);
    expect(single.body.error).toMatch(/^rate limit: at most 1 address per second per account \(burst 1000\)$/);
    expect(Number(single.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(policy(single.headers.get('ratelimit'), 'addresses').r).toBe(0);
    // GET is a check too.
    expect((await call(s.url, 'GET', '/v1/check?email=late.get%40gmail.com')).status).toBe(429);
    // Operations that check no address are limited by requests only.
    const usage = await call(s.url, 'GET', '/v1/usage');
    expect(usage.status).toBe(200);
    expect(policy(usage.headers.get('ratelimit'), 'addresses').r).toBe(0);
    // What was refused was not billed.
    const billed = usage.body.total as number;
    expect(billed).toBeGreaterThanOrEqual(999);
    expect(billed).toBeLessThanOrEqual(999 + 101);
  });

  it('is per account: another account is untouched', async () => {
    const other = await call(s.url, 'POST', '/v1/check/bulk', { body: { emails: emails(1000, 'c') }, key: KEYS.globex });
    expect(other.status).toBe(200);
    expect(other.body.results).toHaveLength(1000);
  });

  it('RateLimit fields on every answer to a known key (errors included), none for an unknown one', async () => {
    for (const r of [
      await call(s.url, 'GET', '/v1/model', { key: KEYS.globex }),
      await call(s.url, 'POST', '/v1/check', { body: { email: 'broken@' }, key: KEYS.globex }),
      await call(s.url, 'POST', '/v1/feedback', { body: { check_id: `chk_${'A'.repeat(99)}`, outcome: 'real' }, key: KEYS.globex }),
      await call(s.url, 'POST', '/v1/check', { body: { nope: 1 }, key: KEYS.globex }),
    ]) {
      expect(r.status).not.toBe(500);
      expect(policy(r.headers.get('ratelimit-policy'), 'requests')).toEqual({ q: 200, w: 2 });
      expect(policy(r.headers.get('ratelimit'), 'requests').r).toBeGreaterThan(0);
      expect(policy(r.headers.get('ratelimit'), 'addresses').t).toBeGreaterThanOrEqual(0);
    }
    const unknown = await call(s.url, 'GET', '/v1/usage', { key: 'not-a-key-0123456789abcdef' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('ratelimit')).toBeNull();
  });

  it('OpenAPI documents 429 and the RateLimit fields', async () => {
    const doc = (await call(s.url, 'GET', '/v1/openapi.json', { key: null })).body;
    const bulk = doc.paths['/v1/check/bulk'].post.responses;
    expect(Object.keys(bulk['429'].headers)).toEqual(expect.arrayContaining(['retry-after', 'ratelimit', 'ratelimit-policy']));
    expect(Object.keys(bulk['200'].headers)).toEqual(expect.arrayContaining(['ratelimit', 'ratelimit-policy']));
    expect(doc.paths['/v1/usage'].get.responses['200'].headers).toHaveProperty('ratelimit');
  });
});
