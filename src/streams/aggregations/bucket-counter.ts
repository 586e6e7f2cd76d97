/**
 * Plain event counts in time buckets over a long window (pure), e.g. a domain's weekly volume:
 * the baseline that tells a bot wave from a big provider's normal traffic (a part of
 * domain-records-180d). Not idempotent, so the API never re-applies its own events to it (a
 * week of history does not need read-your-writes).
 */
import { firstLiveBucket, liveCounts, type BucketCount } from './bucket-counts.ts';

/**
 * Counts an event at `t` in hourly (`bucketMs`) counts this caller owns, oldest first: buckets
 * that left the window at `t` are dropped, the event's bucket gains one. The list changes in
 * place; its entries are replaced, never changed (a copy of the list shares them).
 */
export function addCount(entries: BucketCount[], windowMs: number, bucketMs: number, t: number): void {
  const bucket = Math.floor(t / bucketMs);
  const oldest = firstLiveBucket(t, windowMs, bucketMs);
  let gone = 0;
  while (gone < entries.length && entries[gone]!.bucket < oldest) gone++;
  if (gone) entries.splice(0, gone);
  let i = entries.length - 1;
  while (i >= 0 && entries[i]!.bucket > bucket) i--;
  if (i >= 0 && entries[i]!.bucket === bucket) entries[i] = { ...entries[i]!, count: entries[i]!.count + 1 };
  else entries.splice(i + 1, 0, { bucket, category: 0, count: 1 });
}

/** Events in about the last W at `now`. */
export function bucketTotal(raw: Buffer | undefined, now: number, windowMs: number, bucketMs: number): number {
  return bucketVolume(raw, now, windowMs, bucketMs).total;
}

/** Events in about the last W at `now`, and the start of the oldest live bucket holding any (undefined: none). */
export function bucketVolume(raw: Buffer | undefined, now: number, windowMs: number, bucketMs: number): { total: number; oldestMs: number | undefined } {
  const { total, oldest } = liveCounts(raw, firstLiveBucket(now, windowMs, bucketMs), Math.floor(now / bucketMs));
  return { total, oldestMs: oldest === Infinity ? undefined : oldest * bucketMs };
}
