import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/api/json-body.ts';

const refusal = (body: string): { status?: number; message: string } => {
  try {
    parseJsonBody(body);
  } catch (err) {
    return { status: (err as { status?: number }).status, message: (err as Error).message };
  }
  throw new Error('parsed');
};

describe('parseJsonBody', () => {
  it('parses JSON', () => {
    expect(parseJsonBody('{"email":"a.b@gmail.com","n":[1,2]}')).toEqual({ email: 'a.b@gmail.com', n: [1, 2] });
    expect(parseJsonBody('"x"')).toBe('x');
  });

  it('names the rule a refused body broke, as a 400', () => {
    expect(refusal('')).toEqual({ status: 400, message: 'body: must not be empty' });
    expect(refusal('{"email":')).toEqual({ status: 400, message: 'body: must be valid JSON' });
    expect(refusal('{"__proto__":{"x":1}}')).toEqual({ status: 400, message: 'body: must not contain a "__proto__" or "constructor.prototype" property' });
    expect(refusal('{"a":{"constructor":{"prototype":{"x":1}}}}')).toEqual({ status: 400, message: 'body: must not contain a "__proto__" or "constructor.prototype" property' });
  });

  it('leaves keys that merely look alike alone', () => {
    expect(parseJsonBody('{"constructor":"x","proto":1}')).toEqual({ constructor: 'x', proto: 1 });
  });
});
