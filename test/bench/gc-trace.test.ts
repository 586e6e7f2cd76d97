import { describe, expect, it } from 'vitest';
import { sumGcTrace } from '../../bench/lib/gc-trace.ts';

const line = (isolate: string, ms: number, gc: string, allocated: number, promoted: number, pause = 1.5) =>
  `[4242:${isolate}]    ${ms} ms: pause=${pause} mutator=5.0 gc=${gc} reduce_memory=0 time_to_safepoint=0.00 scavenge=1.0 total_size_before=100 total_size_after=50 holes_size_before=0 holes_size_after=0 allocated=${allocated} promoted=${promoted} new_space_survived=0`;

describe('sumGcTrace', () => {
  it('sums each isolate’s collections and skips every other line', () => {
    const text = [
      line('0xaaa', 10, 's', 1000, 10),
      '{"level":30,"msg":"mailsift API listening"}',
      line('0xbbb', 11, 's', 300, 0, 0.5),
      line('0xaaa', 20, 'mc', 2000, 500, 40),
      line('0xaaa', 30, 's', 1500, 5),
      'not a trace line allocated=99 promoted=99',
    ].join('\n');
    expect(sumGcTrace(text)).toEqual([
      { isolate: '0xaaa', allocated: 4500, promoted: 515, pauseMs: 43, collections: 3, majors: 1 },
      { isolate: '0xbbb', allocated: 300, promoted: 0, pauseMs: 0.5, collections: 1, majors: 0 },
    ]);
  });
});
