/**
 * Once the stream processors have stopped for good (a damaged log found after start), the state
 * is never brought up to date again: every /v1 operation answers 503 rather than counters that
 * are wrong; operations endpoints still answer.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.ts';
import { createKeyResolver } from '../../src/api/auth.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createMetrics } from '../../src/platform/metrics.ts';
import { hashApiKey } from '../../src/platform/secrets.ts';
import { ReplayGuard } from '../../src/signup-hooks/replay-guard.ts';

const KEY = 'gate-test-key-0123456789';
let failed = false;
let app: FastifyInstance;
beforeAll(async () => {
  const unused = async (): Promise<never> => {
    throw new Error('not used');
  };
  app = await buildApp({
    logger: createLogger('silent', new Writable({ write: (_c, _e, done) => done() })),
    keys: createKeyResolver([{ account: 'acme', sha256: hashApiKey(KEY) }]),
    rateLimits: () => ({ requests: { rate: 100, burst: 200 }, addresses: { rate: 500, burst: 2000 } }),
    now: Date.now,
    checks: { check: unused, bulk: unused },
    feedback: { report: unused },
    model: { stats: unused },
    rules: { create: unused, list: () => [], remove: unused },
    settings: { get: () => ({ verdict_allow: 60, verdict_review: 30 }) as never, patch: unused },
    stats: { stats: unused },
    dashboard: [],
    signupHooks: { secretFor: () => undefined, rejectReview: () => false, check: unused, deadlineMs: 2000, replay: new ReplayGuard(), now: Date.now },
    usage: { usage: async (account) => ({ account, from: '2026-11-01', to: '2026-11-01', total: 3, days: [{ date: '2026-11-01', emails: 3 }] }) },
    health: { readiness: async () => ({ ready: !failed, checks: {} }) },
    metrics: createMetrics(),
    version: 'test',
    stateFailed: () => failed,
  });
  await app.ready();
});
afterAll(() => app?.close());

const usage = () => app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: `Bearer ${KEY}` } });

describe('when the state can no longer be brought up to date', () => {
  it('answers as usual before, and 503 with Retry-After on every /v1 route after', async () => {
    expect((await usage()).statusCode).toBe(200);
    failed = true;
    const r = await usage();
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('60');
    expect(r.json().error).toMatch(/^service: unavailable: the stored counters can no longer be brought up to date/);
    const check = await app.inject({ method: 'POST', url: '/v1/check', headers: { authorization: `Bearer ${KEY}` }, payload: { email: 'a.b@gmail.com' } });
    expect(check.statusCode).toBe(503);
    // A wrong key is still a 401, and liveness still answers.
    expect((await app.inject({ method: 'GET', url: '/v1/usage', headers: { authorization: 'Bearer wrong-key-0123456789abc' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
