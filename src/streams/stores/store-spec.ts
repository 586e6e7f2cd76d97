/**
 * Store declarations and their key schema (pure).
 *
 * Physical key in the state database:  storeId u8 | segmentStart u64 BE | userKey
 *   - A plain key-value store has segmentMs undefined and always uses segment 0.
 *   - A timed store keeps each write in the time segment of its timestamp (Kafka Streams'
 *     segmented stores): `segmentStart = windowStart(ts, segmentMs)`. Reads look at the live
 *     segments newest first, so the newest write wins; expiry drops whole segments, one range
 *     delete, never a scan. Retention must cover window + grace of the aggregation using it.
 *   - Timed stores cannot delete (an older segment would resurface the key), so a delete is a
 *     zero-length tombstone value. User values are never empty.
 * Store ids are assigned by hand in topology.ts and must never be reused for another store.
 */
import { windowStart } from '../../domain/time.ts';

export interface StoreSpec {
  readonly id: number;
  /** `<what>-<window>`, e.g. `domain-signups-10m`; also names the changelog topic. */
  readonly name: string;
  /** Timed store: data older than this (relative to stream time) is gone. */
  readonly retentionMs?: number;
  /** Timed store: segment width; a few segments cover the retention. */
  readonly segmentMs?: number;
}

export const TOMBSTONE = Buffer.alloc(0);

export function isTimed(spec: StoreSpec): boolean {
  return spec.segmentMs !== undefined;
}

export function segmentOf(spec: StoreSpec, ts: number): number {
  return spec.segmentMs === undefined ? 0 : windowStart(ts, spec.segmentMs);
}

export function storeKey(spec: StoreSpec, segmentStart: number, userKey: Buffer): Buffer {
  const k = Buffer.allocUnsafe(9 + userKey.length);
  k[0] = spec.id;
  k.writeBigUInt64BE(BigInt(segmentStart), 1);
  userKey.copy(k, 9);
  return k;
}

/** Range covering one segment of a store: [lower, upper). */
export function segmentRange(spec: StoreSpec, segmentStart: number): { gte: Buffer; lt: Buffer } {
  const gte = Buffer.allocUnsafe(9);
  gte[0] = spec.id;
  gte.writeBigUInt64BE(BigInt(segmentStart), 1);
  const lt = Buffer.allocUnsafe(9);
  lt[0] = spec.id;
  lt.writeBigUInt64BE(BigInt(segmentStart + 1), 1);
  return { gte, lt };
}

/** Whether a segment still holds live data at stream time `now`. */
export function segmentIsLive(spec: StoreSpec, segmentStart: number, now: number): boolean {
  if (spec.segmentMs === undefined || spec.retentionMs === undefined) return true;
  return segmentStart + spec.segmentMs > now - spec.retentionMs;
}

/** Composite user keys: parts joined with a 0x00 separator (parts are hashes or domains, never containing NUL). */
export function compositeKey(...parts: (string | Buffer)[]): Buffer {
  const bufs: Buffer[] = [];
  parts.forEach((p, i) => {
    if (i > 0) bufs.push(SEP);
    bufs.push(typeof p === 'string' ? Buffer.from(p, 'utf8') : p);
  });
  return Buffer.concat(bufs);
}
const SEP = Buffer.from([0]);
