/**
 * A real forward proxy on loopback (CONNECT tunnels, and absolute-form plain HTTP requests), for
 * tests of outbound requests that must go through HTTP(S)_PROXY. Host names ending in
 * `.proxied.internal` lead to 127.0.0.1 (the port as asked): only through this proxy can they
 * be reached, so a request that arrives proves it used the proxy. Every target is recorded.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface HttpProxy {
  readonly url: string;
  /** `host:port` of every request it carried, in order. */
  readonly targets: string[];
  close(): Promise<void>;
}

const resolveHost = (host: string): string | undefined => (host.endsWith('.proxied.internal') ? '127.0.0.1' : host === '127.0.0.1' ? host : undefined);

export async function startHttpProxy(): Promise<HttpProxy> {
  const targets: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    // Absolute form: GET http://host:port/path HTTP/1.1
    const target = new URL(req.url ?? '');
    targets.push(`${target.hostname}:${target.port || 80}`);
    const address = resolveHost(target.hostname);
    if (!address) return void res.writeHead(502).end();
    const upstream = httpRequest({ host: address, port: Number(target.port || 80), method: req.method, path: `${target.pathname}${target.search}`, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':') as [string, string];
    targets.push(`${host}:${port}`);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    const address = resolveHost(host);
    if (!address) return void client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    const upstream = connect(Number(port), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
