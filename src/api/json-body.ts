/**
 * The JSON body parser: Fastify's own rules (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` keys, which could poison prototypes downstream), with errors that say
 * which rule the body broke: a valid JSON body refused for such a key used to be told it was
 * not valid JSON. A key given twice in one object is refused too (JSON.parse keeps the last).
 */
import { isUtf8 } from 'node:buffer';
import sjson from 'secure-json-parse';
import { validationError } from '../domain/errors.ts';
import { clip } from './errors.ts';
import { firstDuplicateKey } from './json-duplicate-keys.ts';

const RULES = { protoAction: 'error', constructorAction: 'error' } as const;

export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) throw validationError('body: must not be empty');
  // JSON is UTF-8 (RFC 8259): other bytes would be replaced with U+FFFD and then checked as if sent.
  if (!isUtf8(body)) throw validationError('body: must be UTF-8 encoded JSON');
  const text = body.toString('utf8');
  let value: unknown;
  try {
    value = sjson.parse(text, RULES);
  } catch (err) {
    if (err instanceof SyntaxError && /forbidden prototype property/.test(err.message)) {
      throw validationError('body: must not contain a "__proto__" or "constructor.prototype" property');
    }
    throw validationError('body: must be valid JSON');
  }
  // JSON.parse keeps the last of a repeated key; the body is refused instead (json-duplicate-keys.ts).
  const duplicate = typeof value === 'object' && value !== null ? firstDuplicateKey(text) : undefined;
  if (duplicate !== undefined) throw validationError(`${clip(duplicate)}: must be given once (the key appears twice in the body)`);
  return value;
}
