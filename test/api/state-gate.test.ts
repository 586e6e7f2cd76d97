/**
 * Once the stream processors have stopped for good (a damaged log found after start), the state
 * is never brought up to date again: every /v1 operation answers 503 rather than counters that
 * are wrong; operations endpoints still answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.ts';
import { standInAppDeps } from '../helpers/app-deps.ts';

const KEY = 'gate-test-key-0123456789';
let failed = false;
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(
    standInAppDeps('acme', KEY, {
      usage: { usage: async (account) => ({ account, from: '2026-11-01', to: '2026-11-01', total: 3, days: [{ date: '2026-11-01', emails: 3 }] }) },
      health: { readiness: async () => ({ ready: !failed, checks: {} }) },
      stateFailed: () => failed,
    }),
  );
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
