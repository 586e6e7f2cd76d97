/**
 * pino, configured so no address or IP can reach a log line: request bodies are never logged,
 * URLs lose their query string (GET /v1/check carries the address there), the Authorization
 * header is redacted, and known field names are censored wherever they appear.
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

export function stripQuery(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q)}?[redacted]`;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'mailsift' },
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: (req: { method?: string; url?: string; id?: string }) => ({ id: req.id, method: req.method, url: stripQuery(req.url) }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
