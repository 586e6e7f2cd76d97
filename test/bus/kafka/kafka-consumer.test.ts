/**
 * The consumer adapter's own logic around kafkajs, with a stand-in for the kafkajs consumer
 * (the broker behaviour itself is covered against a real one in test/kafka/). Here: a seek that
 * kafkajs lost is repeated while the partition has delivered nothing and records wait past it.
 */
import { EventEmitter } from 'node:events';
import type { Admin, Kafka, PartitionAssigner } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { kafkaConsumer } from '../../../src/bus/kafka/kafka-consumer.ts';

type EachBatch = (p: unknown) => Promise<void>;

function standIn(high: number) {
  const seeks: string[] = [];
  const warnings: string[] = [];
  let eachBatch: EachBatch | undefined;
  const emitter = new EventEmitter();
  const consumer = {
    events: { GROUP_JOIN: 'join', CRASH: 'crash' },
    on: (event: string, fn: (e: unknown) => void) => emitter.on(event, fn),
    connect: async () => undefined,
    subscribe: async () => undefined,
    run: async (o: { eachBatch: EachBatch }) => {
      eachBatch = o.eachBatch;
      setImmediate(() => emitter.emit('join', { payload: { memberAssignment: { t: [0] } } }));
    },
    seek: (s: { offset: string }) => seeks.push(s.offset),
    commitOffsets: async () => undefined,
    disconnect: async () => undefined,
  };
  const admin = { fetchTopicOffsets: async () => [{ partition: 0, low: '0', high: String(high), offset: String(high) }] } as unknown as Admin;
  const c = kafkaConsumer({
    kafka: { consumer: () => consumer } as unknown as Kafka,
    admin,
    groupId: 'g',
    assigner: (() => undefined) as unknown as PartitionAssigner,
    logger: { warn: (_o, msg) => warnings.push(String(msg)), error: () => undefined },
  });
  const deliver = (first: number, n: number) =>
    eachBatch!({
      batch: { topic: 't', partition: 0, messages: Array.from({ length: n }, (_, i) => ({ offset: String(first + i), key: null, value: Buffer.from('v'), timestamp: '1' })), firstOffset: () => String(first) },
      resolveOffset: () => undefined,
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: () => false,
    });
  return { c, seeks, warnings, deliver };
}

describe('kafka consumer: a lost seek', () => {
  it('is repeated while nothing was delivered and records wait past the wanted position; not once a batch came', async () => {
    const s = standIn(10);
    const got: number[] = [];
    await s.c.start(['t'], { position: async () => 6, onBatch: async (_tp, recs) => void got.push(...recs.map((r) => r.offset)) });
    expect(s.seeks).toEqual(['6']);
    await new Promise((r) => setTimeout(r, 3_400));
    expect(s.seeks).toEqual(['6', '6']);
    expect(s.warnings).toContain('kafka: nothing delivered since the seek though records wait; seeking again');
    await s.deliver(6, 4);
    expect(got).toEqual([6, 7, 8, 9]);
    await new Promise((r) => setTimeout(r, 3_400));
    expect(s.seeks).toEqual(['6', '6']); // delivering: left alone
    await s.c.stop();
  }, 15_000);

  it('leaves alone a partition whose first batch the handler is still applying (a long backlog)', async () => {
    const s = standIn(10);
    await s.c.start(['t'], { position: async () => 6, onBatch: () => new Promise((r) => setTimeout(r, 3_600)) });
    await s.deliver(6, 4); // takes 3.6 s: the watcher looks meanwhile
    expect(s.seeks).toEqual(['6']);
    await s.c.stop();
  }, 15_000);

  it('leaves an empty partition alone (nothing waits past its position)', async () => {
    const s = standIn(6);
    await s.c.start(['t'], { position: async () => 6, onBatch: async () => undefined });
    await new Promise((r) => setTimeout(r, 3_400));
    expect(s.seeks).toEqual(['6']);
    await s.c.stop();
  }, 15_000);
});
