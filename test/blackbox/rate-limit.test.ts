/**
 * The rate limit counts addresses, not only requests (issue 21): a bulk request costs its number
 * of addresses, so an account cannot check thousands of addresses a second while staying far
 * under its requests per second. Every answer to an authenticated request says where the account
 * stands (IETF draft RateLimit and RateLimit-Policy fields).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_ENV, call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

/** A third account, for the size-based costs: its own buckets, untouched by the tests above. */
const INITECH = 'initech-test-key-0123456789';

let s: RunningServer;
beforeAll(async () => {
  // 1 address a second, 1,000 at once; requests at their defaults (100/s, burst 200).
  s = await startServer({ MAILSIFT_RATE_LIMIT_ADDRESSES: '1', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '1000', MAILSIFT_API_KEYS: `${API_KEYS_ENV},${INITECH}=initech` });
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
    // The requests bucket is nowhere near empty: two requests so far (a check's answer, priced in
    // addresses, costs no more requests however long).
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

/**
 * A request's cost in the requests bucket grows with its size (1, and 1 more per full 16 KiB of
 * its body and, but for checks, of its answer): parsing a 1 MiB body took 45 ms of the one event loop and listing
 * 10,000 rules 22 ms, so at a mere 20 such requests a second one account put every other
 * account's checks at 300-1,200 ms. Measured on an account refilling at 1 request a second, so
 * what comes back meanwhile is at most one token.
 */
describe('large requests and answers cost more requests', () => {
  const requestsLeft = (r: { headers: Headers }) => policy(r.headers.get('ratelimit'), 'requests').r!;
  /** Valid JSON of exactly `bytes` bytes that the operation refuses (an unknown property). */
  const bigBody = (bytes: number) => {
    const head = '{"outcome":"real","email":"ana.silva@gmail.com","padding":"';
    return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
  };

  it('a body of 1,000,000 bytes costs 62 (refused or not, sent with its length or in chunks); a 2 KiB one costs 1', async () => {
    // Rules first, at the default rate: their listing is measured below.
    const note = 'kept for the listing test, a note of some length so that the answer grows quickly; '.repeat(5);
    for (let i = 0; i < 120; i++) expect((await call(s.url, 'POST', '/v1/rules', { key: INITECH, body: { action: 'block', type: 'domain', value: `listing${i}.example.com`, note } })).status).toBe(201);
    // Back to the full burst (200 at 100/s) before the rate drops to 1/s: how much the 120 rules
    // left depends on how fast the machine made them, and the header shows no level below 0.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await call(s.url, 'PATCH', '/v1/settings', { key: INITECH, body: { rate_limit_requests_per_second: 1 } })).status).toBe(200);

    const before = requestsLeft(await call(s.url, 'GET', '/v1/usage', { key: INITECH }));
    const big = await call(s.url, 'POST', '/v1/feedback', { key: INITECH, raw: bigBody(1_000_000), headers: { 'content-type': 'application/json' } });
    expect([big.status, big.body]).toEqual([400, { error: 'padding: is not allowed (unknown property)' }]);
    const afterBig = requestsLeft(big);
    expect(before - afterBig).toBeGreaterThanOrEqual(61);
    expect(before - afterBig).toBeLessThanOrEqual(62);

    // Chunked: no content-length to judge it by before it is read; charged once it has been.
    const chunks = new Blob([bigBody(1_000_000)]).stream();
    const res = await fetch(`${s.url}/v1/feedback`, { method: 'POST', headers: { authorization: `Bearer ${INITECH}`, 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit);
    expect([res.status, await res.json()]).toEqual([400, { error: 'padding: is not allowed (unknown property)' }]);
    const afterChunked = requestsLeft(await call(s.url, 'GET', '/v1/usage', { key: INITECH }));
    expect(afterBig - afterChunked).toBeGreaterThanOrEqual(61);
    expect(afterBig - afterChunked).toBeLessThanOrEqual(63);

    const small = await call(s.url, 'POST', '/v1/feedback', { key: INITECH, raw: bigBody(2048), headers: { 'content-type': 'application/json' } });
    expect(small.status).toBe(400);
    expect(afterChunked - requestsLeft(small)).toBeLessThanOrEqual(1);

    // The listing of the rules costs 1 per full 16 KiB of it, once it is made.
    const listing = await call(s.url, 'GET', '/v1/rules', { key: INITECH });
    expect(listing.body.rules).toHaveLength(120);
    const extra = Math.floor(Buffer.byteLength(listing.text) / 16_384);
    expect(extra).toBeGreaterThanOrEqual(1);
    expect(afterChunked - 1 - requestsLeft(listing)).toBeGreaterThanOrEqual(extra);
    expect(afterChunked - 1 - requestsLeft(listing)).toBeLessThanOrEqual(extra + 1);
  });

  it('a body the account cannot afford is refused before it is read (429 naming its cost), taking nothing', async () => {
    // The burst is 200, so such a body is possible later: it is refused for now, not for ever.
    const send = () => call(s.url, 'POST', '/v1/feedback', { key: INITECH, raw: bigBody(1_000_000), headers: { 'content-type': 'application/json' } });
    let last = await call(s.url, 'GET', '/v1/usage', { key: INITECH });
    let r = await send();
    while (r.status === 400) [last, r] = [r, await send()];
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('rate limit: at most 1 request per second per account (burst 200): this request counts as 62 (1, and 1 per 16 KiB of its body)');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Refused without taking anything: what is left is what the last answer left (and what came back since).
    expect(requestsLeft(r)).toBeGreaterThanOrEqual(requestsLeft(last));
    expect(requestsLeft(r)).toBeLessThan(62);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(s.url, 'GET', '/v1/usage', { key: INITECH })).status).toBe(200);
    // Another account is untouched.
    expect(requestsLeft(await call(s.url, 'GET', '/v1/usage', { key: KEYS.globex }))).toBeGreaterThan(100);
  });
});
