import { createCipheriv } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aes256Ctr } from '../../src/domain/aes-ctr.ts';

const reference = (key: Uint8Array, iv: Uint8Array, data: Uint8Array): Buffer => {
  const c = createCipheriv('aes-256-ctr', key, iv);
  return Buffer.concat([c.update(data), c.final()]);
};

describe("aes256Ctr: createCipheriv('aes-256-ctr')'s output over one ECB cipher per key", () => {
  it('a counter that carries across bytes, and across the whole block, as OpenSSL counts', () => {
    const key = Buffer.alloc(32, 7);
    const data = Buffer.alloc(80, 0x42);
    for (const iv of [Buffer.alloc(16, 0xff), Buffer.from('000000000000000000000000000000fe', 'hex'), Buffer.from('0102030405060708090a0b0c0dfeffff', 'hex')]) {
      expect(aes256Ctr(key)(iv, data).equals(reference(key, iv, data))).toBe(true);
    }
  });

  it('an empty message, and the iv length checked', () => {
    const ctr = aes256Ctr(Buffer.alloc(32));
    expect(ctr(Buffer.alloc(16), Buffer.alloc(0)).length).toBe(0);
    expect(() => ctr(Buffer.alloc(12), Buffer.alloc(4))).toThrow(/16 bytes/);
  });

  it('property: any key, iv and message, many messages on one instance: the same bytes as a cipher per message; twice is the identity', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.array(fc.tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ maxLength: 200 })), { minLength: 1, maxLength: 8 }), (key, messages) => {
        const ctr = aes256Ctr(key);
        return messages.every(([iv, data]) => ctr(iv, data).equals(reference(key, iv, data)) && ctr(iv, ctr(iv, data)).equals(Buffer.from(data)));
      }),
      { numRuns: 400 },
    );
  });
});
