/**
 * A request's logger is made when the request logs, not for every request, and what it writes
 * still carries the request id, the redaction and the level of the service's logger.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverOptions } from '../../src/api/app.ts';
import { installErrorHandlers } from '../../src/api/errors.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createMetrics } from '../../src/platform/metrics.ts';

async function server(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, new Writable({ write: (c, _e, done) => (lines.push(JSON.parse(String(c)) as Record<string, unknown>), done()) }));
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof logger.child;
  const app = Fastify(serverOptions({ logger, metrics: createMetrics() }));
  installErrorHandlers(app);
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.info({ email: 'jane.doe@example.com' }, 'said something');
    request.log.debug('below the level');
    return { level: request.log.level };
  });
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.ready();
  const atStart = children; // Fastify's own, made once
  return { app, lines, children: () => children - atStart };
}

describe('request logger', () => {
  it('a request that logs nothing makes no child logger', async () => {
    const s = await server('info');
    for (let i = 0; i < 5; i++) expect((await s.app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(s.children()).toBe(0);
    expect(s.lines).toEqual([]);
    await s.app.close();
  });

  it('a line a request writes carries its request id, redacted fields and the service level', async () => {
    const s = await server('info');
    const r = await s.app.inject({ method: 'GET', url: '/talks' });
    expect(r.json()).toEqual({ level: 'info' });
    expect(s.children()).toBe(1);
    const said = s.lines.filter((l) => l.msg === 'said something');
    expect(said).toHaveLength(1);
    expect(said[0]!.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(said[0])).not.toContain('jane.doe');
    expect(s.lines.some((l) => l.msg === 'below the level')).toBe(false);
    await s.app.close();
  });

  it('an unexpected error is logged with the request id of the request that failed', async () => {
    const s = await server('info');
    const r = await s.app.inject({ method: 'GET', url: '/fails' });
    expect(r.statusCode).toBe(500);
    const logged = s.lines.find((l) => l.msg === 'unhandled error');
    expect(logged?.reqId).toEqual(expect.any(String));
    await s.app.close();
  });
});
