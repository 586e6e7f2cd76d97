/**
 * A request answered before its body was read (401 without a key, 403, 429, 404, 405, 503)
 * closes its connection when much of that body is still to come. Kept open, the connection
 * must first take the rest of the body off the wire (Node reads and discards it once the
 * answer is sent), at 0.6-0.9 ms of the one event loop per MB: a client without any key could
 * make the service read whatever it uploaded, at line rate, for nothing. Closed, the service
 * stops reading once the answer is out; the client still gets it (clients read the answer
 * while they send: fetch/undici, curl; check-file retries a 429 after its Retry-After).
 * A small remainder is read as before: reading it costs less than the client's reconnection.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An unread remainder of up to this many bytes is read and the connection kept. */
export const KEEP_ALIVE_UNREAD_BYTES = 64 * 1024;

/** Whether more than KEEP_ALIVE_UNREAD_BYTES of the request's body may be still to come, unread. */
export function unreadBodyIsLarge(request: FastifyRequest): boolean {
  const raw = request.raw;
  // Read (or being read) by a parser, or all of it arrived already: nothing is left to drain.
  if (raw.readableFlowing !== null || raw.complete) return false;
  const declared = raw.headers['content-length'];
  // No length (chunked): as long as the client likes.
  if (declared === undefined) return raw.headers['transfer-encoding'] !== undefined;
  const n = Number(declared);
  return !Number.isSafeInteger(n) || n > KEEP_ALIVE_UNREAD_BYTES;
}

/** How long a closing connection is kept, unread, for its client to take the answer and hang up. */
export const LINGER_MS = 2_000;

/**
 * Node closes a `connection: close` answer's socket once the answer is written (destroySoon),
 * right after it set the unread body flowing (to be discarded). Destroyed at once, the socket
 * answers the client's next bytes with a reset, and a client still writing its body fails on
 * that (fetch: EPIPE, 5-72% of 8-50 MB uploads) instead of reading the answer it already has.
 * So the socket only ends its own side and stops reading: the client reads the answer, sees
 * `connection: close` and hangs up; what it sent meanwhile waits unread in the kernel's buffers
 * until the socket is destroyed, LINGER_MS later. Stopped in the same turn, the reading would
 * start again: setting the body flowing takes effect on a later tick (a 500 MB upload: ~4 MB
 * read before the client hung up, ~200 KB stopped after the current turn).
 */
function lingerUnread(socket: Socket): void {
  socket.destroySoon = function (this: Socket): void {
    this.end();
    setImmediate(() => this.pause());
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/** Installs the rule on every answer of `app`. */
export function closeOnLargeUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (unreadBodyIsLarge(request)) {
      reply.header('connection', 'close');
      lingerUnread(request.raw.socket);
    }
    done(null, payload);
  });
}
