/**
 * The JSON body parser: Fastify's own rules (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` keys, which could poison prototypes downstream), with errors that say
 * which rule the body broke: a valid JSON body refused for such a key used to be told it was
 * not valid JSON.
 */
import { isUtf8 } from 'node:buffer';
import sjson from 'secure-json-parse';
import { validationError } from '../domain/errors.ts';

const RULES = { protoAction: 'error', constructorAction: 'error' } as const;

export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) throw validationError('body: must not be empty');
  // JSON is UTF-8 (RFC 8259): other bytes would be replaced with U+FFFD and then checked as if sent.
  if (!isUtf8(body)) throw validationError('body: must be UTF-8 encoded JSON');
  try {
    return sjson.parse(body.toString('utf8'), RULES);
  } catch (err) {
    if (err instanceof SyntaxError && /forbidden prototype property/.test(err.message)) {
      throw validationError('body: must not contain a "__proto__" or "constructor.prototype" property');
    }
    throw validationError('body: must be valid JSON');
  }
}
