import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, safeUrl } from '../../src/platform/logger.ts';

describe('safeUrl', () => {
  it.each([
    ['/v1/check', '/v1/check'],
    ['/v1/check/bulk', '/v1/check/bulk'],
    ['/v1/check?email=jane%40gmail.com', '/v1/check?[redacted]'],
    ['/v1/jane.doe@gmail.com', '/v1/[redacted]'],
    ['/v1/jane.doe', '/v1/[redacted]'],
    ['/healthz', '/healthz'],
    ['/198.51.100.7/metrics?x', '/[redacted]/metrics?[redacted]'],
    [undefined, undefined],
  ])('%s -> %s', (url, expected) => {
    expect(safeUrl(url)).toBe(expected);
  });
});

describe('createLogger', () => {
  it("drops an error's rawPacket (the request as sent) and redacts known fields", () => {
    let out = '';
    const log = createLogger('info', new Writable({ write: (c: Buffer, _e, cb) => ((out += c.toString()), cb()) }));
    const err = Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD', rawPacket: Buffer.from('FOO / HTTP/1.1\r\nauthorization: Bearer secret-key\r\n\r\n{"email":"jane@gmail.com"}') });
    log.error({ err, email: 'jane@gmail.com', req: { method: 'GET', url: '/v1/jane@gmail.com?ip=1.2.3.4' } }, 'x');
    expect(out).toContain('HPE_INVALID_METHOD');
    expect(out).not.toMatch(/rawPacket|secret-key|jane|1\.2\.3\.4/);
  });

  it('builds a logger of readable lines when asked (pino-pretty is required then, not when the module loads)', () => {
    // Level silent: the line would go to fd 1 directly (synchronous), past vitest's output.
    const log = createLogger('silent', undefined, { pretty: true });
    expect(() => log.info('x')).not.toThrow();
    expect(log.level).toBe('silent');
  });
});
