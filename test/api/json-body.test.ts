import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/api/json-body.ts';

/** latin1: one byte per char, so a test can write invalid UTF-8. */
const refusal = (body: string): { status?: number; message: string } => {
  try {
    parseJsonBody(Buffer.from(body, 'latin1'));
  } catch (err) {
    return { status: (err as { status?: number }).status, message: (err as Error).message };
  }
  throw new Error('parsed');
};

describe('parseJsonBody', () => {
  it('parses JSON', () => {
    expect(parseJsonBody(Buffer.from('{"email":"a.b@gmail.com","n":[1,2]}'))).toEqual({ email: 'a.b@gmail.com', n: [1, 2] });
    expect(parseJsonBody(Buffer.from('"x"'))).toBe('x');
    expect(parseJsonBody(Buffer.from('{"email":"josé@bücher.de"}'))).toEqual({ email: 'josé@bücher.de' });
  });

  it('names the rule a refused body broke, as a 400', () => {
    expect(refusal('')).toEqual({ status: 400, message: 'body: must not be empty' });
    expect(refusal('{"email":')).toEqual({ status: 400, message: 'body: must be valid JSON' });
    expect(refusal('{"email":"\xff\xfe@g.co"}')).toEqual({ status: 400, message: 'body: must be UTF-8 encoded JSON' });
    expect(refusal('{"__proto__":{"x":1}}')).toEqual({ status: 400, message: 'body: must not contain a "__proto__" or "constructor.prototype" property' });
    expect(refusal('{"a":{"constructor":{"prototype":{"x":1}}}}')).toEqual({ status: 400, message: 'body: must not contain a "__proto__" or "constructor.prototype" property' });
  });

  it('leaves keys that merely look alike alone', () => {
    expect(parseJsonBody(Buffer.from('{"constructor":"x","proto":1}'))).toEqual({ constructor: 'x', proto: 1 });
  });
});
