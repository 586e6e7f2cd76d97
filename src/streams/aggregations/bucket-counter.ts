/**
 * Plain event counts per entity in time buckets over a long window (pure), e.g. a domain's
 * weekly volume: the baseline that tells a bot wave from a big provider's normal traffic.
 * Not idempotent, so the API never re-applies its own events to it (a week of history does not
 * need read-your-writes).
 */
import type { Aggregation } from '../aggregation.ts';
import { timedStore, type TypedStore } from '../stores/store-spec.ts';
import { COUNTS_CODEC, decodeSummary, firstLiveBucket, type BucketCount } from './bucket-counts.ts';

export interface BucketCounterSpec<E> {
  readonly name: string;
  readonly store: TypedStore<BucketCount[]>;
  readonly windowMs: number;
  readonly bucketMs: number;
  entity(e: E): Buffer | null;
  time(e: E): number;
}

/** A timed store of plain bucket counts, held decoded between commits. */
export function countsStore(id: number, name: string, retentionMs: number): TypedStore<BucketCount[]> {
  return { ...timedStore(id, name, retentionMs), codec: COUNTS_CODEC };
}

export function bucketCounter<E>(s: BucketCounterSpec<E>): Aggregation<E> & { spec: BucketCounterSpec<E> } {
  return {
    name: s.name,
    spec: s,
    stores: [s.store],
    reads(e, rs) {
      const entity = s.entity(e);
      if (entity) rs.add(s.store, entity);
    },
    apply(e, tx) {
      const entity = s.entity(e);
      if (!entity) return;
      const t = s.time(e);
      const bucket = Math.floor(t / s.bucketMs);
      const oldest = firstLiveBucket(t, s.windowMs, s.bucketMs);
      if (bucket < oldest) return;
      // Entries are replaced, never changed (a copy of the list shares them with the cache's).
      const entries = (tx.open(s.store, entity) ?? []).filter((x) => x.bucket >= oldest);
      const i = entries.findIndex((x) => x.bucket === bucket);
      if (i >= 0) entries[i] = { ...entries[i]!, count: entries[i]!.count + 1 };
      else entries.push({ bucket, category: 0, count: 1 });
      entries.sort((a, b) => a.bucket - b.bucket);
      tx.set(s.store, entity, entries, Math.max(t, entries.at(-1)!.bucket * s.bucketMs));
    },
  };
}

/** Events in about the last W at `now`. */
export function bucketTotal(raw: Buffer | undefined, now: number, windowMs: number, bucketMs: number): number {
  return bucketVolume(raw, now, windowMs, bucketMs).total;
}

/** Events in about the last W at `now`, and the start of the oldest live bucket holding any (undefined: none). */
export function bucketVolume(raw: Buffer | undefined, now: number, windowMs: number, bucketMs: number): { total: number; oldestMs: number | undefined } {
  const from = firstLiveBucket(now, windowMs, bucketMs);
  const to = Math.floor(now / bucketMs);
  let total = 0;
  let oldest = Infinity;
  for (const e of decodeSummary(raw)) {
    if (e.bucket < from || e.bucket > to || e.count === 0) continue;
    total += e.count;
    if (e.bucket < oldest) oldest = e.bucket;
  }
  return { total, oldestMs: oldest === Infinity ? undefined : oldest * bucketMs };
}
