/**
 * The sign-up hook route under the overload guard and a refused check, in a Fastify app set up as
 * app.ts sets it (error handlers, the same guard). The guard is tripped by stalling the event loop
 * in slices until another route answers 503, and kept stalled while the hook is asked. The check behind the route records its calls and would refuse every
 * address, so an answer `{}` is the hook allowing without a verdict.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverOptions } from '../../../src/api/app.ts';
import { installErrorHandlers } from '../../../src/api/errors.ts';
import { installOverloadGuard } from '../../../src/api/overload-guard.ts';
import { signupHookRoutes, type SignupHookDeps } from '../../../src/api/routes/signup-hooks.ts';
import { ServiceError } from '../../../src/domain/errors.ts';
import type { CheckResultBody } from '../../../src/domain/check-result.ts';
import { createLogger } from '../../../src/platform/logger.ts';
import { createMetrics } from '../../../src/platform/metrics.ts';
import type { CheckAnswer } from '../../../src/service/ports.ts';
import { ReplayGuard } from '../../../src/signup-hooks/replay-guard.ts';

const KEY = Buffer.from('route-test-sign-up-hook-secret-0123');
const SECRET = `whsec_${KEY.toString('base64')}`;

let app: FastifyInstance;
let refusal: ServiceError | undefined;
const checked: string[] = [];
const outcomes: string[] = [];

beforeAll(async () => {
  const logger = createLogger('warn', new Writable({ write: (_c, _e, done) => done() }));
  app = Fastify(serverOptions({ logger, metrics: createMetrics() }));
  installErrorHandlers(app);
  installOverloadGuard(app, { maxEventLoopDelayMs: 100 });
  app.get('/v1/other', async () => ({}));
  const deps: SignupHookDeps = {
    secretFor: (account) => (account === 'acme' ? KEY : undefined),
    rejectReview: () => false,
    check: async (_account, email): Promise<CheckAnswer> => {
      checked.push(email);
      if (refusal) throw refusal;
      return { ok: true, result: { verdict: 'block' } as CheckResultBody };
    },
    deadlineMs: 2000,
    replay: new ReplayGuard(),
    now: () => Date.now(),
    onAnswer: (outcome) => outcomes.push(outcome),
  };
  await app.register(signupHookRoutes(deps));
  await app.ready();
});
afterAll(() => app?.close());

let n = 0;
function hook(body: string, sign = true) {
  const id = `msg_route_${++n}`;
  const at = new Date();
  const signature = sign ? new Webhook(SECRET).sign(id, at, body) : 'v1,AAAA';
  return app.inject({ method: 'POST', url: '/v1/hooks/supabase/acme', headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature }, payload: body });
}
const signup = JSON.stringify({ metadata: { ip_address: '203.0.113.7' }, user: { email: 'ana@example.com' } });
const waitFor = async (cond: () => Promise<boolean>) => {
  while (!(await cond())) await new Promise((r) => setTimeout(r, 10));
};

describe('the sign-up hook when the service cannot check', () => {
  it('checks and refuses when all is well (the stand-in check blocks everything)', async () => {
    const r = await hook(signup);
    expect([r.statusCode, r.json()]).toEqual([200, { error: { http_code: 403, message: 'This email address cannot be used to sign up.' } }]);
    expect(checked).toEqual(['ana@example.com']);
  });

  it('overloaded: other routes answer 503, the hook allows a verified sign-up without checking it, and still refuses bad input', async () => {
    // Slices of 300 ms with the loop blocked: every sample reads far above the guard's 100 ms.
    let stalling = true;
    const stall = (async () => {
      while (stalling) {
        const until = Date.now() + 300;
        while (Date.now() < until);
        await new Promise((res) => setTimeout(res, 1));
      }
    })();
    try {
      await waitFor(async () => (await app.inject({ method: 'GET', url: '/v1/other' })).statusCode === 503);
      const other = await app.inject({ method: 'GET', url: '/v1/other' });
      expect([other.statusCode, other.headers['retry-after']]).toEqual([503, '1']);
      checked.length = 0;
      outcomes.length = 0;
      const r = await hook(signup);
      expect([r.statusCode, r.json()]).toEqual([200, {}]);
      expect(checked).toEqual([]);
      expect(outcomes).toEqual(['failed_open']);
      expect((await hook(signup, false)).statusCode).toBe(401);
      const bad = await hook('[]');
      expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'body: must be a JSON object ({metadata, user}, as Supabase sends it)' }]);
    } finally {
      stalling = false;
      await stall;
      await waitFor(async () => (await app.inject({ method: 'GET', url: '/v1/other' })).statusCode === 200);
    }
  });

  it.each([
    ['the rate limit (429)', new ServiceError('MS_ERR_RATE_LIMITED', 'rate limit: at most 1 address per second per account (burst 1000)', { retryAfter: 1 })],
    ['the event log (503)', new ServiceError('MS_ERR_UNAVAILABLE', 'service: unavailable', { retryAfter: 1 })],
  ])('a check refused for %s: allowed at once', async (_what, err) => {
    refusal = err;
    try {
      outcomes.length = 0;
      const r = await hook(signup);
      expect([r.statusCode, r.json()]).toEqual([200, {}]);
      expect(outcomes).toEqual(['failed_open']);
    } finally {
      refusal = undefined;
    }
  });
});

describe('the sign-up hook of an account without a secret', () => {
  /** The same request to acme (which set a secret) and to globex and an unknown account (which did not). */
  async function both(headers: (body: string) => Record<string, string>) {
    const answers = [];
    for (const account of ['acme', 'globex', 'no-such-account']) {
      const r = await app.inject({ method: 'POST', url: `/v1/hooks/supabase/${account}`, headers: { 'content-type': 'application/json', ...headers(signup) }, payload: signup });
      answers.push([r.statusCode, r.json()]);
    }
    return answers;
  }
  const now = () => String(Math.floor(Date.now() / 1000));
  const wrongKey = new Webhook(`whsec_${Buffer.from('someone-else-s-hook-secret-012345').toString('base64')}`);

  it('answers exactly as one with a secret does, so the hook tells no one which accounts set one', async () => {
    checked.length = 0;
    for (const headers of [
      () => ({}),
      () => ({ 'webhook-id': 'msg_probe_1', 'webhook-timestamp': now() }),
      (body: string) => ({ 'webhook-id': 'msg_probe_2', 'webhook-timestamp': now(), 'webhook-signature': wrongKey.sign('msg_probe_2', new Date(), body) }),
      () => ({ 'webhook-id': 'msg_probe_3', 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600), 'webhook-signature': 'v1,AAAA' }),
    ]) {
      const [withSecret, without, unknown] = await both(headers);
      expect(withSecret![0]).toBe(401);
      expect(without).toEqual(withSecret);
      expect(unknown).toEqual(withSecret);
    }
    expect(checked).toEqual([]);
  });
});
