/**
 * One error policy for every route: ServiceError -> its status; schema validation -> 400 with
 * `<field>: <rule>`; body problems -> 400/413/415; anything unexpected -> 500 with a generic
 * body (and the full error logged). Every body is exactly `{ "error": "..." }`.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../domain/errors.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldOf(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (parts.length === 0) return context === 'querystring' ? 'query' : 'body';
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  integer: 'an integer',
  number: 'a number',
};

/** A client-chosen name echoed in a message is cut short: a 100 kB key must not make a 100 kB error. */
export const clip = (name: string): string => (name.length > 64 ? `${name.slice(0, 64)}…` : name);

export function formatValidation(errors: readonly AjvError[], context: string | undefined): string {
  const e = errors[0];
  if (!e) return 'body: is invalid';
  const field = fieldOf(e.instancePath, context);
  const p = e.params;
  const join = (f: string, name: string): string => (f === 'body' || f === 'query' ? name : `${f}.${name}`);
  switch (e.keyword) {
    case 'required':
      return `${join(field, String(p.missingProperty))}: is required`;
    case 'additionalProperties':
      return `${join(field, clip(String(p.additionalProperty)))}: is not allowed (unknown ${context === 'querystring' ? 'query parameter' : 'property'})`;
    case 'type':
      return `${field}: must be ${TYPE_NAMES[String(p.type)] ?? String(p.type)}`;
    case 'maxLength':
      return `${field}: must be at most ${field === 'email' ? 254 : String(p.limit)} characters`;
    case 'minLength':
      return p.limit === 1 ? `${field}: must not be empty` : `${field}: must be at least ${String(p.limit)} characters`;
    case 'minItems':
      return `${field}: must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `${field}: must have at most ${String(p.limit)} items`;
    case 'minimum':
      return `${field}: must be at least ${String(p.limit)}`;
    case 'maximum':
      return `${field}: must be at most ${String(p.limit)}`;
    case 'enum':
      return `${field}: must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      // The one pattern a caller meets with a value of its own making: say it in words.
      if (p.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return `${field}: must be a date as YYYY-MM-DD`;
      return `${field}: must match ${String(p.pattern)}`;
    default:
      return `${field}: ${e.message ?? 'is invalid'}`;
  }
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { validation?: AjvError[]; validationContext?: string }, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ServiceError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfter))));
      if (err.status === 401) reply.header('www-authenticate', 'Bearer');
      return reply.code(err.status).send({ error: err.message });
    }
    if (err.validation) return reply.code(400).send({ error: formatValidation(err.validation, err.validationContext) });
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ error: 'body: must be at most 1 MiB' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send({ error: 'content-type: must be application/json' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send({ error: 'content-length: does not match the body' });
    }
    // JSON bodies are parsed by json-body.ts, which names the rule; this catches any other parse.
    if (err instanceof SyntaxError) {
      return reply.code(400).send({ error: 'body: must be valid JSON' });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ error: `request: ${err.message}` });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'internal error' });
  });

  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  const routeMissing = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split('?')[0]!;
    // A route that exists with other methods: 405 and the methods it takes (RFC 9110 15.5.6).
    // findRoute matches the path as the router does (/v1/rules/rule_x is /v1/rules/:id);
    // hasRoute would compare it with the route's pattern and miss every parametric route.
    const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
    if (allowed.length) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ error: `method: ${clip(path)} takes ${allowed.join(' or ')}, not ${request.method}` });
    }
    return reply.code(404).send({ error: `route: ${request.method} ${clip(path)} does not exist` });
  };
  app.setNotFoundHandler(routeMissing);
  // Before the body is read: an unknown route or method is answered as such, not as a body that
  // is not JSON or too large (nor made to buffer 1 MiB on any path without a key). HTTP/1.1
  // without Host is refused here too, with a body (Node's own refusal had none).
  app.addHook('onRequest', (request, reply, done) => {
    // (Nothing is returned: a reply is thenable, and a hook's thenable result is awaited.)
    if (request.headers.host === undefined && request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1) {
      void reply.code(400).header('connection', 'close').send({ error: 'host: header is required (HTTP/1.1)' });
    } else if (request.is404) {
      routeMissing(request, reply);
    } else {
      done();
    }
  });

  // Refusals Node makes outside any request handler, with the same {error} bodies.
  app.server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({ error: 'expect: only 100-continue is supported' });
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
    res.end(body);
  });
  app.server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    const body = JSON.stringify({ error: 'method: CONNECT is not supported' });
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown method, headers over
 * the size limit, a malformed request line, a timeout) get the same `{error}` body as
 * everything else. Only the error code is logged: the parser's error carries the raw request.
 *
 * Pipelining: the bad bytes may follow valid requests on the same connection (one write of a
 * check and then garbage) that are still being answered. Those were billed, so they are
 * answered first, in order, and only then the refusal, and the connection closed: destroying
 * the socket at once dropped their answers.
 */
export function clientErrorHandler(log: FastifyBaseLogger, counted?: (status: number) => void) {
  // The parser stays failed and reports again on every later chunk of the same connection.
  const refused = new WeakSet<Socket>();
  return (err: NodeJS.ErrnoException, socket: Socket): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    if (refused.has(socket)) return;
    refused.add(socket);
    const [status, message] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request: not received in time']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'headers: must be at most 16 KiB in all (send the address in a POST body)']
          : err.code === 'HPE_INVALID_METHOD'
            ? [400, 'method: not a valid HTTP method']
            : [400, 'request: not valid HTTP'];
    log.debug({ code: err.code }, 'client error');
    counted?.(status);
    const body = JSON.stringify({ error: message });
    const refusal = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
    afterAnswersInFlight(socket, () => {
      if (socket.destroyed) return;
      if (!socket.writable) return void socket.destroy();
      // end(), not destroy(): the answers written just before must leave the buffer first.
      socket.end(refusal);
      setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
    });
  };
}

/** How long a refused connection may take to take its last bytes before it is cut. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Runs `then` once no response to a request received whole is being written on the socket.
 * Node attaches a connection's responses to it one at a time, in request order (`_httpMessage`,
 * the field its own default client-error handler checks), and attaches the next queued one when
 * the current one finishes; so this waits for each in turn. A request not received whole is the
 * one that failed (its body timed out): its refusal is due now.
 */
function afterAnswersInFlight(socket: Socket, then: () => void): void {
  const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!current || current.writableFinished || !current.req.complete) return then();
  const next = (): void => {
    current.off('finish', next);
    current.off('close', next);
    // Node attaches the next response in its own 'finish' listener, registered before this one.
    process.nextTick(() => afterAnswersInFlight(socket, then));
  };
  current.on('finish', next);
  current.on('close', next);
}

/**
 * Router-level failures (a path that is not valid percent-encoding, ...) as `{error}` bodies; the
 * path is not echoed. Fastify's response hooks do not run for these, hence `counted`.
 */
export function frameworkErrors(counted?: (method: string, status: number) => void) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, message] =
      err.code === 'FST_ERR_BAD_URL'
        ? [400, 'url: must be valid percent-encoding']
        : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [414, 'url: path parameter too long']
          : [400, `request: ${err.message}`];
    counted?.(request.method, status);
    void reply.code(status).send({ error: message });
  };
}
