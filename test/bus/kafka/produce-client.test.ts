import { createRecord } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';

// The record encoder the produce client sends through. 1.22.0 wrote a null value as zero bytes
// (upstream fixed it in 1.27, whose dependencies need Node 22): patches/ carries the fix, applied
// by patch-package at install. Without it a compacted changelog never sees a tombstone.
describe('the produce client library (@platformatic/kafka as installed, with patches/)', () => {
  // A record with key "k" at the batch's first offset and timestamp: length 7 (zigzag varints, so 14), attributes,
  // timestamp delta, offset delta, key length 1 (zigzag 0x02) and "k", the value, no headers.
  const encoded = (value: Buffer | null) => [...createRecord({ topic: 't', key: Buffer.from('k'), value: value as Buffer, timestamp: 5n }, 0, 5n).buffer];

  it('writes a null value as null (length -1, zigzag 0x01): a tombstone', () => {
    expect(encoded(null)).toEqual([14, 0, 0, 0, 0x02, 0x6b, 0x01, 0]);
  });

  it('writes an empty value as an empty value (length 0)', () => {
    expect(encoded(Buffer.alloc(0))).toEqual([14, 0, 0, 0, 0x02, 0x6b, 0x00, 0]);
  });
});
