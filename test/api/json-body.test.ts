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

  it('refuses a key given twice in one object, naming it (JSON.parse would keep the last)', () => {
    expect(refusal('{"email":"a.b@gmail.com","email":"c.d@gmail.com"}')).toEqual({ status: 400, message: 'email: must be given once (the key appears twice in the body)' });
    expect(refusal('{"email":"a@b.co","explain":true,"\\u0065mail":"x"}').message).toBe('email: must be given once (the key appears twice in the body)');
    expect(refusal('{"emails":["a@b.co"],"x":{"k":1,"k":2}}').message).toMatch(/^x\.k: must be given once/);
    expect(refusal('{"a":[{"k":1},{"k":1,"k":2}]}').message).toMatch(/^a\[1\]\.k: must be given once/);
    expect(refusal(`{"${'k'.repeat(100)}":1,"${'k'.repeat(100)}":2}`).message).toBe(`${'k'.repeat(64)}…: must be given once (the key appears twice in the body)`);
  });

  it('accepts one key in several objects, keys that only look alike, and keys inside strings', () => {
    expect(parseJsonBody(Buffer.from('{"a":{"k":1},"b":{"k":2},"c":[{"k":1},{"k":2}]}'))).toEqual({ a: { k: 1 }, b: { k: 2 }, c: [{ k: 1 }, { k: 2 }] });
    expect(parseJsonBody(Buffer.from('{"k":"\\"k\\":","K":1,"k ":2}'))).toEqual({ k: '"k":', K: 1, 'k ': 2 });
    expect(parseJsonBody(Buffer.from('{"emails":["{\\"a\\":1,\\"a\\":2}","x\\\\"],"e":1}'))).toEqual({ emails: ['{"a":1,"a":2}', 'x\\'], e: 1 });
  });

  it('leaves keys that merely look alike alone', () => {
    expect(parseJsonBody(Buffer.from('{"constructor":"x","proto":1}'))).toEqual({ constructor: 'x', proto: 1 });
  });
});
