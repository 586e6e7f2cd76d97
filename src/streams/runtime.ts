/**
 * The stream runtime (shell): consumes the source topics of the topology, applies every
 * aggregation to each batch, and commits the store changes with the consumer offsets in one
 * atomic write. Loop per batch:
 *   decode -> declare reads -> prefetch (one getMany) -> apply in order (sync, in memory)
 *   -> produce emitted records (durable) -> commit state + offsets -> notify readers.
 * Emitted records go out before the commit: a crash in between re-emits them on restart, so
 * their consumers are idempotent (at-least-once out, exactly-once in the stores).
 * Batches are processed one at a time across all partitions: the state is one database and
 * the work is CPU-light, so serialising costs little and rules out read/write races.
 * Records below the committed position are skipped, so redelivery never double counts.
 */
import type { EventCodec } from '../bus/avro.ts';
import type { Codecs } from '../bus/codecs.ts';
import type { Bus, BusConsumer, BusProducer, ConsumedRecord, TopicPartition } from '../bus/ports.ts';
import { TOPICS, type TopicKey } from '../bus/topics.ts';
import type { Emitted, ProcessorNode } from './aggregation.ts';
import type { StateDb } from './stores/state-db.ts';
import { BatchTx, ReadSet } from './stores/tx.ts';

export interface RuntimeLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RuntimeOptions {
  bus: Bus;
  state: StateDb;
  codecs: Codecs;
  nodes: readonly ProcessorNode[];
  groupId: string;
  logger: RuntimeLogger;
  now: () => number;
  /** How often expired segments are dropped (wall clock). */
  expiryIntervalMs?: number;
}

export interface StreamRuntime {
  start(): Promise<void>;
  /** Committed next offsets of a source topic (what the stores include). */
  applied(topic: TopicKey): readonly number[];
  /** Resolves when every partition of every source is applied up to its end offset at call time. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  onCommit(listener: () => void): () => void;
  /** Time of the newest event applied. */
  streamTime(): number;
  failed(): Error | undefined;
  stop(): Promise<void>;
}

export function createStreamRuntime(o: RuntimeOptions): StreamRuntime {
  const nodesByTopic = new Map<string, ProcessorNode[]>();
  for (const n of o.nodes) {
    const name = TOPICS[n.source].name;
    nodesByTopic.set(name, [...(nodesByTopic.get(name) ?? []), n]);
  }
  const topicKeyByName = new Map<string, TopicKey>(Object.entries(TOPICS).map(([k, v]) => [v.name, k as TopicKey]));
  const applied = new Map<string, number[]>();
  const listeners = new Set<() => void>();
  let consumer: BusConsumer | undefined;
  let producer: BusProducer | undefined;
  let chain: Promise<void> = Promise.resolve();
  let streamTime = 0;
  let failure: Error | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;

  async function processBatch(tp: TopicPartition, records: readonly ConsumedRecord[]): Promise<void> {
    const positions = applied.get(tp.topic)!;
    const fresh = records.filter((r) => r.offset >= positions[tp.partition]!);
    if (fresh.length === 0) return;
    const topicKey = topicKeyByName.get(tp.topic)!;
    const codec = o.codecs[topicKey];
    const nodes = nodesByTopic.get(tp.topic)!;
    const events: unknown[] = [];
    for (const r of fresh) events.push(await codec.decode(r.value));

    const reads = new ReadSet();
    for (const ev of events) for (const n of nodes) for (const a of n.aggregations) a.reads(ev as never, reads);
    let batchTime = streamTime;
    for (const ev of events) batchTime = Math.max(batchTime, nodes[0]!.timeOf(ev as never));
    const tx = new BatchTx(await o.state.fetch(reads, batchTime));

    const emitted: Emitted[] = [];
    const emit = (e: Emitted): void => void emitted.push(e);
    for (const ev of events) for (const n of nodes) for (const a of n.aggregations) a.apply(ev as never, tx, emit);

    if (emitted.length) await produce(emitted);
    const next = fresh.at(-1)!.offset + 1;
    await o.state.commit([...tx.writes.values()], [{ topic: tp.topic, partition: tp.partition, next }]);
    positions[tp.partition] = next;
    streamTime = batchTime;
    for (const l of listeners) l();
  }

  function onCommitListener(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  }

  async function produce(emitted: readonly Emitted[]): Promise<void> {
    const byTopic = new Map<TopicKey, Emitted[]>();
    for (const e of emitted) byTopic.set(e.topic, [...(byTopic.get(e.topic) ?? []), e]);
    await Promise.all(
      [...byTopic].map(([topic, list]) =>
        producer!.send(
          TOPICS[topic].name,
          list.map((e) => ({ key: e.key, value: (o.codecs[topic] as EventCodec<unknown>).encode(e.value), timestamp: e.timestamp })),
        ),
      ),
    );
  }

  return {
    async start() {
      producer = o.bus.producer();
      const topics = [...nodesByTopic.keys()];
      for (const t of topics) applied.set(t, await o.state.offsets(t, o.bus.partitionCount(t)));
      consumer = o.bus.consumer(o.groupId);
      await consumer.start(topics, {
        position: async (tp) => applied.get(tp.topic)![tp.partition]!,
        onBatch: async (tp, records) => {
          const run = chain.then(() => processBatch(tp, records));
          chain = run.catch(() => undefined);
          return run;
        },
        onError: (err) => {
          failure = err;
          o.logger.error({ err }, 'stream runtime stopped on an error');
        },
      });
      const every = o.expiryIntervalMs ?? 60_000;
      expiryTimer = setInterval(() => {
        chain = chain
          .then(() => o.state.expire(Math.max(streamTime, o.now())))
          .then((n) => {
            if (n) o.logger.info({ segments: n }, 'dropped expired store segments');
          })
          .catch((err: unknown) => o.logger.error({ err }, 'segment expiry failed'));
      }, every);
      expiryTimer.unref();
    },
    applied: (topic) => applied.get(TOPICS[topic].name) ?? [],
    async caughtUp(timeoutMs = 60_000) {
      // Downstream topics (repartition, labelled) grow while upstream ones are applied, so
      // "caught up" means: every source applied to its end, and the ends did not move since.
      const deadline = Date.now() + timeoutMs;
      const ends = async (): Promise<Map<string, number[]>> => {
        const m = new Map<string, number[]>();
        for (const t of nodesByTopic.keys()) m.set(t, await consumer!.endOffsets(t));
        return m;
      };
      const reached = (targets: Map<string, number[]>): boolean =>
        [...targets].every(([t, e]) => e.every((end, p) => applied.get(t)![p]! >= end));
      for (;;) {
        const targets = await ends();
        while (!reached(targets)) {
          if (failure || Date.now() > deadline) return false;
          await new Promise((r) => setTimeout(r, 5));
        }
        const after = await ends();
        if ([...after].every(([t, e]) => e.every((end, p) => end === targets.get(t)![p]))) return true;
      }
    },
    onCommit: onCommitListener,
    streamTime: () => streamTime,
    failed: () => failure,
    async stop() {
      if (expiryTimer) clearInterval(expiryTimer);
      await consumer?.stop();
      await chain;
    },
  };
}
