/** Keys whose `keyHash` is the same (made-up keys, found by search): the record cache's tables must still tell them apart. */
import { keyHash } from '../../src/streams/stores/key-map.ts';

/**
 * A made-up 8-byte key: two 32-bit mixes of a tag and a counter (keys that differ only in a
 * counter's last bytes rarely collide under FNV-1a, so the search would be long).
 */
function made(tag: number, i: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeInt32BE(Math.imul(i ^ tag, 0x9e3779b1), 0);
  b.writeInt32BE(Math.imul((i + tag) ^ 0x5bd1e995, 0x85ebca6b), 4);
  return b;
}

/**
 * Two different keys, of `storeA` and of `storeB` (the same store, or two), with one hash: 2^17
 * keys of the first are hashed, then keys of the second until one meets them (about 2^13 with a
 * 30-bit hash).
 */
export function collidingKeys(storeA: number, storeB = storeA): [Buffer, Buffer] {
  const byHash = new Map<number, number>();
  for (let i = 0; i < 1 << 17; i++) byHash.set(keyHash(storeA, made(0xa, i)), i);
  for (let j = 0; j < 1 << 22; j++) {
    const b = made(0xb, j);
    const i = byHash.get(keyHash(storeB, b));
    if (i !== undefined && !made(0xa, i).equals(b)) return [made(0xa, i), b];
  }
  throw new Error('no colliding keys found');
}
