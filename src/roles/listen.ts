/** Listening on HOST:PORT, with an error that names the setting and the reason when it fails. */
import type { FastifyInstance } from 'fastify';
import { StartupError } from '../platform/startup-error.ts';

export async function listenOn(app: FastifyInstance, host: string, port: number): Promise<string> {
  try {
    return await app.listen({ port, host });
  } catch (err) {
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
    await app.close().catch(() => undefined);
    throw new StartupError(`cannot listen on ${host}:${port} (HOST, PORT): ${why}`, { cause: err });
  }
}
