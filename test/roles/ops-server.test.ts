import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/platform/logger.ts';
import { createMetrics } from '../../src/platform/metrics.ts';
import type { Context } from '../../src/roles/context.ts';
import { startOpsServer } from '../../src/roles/ops-server.ts';

/** The operations endpoints of a streams or trainer process: the API's error contract too. */
describe('operations server (a process without the API role)', () => {
  let server: { address: string; close(): Promise<void> };
  const logged: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => (logged.push(String(chunk)), done()) });
    const ctx = { config: { host: '127.0.0.1', port: 0, logLevel: 'info', roles: ['streams'] }, logger: createLogger('info', sink), metrics: createMetrics() } as unknown as Context;
    server = await startOpsServer(ctx, { readiness: async () => ({ ready: true, checks: { streams: { ok: true } } }) });
  });
  afterAll(() => server?.close());

  it('answers /healthz, /readyz and /metrics', async () => {
    expect((await fetch(`${server.address}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.address}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${server.address}/metrics`)).text()).toContain('mailsift_process_cpu_seconds_total');
  });

  it('errors are {error} naming the rule, as on the API: unknown route, wrong method, bad JSON', async () => {
    const expectError = async (r: Response, status: number, message: RegExp) => {
      expect(r.status).toBe(status);
      const body = (await r.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['error']);
      expect(String(body.error)).toMatch(message);
      return r;
    };
    await expectError(await fetch(`${server.address}/v1/model`), 404, /^route: GET \/v1\/model does not exist$/);
    const wrong = await expectError(await fetch(`${server.address}/metrics`, { method: 'DELETE' }), 405, /^method: \/metrics takes GET/);
    expect(wrong.headers.get('allow')).toContain('GET');
    // Routing decides before the body is read: a wrong method is that, whatever the body.
    await expectError(await fetch(`${server.address}/healthz`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' }), 405, /^method: \/healthz takes GET/);
    await expectError(await fetch(`${server.address}/healthz`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }), 405, /^method: \/healthz takes GET/);
  });

  it('does not log every request at info (only at debug)', async () => {
    await fetch(`${server.address}/healthz`);
    expect(logged.some((l) => l.includes('incoming request'))).toBe(false);
  });
});
