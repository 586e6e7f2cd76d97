import { describe, expect, it } from 'vitest';
import { bucketTotal, bucketVolume } from '../../../src/streams/aggregations/bucket-counter.ts';
import { decodeSummary, encodeSummary, firstLiveBucket } from '../../../src/streams/aggregations/bucket-counts.ts';
import { DAY, HOUR } from '../../../src/domain/time.ts';

describe('bucketVolume (Given hourly counts over a week)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 30);
  const hour = (msAgo: number) => Math.floor((now - msAgo) / HOUR);
  const raw = encodeSummary([
    { bucket: hour(8 * DAY), category: 0, count: 5 }, // expired
    { bucket: hour(3 * DAY), category: 0, count: 7 },
    { bucket: hour(2 * HOUR), category: 0, count: 2 },
    { bucket: hour(0), category: 0, count: 1 },
  ]);

  it('counts the live buckets and gives the start of the oldest live one', () => {
    expect(bucketVolume(raw, now, 7 * DAY, HOUR)).toEqual({ total: 10, oldestMs: hour(3 * DAY) * HOUR });
    expect(bucketTotal(raw, now, 7 * DAY, HOUR)).toBe(10);
  });

  it('the edge: a bucket exactly a week old has left the window', () => {
    expect(bucketVolume(raw, now + 4 * DAY, 7 * DAY, HOUR)).toEqual({ total: 3, oldestMs: hour(2 * HOUR) * HOUR });
  });

  it('nothing stored: no volume, no oldest bucket', () => {
    expect(bucketVolume(undefined, now, 7 * DAY, HOUR)).toEqual({ total: 0, oldestMs: undefined });
  });

  it('read in place, it gives what the decoded counts give, over random weeks (expired, future, empty and zero buckets)', () => {
    const byDecoding = (raw: Buffer, at: number): { total: number; oldestMs: number | undefined } => {
      const from = firstLiveBucket(at, 7 * DAY, HOUR);
      const to = Math.floor(at / HOUR);
      const live = decodeSummary(raw).filter((e) => e.bucket >= from && e.bucket <= to && e.count > 0);
      return { total: live.reduce((n, e) => n + e.count, 0), oldestMs: live.length ? Math.min(...live.map((e) => e.bucket)) * HOUR : undefined };
    };
    let seed = 7;
    const next = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    for (let round = 0; round < 500; round++) {
      const start = hour(9 * DAY);
      const entries = Array.from({ length: next(200) }, () => ({ bucket: start + next(10 * 24), category: next(3), count: next(4) === 0 ? 0 : next(2) ? next(100_000) : next(0xffffffff) }));
      const raw = encodeSummary(entries);
      const at = now - next(2 * DAY);
      expect(bucketVolume(raw, at, 7 * DAY, HOUR)).toEqual(byDecoding(raw, at));
    }
  });
});
