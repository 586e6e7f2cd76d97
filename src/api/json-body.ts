/**
 * The JSON body parser: Fastify's own rules (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` keys, which could poison prototypes downstream), with errors that say
 * which rule the body broke: a valid JSON body refused for such a key used to be told it was
 * not valid JSON.
 */
import sjson from 'secure-json-parse';
import { validationError } from '../domain/errors.ts';

const RULES = { protoAction: 'error', constructorAction: 'error' } as const;

export function parseJsonBody(body: string): unknown {
  if (body.length === 0) throw validationError('body: must not be empty');
  try {
    return sjson.parse(body, RULES);
  } catch (err) {
    if (err instanceof SyntaxError && /forbidden prototype property/.test(err.message)) {
      throw validationError('body: must not contain a "__proto__" or "constructor.prototype" property');
    }
    throw validationError('body: must be valid JSON');
  }
}
