/**
 * AES-256-CTR (a 128-bit big-endian counter, OpenSSL's) over one ECB cipher kept for the key:
 * the keystream of the few blocks a message needs is the encryption of the counter blocks,
 * XORed in. `createCipheriv('aes-256-ctr', ...)` per message builds and frees a cipher context
 * each time, which cost a check id several times the encryption itself. The output is that
 * cipher's, byte for byte (tested against it). Deterministic and synchronous: pure core.
 */
import { createCipheriv } from 'node:crypto';

export type Ctr = (iv: Uint8Array, data: Uint8Array) => Buffer;

export function aes256Ctr(key: Uint8Array): Ctr {
  const ecb = createCipheriv('aes-256-ecb', key, null);
  ecb.setAutoPadding(false); // whole blocks only; never finalised, so it serves every call
  return (iv, data) => {
    if (iv.length !== 16) throw new Error('aes-256-ctr: the iv is 16 bytes');
    if (data.length === 0) return Buffer.alloc(0);
    const blocks = Math.ceil(data.length / 16);
    const counters = Buffer.allocUnsafe(blocks * 16);
    counters.set(iv, 0);
    for (let b = 1; b < blocks; b++) {
      counters.copyWithin(b * 16, (b - 1) * 16, b * 16);
      for (let j = b * 16 + 15; j >= b * 16; j--) {
        counters[j] = (counters[j]! + 1) & 0xff;
        if (counters[j] !== 0) break;
      }
    }
    const stream = ecb.update(counters);
    const out = Buffer.allocUnsafe(data.length);
    for (let i = 0; i < data.length; i++) out[i] = data[i]! ^ stream[i]!;
    return out;
  };
}
