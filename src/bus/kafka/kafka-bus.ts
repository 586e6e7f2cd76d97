/**
 * Bus adapter for Kafka mode: explicit topic creation from the topic plan (auto-creation is
 * off on our brokers), one idempotent producer (acks=all, one request in flight,
 * group-committed batches; @platformatic/kafka, see produce-client.ts), consumer groups with
 * the co-partitioned assigner (kafkajs, as the admin client).
 */
import { Kafka, logLevel, type Admin } from 'kafkajs';
import type { Bus, BusConsumer, BusProducer } from '../ports.ts';
import { batchingProducer } from './batching-producer.ts';
import { kafkaLogLevel } from './log-level.ts';
import { withRetry } from './retry.ts';
import { coPartitionedAssigner } from './co-partitioned-assigner.ts';
import { kafkaConsumer } from './kafka-consumer.ts';
import { openProduceClient, type ProduceClient } from './produce-client.ts';

export interface PlannedTopic {
  readonly name: string;
  readonly partitions: number;
  readonly replicationFactor: number;
  readonly configs: Readonly<Record<string, string>>;
}

export interface KafkaBusOptions {
  brokers: readonly string[];
  clientId: string;
  topics: readonly PlannedTopic[];
  logger: { debug(o: object, msg?: string): void; info(o: object, msg?: string): void; warn(o: object, msg?: string): void; error(o: object, msg?: string): void };
  /** A record still queued (not yet sent) after this long is failed instead of sent late. */
  maxQueueMs: number;
  /**
   * Prefix of every topic and consumer group on the cluster (`<namespace>.<topic>`), so
   * several deployments (or test runs) can share brokers. Code keeps using logical names.
   */
  namespace?: string;
}

export async function openKafkaBus(o: KafkaBusOptions): Promise<Bus & { admin: Admin; kafka: Kafka }> {
  const ns = o.namespace ? `${o.namespace}.` : '';
  const physical = (t: string): string => ns + t;
  const logical = (t: string): string => (ns && t.startsWith(ns) ? t.slice(ns.length) : t);
  const kafka = new Kafka({
    clientId: o.clientId,
    brokers: [...o.brokers],
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { initialRetryTime: 100, retries: 8, maxRetryTime: 5_000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log }) => {
        const { message, ...extra } = log;
        o.logger[kafkaLogLevel(level, log)]({ kafka: extra }, `kafka: ${message}`);
      },
  });
  const admin = kafka.admin();
  await admin.connect();
  const existing = new Set(await admin.listTopics());
  const missing = o.topics.filter((t) => !existing.has(physical(t.name)));
  if (missing.length) {
    const names = missing.map((t) => physical(t.name));
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((t) => ({
          topic: physical(t.name),
          numPartitions: t.partitions,
          replicationFactor: t.replicationFactor,
          configEntries: Object.entries(t.configs).map(([name, value]) => ({ name, value })),
        })),
      });
    } catch (err) {
      // KRaft: the controller created the topics but this broker's metadata has not caught up
      // yet (seen right after a broker restart); kafkajs retries only LEADER_NOT_AVAILABLE.
      if ((err as { type?: string }).type !== 'UNKNOWN_TOPIC_OR_PARTITION') throw err;
      await waitForLeaders(admin, names, 30_000);
    }
    o.logger.info({ topics: names }, 'kafka: created topics');
  }
  const partitions = new Map(o.topics.map((t) => [t.name, t.partitions]));
  const partitionsOf = (topic: string): number => {
    const n = partitions.get(topic);
    if (n === undefined) throw new Error(`kafka: topic ${topic} is not in the topic plan`);
    return n;
  };

  // The kafkajs client's request timeout above, and about as long retrying (its backoff went 100 ms to 5 s over 8 retries).
  const newProducer = (): Promise<ProduceClient> => openProduceClient({ brokers: o.brokers, clientId: o.clientId, timeoutMs: 10_000, retries: 15, retryDelayMs: 1_000 });
  let producer = await newProducer();
  const inner = batchingProducer(() => producer, (t) => partitionsOf(logical(t)), {
    maxQueueMs: o.maxQueueMs,
    onError: (e) => o.logger.warn({ err: e }, 'kafka: send failed'),
    async resetSession() {
      const old = producer;
      producer = await newProducer();
      o.logger.warn({}, 'kafka: the broker refused the producer session (sequence out of step); continuing with a new producer id');
      await old.close().catch(() => undefined);
    },
  });
  const busProducer: BusProducer = { send: (topic, records, opts) => inner.send(physical(topic), records, opts) };
  const consumers = new Set<BusConsumer>();

  return {
    kind: 'kafka',
    kafka,
    admin,
    producer: () => busProducer,
    consumer(groupId, options = {}) {
      const c = kafkaConsumer({ kafka, admin, groupId: physical(groupId), assigner: coPartitionedAssigner, logger: o.logger, physical, logical, ...options });
      consumers.add(c);
      return c;
    },
    partitionCount: partitionsOf,
    async endOffsets(topic) {
      const offsets = await withRetry(() => admin.fetchTopicOffsets(physical(topic)));
      return offsets.sort((a, b) => a.partition - b.partition).map((x) => Number(x.high));
    },
    async offsetsForTime(topic, ts) {
      // ListOffsets by timestamp: the broker's time index; kafkajs answers the high watermark where no record is that recent.
      const offsets = await withRetry(() => admin.fetchTopicOffsetsByTimestamp(physical(topic), ts));
      return offsets.sort((a, b) => a.partition - b.partition).map((x) => Number(x.offset));
    },
    async healthy() {
      try {
        await Promise.race([admin.describeCluster(), new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 1_500))]);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.allSettled([...consumers].map((c) => c.stop()));
      await producer.close().catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    },
  };
}

/** Waits until every partition of the topics has a leader in the broker's metadata. */
async function waitForLeaders(admin: Admin, topics: readonly string[], timeoutMs: number): Promise<void> {
  await withRetry(async () => {
    const meta = await admin.fetchTopicMetadata({ topics: [...topics] });
    const led = meta.topics.length === topics.length && meta.topics.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0));
    if (!led) throw Object.assign(new Error(`kafka: topics ${topics.join(', ')} have no leaders yet`), { retriable: true });
  }, timeoutMs);
}
