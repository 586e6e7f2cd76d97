/**
 * The bus port: the only bus types the rest of the service sees. Two adapters implement it:
 * `embedded-log.ts` (a persistent partitioned log in the data dir) and `kafka.ts` (kafkajs).
 * One contract suite (test/bus/bus.suite.ts) runs against both.
 */

export interface OutRecord {
  readonly key: Buffer;
  readonly value: Buffer;
  /** A deletion marker for compacted topics (Kafka null value); `value` is then ignored. */
  readonly tombstone?: boolean;
  readonly timestamp: number;
  /** Explicit partition; when absent the adapter uses partitionFor(key). */
  readonly partition?: number;
}

export interface RecordPosition {
  readonly partition: number;
  readonly offset: number;
}

export interface ConsumedRecord {
  readonly topic: string;
  readonly partition: number;
  readonly offset: number;
  readonly key: Buffer;
  readonly value: Buffer;
  readonly timestamp: number;
  /** The record is a deletion marker (null value). */
  readonly tombstone?: boolean;
}

export interface TopicPartition {
  readonly topic: string;
  readonly partition: number;
}

/**
 * Invariant: `send` resolves only once every record is durable (embedded: written with
 * fsync; Kafka: acknowledged with acks=all by an idempotent producer) and rejects otherwise.
 * Records of one call to one partition keep their order and are appended atomically.
 */
export interface BusProducer {
  send(topic: string, records: readonly OutRecord[], opts?: SendOptions): Promise<RecordPosition[]>;
}

export interface SendOptions {
  /**
   * Called synchronously by `send` with a function that withdraws the records if none of them
   * is being written yet: it then returns true, the records are never written, and `send`
   * rejects with `RecordsWithdrawnError`. Once they are handed to the disk or the broker it
   * returns false and changes nothing; `send` settles with the write's outcome. (A caller that
   * gave up on a check can thus tell "not recorded" from "may have been recorded".) A plain
   * callback, not an AbortSignal: one is made per check, and an AbortController with a
   * listener is costly at that rate (docs/architecture.md, Benchmarks).
   */
  readonly withdrawable?: (withdraw: () => boolean) => void;
}

/** The records were withdrawn before being written (see SendOptions.withdrawable): none is durable. */
export class RecordsWithdrawnError extends Error {
  override readonly name = 'RecordsWithdrawnError';
  constructor(topic: string) {
    super(`${topic}: records withdrawn before they were written`);
  }
}

export interface ConsumerHandlers {
  /** Where to start reading a partition this consumer was just given (from local state). */
  position(tp: TopicPartition): Promise<number>;
  /**
   * Records of one topic-partition, in offset order, starting at or after the position.
   * The next batch of that partition is delivered only after the promise resolves; a
   * rejection stops the consumer (the runtime decides about retries).
   */
  onBatch(tp: TopicPartition, records: readonly ConsumedRecord[]): Promise<void>;
  onAssigned?(tps: readonly TopicPartition[]): Promise<void> | void;
  onRevoked?(tps: readonly TopicPartition[]): Promise<void> | void;
  /** The consumer stopped delivering because of this error (a failed onBatch or the bus). */
  onError?(err: Error): void;
  /** A batch failed and will be delivered again (after a backoff). */
  onBatchError?(err: Error): void;
}

/**
 * A consumer reads whole partitions. In a group (`groupId` shared by instances) partitions are
 * split among members; with a unique group every partition is delivered (replicas).
 */
export interface BusConsumer {
  start(topics: readonly string[], handlers: ConsumerHandlers): Promise<void>;
  /** Highest offset + 1 per partition right now (for lag and readiness). */
  endOffsets(topic: string): Promise<number[]>;
  stop(): Promise<void>;
}

/**
 * How a consumer fetches (Kafka's fetch tuning; the embedded log delivers from memory and
 * needs none). The default suits busy topics: a fetch gathers records for a short wait.
 */
export interface ConsumerOptions {
  /**
   * Records arrive seldom (control changes, model versions): each fetch returns at the first
   * record, or after this long with none. An idle consumer then costs a request per this
   * interval instead of one per short batching wait, and a record is delivered at once.
   */
  readonly seldomWaitMs?: number;
  /**
   * Batches of up to this many partitions are handled at once (one partition's still one after
   * another, in order), so a handler can apply the batches of one fetch together (default 1).
   */
  readonly concurrentPartitions?: number;
}

/** The long poll of the seldom-written topics' followers: idle, two requests a second each. */
export const SELDOM_WAIT_MS = 500;

export interface Bus {
  readonly kind: 'embedded' | 'kafka';
  producer(): BusProducer;
  consumer(groupId: string, options?: ConsumerOptions): BusConsumer;
  partitionCount(topic: string): number;
  /** Highest durable offset + 1 per partition right now. */
  endOffsets(topic: string): Promise<number[]>;
  /**
   * Per partition, the first offset whose record's timestamp is at or after `ts`, or the end
   * offset when there is none (Kafka's offsetsForTimes; the embedded log's time lookup).
   */
  offsetsForTime(topic: string, ts: number): Promise<number[]>;
  /** Throws when the bus cannot currently accept writes (for /readyz). */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}
