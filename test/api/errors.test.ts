/**
 * Refusals at the protocol level, over a real socket: every one answers an `{error}` body, an
 * unknown route is a 404/405 whatever its body, and a request that stops arriving gets 408.
 */
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverOptions } from '../../src/api/app.ts';
import { formatValidation, installErrorHandlers } from '../../src/api/errors.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createMetrics } from '../../src/platform/metrics.ts';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const logger = createLogger('info', new Writable({ write: (_c, _e, done) => done() }));
  app = Fastify(serverOptions({ logger, metrics: createMetrics(), requestTimeoutMs: 1_000 }));
  installErrorHandlers(app);
  app.post('/echo', async (request) => request.body);
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** Sends raw bytes, returns what came back until the server closed (or `waitMs` passed). */
function raw(bytes: string, waitMs = 3_000): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const done = () => resolve({ text, ms: performance.now() - started });
    const timer = setTimeout(() => (socket.destroy(), done()), waitMs);
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('close', () => (clearTimeout(timer), done()));
    socket.on('error', () => undefined);
  });
}
const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
const errorOf = (text: string) => (JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: string }).error;

describe('protocol-level refusals', () => {
  it('an unknown route or method is answered as such before its body is read (not "body: must be valid JSON")', async () => {
    const bad = (line: string) => raw(`${line}\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nConnection: close\r\n\r\n{bad`);
    const nope = await bad('POST /nope HTTP/1.1');
    expect(statusOf(nope.text)).toBe(404);
    expect(errorOf(nope.text)).toBe('route: POST /nope does not exist');
    const put = await bad('PUT /echo HTTP/1.1');
    expect(statusOf(put.text)).toBe(405);
    expect(put.text).toMatch(/\r\nallow: POST\r\n/i);
    const long = await raw(`GET /${'x'.repeat(5000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(errorOf(long.text).length).toBeLessThan(120); // the path is clipped, not echoed whole
  });

  it('HTTP/1.1 without Host: 400 with an {error} body', async () => {
    const r = await raw('GET /echo HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(statusOf(r.text)).toBe(400);
    expect(errorOf(r.text)).toBe('host: header is required (HTTP/1.1)');
  });

  it('an Expect other than 100-continue: 417 with an {error} body', async () => {
    const r = await raw('POST /echo HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
    expect(statusOf(r.text)).toBe(417);
    expect(errorOf(r.text)).toBe('expect: only 100-continue is supported');
  });

  it('CONNECT: 405 with an {error} body (Node closed the connection without a word)', async () => {
    const r = await raw('CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n');
    expect(statusOf(r.text)).toBe(405);
    expect(errorOf(r.text)).toBe('method: CONNECT is not supported');
  });

  it('a body that stops arriving gets 408 once the request timeout passes (it was never timed out)', async () => {
    const r = await raw('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{', 8_000);
    expect(statusOf(r.text)).toBe(408);
    expect(errorOf(r.text)).toBe('request: not received in time');
    expect(r.ms).toBeLessThan(5_000);
  });
});

describe('formatValidation', () => {
  // `?days=7` is a query parameter, not a property: the message says which.
  it('an unknown name is an unknown property in a body, an unknown query parameter in a query string', () => {
    const unknown = [{ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'days' } }];
    expect(formatValidation(unknown, 'querystring')).toBe('days: is not allowed (unknown query parameter)');
    expect(formatValidation(unknown, 'body')).toBe('days: is not allowed (unknown property)');
    expect(formatValidation([{ instancePath: '/user', keyword: 'additionalProperties', params: { additionalProperty: 'x' } }], 'body')).toBe('user.x: is not allowed (unknown property)');
  });
});
