/**
 * One entity's distinct-count summary held in its stored encoding (member-sets.ts:
 * [bucket u32][category u8][kind u8: 0 exact | 1 hll][n u16][payload], sets in (bucket,
 * category) order, exact payloads sorted 8-byte member ids) in a single Buffer with room to
 * grow, changed in place (pure).
 *
 * Held in memory for many entities at once (hot-windows.ts), a summary as decoded objects cost
 * an object and a Buffer per bucket set (docs/architecture.md, Benchmarks): one Buffer per
 * entity, written where it lies, costs its bytes and one allocation, and adding a member
 * allocates nothing until the Buffer has to grow.
 *
 * `add` follows distinctCounter's apply (distinct-counter.ts) exactly: the same buckets are
 * dropped, the same late events ignored, the same sets sketched, so `encoded()` is the value
 * that store would hold.
 */
import { firstCountedBucket } from './distinct-counter.ts';
import { HLL_M, hllAdd, hllSlot } from './member-sets.ts';

const HEADER = 8;
const ID = 8;
const INITIAL_BYTES = 32;

/** What an add changed. */
export const Added = {
  /** Nothing: too late for its window, or already in its bucket's set. */
  Nothing: 0,
  /** The member joined an exact set (a new bucket set included). */
  Exact: 1,
  /** A sketched set's register was raised. */
  Raised: 2,
  /** The bucket's exact set was full: it became a sketch holding its members and this one. */
  Sketched: 3,
} as const;
export type Added = (typeof Added)[keyof typeof Added];

export interface PackedCounterSpec {
  readonly windowMs: number;
  readonly bucketMs: number;
  readonly exactUpTo: number;
}

export class PackedSets {
  private data: Buffer = EMPTY;
  private used = 0;
  private newest = -1;

  /** No set at all (a summary is kept only once something was added). */
  get empty(): boolean {
    return this.used === 0;
  }

  /** Bytes held (the Buffer's capacity). */
  get capacity(): number {
    return this.data.length;
  }

  /** The value as the store encodes it. */
  encoded(): Buffer {
    return Buffer.from(this.data.subarray(0, this.used));
  }

  /** The newest bucket held (-1: none). */
  newestBucket(): number {
    return this.newest;
  }

  /**
   * Adds the member (its first 8 bytes) at `bucket`/`category`, as distinctCounter's apply does:
   * a bucket older than the window of the newest bucket is ignored; buckets below it are dropped.
   */
  add(s: PackedCounterSpec, bucket: number, category: number, member: Buffer): Added {
    const newest = Math.max(bucket, this.newest);
    const oldest = firstCountedBucket(newest * s.bucketMs, s.windowMs, s.bucketMs) - 1;
    if (bucket < oldest) return Added.Nothing;
    this.newest = newest;
    let cut = 0;
    while (cut < this.used && this.data.readUInt32BE(cut) < oldest) cut = this.next(cut);
    if (cut > 0) {
      this.data.copyWithin(0, cut, this.used);
      this.used -= cut;
      this.shrinkToFit();
    }
    let at = 0;
    while (at < this.used) {
      const b = this.data.readUInt32BE(at);
      if (b > bucket || (b === bucket && this.data[at + 4]! >= category)) break;
      at = this.next(at);
    }
    if (at < this.used && this.data.readUInt32BE(at) === bucket && this.data[at + 4] === category) return this.addToSet(at, member, s.exactUpTo);
    this.open(at, HEADER + ID);
    this.data.writeUInt32BE(bucket, at);
    this.data[at + 4] = category;
    this.data[at + 5] = 0;
    this.data.writeUInt16BE(1, at + 6);
    member.copy(this.data, at + HEADER, 0, ID);
    return Added.Exact;
  }

  /** Calls `f` with the offset of each set of buckets `from`..`to` (its header; payload after it). */
  forEachSet(from: number, to: number, f: (at: number, category: number, exact: boolean, n: number) => void): void {
    for (let i = 0; i < this.used; i = this.next(i)) {
      const b = this.data.readUInt32BE(i);
      if (b < from) continue;
      if (b > to) return;
      f(i, this.data[i + 4]!, this.data[i + 5] === 0, this.data.readUInt16BE(i + 6));
    }
  }

  /** Whether an exact set of buckets `from`..`to` and `category`, other than the one at `skip`, holds the member (hi/lo: its id as two big-endian words). */
  holds(from: number, to: number, category: number, hi: number, lo: number, skip = -1): boolean {
    for (let i = 0; i < this.used; i = this.next(i)) {
      const b = this.data.readUInt32BE(i);
      if (b < from) continue;
      if (b > to) return false;
      if (i !== skip && this.data[i + 4] === category && this.data[i + 5] === 0 && this.search(i, hi, lo) >= 0) return true;
    }
    return false;
  }

  /** Whether the exact set at `at` holds the member (hi/lo: its id as two big-endian words). */
  includes(at: number, hi: number, lo: number): boolean {
    return this.search(at, hi, lo) >= 0;
  }

  /** The bucket of the set at `at`. */
  bucketAt(at: number): number {
    return this.data.readUInt32BE(at);
  }

  /** Member id `k` of the exact set at `at`, as two big-endian words into `out`. */
  idAt(at: number, k: number, out: [number, number]): void {
    const p = at + HEADER + k * ID;
    out[0] = this.data.readUInt32BE(p);
    out[1] = this.data.readUInt32BE(p + 4);
  }

  /** Merges the set at `at` into `reg` (max of registers, or its exact members added). */
  mergeInto(at: number, reg: Uint8Array): void {
    const d = this.data;
    if (d[at + 5] === 0) {
      const n = d.readUInt16BE(at + 6);
      for (let k = 0; k < n; k++) hllAdd(reg, d, at + HEADER + k * ID);
      return;
    }
    const p = at + HEADER;
    for (let i = 0; i < HLL_M; i++) if (d[p + i]! > reg[i]!) reg[i] = d[p + i]!;
  }

  /** The set of `bucket`/`category` (its offset, or -1). */
  setOf(bucket: number, category: number): number {
    for (let i = 0; i < this.used; i = this.next(i)) {
      const b = this.data.readUInt32BE(i);
      if (b > bucket) return -1;
      if (b === bucket && this.data[i + 4] === category) return i;
    }
    return -1;
  }

  private next(i: number): number {
    return i + HEADER + (this.data[i + 5] === 0 ? this.data.readUInt16BE(i + 6) * ID : HLL_M);
  }

  /** Position of the id in the exact set at `at`, or -(insertion point) - 1. */
  private search(at: number, hi: number, lo: number): number {
    const d = this.data;
    const base = at + HEADER;
    let low = 0;
    let high = d.readUInt16BE(at + 6) - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const h = d.readUInt32BE(base + mid * ID);
      const l = d.readUInt32BE(base + mid * ID + 4);
      if (h < hi || (h === hi && l < lo)) low = mid + 1;
      else if (h > hi || l > lo) high = mid - 1;
      else return mid;
    }
    return -low - 1;
  }

  private addToSet(at: number, member: Buffer, exactUpTo: number): Added {
    const d = this.data;
    if (d[at + 5] === 1) {
      const slot = hllSlot(member, 0);
      const p = at + HEADER + (slot >>> 8);
      if ((slot & 0xff) <= d[p]!) return Added.Nothing;
      d[p] = slot & 0xff;
      return Added.Raised;
    }
    const hi = member.readUInt32BE(0);
    const lo = member.readUInt32BE(4);
    const found = this.search(at, hi, lo);
    if (found >= 0) return Added.Nothing;
    const n = d.readUInt16BE(at + 6);
    if (n + 1 > exactUpTo) {
      const reg = new Uint8Array(HLL_M);
      this.mergeInto(at, reg);
      hllAdd(reg, member);
      const payload = n * ID;
      if (payload < HLL_M) this.open(at + HEADER + payload, HLL_M - payload);
      else this.close(at + HEADER + HLL_M, payload - HLL_M);
      this.data[at + 5] = 1;
      this.data.writeUInt16BE(0, at + 6);
      this.data.set(reg, at + HEADER);
      return Added.Sketched;
    }
    const pos = at + HEADER + (-found - 1) * ID;
    this.open(pos, ID);
    member.copy(this.data, pos, 0, ID);
    this.data.writeUInt16BE(n + 1, at + 6);
    return Added.Exact;
  }

  /** Makes `bytes` of room at `at` (what follows moves up), growing the Buffer when needed. */
  private open(at: number, bytes: number): void {
    if (this.used + bytes > this.data.length) {
      // Grown by half again: amortised O(1) per byte added. Its own memory (not a slice of
      // Node's shared pool, which one long-lived slice would keep alive whole), except a
      // summary's first bytes (below).
      const size = Math.max(INITIAL_BYTES, this.used + bytes, Math.ceil((this.data.length * 3) / 2 / ID) * ID);
      const grown = size === INITIAL_BYTES ? firstBytes() : Buffer.allocUnsafeSlow(size);
      this.data.copy(grown, 0, 0, at);
      this.data.copy(grown, at + bytes, at, this.used);
      this.data = grown;
    } else this.data.copyWithin(at + bytes, at, this.used);
    this.used += bytes;
  }

  /**
   * Gives memory back once what needed it is gone (a sketch's 2 KB bucket that left the window
   * among them): held for hours, an entity would otherwise keep the largest size it ever had.
   * Only below a third of the capacity, and down to half again the bytes used, so an entity
   * whose size moves up and down around one value does not reallocate each time.
   */
  private shrinkToFit(): void {
    if (this.data.length <= INITIAL_BYTES || this.used * 3 >= this.data.length) return;
    const fit = Buffer.allocUnsafeSlow(Math.max(INITIAL_BYTES, Math.ceil((this.used * 3) / 2 / ID) * ID));
    this.data.copy(fit, 0, 0, this.used);
    this.data = fit;
  }

  /** Removes `bytes` at `at` (what follows moves down). */
  private close(at: number, bytes: number): void {
    this.data.copyWithin(at, at + bytes, this.used);
    this.used -= bytes;
    this.shrinkToFit();
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * A summary's first INITIAL_BYTES, cut from a slab of these summaries' own: most entities of a
 * window never outgrow them (one inbox from an IP), and a memory of its own each (an ArrayBuffer
 * and its backing store) cost about a third of such an entity's memory and of the collector's
 * work over a window of millions (docs/architecture.md, Benchmarks). A slab is held while one
 * of its summaries still uses its first bytes: at most SLAB_BYTES for each such summary, and
 * entities come and go in about the order they were first seen, so slabs leave together.
 */
const SLAB_BYTES = 4096;
let slab = EMPTY;
let slabAt = 0;
function firstBytes(): Buffer {
  if (slabAt + INITIAL_BYTES > slab.length) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabAt = 0;
  }
  slabAt += INITIAL_BYTES;
  return slab.subarray(slabAt - INITIAL_BYTES, slabAt);
}
