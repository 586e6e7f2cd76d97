/**
 * pino, configured so no address or IP can reach a log line: request bodies are never logged,
 * URLs lose their query string (GET /v1/check carries the address there) and every path
 * segment that is not one of our route names (a client may put an address in the path), the
 * Authorization header is redacted, known field names are censored wherever they appear, and
 * errors lose the raw bytes Node's HTTP parser attaches to them (`rawPacket`: the request as
 * sent, headers and body).
 */
import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type pretty from 'pino-pretty';

/**
 * pino-pretty (59 modules, about 65 ms of CPU per thread that loads it) is required when a logger
 * writes readable lines, not at every start on every thread: JSON lines need none of it.
 */
const requirePretty = (): typeof pretty => createRequire(import.meta.url)('pino-pretty') as typeof pretty;

/**
 * How log lines are written: JSON lines for machines (a collector, a file, a pipe), or
 * readable lines for a person at a terminal. `auto`: readable when stdout is a terminal.
 */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** Whether `format` means readable lines in this process (`auto`: stdout is a terminal). */
export function prettyLogs(format: LogFormat): boolean {
  return format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
}

/**
 * A message Fastify is given for its own "Server listening at ..." line (see roles/listen.ts),
 * which is dropped: the role logs one line of its own, with the address as a field.
 */
export const UNLOGGED_MESSAGE = 'mailsift: not logged';

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'email',
  'ip',
  'canonical',
  'body',
  '*.email',
  '*.ip',
  '*.canonical',
  '*.body',
];

/** Path segments that may appear in a logged URL: our routes' own words, nothing a client chose. */
const ROUTE_WORDS = new Set(['v1', 'check', 'bulk', 'feedback', 'model', 'usage', 'rules', 'settings', 'openapi.json', 'healthz', 'readyz', 'metrics', 'operator', 'keys']);

/** The URL as it may be logged: known route words kept, any other segment and the query replaced. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const kept = path
    .split('/')
    .map((seg) => (seg === '' || ROUTE_WORDS.has(seg) ? seg : '[redacted]'))
    .join('/');
  return q < 0 ? kept : `${kept}?[redacted]`;
}

function safeErr(err: Error): Record<string, unknown> {
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  delete out.rawPacket;
  return out;
}

/** `pretty`: readable lines on stdout (ignored when a destination is given). */
export function createLogger(level: string, destination?: pino.DestinationStream, opts: { pretty?: boolean } = {}): Logger {
  // Synchronous writes, in this thread: a worker-thread transport could lose the last lines at
  // exit, and pino's default asynchronous stdout can still be writing a line logged before the
  // dev key notice when the notice goes out (flush() does not wait for a write in flight). Only
  // start-up, state and error events log at info level; requests are logged at debug only.
  const out =
    destination ??
    (opts.pretty
      ? requirePretty()({ sync: true, singleLine: true, colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' })
      : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level,
      base: { service: 'mailsift' },
      hooks: {
        logMethod(args, method) {
          if (args[0] === UNLOGGED_MESSAGE || args[1] === UNLOGGED_MESSAGE) return;
          method.apply(this, args);
        },
      },
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: (req: { method?: string; url?: string; id?: string }) => ({ id: req.id, method: req.method, url: safeUrl(req.url) }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: safeErr,
      },
    },
    out,
  );
}
