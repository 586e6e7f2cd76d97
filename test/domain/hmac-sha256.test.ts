import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from '../../src/domain/hmac-sha256.ts';

const reference = (key: Uint8Array, parts: readonly (Uint8Array | string)[]): Buffer => {
  const h = createHmac('sha256', key);
  for (const p of parts) h.update(p);
  return h.digest();
};

describe("hmacSha256: createHmac's output with the key blocks prepared once", () => {
  it.each([
    // RFC 4231 test case 2: key "Jefe".
    ['Jefe', ['what do ya want for nothing?'], '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
    ['Jefe', ['what do ya ', 'want for nothing?'], '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
  ])('RFC 4231 with key %j and parts %j', (key, parts, want) => {
    expect(hmacSha256(Buffer.from(key))(...parts).toString('hex')).toBe(want);
  });

  it('RFC 4231 test case 6: a key longer than a block is hashed first', () => {
    const key = Buffer.alloc(131, 0xaa);
    expect(hmacSha256(key)('Test Using Larger Than Block-Size Key - Hash Key First').toString('hex')).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('property: any key, any parts (strings with any UTF-16, bytes), many calls on one instance: the same bytes as createHmac', () => {
    const part = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.uint8Array({ maxLength: 600 }));
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 150 }), fc.array(fc.array(part, { maxLength: 6 }), { minLength: 1, maxLength: 5 }), (key, calls) => {
        const mac = hmacSha256(key);
        return calls.every((parts) => mac(...parts).equals(reference(key, parts)));
      }),
      { numRuns: 400 },
    );
  });

  it('property: a truncated instance returns the first bytes of the same digest, each in bytes of its own', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.integer({ min: 1, max: 32 }), fc.array(fc.string({ maxLength: 40 }), { minLength: 1, maxLength: 40 }), (key, bytes, values) => {
        const mac = hmacSha256(key, bytes);
        const got = values.map((v) => mac(v));
        return got.every((d, i) => d.length === bytes && d.equals(reference(key, [values[i]!]).subarray(0, bytes)));
      }),
      { numRuns: 200 },
    );
    expect(() => hmacSha256(Buffer.from('k'), 33)).toThrow(/bytes must be 1..32/);
    expect(() => hmacSha256(Buffer.from('k'), 0)).toThrow(/bytes must be 1..32/);
  });

  it('digests kept while many more are taken stay as they were (each has bytes of its own)', () => {
    const mac = hmacSha256(Buffer.from('kept-key'));
    const kept = Array.from({ length: 1000 }, (_, i) => mac(`value ${i}`));
    kept.forEach((d, i) => expect(d.equals(reference(Buffer.from('kept-key'), [`value ${i}`]))).toBe(true));
  });
});
