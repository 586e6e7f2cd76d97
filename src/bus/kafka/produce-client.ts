/**
 * The produce side of Kafka mode on @platformatic/kafka (consumers and admin stay on kafkajs).
 * Producing is most of what Kafka mode's processes spend in a client: the loaded API sends each
 * check's event, the streams every changelog and repartition record. kafkajs encodes each record
 * into a zero-filled buffer of its own and copies it again at every level of the request; this
 * client writes a batch into one growing buffer, for about a third to a quarter of the CPU per
 * record (docs/architecture.md, Benchmarks, eleventh round). Idempotent, acks=all, every record
 * with its partition set by the caller (the batching producer keeps one request in flight).
 * Pinned to 1.22.0, the last 1.x whose dependencies install on Node 20 without engine warnings;
 * it wrote a null value as an empty one, so patches/ carries upstream's later fix (a tombstone
 * must reach the compacted changelogs as null; docs/development.md, Conventions).
 */
import { Producer, ProduceAcks } from '@platformatic/kafka';

export interface WireRecord {
  readonly topic: string;
  readonly partition: number;
  readonly key: Buffer;
  /** null: a tombstone. */
  readonly value: Buffer | null;
  readonly timestamp: number;
}

/** The broker's first offset of the records of one topic partition in a send. */
export interface PartitionAck {
  readonly topic: string;
  readonly partition: number;
  readonly baseOffset: number;
}

export interface ProduceClient {
  send(records: readonly WireRecord[]): Promise<PartitionAck[]>;
  close(): Promise<void>;
}

export interface ProduceClientOptions {
  brokers: readonly string[];
  clientId: string;
  /** Connect and request timeout (ms). */
  timeoutMs: number;
  /** Attempts after the first for a request that failed with a retriable error, `retryDelayMs` apart. */
  retries: number;
  retryDelayMs: number;
}

/** Opens an idempotent producer and takes its producer id (so a broker away at start fails the start, as before). */
export async function openProduceClient(o: ProduceClientOptions): Promise<ProduceClient> {
  const producer = new Producer({
    clientId: o.clientId,
    bootstrapBrokers: [...o.brokers],
    idempotent: true,
    acks: ProduceAcks.ALL,
    autocreateTopics: false,
    connectTimeout: o.timeoutMs,
    timeout: o.timeoutMs,
    retries: o.retries,
    retryDelay: o.retryDelayMs,
  });
  // Closes the connections: a send still in flight fails (at shutdown, or a session given up).
  const close = (): Promise<void> => producer.close();
  try {
    await producer.initIdempotentProducer({});
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
  return {
    async send(records) {
      const messages = new Array(records.length);
      for (let i = 0; i < records.length; i++) {
        const r = records[i]!;
        messages[i] = { topic: r.topic, partition: r.partition, key: r.key, value: r.value, timestamp: BigInt(r.timestamp) };
      }
      const result = await producer.send({ messages });
      return (result.offsets ?? []).map((x) => ({ topic: x.topic, partition: x.partition, baseOffset: Number(x.offset) }));
    },
    close,
  };
}

/** Broker errors after which an idempotent producer session cannot continue. */
const SESSION_ERRORS = new Set(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID', 'INVALID_PRODUCER_EPOCH', 'INVALID_PRODUCER_ID_MAPPING']);

interface ErrorTree {
  apiId?: string;
  cause?: unknown;
  errors?: unknown[];
}

/** Whether a send failed because the broker no longer accepts this producer's session (anywhere in the error's causes). */
export function isProducerSessionError(err: unknown, depth = 0): boolean {
  const e = err as ErrorTree | null | undefined;
  if (!e || typeof e !== 'object' || depth > 5) return false;
  if (e.apiId && SESSION_ERRORS.has(e.apiId)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isProducerSessionError(x, depth + 1))) return true;
  return isProducerSessionError(e.cause, depth + 1);
}
