/**
 * pino, configured so no address or IP can reach a log line: request bodies are never logged,
 * URLs lose their query string (GET /v1/check carries the address there) and every path
 * segment that is not one of our route names (a client may put an address in the path), the
 * Authorization header is redacted, known field names are censored wherever they appear, and
 * errors lose the raw bytes Node's HTTP parser attaches to them (`rawPacket`: the request as
 * sent, headers and body).
 */
import pino, { type Logger } from 'pino';

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
const ROUTE_WORDS = new Set(['v1', 'check', 'bulk', 'feedback', 'model', 'usage', 'openapi.json', 'healthz', 'readyz', 'metrics']);

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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'mailsift' },
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: (req: { method?: string; url?: string; id?: string }) => ({ id: req.id, method: req.method, url: safeUrl(req.url) }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: safeErr,
      },
    },
    destination,
  );
}
