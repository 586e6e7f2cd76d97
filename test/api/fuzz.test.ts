/**
 * Never a 500 for bad input: random JSON values, random objects with the real field names and
 * random values, and random raw bodies and query strings thrown at every route. Every answer
 * is < 500, and every error body is exactly {error: string}.
 */
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
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
  ['POST', '/v1/hooks/supabase/acme'],
];
const BODY_METHODS = new Set(['POST', 'PATCH']);

/**
 * The overload guard answers every route 503 while the event loop reads as saturated: right after
 * the in-process start, and whenever a loaded machine leaves this process unscheduled for a second
 * (every input then fails, and fast-check shrinks to the smallest one). That answer says nothing
 * about the input: wait as it asks and send again. Any other 5xx fails the property.
 */
async function inject(opts: InjectOptions) {
  for (let tries = 0; ; tries++) {
    const res = await svc.running.api!.app.inject(opts);
    if (!(res.statusCode === 503 && res.body === OVERLOADED && tries < 60)) return res;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const OVERLOADED = JSON.stringify({ error: 'service: overloaded, retry later' });

async function send(method: string, url: string, payload?: string, contentType = 'application/json', key = KEYS.acme) {
  const res = await inject({
    method: method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url,
    headers: { authorization: `Bearer ${key}`, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
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
        fc.record(
          {
            verdict_allow: fc.oneof(fc.integer({ min: -5, max: 105 }), field),
            verdict_review: fc.oneof(fc.integer({ min: -5, max: 105 }), field),
            signup_hook_secret: fc.oneof(fc.base64String({ minLength: 20, maxLength: 100 }).map((b) => `v1,whsec_${b}`), field),
            signup_hook_reject_review: field,
            extra: field,
          },
          { requiredKeys: [] },
        ),
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

  it("an account's own rate limits: random values, then checks under them", async () => {
    // On its own account: a valid low limit throttles what follows (429, never 5xx) until reset.
    const limit = fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.constantFrom(0, 1, 999, 1000, 1_000_000, 1_000_001, 2 ** 31), field);
    const reset = JSON.stringify({ rate_limit_requests_per_second: null, rate_limit_request_burst: null, rate_limit_addresses_per_second: null, rate_limit_address_burst: null });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ rate_limit_requests_per_second: limit, rate_limit_request_burst: limit, rate_limit_addresses_per_second: limit, rate_limit_address_burst: limit, verdict_allow: field }, { requiredKeys: [] }),
        fc.array(emailish, { maxLength: 20 }),
        async (settings, emails) => {
          await send('PATCH', '/v1/settings', JSON.stringify(settings), undefined, KEYS.globex);
          await send('POST', '/v1/check/bulk', JSON.stringify({ emails }), undefined, KEYS.globex);
          await send('GET', '/v1/check?email=someone%40example.com', undefined, undefined, KEYS.globex);
          for (let tries = 0; ; tries++) {
            const res = await send('PATCH', '/v1/settings', reset, undefined, KEYS.globex);
            if (res.statusCode !== 429 || tries > 10) {
              expect(res.statusCode).toBe(200);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after']) * 1000));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the sign-up hook: random bodies, webhook headers and account names', async () => {
    // Unsigned, so only the refusals are reached (the signed property below reads the bodies).
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant('acme'), fc.string(), fc.string({ unit: 'binary' })),
        fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string()),
        fc.record({ 'webhook-id': fc.string(), 'webhook-timestamp': fc.oneof(fc.integer().map(String), fc.string()), 'webhook-signature': fc.oneof(fc.base64String().map((b) => `v1,${b}`), fc.string()) }, { requiredKeys: [] }),
        async (account, body, headers) => {
          const res = await inject({ method: 'POST', url: `/v1/hooks/supabase/${encodeURIComponent(account).replace(/%25/g, '%')}`, headers: { 'content-type': 'application/json', ...headers }, payload: body });
          expect(res.statusCode, `${account} ${body.slice(0, 100)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(Object.keys(JSON.parse(res.body) as object)).toEqual(['error']);
        },
      ),
      RUNS,
    );
  });

  it('the sign-up hook: correctly signed bodies of any shape', async () => {
    const key = Buffer.from('fuzz-test-sign-up-hook-secret-0123');
    const secret = `whsec_${key.toString('base64')}`;
    expect((await send('PATCH', '/v1/settings', JSON.stringify({ signup_hook_secret: `v1,${secret}` }))).statusCode).toBe(200);
    const supabaseShaped = fc.record(
      {
        metadata: fc.oneof(field, fc.record({ ip_address: fc.oneof(fc.ipV4(), fc.ipV6(), field), name: field }, { requiredKeys: [] })),
        user: fc.oneof(field, fc.record({ email: fc.oneof(emailish, field), phone: field }, { requiredKeys: [] })),
      },
      { requiredKeys: [] },
    );
    let n = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string(), supabaseShaped.map((v) => JSON.stringify(v))), async (body) => {
          const id = `msg_fuzz_${++n}`;
          const at = new Date();
          const headers = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
          const res = await svc.running.api!.app.inject({ method: 'POST', url: '/v1/hooks/supabase/acme', headers, payload: body });
          expect([200, 400], `${res.statusCode} ${body.slice(0, 200)}`).toContain(res.statusCode);
          const answer = JSON.parse(res.body) as unknown;
          // 400 names the field; 200 is Supabase's allow ({}) or its refusal.
          if (res.statusCode === 400) expect(answer).toEqual({ error: expect.stringMatching(/^(body|user|user\.email|metadata|metadata\.ip_address): must /) });
          else if (JSON.stringify(answer) !== '{}') expect(answer).toEqual({ error: { http_code: 403, message: expect.any(String) } });
        }),
        RUNS,
      );
    } finally {
      await send('PATCH', '/v1/settings', JSON.stringify({ signup_hook_secret: null }));
    }
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
