/** The bus contract suite against the Kafka adapter (same suite as the embedded log). */
import { openKafkaBus } from '../../src/bus/kafka/kafka-bus.ts';
import { busContract } from '../bus/bus.suite.ts';
import { KAFKA, quietLogger, uniqueNamespace } from '../helpers/kafka.ts';
import { KafkaJSNonRetriableError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import type { ConsumedRecord } from '../../src/bus/ports.ts';

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

  describe('kafka consumer sessions', () => {
    // kafkajs restarts a consumer only after retriable errors; a non-retriable one (as "the
    // coordinator is not aware of this member" after a broker stall) used to leave it dead.
    it('a session that crashes with a non-retriable error is replaced, resuming from the local position', async () => {
      const topic = `test.crash.${Math.random().toString(36).slice(2, 8)}`;
      const bus = await openKafkaBus({
        brokers: kafka.brokers,
        clientId: namespace,
        topics: [{ name: topic, partitions: 1, replicationFactor: 1, configs: {} }],
        logger: quietLogger,
        maxQueueMs: 5_000,
        namespace,
      });
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
        for (let i = 0; i < 300 && got.length < 10; i++) await new Promise((r) => setTimeout(r, 100));
        await c.stop();
        expect(got.map((r) => r.value.toString())).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
        expect(crashes).toBeGreaterThanOrEqual(2);
        expect(errors).toEqual([]);
      } finally {
        await bus.close();
      }
    }, 60_000);
  });
} else {
  describe.skip('bus contract: kafka (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL)', () => undefined);
}
