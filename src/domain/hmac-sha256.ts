/**
 * HMAC-SHA256 (RFC 2104) with the key's two padded blocks prepared once: each call is two
 * one-shot hashes (`crypto.hash`, Node >= 20.12) over reused scratch buffers, where
 * `createHmac` builds a keyed object, hashes both key blocks again and finalises, per call
 * (a check makes three to four of them). The output is createHmac('sha256', key)'s, byte for
 * byte (tested against it). Deterministic and synchronous: pure core.
 */
import { hash } from 'node:crypto';

const BLOCK = 64;
const DIGEST = 32;

export type Hmac = (...parts: readonly (Uint8Array | string)[]) => Buffer;

/** `bytes`: how much of the digest each call returns (its first bytes; all 32 by default). */
export function hmacSha256(key: Uint8Array, bytes = DIGEST): Hmac {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > DIGEST) throw new Error(`hmac-sha256: bytes must be 1..${DIGEST}`);
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
    outer.write(hash('sha256', scratch.subarray(0, at), 'binary'), BLOCK, DIGEST, 'latin1');
    return digestOf(hash('sha256', outer, 'binary'), bytes);
  };
}

/**
 * Digests are taken as latin1 strings and copied into views of a shared slab: a digest taken
 * as a Buffer is a fresh ArrayBuffer with memory outside the heap, which the garbage collector
 * then tracks and frees on its helper threads; a check takes three to five of them. Half the
 * CPU and bytes per HMAC (docs/architecture.md, issue 19, tenth round). A slab is freed when no
 * digest cut from it is alive any more. A truncated digest is cut at its length: no second view.
 */
const SLAB_BYTES = DIGEST * 128;
let slab = Buffer.allocUnsafeSlow(0);
let slabUsed = SLAB_BYTES;
function digestOf(latin1: string, bytes: number): Buffer {
  if (slabUsed + bytes > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, (slabUsed += bytes));
  out.write(latin1, 0, bytes, 'latin1');
  return out;
}
