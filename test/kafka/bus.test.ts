/** The bus contract suite against the Kafka adapter (same suite as the embedded log). */
import { openKafkaBus } from '../../src/bus/kafka/kafka-bus.ts';
import { busContract } from '../bus/bus.suite.ts';
import { KAFKA, quietLogger, uniqueNamespace } from '../helpers/kafka.ts';
import { describe } from 'vitest';

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
} else {
  describe.skip('bus contract: kafka (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL)', () => undefined);
}
