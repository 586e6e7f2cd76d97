/**
 * Shutting down without dropping requests (SIGTERM under load):
 * - Requests a client already sent may still sit unread in a socket when close starts, and
 *   Node's server.close() destroys every connection that looks idle, which those do: their
 *   clients got ECONNRESET and could not tell whether the check was made. So close first drains:
 *   the listener stays open until no request is in flight and none has started for a moment
 *   (at most DRAIN_MAX_MS), which lets the event loop read and answer what was sent.
 * - Every response from then on carries `Connection: close`, including those of requests that
 *   began before close (Fastify marks only the ones routed after it). A keep-alive connection
 *   that turned idle after its answer used to hold server.close() open until the 10 s
 *   force-exit timer ended the process with code 1.
 * Requests arriving while draining are served, not refused: the stores are still open.
 * - When the drain ends, a request whose body is still arriving has its connection closed: a
 *   client that stopped sending mid-body held server.close() open until the force-exit timer.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

const QUIET_MS = 100;
const DRAIN_MAX_MS = 2_000;
const POLL_MS = 25;

export function installGracefulClose(app: FastifyInstance): void {
  const inFlight = new Set<ServerResponse>();
  let lastStart = 0;
  let closing = false;
  function ended(this: ServerResponse): void {
    inFlight.delete(this);
  }

  // Callback-style hooks: no promise per request on the hot path.
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight.add(reply.raw);
    lastStart = performance.now();
    // 'close' fires once per response, whether answered or aborted by the client.
    reply.raw.once('close', ended);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    closing = true;
    // Quiet is counted from close too: a request already sent but not read yet (a busy or
    // descheduled process reads its sockets on the next loop turn) is not in flight yet, and
    // closing at once would reset its connection.
    const closeStart = performance.now();
    const deadline = closeStart + DRAIN_MAX_MS;
    while (performance.now() < deadline && (inFlight.size > 0 || performance.now() - Math.max(lastStart, closeStart) < QUIET_MS)) {
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    for (const res of inFlight) if (!res.req.complete) res.req.socket.destroy();
  });
}
