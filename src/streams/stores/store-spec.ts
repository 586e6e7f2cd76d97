/**
 * Store declarations (pure). Their keys' byte layouts are in key-layout.ts.
 *
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
  /**
   * Small stores (per account, or rarely written) are held whole in the runtime's cache:
   * loaded at start, never evicted, and a key missing from memory is known to be absent.
   */
  readonly cacheAll?: boolean;
  /**
   * Write-only (a blind write: nothing reads the key before writing it, e.g. an index by check
   * uuid): the runtime's cache never holds its entries, they go straight to the next commit.
   * A later read still finds them, from the pending writes or the engine.
   */
  readonly blind?: boolean;
  /**
   * Values kept decoded in memory between commits (the cache and the transactions hold the
   * object, changed in place) and encoded once per commit: a busy domain's summary is no longer
   * decoded and re-encoded for every event (issue 19: HyperLogLog updated in place).
   */
  readonly codec?: ValueCodec<unknown>;
}

/** How a store's values are held in memory (store-spec.ts `codec`). */
export interface ValueCodec<T> {
  decode(b: Buffer): T;
  encode(v: T): Buffer;
  /**
   * A copy whose changes never show in `v`. It may share parts with `v` as long as whatever
   * changes them in place copies them first (copy on write).
   */
  clone(v: T): T;
  /** Bytes it holds in memory, about (the cache's bound). */
  size(v: T): number;
}

/** A store whose values are objects of type T (store-spec.ts `codec`). */
export type TypedStore<T> = Omit<StoreSpec, 'codec'> & { readonly codec: ValueCodec<T> };

export const TOMBSTONE = Buffer.alloc(0);

/**
 * A timed store whose segments are as wide as its retention: a point read probes at most two
 * live segments (three with the segment before a boundary still live), which is what bounds the
 * cost of the many reads of keys that do not exist yet; data stays on disk at most twice the
 * retention before its segment is dropped.
 */
export function timedStore(id: number, name: string, retentionMs: number): StoreSpec {
  return { id, name, retentionMs, segmentMs: retentionMs };
}

export function isTimed(spec: StoreSpec): boolean {
  return spec.segmentMs !== undefined;
}

export function segmentOf(spec: StoreSpec, ts: number): number {
  return spec.segmentMs === undefined ? 0 : windowStart(ts, spec.segmentMs);
}

/** Whether a segment still holds live data at stream time `now`. */
export function segmentIsLive(spec: StoreSpec, segmentStart: number, now: number): boolean {
  if (spec.segmentMs === undefined || spec.retentionMs === undefined) return true;
  return segmentStart + spec.segmentMs > now - spec.retentionMs;
}
