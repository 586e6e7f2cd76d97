/**
 * Sliding-window distinct count (pure), exact: "how many distinct members did this entity see
 * in about the last W", optionally split by a small category (e.g. address shape).
 *
 * State, in two timed stores:
 *   latest(entity ‖ member) -> time and category of the member's newest sighting
 *   summary(entity)         -> [(bucket, category, count)]: members whose newest sighting falls
 *                              in that bucket (width B), for the last W/B buckets only
 * A new sighting moves its member from its old bucket to the new one, so each member is
 * counted once, in the bucket of its newest sighting. count(now) = sum of the last W/B buckets
 * ("about W": the oldest bucket may be partly outside). Both stores expire after W + B + grace,
 * so a flood of distinct keys costs disk for one window and then is dropped by segment.
 * Idempotent: re-applying a sighting the state already holds (same or older time) changes
 * nothing, which is what lets the API re-apply its own recent events for read-your-writes.
 */
import type { Aggregation } from '../aggregation.ts';
import type { StoreSpec } from '../stores/store-spec.ts';
import type { ReadSet, StoreTx } from '../stores/tx.ts';

export interface DistinctCounterSpec<E> {
  readonly name: string;
  readonly latest: StoreSpec;
  readonly summary: StoreSpec;
  readonly windowMs: number;
  readonly bucketMs: number;
  /** null = this event does not count here. */
  entity(e: E): Buffer | null;
  member(e: E): Buffer;
  category?(e: E): number;
  time(e: E): number;
}

export interface BucketCount {
  readonly bucket: number;
  readonly category: number;
  readonly count: number;
}

const ENTRY = 9; // u32 bucket | u8 category | u32 count

export function decodeSummary(raw: Buffer | undefined): BucketCount[] {
  if (!raw) return [];
  const out: BucketCount[] = [];
  for (let i = 0; i + ENTRY <= raw.length; i += ENTRY) {
    out.push({ bucket: raw.readUInt32BE(i), category: raw[i + 4]!, count: raw.readUInt32BE(i + 5) });
  }
  return out;
}

export function encodeSummary(entries: readonly BucketCount[]): Buffer {
  const b = Buffer.allocUnsafe(entries.length * ENTRY);
  entries.forEach((e, i) => {
    b.writeUInt32BE(e.bucket, i * ENTRY);
    b[i * ENTRY + 4] = e.category;
    b.writeUInt32BE(e.count, i * ENTRY + 5);
  });
  return b;
}

/** Buckets that make up "the last W" at time `now`. */
export function firstLiveBucket(now: number, windowMs: number, bucketMs: number): number {
  return Math.floor(now / bucketMs) - Math.ceil(windowMs / bucketMs) + 1;
}

/** Distinct members in about the last W, per category. */
export function countsAt(entries: readonly BucketCount[], now: number, windowMs: number, bucketMs: number): Map<number, number> {
  const from = firstLiveBucket(now, windowMs, bucketMs);
  const to = Math.floor(now / bucketMs);
  const out = new Map<number, number>();
  for (const e of entries) if (e.bucket >= from && e.bucket <= to && e.count > 0) out.set(e.category, (out.get(e.category) ?? 0) + e.count);
  return out;
}

export const total = (m: Map<number, number>): number => [...m.values()].reduce((a, b) => a + b, 0);

export function latestKey(entity: Buffer, member: Buffer): Buffer {
  return Buffer.concat([entity, Buffer.from([0]), member]);
}

export function distinctCounter<E>(s: DistinctCounterSpec<E>): Aggregation<E> & { spec: DistinctCounterSpec<E>; readKeys(e: E, rs: ReadSet): void } {
  const readKeys = (e: E, rs: ReadSet): void => {
    const entity = s.entity(e);
    if (!entity) return;
    rs.add(s.latest, latestKey(entity, s.member(e)));
    rs.add(s.summary, entity);
  };
  return {
    name: s.name,
    spec: s,
    stores: [s.latest, s.summary],
    readKeys,
    reads: readKeys,
    apply(e: E, tx: StoreTx) {
      const entity = s.entity(e);
      if (!entity) return;
      const t = s.time(e);
      const category = s.category?.(e) ?? 0;
      const lk = latestKey(entity, s.member(e));
      const prev = tx.get(s.latest, lk);
      const prevTime = prev ? Number(prev.readBigUInt64BE(0)) : undefined;
      if (prevTime !== undefined && prevTime >= t) return; // already counted at this time or later
      const bucket = Math.floor(t / s.bucketMs);
      const oldest = firstLiveBucket(t, s.windowMs, s.bucketMs) - 1;
      const entries = decodeSummary(tx.get(s.summary, entity)).filter((x) => x.bucket >= oldest);
      if (bucket < oldest) return; // too late: outside the window it would count in
      if (prev && prevTime !== undefined) {
        const pb = Math.floor(prevTime / s.bucketMs);
        const pc = prev[8]!;
        const i = entries.findIndex((x) => x.bucket === pb && x.category === pc);
        if (i >= 0) entries[i] = { ...entries[i]!, count: entries[i]!.count - 1 };
      }
      const j = entries.findIndex((x) => x.bucket === bucket && x.category === category);
      if (j >= 0) entries[j] = { ...entries[j]!, count: entries[j]!.count + 1 };
      else entries.push({ bucket, category, count: 1 });
      const kept = entries.filter((x) => x.count > 0).sort((a, b) => a.bucket - b.bucket || a.category - b.category);
      const v = Buffer.allocUnsafe(9);
      v.writeBigUInt64BE(BigInt(t), 0);
      v[8] = category;
      tx.put(s.latest, lk, v, t);
      const newest = kept.reduce((m, x) => Math.max(m, x.bucket), bucket);
      tx.put(s.summary, entity, encodeSummary(kept), Math.max(t, newest * s.bucketMs));
    },
  };
}
