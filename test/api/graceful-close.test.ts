/**
 * Closing while a client is about to use its keep-alive connection: a request whose bytes
 * arrive just after close began (a busy client or server sent or read it late) is answered,
 * not reset with the "idle" connection.
 */
import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installGracefulClose } from '../../src/api/graceful-close.ts';

describe('installGracefulClose', () => {
  it('answers a request that arrives on an idle keep-alive connection just after close began, with Connection: close', async () => {
    const app = Fastify({ return503OnClosing: false }); // as the service's app (api/app.ts)
    installGracefulClose(app);
    app.get('/ping', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    let reply = '';
    client.on('data', (b: Buffer) => (reply += b.toString()));
    const ended = new Promise<void>((r) => client.once('close', () => r()));
    client.write('GET /ping HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!reply.includes('{"ok":true}')) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 150)); // idle: the last request started over 100 ms ago
    reply = '';
    const closed = app.close();
    await new Promise((r) => setTimeout(r, 30));
    client.write('GET /ping HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply.toLowerCase()).toContain('connection: close');
    expect(reply).toContain('{"ok":true}');
  });
});
