/** Listening on HOST:PORT, with an error that names the setting and the reason when it fails. */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { UNLOGGED_MESSAGE } from '../platform/logger.ts';
import { StartupError } from '../platform/startup-error.ts';

export async function listenOn(app: FastifyInstance, host: string, port: number): Promise<string> {
  try {
    // Fastify's own "Server listening at" line is dropped (one per interface on 0.0.0.0): the
    // caller logs one line that names what listens.
    return await app.listen({ port, host, listenTextResolver: () => UNLOGGED_MESSAGE });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw listenError(err, host, port);
  }
}

/**
 * Fails the start at once when HOST:PORT cannot be listened on (taken, not an address of this
 * machine, privileged), before anything else is done: a start on a taken port used to create the
 * data dir, print a development key and download the feeds, then fail. The port is bound and
 * released; the real listen comes later and still names the cause if another process took the
 * port in between. Port 0 (any free port) always succeeds.
 */
export async function ensureCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (err) {
    throw listenError(err, host, port);
  }
  await new Promise((resolve) => probe.close(resolve));
}

function listenError(err: unknown, host: string, port: number): StartupError {
  const code = (err as NodeJS.ErrnoException).code;
  const why =
    code === 'EADDRINUSE'
      ? `port ${port} is already in use`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `HOST "${host}" does not resolve`
        : code === 'EADDRNOTAVAIL'
          ? `HOST "${host}" is not an address of this machine`
          : code === 'EACCES'
            ? `port ${port} needs privileges`
            : (err as Error).message;
  return new StartupError(`cannot listen on ${host}:${port} (HOST, PORT): ${why}`, { cause: err });
}
