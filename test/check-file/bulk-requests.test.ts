import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkRequestError, createBulkCaller, StoppedBeforeSending } from '../../src/check-file/bulk-requests.ts';

/** A port on loopback that nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

let server: Server | undefined;
afterEach(async () => {
  if (server?.listening) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
});

describe('createBulkCaller when nothing answers', () => {
  it('stops at once, without a wait, when nothing has answered yet: a wrong MAILSIFT_URL or a service not started', async () => {
    const waits: string[] = [];
    const call = createBulkCaller({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: 'k', onWait: (why) => waits.push(why) });
    const err = await call(['a@example.com'], new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BulkRequestError);
    expect((err as Error).message).toMatch(/ECONNREFUSED.*nothing answers there \(is the service running, and is MAILSIFT_URL right\?\)/);
    expect(waits).toEqual([]);
  });

  it('stops at once on a port fetch refuses to use (its "bad port" list): no retry can reach it', async () => {
    const waits: string[] = [];
    // Port 1 (tcpmux) is on the Fetch standard's list of ports fetch never connects to.
    const call = createBulkCaller({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', onWait: (why) => waits.push(why) });
    const err = await call(['a@example.com'], new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BulkRequestError);
    expect((err as Error).message).toBe('http://127.0.0.1:1/v1/check/bulk: bad port: fetch never connects to this port (the Fetch standard blocks it); run the service on another PORT and set MAILSIFT_URL to it');
    expect(waits).toEqual([]);
  });

  it('waits out a refused connection once the service has answered (a restart, not a wrong address)', async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ results: [{ input: 'a@example.com', error: 'x' }] }));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const stopping = new AbortController();
    const waits: string[] = [];
    const call = createBulkCaller({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      onWait: (why) => {
        waits.push(why);
        stopping.abort(); // the wait itself is backoff; one is enough to show it is retried
      },
    });
    expect(await call(['a@example.com'], stopping.signal)).toHaveLength(1);
    server.closeAllConnections();
    await new Promise<void>((r) => server!.close(() => r()));
    await expect(call(['a@example.com'], stopping.signal)).rejects.toBeInstanceOf(StoppedBeforeSending);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatch(/ECONNREFUSED/);
  });
});
