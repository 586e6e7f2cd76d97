/**
 * Feeds the hot windows (hot-windows.ts) from the checks topic, on the thread that reads them
 * (the API's), and rebuilds them at start (shell). Both modes: the embedded log's consumer, or
 * in Kafka mode a consumer group of this instance's own (it must be given every partition).
 *
 * The log is the truth: every check event is counted once it is durable, whoever wrote it (an
 * event given up on at its deadline that landed anyway included, another instance's too), in
 * the log's order per partition, as the stream runtime applies it. Nothing is persisted
 * besides the log: at start each partition is read from its first record of the last
 * `replayMs` (the windows' retention) before the newest event in the log where the bus can tell
 * it (the embedded log), else before now (Kafka: the broker's time index, offsetsForTimes),
 * which is every event a count at that time or later can include. A restart, after SIGKILL
 * too, therefore counts what a process that never stopped counts. What the windows include is
 * told by `applied()` (next offset per partition), which a reader compares with its own
 * events' positions, as with the stores' committed offsets.
 */
import type { EventCodec } from '../bus/avro.ts';
import type { Bus, BusConsumer, ConsumerOptions } from '../bus/ports.ts';
import { TOPICS } from '../bus/topics.ts';
import type { CheckScored } from '../domain/events.ts';
import { HotWindows } from './hot-windows.ts';

/** Own events held per partition until the feed reads their position. */
const MAX_WRITTEN = 50_000;

export interface HotWindowFeedOptions {
  readonly bus: Bus;
  readonly codec: EventCodec<CheckScored>;
  /** Its consumer group. In Kafka mode one per instance: a group with another member would split the partitions. */
  readonly groupId: string;
  /**
   * Its consumer, in that group: a part of one shared with the instance's other readers
   * (bus/shared-consumer.ts: Kafka mode's replica), or by default one of its own.
   */
  readonly consumer?: (options: ConsumerOptions) => BusConsumer;
  /**
   * The newest record's timestamp of a partition (undefined: empty), where the bus can tell it
   * cheaply (the embedded log). Absent: the clock stands for it (Kafka; exact while producers'
   * clocks are within the windows' grace of this one).
   */
  newestTime?(partition: number): Promise<number | undefined>;
  readonly now: () => number;
  readonly onError: (err: Error) => void;
  /** How often expired entities are dropped (wall clock). */
  readonly expiryIntervalMs?: number;
}

export interface HotWindowFeed {
  readonly windows: HotWindows;
  /**
   * This thread is about to write `value`, the encoding of `event`: when the feed reads that
   * same record back from the log's tail, it takes the event instead of decoding it again
   * (Avro decoding was the feed's largest cost). Only what the log holds is ever counted.
   */
  remember(value: Buffer, event: CheckScored): void;
  /**
   * This thread's event `event` is durable at `offset` of `partition` (Kafka mode, where the
   * consumer reads fresh Buffers): read back from there, it is taken instead of decoded. Read
   * before the acknowledgement came, it is decoded as any other and this is dropped later.
   */
  rememberAt(partition: number, offset: number, event: CheckScored): void;
  /** Next offset per partition of the checks topic: the windows include every check before it. */
  applied(): readonly number[];
  /** Resolves when every partition is applied up to its end at call time (false: timed out, failed, or not every partition given). */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  /** Why the windows are not whole: the consumer stopped, or another member of its group holds some partitions. */
  failed(): Error | undefined;
  stop(): Promise<void>;
}

export async function startHotWindowFeed(o: HotWindowFeedOptions): Promise<HotWindowFeed> {
  const topic = TOPICS.checks.name;
  const windows = new HotWindows();
  const partitions = o.bus.partitionCount(topic);
  let newest = -Infinity;
  if (o.newestTime) for (let p = 0; p < partitions; p++) newest = Math.max(newest, (await o.newestTime(p)) ?? -Infinity);
  else newest = o.now();
  const from = newest - windows.replayMs; // -Infinity for an empty log: from its first record, or its end
  const applied: number[] = await o.bus.offsetsForTime(topic, from);
  let failure: Error | undefined;
  // Partitions last given to this consumer: fewer than all when its group has another member
  // (two instances with one MAILSIFT_INSTANCE_ID, or a crashed one whose session lives on).
  let owned = partitions;
  const partial = (): Error =>
    new Error(`the hot windows hold ${owned} of ${partitions} partitions of ${topic}: another running API instance shares the consumer group ${o.groupId} (give each instance its own MAILSIFT_INSTANCE_ID), or a crashed one's session has not expired yet (about 10 s)`);
  // Events by the very Buffer this thread wrote: the embedded log's tail hands back that object
  // (a Kafka consumer reads fresh Buffers, so there nothing is kept).
  const written = o.bus.kind === 'embedded' ? new WeakMap<Buffer, CheckScored>() : undefined;
  // Kafka mode: own events by position, per partition in offset order (acknowledged in order).
  const writtenAt = o.bus.kind === 'embedded' ? undefined : Array.from({ length: partitions }, () => new Map<number, CheckScored>());
  // Its partitions' batches may be handled at once (each in order): in a consumer shared with the
  // replica, which takes a fetch's batches together, they then do not wait for its write.
  const consumer: BusConsumer = (o.consumer ?? ((opts) => o.bus.consumer(o.groupId, opts)))({ concurrentPartitions: partitions });
  await consumer.start([topic], {
    onAssigned: (tps) => {
      owned = tps.length;
    },
    position: async (tp) => applied[tp.partition]!,
    onBatch: async (tp, records) => {
      // Decoded first, applied after: a batch that fails to decode changes nothing (it is retried whole).
      const events: CheckScored[] = [];
      const at = writtenAt?.[tp.partition];
      for (const r of records) {
        if (r.offset < applied[tp.partition]!) continue;
        const mine = written?.get(r.value) ?? at?.get(r.offset);
        // Read once: the log's tail keeps its records (and so this map its events) for thousands of checks more.
        if (mine) written?.delete(r.value);
        events.push(mine ?? (await o.codec.decode(r.value)));
      }
      for (const e of events) windows.add(e);
      if (records.length) applied[tp.partition] = Math.max(applied[tp.partition]!, records.at(-1)!.offset + 1);
      // Positions read (taken, or acknowledged only after the read): of no more use.
      if (at) {
        for (const offset of at.keys()) {
          if (offset >= applied[tp.partition]!) break;
          at.delete(offset);
        }
      }
    },
    onError: (err) => {
      failure = err;
      o.onError(err);
    },
  });
  const expiry = setInterval(() => windows.expire(Math.max(windows.streamTime, o.now())), o.expiryIntervalMs ?? 60_000);
  expiry.unref();
  return {
    windows,
    remember: written ? (value, event) => void written.set(value, event) : () => undefined,
    rememberAt: writtenAt
      ? (partition, offset, event) => {
          // Bounded: a feed that stopped reading would otherwise keep every own event.
          if (offset >= applied[partition]! && writtenAt[partition]!.size < MAX_WRITTEN) writtenAt[partition]!.set(offset, event);
        }
      : () => undefined,
    applied: () => applied,
    async caughtUp(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const ends = await o.bus.endOffsets(topic);
      while (owned < partitions || !ends.every((end, p) => applied[p]! >= end)) {
        if (failure || Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 5));
      }
      return true;
    },
    failed: () => failure ?? (owned < partitions ? partial() : undefined),
    async stop() {
      clearInterval(expiry);
      await consumer.stop();
    },
  };
}
