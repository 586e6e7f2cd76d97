/**
 * Group commit for Kafka: every record sent while a batch is in flight joins the next single
 * `sendBatch` (idempotent producer, acks=all), so throughput does not pay one round trip per
 * record, and an idle producer sends at once (no fixed linger). Resolves each record with its
 * partition and offset once the broker acknowledged the whole batch.
 */
import { partitionFor } from '../partitioner.ts';
import { RecordsWithdrawnError, type BusProducer, type OutRecord, type RecordPosition } from '../ports.ts';
import { withdrawer } from '../withdrawal.ts';
import { isProducerSessionError, type ProduceClient, type WireRecord } from './produce-client.ts';

interface Pending {
  queuedAt: number;
  /** In a batch on the wire: can no longer be withdrawn. */
  taken?: boolean;
  withdrawn?: boolean;
  topic: string;
  partition: number;
  record: OutRecord;
  resolve(p: RecordPosition): void;
  reject(e: Error): void;
}

const MAX_BATCH = 2000;

export interface BatchingOptions {
  /**
   * A record still waiting in the queue after this long is failed instead of sent: its caller
   * has already answered 503, and an event recorded after that would be a check nobody got.
   * (Records already on the wire cannot be recalled; the idempotent producer sends them once.)
   */
  maxQueueMs: number;
  onError?: (e: Error) => void;
  /**
   * The broker no longer accepts this producer's sequence numbers (after a broker restart
   * while a send was unacknowledged, a client's idempotent state can stay out of step for
   * good): the adapter replaces the producer with a new session, and the next batch uses it.
   */
  resetSession?: () => Promise<void>;
}

export function batchingProducer(client: () => ProduceClient, partitionsOf: (topic: string) => number, o: BatchingOptions): BusProducer {
  let queue: Pending[] = [];
  let withdrawnInQueue = 0;
  let inFlight = false;

  async function flush(): Promise<void> {
    if (inFlight) return;
    if (withdrawnInQueue) {
      queue = queue.filter((p) => !p.withdrawn);
      withdrawnInQueue = 0;
    }
    if (queue.length === 0) return;
    const now = Date.now();
    const stale = queue.filter((p) => now - p.queuedAt > o.maxQueueMs);
    if (stale.length) {
      queue = queue.filter((p) => now - p.queuedAt <= o.maxQueueMs);
      // Never sent: withdrawn, as if the caller had aborted (it has answered 503 by now).
      for (const p of stale) {
        p.withdrawn = true;
        p.reject(new RecordsWithdrawnError(p.topic));
      }
      if (queue.length === 0) return;
    }
    inFlight = true;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    for (const p of batch) p.taken = true;
    try {
      const wire = new Array<WireRecord>(batch.length);
      for (let i = 0; i < batch.length; i++) {
        const p = batch[i]!;
        wire[i] = { topic: p.topic, partition: p.partition, key: p.record.key, value: p.record.tombstone ? null : p.record.value, timestamp: p.record.timestamp };
      }
      const acks = await client().send(wire);
      const base = new Map(acks.map((m) => [`${m.topic}/${m.partition}`, m.baseOffset]));
      const seen = new Map<string, number>();
      for (const p of batch) {
        const k = `${p.topic}/${p.partition}`;
        const i = seen.get(k) ?? 0;
        seen.set(k, i + 1);
        const b = base.get(k);
        if (b === undefined) p.reject(new Error(`no acknowledgement for ${k}`));
        else p.resolve({ partition: p.partition, offset: b + i });
      }
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      o.onError?.(e);
      for (const p of batch) p.reject(e);
      if (o.resetSession && isProducerSessionError(err)) await o.resetSession().catch((x: unknown) => o.onError?.(x instanceof Error ? x : new Error(String(x))));
    } finally {
      inFlight = false;
      if (queue.length) void flush();
    }
  }

  return {
    send(topic, records, opts = {}) {
      const mine: Pending[] = [];
      const waits = records.map(
        (record) =>
          new Promise<RecordPosition>((resolve, reject) => {
            const partition = record.partition ?? partitionFor(record.key, partitionsOf(topic));
            const p: Pending = { queuedAt: Date.now(), topic, partition, record, resolve, reject };
            queue.push(p);
            mine.push(p);
          }),
      );
      const done = Promise.all(waits);
      // Withdrawn only if none of them is on the wire yet (a batch takes them out of the queue).
      opts.withdrawable?.(withdrawer(topic, mine, (n) => (withdrawnInQueue += n)));
      void flush();
      return done;
    },
  };
}
