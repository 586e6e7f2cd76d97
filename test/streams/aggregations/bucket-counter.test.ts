import { describe, expect, it } from 'vitest';
import { bucketTotal, bucketVolume } from '../../../src/streams/aggregations/bucket-counter.ts';
import { encodeSummary } from '../../../src/streams/aggregations/bucket-counts.ts';
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
});
