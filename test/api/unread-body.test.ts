/**
 * A request answered before its body is read (no key: 401; rate limited: 429) closes its
 * connection when much of the body is still to come, instead of reading all of it off the wire
 * first (0.6-0.9 ms of the event loop per MB, for a client that needs no key at all). Clients
 * still get the answer (test/blackbox/unread-body.test.ts: a client still sending, in another
 * process): fetch (undici), and check-file's bulk caller, which waits out a 429.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/api/app.ts';
import { KEEP_ALIVE_UNREAD_BYTES } from '../../src/api/unread-body.ts';
import { createBulkCaller } from '../../src/check-file/bulk-requests.ts';
import { standInAppDeps } from '../helpers/app-deps.ts';

const KEY = 'unread-body-key-0123456789';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function listen(over: Partial<AppDeps> = {}): Promise<{ base: string; port: number }> {
  app = await buildApp(standInAppDeps('acme', KEY, over));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { base, port: Number(new URL(base).port) };
}

/** Valid JSON of exactly `bytes` bytes. */
const bodyOf = (bytes: number): string => {
  const head = '{"outcome":"real","email":"ana.silva@example.com","padding":"';
  return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
};

/**
 * Sends a request whose content-length promises `declared` bytes, writes the first `sent` of
 * them and then nothing: what came back, and whether the server closed the connection within `waitMs`.
 */
function partialUpload(port: number, declared: number, sent: number, waitMs: number): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, waitMs);
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the answer arrived is a close too.
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true });
    });
    socket.write(`POST /v1/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
    socket.write('x'.repeat(sent));
  });
}

/**
 * Sends a request promising `declared` bytes and writes them as fast as the server takes them:
 * the answer, and how many bytes of the body the connection took before it was cut or all were sent.
 */
function fullUpload(port: number, declared: number): Promise<{ answer: string; taken: number }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(1 << 20, 0x78);
    let answer = '';
    let queued = 0;
    const taken = (): number => socket.bytesWritten - socket.writableLength;
    const done = (): void => resolve({ answer, taken: Math.max(0, taken() - headers.length) });
    const headers = `POST /v1/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`;
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', done);
    const pump = (): void => {
      while (queued < declared) {
        queued += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      // All of it sent and taken: the server drained the body (it would wait for the next request).
      setTimeout(() => socket.destroy(), 200);
    };
    socket.write(headers);
    pump();
  });
}

describe('answers given before the body is read', () => {
  it('no key, 100 MB promised: 401 and the connection closed, without waiting for the rest of the body', async () => {
    const { port } = await listen();
    const r = await partialUpload(port, 100_000_000, 256 * 1024, 5_000);
    expect(r.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(r.answer.toLowerCase()).toContain('connection: close');
    expect(r.answer).toContain('{"error":"authorization: a Bearer API key is required"}');
    expect(r.closed).toBe(true);
  });

  it('no key, 100 MB sent as fast as taken: the server stops reading once it has answered', async () => {
    const { port } = await listen();
    const r = await fullUpload(port, 100 * (1 << 20));
    expect(r.answer).toMatch(/^HTTP\/1\.1 401 /);
    // What the kernel's buffers hold on both sides, and what arrived before the answer: a few MB.
    expect(r.taken).toBeLessThan(32 * (1 << 20));
  });

  it('a small unread remainder is read as before, and the connection kept', async () => {
    const { base } = await listen();
    const r = await fetch(`${base}/v1/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodyOf(KEEP_ALIVE_UNREAD_BYTES) });
    expect([r.status, r.headers.get('connection'), await r.json()]).toEqual([401, 'keep-alive', { error: 'authorization: a Bearer API key is required' }]);
  });

  it('fetch gets every 401 whole, with its length or in chunks, 1 MB each', async () => {
    const { base } = await listen();
    for (let i = 0; i < 20; i++) {
      const body = i % 2 ? new Blob([bodyOf(1_000_000)]).stream() : bodyOf(1_000_000);
      const r = await fetch(`${base}/v1/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
      expect([r.status, r.headers.get('connection'), await r.json()]).toEqual([401, 'close', { error: 'authorization: a Bearer API key is required' }]);
    }
  });

  it('429 before the body: fetch gets it with Retry-After; a body that was read keeps its connection', async () => {
    const { base } = await listen({ rateLimits: () => ({ requests: { rate: 1, burst: 1 }, addresses: { rate: 500, burst: 2000 } }) });
    const send = () => fetch(`${base}/v1/feedback`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: bodyOf(1_000_000) });
    // The first is read (and refused for its unknown property): nothing was left unread.
    const read = await send();
    expect([read.status, read.headers.get('connection')]).toEqual([400, 'keep-alive']);
    await read.text();
    const refused = await send();
    expect([refused.status, refused.headers.get('connection'), Number(refused.headers.get('retry-after'))]).toEqual([429, 'close', 1]);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^rate limit: at most 1 request per second per account/);
  });

  it("check-file's bulk caller gets a 429 refused before its body (over 64 KiB) and sends it again after Retry-After", async () => {
    const bulk = async (_account: string, emails: readonly string[]) => emails.map((input) => ({ input, error: 'email: made up for this test' }));
    const { base } = await listen({
      rateLimits: () => ({ requests: { rate: 1000, burst: 1000 }, addresses: { rate: 1000, burst: 1000 } }),
      checks: { check: async () => Promise.reject(new Error('not used')), bulk },
    });
    const emails = Array.from({ length: 1000 }, (_, i) => `a.rather.long.made.up.name.number.${i}@mail.department.example-company.com`);
    expect(JSON.stringify({ emails }).length).toBeGreaterThan(KEEP_ALIVE_UNREAD_BYTES);
    const waits: string[] = [];
    const call = createBulkCaller({ baseUrl: base, apiKey: KEY, maxTries: 1, onWait: (why) => waits.push(why) });
    const stopping = new AbortController().signal;
    expect(await call(emails, stopping)).toHaveLength(1000); // takes the whole address burst
    expect(await call(emails, stopping)).toHaveLength(1000); // refused first (no address left), then sent again
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatch(/^429 rate limit: at most 1000 addresses per second per account/);
  });
});
