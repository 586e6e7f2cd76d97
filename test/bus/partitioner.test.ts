import { describe, expect, it } from 'vitest';
import { murmur2, partitionFor } from '../../src/bus/partitioner.ts';

// Kafka's own vectors (clients UtilsTest.testMurmur2): a key must land in the same partition
// in embedded mode and on a real broker with Java or kafkajs producers.
describe('murmur2 partitioner (Kafka-compatible)', () => {
  it.each([
    ['21', -973932308],
    ['foobar', -790332482],
    ['a-little-bit-long-string', -985981536],
    ['a-little-bit-longer-string', -1486304829],
    ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
    ['abc', 479470107],
  ])('murmur2(%s) = %i', (key, hash) => {
    expect(murmur2(Buffer.from(key))).toBe(hash);
  });

  it('partitions are positive and stable', () => {
    expect(partitionFor(Buffer.from('21'), 6)).toBe((-973932308 & 0x7fffffff) % 6);
    for (let i = 0; i < 1000; i++) {
      const p = partitionFor(Buffer.from(`k${i}`), 6);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThan(6);
    }
  });
});
