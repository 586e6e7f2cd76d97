/** The bus contract suite against the Kafka adapter (same suite as the embedded log). */
import { openKafkaBus } from '../../src/bus/kafka/kafka-bus.ts';
import { busContract } from '../bus/bus.suite.ts';
import { KAFKA, quietLogger, recordingLogger, uniqueNamespace } from '../helpers/kafka.ts';
import { KafkaJSNonRetriableError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import type { ConsumedRecord } from '../../src/bus/ports.ts';
import { topicPlan } from '../../src/streams/topic-plan.ts';
import { storesOf, TOPOLOGY } from '../../src/streams/topology.ts';

if (KAFKA) {
  const kafka = KAFKA;
  const namespace = uniqueNamespace('bus');
  busContract('kafka', {
    open: (topics) =>
      openKafkaBus({
        brokers: kafka.brokers,
        clientId: namespace,
        topics: topics.map((t) => ({ name: t.name, partitions: t.partitions, replicationFactor: 1, configs: { 'retention.ms': String(t.retentionMs) } })),
        logger: quietLogger,
        maxQueueMs: 5_000,
        namespace,
      }),
    topic: (name) => `test.${name}.${Math.random().toString(36).slice(2, 8)}`,
  });

  /** A bus over one fresh topic of this many partitions. */
  const openTopicBus = (topic: string, partitions: number, logger: Parameters<typeof openKafkaBus>[0]['logger'] = quietLogger) =>
    openKafkaBus({ brokers: kafka.brokers, clientId: namespace, topics: [{ name: topic, partitions, replicationFactor: 1, configs: {} }], logger, maxQueueMs: 5_000, namespace });

  describe('kafka consumer sessions', () => {
    // kafkajs restarts a consumer only after retriable errors; a non-retriable one (as "the
    // coordinator is not aware of this member" after a broker stall) used to leave it dead.
    // Retried: see the open fault described inside.
    it('a session that crashes with a non-retriable error is replaced, resuming from the local position', { timeout: 90_000, retry: 2 }, async () => {
      const topic = `test.crash.${Math.random().toString(36).slice(2, 8)}`;
      // What the adapter and kafkajs logged, shown if nothing arrives (once in CI: nothing in 60 s).
      const log = recordingLogger();
      const bus = await openTopicBus(topic, 1, log.logger);
      try {
        await bus.producer().send(topic, Array.from({ length: 10 }, (_, i) => ({ key: Buffer.from('k'), value: Buffer.from(String(i)), timestamp: 1000 + i, partition: 0 })));
        const got: ConsumedRecord[] = [];
        let applied = 0;
        let crashes = 0;
        const errors: Error[] = [];
        const c = bus.consumer(`crash-${Math.random().toString(36).slice(2)}`);
        await c.start([topic], {
          position: async () => applied,
          onBatch: async (_tp, recs) => {
            if (crashes++ === 0) throw new KafkaJSNonRetriableError('forced crash');
            got.push(...recs);
            applied = recs.at(-1)!.offset + 1;
          },
          onError: (e) => errors.push(e),
        });
        // The replacement may have to wait for the crashed member's session to expire (10 s) and
        // a rebalance. Open fault: in about one clean CI run of three (after the broker-restart
        // files), the replacement joins within a second and then delivers nothing for 60 s, with
        // no error logged; reproduced once here, not explained yet. Retried (a replacement that
        // never delivers still fails every attempt) while the log above says more next time.
        for (let i = 0; i < 600 && got.length < 10; i++) await new Promise((r) => setTimeout(r, 100));
        await c.stop();
        expect(got.map((r) => r.value.toString()), `crashes ${crashes}; errors: ${errors.map((e) => `${e.name}: ${e.message}`).join(' ; ')}; log: ${log.lines.join(' | ')}`).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
        expect(crashes).toBeGreaterThanOrEqual(2);
        expect(errors).toEqual([]);
      } finally {
        await bus.close();
      }
    });

    // Positions live in local state; Kafka's committed offsets are for lag tools, coalesced
    // to about one OffsetCommit a second instead of one per batch.
    it('commits consumed positions to Kafka within a few seconds, and on stop', async () => {
      const topic = `test.commits.${Math.random().toString(36).slice(2, 8)}`;
      const groupId = `commits-${Math.random().toString(36).slice(2)}`;
      const bus = await openTopicBus(topic, 2);
      const committed = async (): Promise<number[]> => {
        const [t] = await bus.admin.fetchOffsets({ groupId: `${namespace}.${groupId}`, topics: [`${namespace}.${topic}`] });
        return t!.partitions.sort((a, b) => a.partition - b.partition).map((p) => Number(p.offset));
      };
      try {
        const send = (n: number, from: number) =>
          bus.producer().send(topic, Array.from({ length: n }, (_, i) => ({ key: Buffer.from('k'), value: Buffer.from(String(from + i)), timestamp: 1000 + i, partition: (from + i) % 2 })));
        await send(20, 0);
        const applied = [0, 0];
        const c = bus.consumer(groupId);
        await c.start([topic], {
          position: async (tp) => applied[tp.partition]!,
          onBatch: async (tp, recs) => {
            applied[tp.partition] = recs.at(-1)!.offset + 1;
          },
        });
        let seen: number[] = [];
        for (let i = 0; i < 100 && String(seen) !== '10,10'; i++) {
          await new Promise((r) => setTimeout(r, 100));
          seen = await committed();
        }
        expect(seen).toEqual([10, 10]);
        await send(4, 20);
        for (let i = 0; i < 100 && String(applied) !== '12,12'; i++) await new Promise((r) => setTimeout(r, 50));
        await c.stop(); // flushes what the interval has not committed yet
        expect(await committed()).toEqual([12, 12]);
      } finally {
        await bus.close();
      }
    }, 60_000);

    // kafkajs's run() resolves even while the first join is pending or being retried: a role
    // then said "running" (an API replica "caught up") before it was consuming anything.
    it('start() resolves once the group is joined and every assigned partition sought to its local position', async () => {
      const topic = `test.join.${Math.random().toString(36).slice(2, 8)}`;
      const bus = await openTopicBus(topic, 3);
      try {
        const asked = new Set<number>();
        const c = bus.consumer(`join-${Math.random().toString(36).slice(2)}`);
        await c.start([topic], {
          position: async (tp) => {
            await new Promise((r) => setTimeout(r, 100)); // a local lookup that takes a while
            asked.add(tp.partition);
            return 0;
          },
          onBatch: async () => undefined,
        });
        expect([...asked].sort()).toEqual([0, 1, 2]);
        await c.stop();
      } finally {
        await bus.close();
      }
    }, 60_000);

  // kafkajs logs each broker answer "not the leader" at ERROR before retrying it: a first start
  // on a fresh broker logged 164 to 292 of them while the new topics' leaders were elected.
  it('a start on fresh topics logs no error for the retried "not the leader" answers', async () => {
    const log = recordingLogger();
    const fresh = uniqueNamespace('fresh');
    const plan = topicPlan(storesOf(TOPOLOGY));
    const bus = await openKafkaBus({ brokers: kafka.brokers, clientId: fresh, topics: plan, logger: log.logger, maxQueueMs: 5_000, namespace: fresh });
    try {
      // What a start asks first: every topic's end offsets (the stores' changelogs, the replicas).
      for (const t of plan) expect((await bus.endOffsets(t.name)).length).toBe(t.partitions);
    } finally {
      await bus.close();
    }
    expect(log.lines.filter((l) => / error /.test(l))).toEqual([]);
  }, 90_000);

  describe('kafka consumer fetch options', () => {
    it('seldomWaitMs: a fetch is a long poll that the broker answers at the first record', async () => {
      const topic = `test.seldom.${Math.random().toString(36).slice(2, 8)}`;
      const bus = await openTopicBus(topic, 1);
      try {
        const arrived: number[] = [];
        const c = bus.consumer(`seldom-${Math.random().toString(36).slice(2)}`, { seldomWaitMs: 5_000 });
        await c.start([topic], { position: async () => 0, onBatch: async (_tp, recs) => void arrived.push(...recs.map(() => performance.now())) });
        // Idle long enough that the consumer's fetch is waiting at the broker.
        await new Promise((r) => setTimeout(r, 1_000));
        const sent = performance.now();
        await bus.producer().send(topic, [{ key: Buffer.from('k'), value: Buffer.from('v'), timestamp: 1, partition: 0 }]);
        for (let i = 0; i < 100 && arrived.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
        await c.stop();
        // A batching fetch (it waits for 64 KiB) would hold it for the whole 5 s wait.
        expect(arrived.length).toBe(1);
        expect(arrived[0]! - sent).toBeLessThan(3_000);
      } finally {
        await bus.close();
      }
    }, 60_000);

    it('concurrentPartitions: the batches of several partitions are handed over at once, each partition in order', async () => {
      const topic = `test.concurrent.${Math.random().toString(36).slice(2, 8)}`;
      const bus = await openTopicBus(topic, 3);
      try {
        for (let p = 0; p < 3; p++) await bus.producer().send(topic, Array.from({ length: 5 }, (_, i) => ({ key: Buffer.from('k'), value: Buffer.from(`${p}:${i}`), timestamp: 1 + i, partition: p })));
        const inHandler = new Set<number>();
        let together = 0;
        const got = new Map<number, string[]>();
        const c = bus.consumer(`concurrent-${Math.random().toString(36).slice(2)}`, { concurrentPartitions: 3 });
        await c.start([topic], {
          position: async () => 0,
          onBatch: async (tp, recs) => {
            inHandler.add(tp.partition);
            // Waits (bounded) for the other partitions' batches: handed over one at a time, they never come.
            for (let i = 0; i < 40 && inHandler.size < 3; i++) await new Promise((r) => setTimeout(r, 50));
            together = Math.max(together, inHandler.size);
            got.set(tp.partition, [...(got.get(tp.partition) ?? []), ...recs.map((r) => r.value.toString())]);
            inHandler.delete(tp.partition);
          },
        });
        for (let i = 0; i < 200 && [...got.values()].flat().length < 15; i++) await new Promise((r) => setTimeout(r, 50));
        await c.stop();
        expect(together).toBe(3);
        for (let p = 0; p < 3; p++) expect(got.get(p)).toEqual(Array.from({ length: 5 }, (_, i) => `${p}:${i}`));
      } finally {
        await bus.close();
      }
    }, 60_000);
  });
  });
} else {
  describe.skip('bus contract: kafka (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL)', () => undefined);
}
