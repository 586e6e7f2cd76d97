/**
 * Per-bucket member sets (pure): the value format behind every sliding distinct count.
 *
 * A summary is a list of entries (bucket, category, set). A set is exact (sorted 8-byte member
 * ids) until it holds more than `exactUpTo` members; then it becomes a HyperLogLog sketch with
 * 2^11 one-byte registers (standard error 1.04/sqrt(2048) = 2.3%). Counting a window unions
 * the sets of its buckets: exact while every set is exact (whatever the total), estimated once
 * any bucket was sketched.
 *
 * Encoding: [bucket u32][category u8][kind u8: 0 exact | 1 hll][n u16][payload], payload =
 * n x 8 bytes (exact) or 2048 bytes (hll).
 */

import type { ValueCodec } from '../stores/store-spec.ts';

export const HLL_P = 11;
export const HLL_M = 1 << HLL_P;
const ID = 8;

export interface BucketSet {
  bucket: number;
  category: number;
  /** Exact: sorted member ids (8 bytes each). Never changed in place (an insert makes a new one). */
  exact?: Buffer;
  /** Sketch: HLL registers. */
  hll?: Uint8Array;
  /**
   * The registers belong to this set alone and may be raised in place. Decoded registers are
   * views of the stored bytes, and a copy shares them with its original, so they are copied
   * before their first change (copy on write): once per transaction, not once per event.
   */
  ownsHll?: boolean;
}

/**
 * A summary held decoded (store-spec.ts `codec`): the cache and the transactions keep the list
 * of sets, add members in place, and encode it once per commit.
 */
export const SETS_CODEC: ValueCodec<BucketSet[]> = {
  decode: (b) => decodeSets(b),
  encode: (v) => encodeSets(v),
  clone: (v) => v.map((x) => ({ bucket: x.bucket, category: x.category, ...(x.exact ? { exact: x.exact } : { hll: x.hll!, ownsHll: false }) })),
  size: (v) => v.reduce((n, x) => n + 64 + (x.exact ? x.exact.length : HLL_M), 16),
};

export function decodeSets(raw: Buffer | undefined): BucketSet[] {
  const out: BucketSet[] = [];
  if (!raw) return out;
  let i = 0;
  while (i + 8 <= raw.length) {
    const bucket = raw.readUInt32BE(i);
    const category = raw[i + 4]!;
    const kind = raw[i + 5]!;
    const n = raw.readUInt16BE(i + 6);
    i += 8;
    if (kind === 0) {
      out.push({ bucket, category, exact: raw.subarray(i, i + n * ID) });
      i += n * ID;
    } else {
      out.push({ bucket, category, hll: raw.subarray(i, i + HLL_M) });
      i += HLL_M;
    }
  }
  return out;
}

export function encodeSets(sets: readonly BucketSet[]): Buffer {
  let size = 0;
  for (const s of sets) size += 8 + (s.exact ? s.exact.length : HLL_M);
  const out = Buffer.allocUnsafe(size);
  let i = 0;
  for (const s of sets) {
    out.writeUInt32BE(s.bucket, i);
    out[i + 4] = s.category;
    out[i + 5] = s.exact ? 0 : 1;
    out.writeUInt16BE(s.exact ? s.exact.length / ID : 0, i + 6);
    i += 8;
    if (s.exact) i += s.exact.copy(out, i);
    else {
      out.set(s.hll!, i);
      i += HLL_M;
    }
  }
  return out;
}

/** Position of `id` in a sorted exact set, or -(insertion point) - 1. */
function search(set: Buffer, id: Buffer): number {
  let lo = 0;
  let hi = set.length / ID - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = set.compare(id, 0, ID, mid * ID, mid * ID + ID);
    if (c < 0) lo = mid + 1;
    else if (c > 0) hi = mid - 1;
    else return mid;
  }
  return -lo - 1;
}

/** Register index and rank of the 8-byte member id at `at` of `buf`, packed as index * 256 + rank. */
export function hllSlot(buf: Buffer, at = 0): number {
  const hi = buf.readUInt32BE(at);
  const lo = buf.readUInt32BE(at + 4);
  const index = hi >>> (32 - HLL_P);
  // rank = leading zeros of the remaining 53 bits + 1
  const rest = (hi << HLL_P) >>> 0;
  const rank = rest !== 0 ? Math.clz32(rest) + 1 : 32 - HLL_P + (lo === 0 ? 32 : Math.clz32(lo)) + 1;
  return index * 256 + rank;
}

/** Adds the 8-byte member id at `at` of `buf` to the registers (no allocation). */
export function hllAdd(reg: Uint8Array, buf: Buffer, at = 0): boolean {
  const slot = hllSlot(buf, at);
  const index = slot >>> 8;
  const rank = slot & 0xff;
  if (rank > reg[index]!) {
    reg[index] = rank;
    return true;
  }
  return false;
}

/**
 * Adds a member (first 8 bytes of `member`) to a set this caller owns (its fields may be
 * replaced; its registers are copied first unless it owns them). Returns whether it changed.
 */
export function addMemberInPlace(s: BucketSet, member: Buffer, exactUpTo: number): boolean {
  if (s.hll) {
    const slot = hllSlot(member, 0);
    const index = slot >>> 8;
    const rank = slot & 0xff;
    if (rank <= s.hll[index]!) return false;
    if (!s.ownsHll) {
      s.hll = Uint8Array.from(s.hll);
      s.ownsHll = true;
    }
    s.hll[index] = rank;
    return true;
  }
  const next = addMember(s, member, exactUpTo);
  if (!next) return false;
  if (next.hll) {
    delete s.exact;
    s.hll = next.hll;
    s.ownsHll = true;
  } else s.exact = next.exact!;
  return true;
}

/** Adds a member (first 8 bytes of `member`); returns the new set, or undefined if unchanged. */
export function addMember(s: BucketSet, member: Buffer, exactUpTo: number): BucketSet | undefined {
  const id = member.subarray(0, ID);
  if (s.hll) {
    const reg = Uint8Array.from(s.hll);
    return hllAdd(reg, id) ? { ...s, hll: reg } : undefined;
  }
  const set = s.exact!;
  const at = search(set, id);
  if (at >= 0) return undefined;
  const pos = -at - 1;
  if (set.length / ID + 1 > exactUpTo) {
    const reg = new Uint8Array(HLL_M);
    for (let i = 0; i < set.length; i += ID) hllAdd(reg, set, i);
    hllAdd(reg, id);
    return { bucket: s.bucket, category: s.category, hll: reg };
  }
  const next = Buffer.allocUnsafe(set.length + ID);
  set.copy(next, 0, 0, pos * ID);
  id.copy(next, pos * ID);
  set.copy(next, pos * ID + ID, pos * ID);
  return { ...s, exact: next };
}

const POW2_NEG = Float64Array.from({ length: 66 }, (_, k) => 2 ** -k);

/** Term of a register in the estimator's harmonic sum. */
export const hllTerm = (rank: number): number => POW2_NEG[rank]!;

/** The estimator's inputs: sum of 2^-register and the count of empty registers. */
export function hllSums(reg: Uint8Array): { sum: number; zeros: number } {
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < HLL_M; i++) {
    const r = reg[i]!;
    sum += POW2_NEG[r]!;
    if (r === 0) zeros++;
  }
  return { sum, zeros };
}

/**
 * The estimate from the sums. Every term is a power of two no smaller than 2^-64 and the sum is
 * below 2^12, so while registers stay under 41 (2^41 members) the sum is exact in a double and
 * updating it term by term (countsWith) gives the same estimate as recomputing it.
 */
export function hllEstimateFrom(sum: number, zeros: number): number {
  const alpha = 0.7213 / (1 + 1.079 / HLL_M);
  const raw = (alpha * HLL_M * HLL_M) / sum;
  // small-range correction: linear counting while registers are still empty
  return raw <= 2.5 * HLL_M && zeros > 0 ? HLL_M * Math.log(HLL_M / zeros) : raw;
}

export function hllEstimate(reg: Uint8Array): number {
  const { sum, zeros } = hllSums(reg);
  return hllEstimateFrom(sum, zeros);
}

/** Distinct members across the given sets: exact when all are exact, else an HLL estimate. */
export function unionCount(sets: readonly BucketSet[]): { count: number; exact: boolean } {
  if (sets.every((s) => s.exact)) {
    if (sets.length === 1) return { count: sets[0]!.exact!.length / ID, exact: true };
    const seen = new Set<string>();
    for (const s of sets) for (let i = 0; i < s.exact!.length; i += ID) seen.add(s.exact!.toString('latin1', i, i + ID));
    return { count: seen.size, exact: true };
  }
  const reg = new Uint8Array(HLL_M);
  for (const s of sets) {
    if (s.hll) {
      const h = s.hll;
      for (let i = 0; i < HLL_M; i++) if (h[i]! > reg[i]!) reg[i] = h[i]!;
    }
    else for (let i = 0; i < s.exact!.length; i += ID) hllAdd(reg, s.exact!, i);
  }
  return { count: Math.round(hllEstimate(reg)), exact: false };
}
