/**
 * HMAC-SHA256 (RFC 2104) with the key's two padded blocks prepared once: each call is two
 * one-shot hashes (`crypto.hash`, Node >= 20.12) over a reused scratch buffer, where
 * `createHmac` builds a keyed object, hashes both key blocks again and finalises, per call
 * (a check makes three to four of them). The output is createHmac('sha256', key)'s, byte for
 * byte (tested against it). Deterministic and synchronous: pure core.
 */
import { hash } from 'node:crypto';

const BLOCK = 64;
const DIGEST = 32;

export type Hmac = (...parts: readonly (Uint8Array | string)[]) => Buffer;

export function hmacSha256(key: Uint8Array): Hmac {
  const k = key.length > BLOCK ? hash('sha256', key, 'buffer') : key;
  const outer = Buffer.alloc(BLOCK + DIGEST);
  let scratch = Buffer.alloc(BLOCK + 256);
  for (let i = 0; i < BLOCK; i++) {
    const b = i < k.length ? k[i]! : 0;
    scratch[i] = b ^ 0x36;
    outer[i] = b ^ 0x5c;
  }
  return (...parts) => {
    let size = BLOCK;
    for (const p of parts) size += typeof p === 'string' ? p.length * 3 : p.length; // utf8: at most 3 bytes per UTF-16 unit
    if (size > scratch.length) {
      const grown = Buffer.alloc(Math.max(size, 2 * scratch.length));
      scratch.copy(grown, 0, 0, BLOCK);
      scratch = grown;
    }
    let at = BLOCK;
    for (const p of parts) {
      if (typeof p === 'string') at += scratch.write(p, at, 'utf8');
      else {
        scratch.set(p, at);
        at += p.length;
      }
    }
    outer.set(hash('sha256', scratch.subarray(0, at), 'buffer'), BLOCK);
    return hash('sha256', outer, 'buffer');
  };
}
