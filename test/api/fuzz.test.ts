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
  svc = await startInProcess({ MAILSIFT_RATE_LIMIT_RPS: '1000000', MAILSIFT_RATE_LIMIT_BURST: '1000000', MAILSIFT_RATE_LIMIT_ADDRESSES: '1000000', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '1000000' });
});
afterAll(async () => svc?.close());

const ROUTES: [string, string][] = [
  ['POST', '/v1/check'],
  ['POST', '/v1/check/bulk'],
  ['POST', '/v1/feedback'],
  ['GET', '/v1/check'],
  ['GET', '/v1/model'],
  ['GET', '/v1/usage'],
  ['POST', '/v1/rules'],
  ['GET', '/v1/rules'],
  ['PATCH', '/v1/settings'],
  ['GET', '/v1/settings'],
  ['GET', '/v1/stats'],
];
const BODY_METHODS = new Set(['POST', 'PATCH']);

async function send(method: string, url: string, payload?: string, contentType = 'application/json') {
  const res = await svc.running.api!.app.inject({
    method: method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url,
    headers: { authorization: `Bearer ${KEYS.acme}`, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
  // The answer's body too: a 503 says whether it was the overload guard or the state gate.
  expect(res.statusCode, `${method} ${url} ${payload?.slice(0, 200)} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
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
      fc.asyncProperty(fc.constantFrom(...ROUTES.filter(([m]) => BODY_METHODS.has(m))), fc.jsonValue(), async ([method, url], v) => {
        await send(method, url, JSON.stringify(v));
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

  it('rules and settings: objects with the real field names and random values, random rule ids', async () => {
    const ruleType = fc.constantFrom('email', 'domain', 'mail_provider', 'tld');
    const ruleValue = fc.oneof(emailish, fc.domain(), fc.constantFrom('google', 'none', 'xyz', '.com', 'co.uk', 'com', '-x', 'xn--p1ai', 'бренд.рф'), field);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ action: fc.oneof(fc.constantFrom('allow', 'review', 'block'), field), type: fc.oneof(ruleType, field), value: fc.oneof(ruleValue, field), note: fc.oneof(fc.string(), field), extra: field }, { requiredKeys: [] }),
        fc.record({ verdict_allow: fc.oneof(fc.integer({ min: -5, max: 105 }), field), verdict_review: fc.oneof(fc.integer({ min: -5, max: 105 }), field), extra: field }, { requiredKeys: [] }),
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.base64String({ minLength: 16, maxLength: 16 }).map((b) => `rule_${b}`)),
        async (rule, settings, id) => {
          await send('POST', '/v1/rules', JSON.stringify(rule));
          await send('PATCH', '/v1/settings', JSON.stringify(settings));
          await send('DELETE', `/v1/rules/${encodeURIComponent(id).replace(/%25/g, '%')}`);
        },
      ),
      RUNS,
    );
  });

  it('random raw bodies and content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES.filter(([m]) => BODY_METHODS.has(m))),
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.uint8Array().map((b) => Buffer.from(b).toString('latin1'))),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-8', 'multipart/form-data'),
        async ([method, url], raw, ct) => {
          await send(method, url, raw, ct);
        },
      ),
      RUNS,
    );
  });

  it('random calendar-shaped ranges on the per-day routes', async () => {
    const date = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/v1/usage', '/v1/stats'), fc.option(date, { nil: undefined }), fc.option(date, { nil: undefined }), async (url, from, to) => {
        const qs = [from === undefined ? '' : `from=${from}`, to === undefined ? '' : `to=${to}`].filter(Boolean).join('&');
        await send('GET', qs ? `${url}?${qs}` : url);
      }),
      RUNS,
    );
  });

  it('random query strings on the GET routes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/v1/check', '/v1/usage', '/v1/model', '/v1/rules', '/v1/settings', '/v1/stats'),
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
