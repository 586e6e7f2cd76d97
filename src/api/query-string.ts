/**
 * The query-string parser: Fastify's own (fast-querystring), except that a name or value that
 * is not valid percent-encoding is not passed on silently. fast-querystring hands such a value
 * over undecoded, so `email=ann%ZZlee%40x.com` reached the email rules as `ann%ZZlee%40x.com`
 * and was refused for having no `@`: the wrong rule. The names of such parameters are kept
 * under MALFORMED, and `refuseMalformedQuery` answers 400 naming the parameter.
 */
import fastQuerystring from 'fast-querystring';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../domain/errors.ts';
import { clip } from './errors.ts';

export const MALFORMED = Symbol('mailsift.malformedQuery');

type Parsed = Record<string, unknown> & { [MALFORMED]?: string[] };

function decodes(component: string): boolean {
  try {
    decodeURIComponent(component.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

export function parseQueryString(raw: string): Parsed {
  const parsed = fastQuerystring.parse(raw) as Parsed;
  if (!raw.includes('%')) return parsed; // nothing to decode, nothing malformed
  const malformed: string[] = [];
  for (const part of raw.split('&')) {
    if (!part.includes('%')) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (!decodes(name)) malformed.push(name);
    else if (!decodes(value)) malformed.push(decodeURIComponent(name.replace(/\+/g, ' ')));
  }
  if (malformed.length) parsed[MALFORMED] = malformed;
  return parsed;
}

/**
 * preValidation hook: 400 `<parameter>: must be valid percent-encoding` before the schema runs,
 * and `<parameter>: must be given once` for a repeated one (the parser makes it an array, which
 * the schema would refuse as "must be a string": the wrong rule).
 */
export async function refuseMalformedQuery(request: FastifyRequest): Promise<void> {
  const query = request.query as Parsed | undefined;
  if (!query) return;
  const bad = query[MALFORMED];
  if (bad?.length) throw validationError(`${clip(bad[0]!)}: must be valid percent-encoding`);
  for (const name in query) if (Array.isArray(query[name])) throw validationError(`${clip(name)}: must be given once`);
}
