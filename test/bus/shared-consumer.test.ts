/**
 * The shared consumer's fetch options (its behaviour with parts, topics and batches runs on both
 * buses in bus.suite.ts): what the one consumer it creates is asked for.
 */
import { describe, expect, it } from 'vitest';
import type { Bus, BusConsumer, ConsumerOptions } from '../../src/bus/ports.ts';
import { sharedConsumer } from '../../src/bus/shared-consumer.ts';

function recordingBus(): { bus: Bus; asked: ConsumerOptions[] } {
  const asked: ConsumerOptions[] = [];
  const consumer: BusConsumer = { start: async () => undefined, stop: async () => undefined, endOffsets: async () => [] };
  const bus = { consumer: (_g: string, o: ConsumerOptions = {}) => (asked.push(o), consumer), endOffsets: async () => [] } as unknown as Bus;
  return { bus, asked };
}

describe('shared consumer: fetch options', () => {
  it("the consumer's own batchWaitMs, beside the parts' concurrentPartitions added up", async () => {
    const { bus, asked } = recordingBus();
    const shared = sharedConsumer(bus, 'g', 2, { batchWaitMs: 200 });
    const handlers = { position: async () => 0, onBatch: async () => undefined };
    await Promise.all([shared.part().start(['a'], handlers), shared.part({ concurrentPartitions: 3 }).start(['b'], handlers)]);
    expect(asked).toEqual([{ batchWaitMs: 200, concurrentPartitions: 4 }]);
    await shared.stop();
  });

  it('none given: the bus default', async () => {
    const { bus, asked } = recordingBus();
    const shared = sharedConsumer(bus, 'g', 1);
    await shared.part().start(['a'], { position: async () => 0, onBatch: async () => undefined });
    expect(asked).toEqual([{ concurrentPartitions: 1 }]);
    await shared.stop();
  });
});
