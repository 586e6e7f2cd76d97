/**
 * A Bloom filter of the keys a store holds, in a SharedArrayBuffer: one thread (the store's
 * writer) sets bits with Atomics, any thread that was handed the buffer tests them. It answers
 * "certainly absent" or "maybe present": a key never added tests absent with probability
 * ~1% at its capacity (a needless read), a key added always tests present (no false negative:
 * that would be a correctness bug, a history read missing a stored record).
 *
 * Why a Bloom filter of our own: the packages on the registry keep their bits in a private
 * array or a Node Buffer; none can be laid over a SharedArrayBuffer that a worker thread writes
 * while the API thread reads. This one is small and blocked (Putze, Sanders and Singler): a
 * key's 7 bits all lie in one 512-bit block, a 64-byte cache line, so an answer costs one
 * memory access where 7 positions spread over megabytes cost 7 cache misses. The block comes
 * from a 32-bit MurmurHash3 of the key's bytes, the positions in it by double hashing (Kirsch
 * and Mitzenmacher) of a second value mixed from it. At least 10 bits per key of capacity,
 * a power of two of them: about 1% false positives when full, far fewer before.
 *
 * Pure apart from the shared memory: no clock, no I/O, no randomness (the seeds are fixed, so
 * every thread computes the same positions).
 */

/** What crosses threads: the bits and the shape needed to read them. */
export interface SharedKeyFilter {
  readonly bits: SharedArrayBuffer;
  /** Keys it was sized for (past them the writer replaces it with a bigger one). */
  readonly capacity: number;
}

const HASHES = 7;
const BITS_PER_KEY = 10;
/** One block: 512 bits, a 64-byte cache line, holds all of a key's bits. */
const BLOCK_WORDS = 16;
/** 2^31 bits (256 MiB): word indices stay small integers. */
const MAX_BITS = 2 ** 31;
const SEED = 0x9747b28c;

export class KeyFilter {
  readonly capacity: number;
  private readonly words: Int32Array;
  private readonly blockMask: number;
  private readonly bits: SharedArrayBuffer;

  private constructor(shared: SharedKeyFilter) {
    this.bits = shared.bits;
    this.capacity = shared.capacity;
    this.words = new Int32Array(shared.bits);
    const blocks = this.words.length / BLOCK_WORDS;
    if (!Number.isInteger(blocks) || blocks < 1 || blocks * BLOCK_WORDS * 32 > MAX_BITS || (blocks & (blocks - 1)) !== 0) {
      throw new Error(`key filter: ${this.words.length * 32} bits is not a power of two from 512 to 2^31`);
    }
    this.blockMask = blocks - 1;
  }

  /** An empty filter for `capacity` keys. */
  static create(capacity: number): KeyFilter {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error(`key filter: capacity ${capacity} is not a positive integer`);
    let nbits = BLOCK_WORDS * 32;
    while (nbits < capacity * BITS_PER_KEY && nbits < MAX_BITS) nbits *= 2;
    return new KeyFilter({ bits: new SharedArrayBuffer(nbits / 8), capacity });
  }

  /** The filter another thread shares (the same memory: its writer's later adds show here). */
  static over(shared: SharedKeyFilter): KeyFilter {
    return new KeyFilter(shared);
  }

  share(): SharedKeyFilter {
    return { bits: this.bits, capacity: this.capacity };
  }

  /** Sets the key's bits; true when any was not set yet (the key is new to the filter, almost surely). */
  add(key: Uint8Array): boolean {
    const h = hash32(key, SEED);
    const base = (h & this.blockMask) * BLOCK_WORDS;
    const g = mix32(h);
    const step = (g >>> 9) | 1;
    let changed = false;
    for (let i = 0; i < HASHES; i++) {
      const bit = (g + Math.imul(i, step)) & 511;
      const m = 1 << (bit & 31);
      if ((Atomics.or(this.words, base + (bit >>> 5), m) & m) === 0) changed = true;
    }
    return changed;
  }

  /** False when the key was certainly never added; true when it may have been. */
  mayHold(key: Uint8Array): boolean {
    const h = hash32(key, SEED);
    const base = (h & this.blockMask) * BLOCK_WORDS;
    const g = mix32(h);
    const step = (g >>> 9) | 1;
    for (let i = 0; i < HASHES; i++) {
      const bit = (g + Math.imul(i, step)) & 511;
      if ((Atomics.load(this.words, base + (bit >>> 5)) & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

/** A second, independent-looking 32-bit value from a hash (MurmurHash3's finaliser of it, re-seeded). */
function mix32(h: number): number {
  return fmix32(h ^ 0x5bd1e995);
}

/** MurmurHash3's finaliser: every input bit reaches every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

/** MurmurHash3 (x86, 32-bit) of the bytes, with a seed. */
export function hash32(key: Uint8Array, seed: number): number {
  let h = seed | 0;
  const n = key.length;
  const blocks = n & ~3;
  for (let i = 0; i < blocks; i += 4) {
    let k = key[i]! | (key[i + 1]! << 8) | (key[i + 2]! << 16) | (key[i + 3]! << 24);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = n & 3;
  if (tail) {
    let k = key[blocks]!;
    if (tail > 1) k ^= key[blocks + 1]! << 8;
    if (tail > 2) k ^= key[blocks + 2]! << 16;
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
  }
  return fmix32(h ^ n);
}

/** What a reader asks of the filters in front of the stores. */
export interface KeyFilters {
  /** False when the store certainly lacks the key (a read would find nothing); true when it may hold it. */
  mayHold(store: { readonly id: number }, key: Uint8Array): boolean;
}

/** The filters of several stores as they cross threads, by store id. */
export type SharedKeyFilters = readonly (readonly [storeId: number, filter: SharedKeyFilter])[];

/**
 * A reader's view of filters another thread writes (key-filtering-store.ts over there): it is
 * handed the current ones, and each replacement, in the order the writer made them. A store
 * without a filter here may hold any key.
 */
export class KeyFiltersView implements KeyFilters {
  private readonly byStore = new Map<number, KeyFilter>();

  adopt(shared: SharedKeyFilters): void {
    for (const [id, f] of shared) this.byStore.set(id, KeyFilter.over(f));
  }

  mayHold(store: { readonly id: number }, key: Uint8Array): boolean {
    const f = this.byStore.get(store.id);
    return f === undefined || f.mayHold(key);
  }
}
