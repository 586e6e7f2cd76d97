/**
 * Never a 500 for bad input: random JSON values, random objects with the real field names and
 * random values, and random raw bodies and query strings thrown at every route. Every answer
 * is < 500, and every error body is exactly {error: string}.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcess, type InProcess } from '../helpers/in-process.ts';
import { KEYS } from '../helpers/server.ts';

let svc: InProcess;
beforeAll(async () => {
  svc = await startInProcess({ MAILSIFT_RATE_LIMIT_RPS: '1000000', MAILSIFT_RATE_LIMIT_BURST: '1000000' });
});
afterAll(async () => svc?.close());

const ROUTES: [string, string][] = [
  ['POST', '/v1/check'],
  ['POST', '/v1/check/bulk'],
  ['POST', '/v1/feedback'],
  ['GET', '/v1/check'],
  ['GET', '/v1/model'],
  ['GET', '/v1/usage'],
];

async function send(method: string, url: string, payload?: string, contentType = 'application/json') {
  const res = await svc.running.api!.app.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: { authorization: `Bearer ${KEYS.acme}`, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url} ${payload?.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error).toBe('string');
  }
  return res;
}

const field = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const emailish = fc.oneof(fc.emailAddress(), fc.string(), fc.string({ unit: 'binary' }), fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}@${b}`));
const RUNS = { numRuns: 120 };

describe('no input makes any route answer 5xx', () => {
  it('random JSON values as the body of every POST route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES.filter(([m]) => m === 'POST').map(([, u]) => u)), fc.jsonValue(), async (url, v) => {
        await send('POST', url, JSON.stringify(v));
      }),
      RUNS,
    );
  });

  it('objects with the real field names and random values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: fc.oneof(emailish, field), ip: fc.oneof(fc.ipV4(), fc.ipV6(), field), explain: field, extra: field }, { requiredKeys: [] }),
        fc.record({ emails: fc.oneof(fc.array(fc.oneof(emailish, field), { maxLength: 20 }), field) }, { requiredKeys: [] }),
        fc.record({ check_id: fc.oneof(fc.string().map((s) => `chk_${s}`), field), email: fc.oneof(emailish, field), outcome: fc.oneof(fc.constantFrom('real', 'fake', 'confirmed', 'abuse', 'bounced'), field) }, { requiredKeys: [] }),
        async (check, bulk, feedback) => {
          await send('POST', '/v1/check', JSON.stringify(check));
          await send('POST', '/v1/check/bulk', JSON.stringify(bulk));
          await send('POST', '/v1/feedback', JSON.stringify(feedback));
        },
      ),
      RUNS,
    );
  });

  it('random raw bodies and content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES.filter(([m]) => m === 'POST').map(([, u]) => u)),
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.uint8Array().map((b) => Buffer.from(b).toString('latin1'))),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-8', 'multipart/form-data'),
        async (url, raw, ct) => {
          await send('POST', url, raw, ct);
        },
      ),
      RUNS,
    );
  });

  it('random query strings on the GET routes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/v1/check', '/v1/usage', '/v1/model'),
        fc.dictionary(fc.constantFrom('email', 'ip', 'explain', 'from', 'to', 'x'), fc.oneof(emailish, fc.string(), fc.string({ unit: 'binary' }))),
        async (url, q) => {
          const qs = Object.entries(q)
            .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%25/g, '%')}`)
            .join('&');
          await send('GET', qs ? `${url}?${qs}` : url);
        },
      ),
      RUNS,
    );
  });
});
