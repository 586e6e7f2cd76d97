/**
 * A real HTTP server on loopback for feed tests (never a mock of node:http or fetch).
 * Routes map a path to a handler; every request is counted per path.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FeedServer {
  readonly base: string;
  url(path: string): string;
  route(path: string, handler: Handler): void;
  hits(path: string): number;
  close(): Promise<void>;
}

export const sendBody =
  (body: string | Uint8Array, type = 'application/octet-stream'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

export const status =
  (code: number): Handler =>
  (_req, res) => {
    res.writeHead(code, { 'content-type': 'text/plain' });
    res.end(`status ${code}`);
  };

export const redirect =
  (location: string): Handler =>
  (_req, res) => {
    res.writeHead(302, { location });
    res.end();
  };

/** Sends headers, then never finishes the body (a stalled download). */
export const stall: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.write('185.220.101.4\n');
};

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Handler>();
  const counts = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    open.add(res);
    res.on('close', () => open.delete(res));
    (routes.get(path) ?? status(404))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    url: (path) => `${base}${path}`,
    route: (path, handler) => void routes.set(path, handler),
    hits: (path) => counts.get(path) ?? 0,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
