/**
 * The consumer adapter's own logic around kafkajs, with a stand-in for the kafkajs consumer
 * (the broker behaviour itself is covered against a real one in test/kafka/). Here: a seek that
 * kafkajs lost is repeated while the partition has delivered nothing and records wait past it.
 */
import { EventEmitter } from 'node:events';
import type { Admin, Kafka, PartitionAssigner } from 'kafkajs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kafkaConsumer } from '../../../src/bus/kafka/kafka-consumer.ts';

type EachBatch = (p: unknown) => Promise<void>;

/** `high`: each topic's end offset (every partition's), or one for all; `assignment`: topic -> partitions. */
function standIn(high: number | Record<string, number>, assignment: Record<string, number[]> = { t: [0] }) {
  const endOf = (topic: string): number => (typeof high === 'number' ? high : high[topic]!);
  const lookups: string[] = []; // topics whose offsets were looked up, in order
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
      setImmediate(() => emitter.emit('join', { payload: { memberAssignment: assignment } }));
    },
    seek: (s: { topic: string; offset: string }) => seeks.push(s.topic === 't' ? s.offset : `${s.topic}:${s.offset}`),
    commitOffsets: async () => undefined,
    disconnect: async () => undefined,
  };
  const admin = {
    fetchTopicOffsets: async (topic: string) => {
      lookups.push(topic);
      return (assignment[topic] ?? [0]).map((partition) => ({ partition, low: '0', high: String(endOf(topic)), offset: String(endOf(topic)) }));
    },
  } as unknown as Admin;
  const c = kafkaConsumer({
    kafka: { consumer: () => consumer } as unknown as Kafka,
    admin,
    groupId: 'g',
    assigner: (() => undefined) as unknown as PartitionAssigner,
    logger: { warn: (_o, msg) => warnings.push(String(msg)), error: () => undefined },
  });
  const deliver = (first: number, n: number, topic = 't') =>
    eachBatch!({
      batch: { topic, partition: 0, messages: Array.from({ length: n }, (_, i) => ({ offset: String(first + i), key: null, value: Buffer.from('v'), timestamp: '1' })), firstOffset: () => String(first) },
      resolveOffset: () => undefined,
      heartbeat: async () => undefined,
      isRunning: () => true,
      isStale: () => false,
    });
  return { c, seeks, warnings, deliver, lookups };
}

describe('kafka consumer: a lost seek', () => {
  // The watcher looks every 3 s (STUCK_CHECK_MS): the tests move a virtual clock past each look
  // instead of sleeping through it (about 17 s of idle CI time). Only setTimeout is virtual: the
  // stand-in's join (setImmediate) and every promise run as they would.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => void vi.useRealTimers());
  const pass = async (ms: number): Promise<void> => void (await vi.advanceTimersByTimeAsync(ms));

  it('is repeated while nothing was delivered and records wait past the wanted position; not once a batch came', async () => {
    const s = standIn(10);
    const got: number[] = [];
    await s.c.start(['t'], { position: async () => 6, onBatch: async (_tp, recs) => void got.push(...recs.map((r) => r.offset)) });
    expect(s.seeks).toEqual(['6']);
    await pass(3_400);
    expect(s.seeks).toEqual(['6', '6']);
    expect(s.warnings).toContain('kafka: nothing delivered since the seek though records wait; seeking again');
    await s.deliver(6, 4);
    expect(got).toEqual([6, 7, 8, 9]);
    await pass(3_400);
    expect(s.seeks).toEqual(['6', '6']); // delivering: left alone
    await s.c.stop();
  });

  it('leaves alone a partition whose first batch the handler is still applying (a long backlog)', async () => {
    const s = standIn(10);
    await s.c.start(['t'], { position: async () => 6, onBatch: () => new Promise((r) => setTimeout(r, 3_600)) });
    const applied = s.deliver(6, 4); // takes 3.6 s: the watcher looks meanwhile
    await pass(3_600);
    await applied;
    expect(s.seeks).toEqual(['6']);
    await s.c.stop();
  });

  it('leaves an empty partition alone (nothing waits past its position), without looking it up again', async () => {
    const s = standIn(6);
    await s.c.start(['t'], { position: async () => 6, onBatch: async () => undefined });
    await pass(3_400);
    expect(s.seeks).toEqual(['6']);
    expect(s.lookups).toEqual(['t']); // the join's own lookup only
    await s.c.stop();
  });

  it('looks up only the topics whose partitions had records waiting, and stops once they delivered', async () => {
    // t: records wait past the position; u and v: at their end when sought.
    const s = standIn({ t: 10, u: 6, v: 6 }, { t: [0], u: [0], v: [0] });
    const got: string[] = [];
    await s.c.start(['t', 'u', 'v'], { position: async () => 6, onBatch: async (tp, recs) => void got.push(...recs.map((r) => `${tp.topic}:${r.offset}`)) });
    expect([...s.lookups].sort()).toEqual(['t', 'u', 'v']);
    await pass(3_400);
    expect(s.lookups.slice(3)).toEqual(['t']); // the watch's look: t only
    expect(s.seeks).toContain('6'); // t sought again
    await s.deliver(6, 4);
    const before = s.lookups.length;
    await pass(3_400);
    expect(s.lookups.length).toBe(before); // nothing left to watch: no more lookups
    expect(got).toEqual(['t:6', 't:7', 't:8', 't:9']);
    await s.c.stop();
  });
});
