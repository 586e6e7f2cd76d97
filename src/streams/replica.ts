/**
 * A read replica of every store (docs/architecture.md: Roles and processes, GlobalKTable-style): an API
 * instance in Kafka mode consumes all partitions of all changelog topics into its own LevelDB,
 * with the same physical layout as the streams' stores, so the same queries run on it. Its
 * own changelog positions are committed atomically with what they produced; the streams'
 * source positions arrive through the offsets changelog and tell read-your-writes which own
 * events the replica already includes.
 */
import type { Bus, BusConsumer, ConsumedRecord, ConsumerOptions } from '../bus/ports.ts';
import { APP_ID, changelogTopic, TOPICS } from '../bus/topics.ts';
import { packWrites, type CommitListener, type WriteToHand } from './handed-writes.ts';
import { PHYSICAL_HEADER, segmentOfKey } from './stores/key-layout.ts';
import { OFFSETS_STORE } from './stores/offsets.ts';
import type { CommittedPosition, PhysicalRecord, StateStore } from './stores/state-store.ts';
import type { StoreSpec } from './stores/store-spec.ts';

export interface Replica {
  start(): Promise<void>;
  /** The streams' committed positions in a source topic, as far as this replica knows. */
  applied(topic: 'checks' | 'feedback'): readonly number[];
  /** Every write of changelog records, with those of `handOver`'s stores when they were handed over (handed-writes.ts). */
  onCommit(listener: CommitListener): () => void;
  /**
   * Waits (bounded) until this replica includes every event written to a source partition
   * before the call, by any instance: the streams' positions (the offsets changelog) pass the
   * partition's end, then every store changelog is applied up to where it stands, since each
   * topic is applied on its own and a store's record may trail the positions' record.
   */
  includesSource(topic: 'checks' | 'feedback', partition: number, timeoutMs: number): Promise<boolean>;
  /** Changelog records not yet applied here, over every partition (how stale reads may be). */
  lag(): Promise<number>;
  /** Resolves when every changelog partition is applied up to its end at call time. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  failed(): Error | undefined;
  stop(): Promise<void>;
}

export interface ReplicaOptions {
  bus: Bus;
  state: StateStore;
  stores: readonly StoreSpec[];
  /** One group per API instance: it must be its only member, to be given every partition. */
  groupId: string;
  /**
   * Its consumer, in that group: a part of one shared with the instance's other readers
   * (bus/shared-consumer.ts), or by default one of its own.
   */
  consumer?: (options: ConsumerOptions) => BusConsumer;
  logger?: { error(o: object, msg?: string): void };
  /**
   * Stores whose records each write hands to its listeners (the API's cache takes them instead of
   * reading them back). The replica applies nothing else to them, so the hand-over is complete.
   */
  handOver?: ReadonlySet<StoreSpec>;
}

export function createReplica(o: ReplicaOptions): Replica {
  const topics = [...o.stores, OFFSETS_STORE].map((s) => changelogTopic(APP_ID, s.name));
  const offsetsTopic = changelogTopic(APP_ID, OFFSETS_STORE.name);
  const total = topics.reduce((n, t) => n + o.bus.partitionCount(t), 0);
  // Partitions of the changelogs this replica was last given. Fewer than all: another member
  // is in its group (a second instance with the same MAILSIFT_INSTANCE_ID, or a crashed one
  // whose session has not expired yet), and the partitions it holds go stale here.
  let owned = total;
  const position = new Map<string, number[]>();
  const sourcePositions = { checks: [] as number[], feedback: [] as number[] };
  const listeners = new Set<CommitListener>();
  const handedById = new Map([...(o.handOver ?? [])].map((s) => [s.id, s]));
  let consumer: BusConsumer | undefined;
  let failure: Error | undefined;

  async function refreshSourcePositions(): Promise<void> {
    sourcePositions.checks = await o.state.offsets(TOPICS.checks.name, TOPICS.checks.partitions);
    sourcePositions.feedback = await o.state.offsets(TOPICS.feedback.name, TOPICS.feedback.partitions);
  }

  function partialMessage(): string {
    return `the replica holds ${owned} of ${total} changelog partitions: another running API instance shares its consumer group ${o.groupId} (give each instance its own MAILSIFT_INSTANCE_ID), or a crashed one's session has not expired yet (about 10 s)`;
  }

  /**
   * The batches of one fetch (every changelog partition that had records) are handed over
   * together and applied in one write: a write per fetch, not one per partition batch, each
   * with its thread-pool trip and log append. Each partition's records still go with its
   * position in the same write, and its next batch comes only after this write (the consumer
   * waits for the handler), so a partition is never in two writes at once.
   */
  let gathering: { records: PhysicalRecord[]; positions: CommittedPosition[]; sourceMoved: boolean; written: Promise<void> } | undefined;
  async function write(g: NonNullable<typeof gathering>): Promise<void> {
    if (gathering === g) gathering = undefined;
    await o.state.applyPhysical(g.records, g.positions);
    for (const p of g.positions) position.get(p.topic)![p.partition] = p.next;
    if (g.sourceMoved) await refreshSourcePositions();
    const handed = o.handOver && packWrites(handedRecords(g.records), o.handOver, (s) => o.state.segmentsOf(s));
    for (const l of listeners) l(handed);
  }
  /** The records of the handed stores as writes (a physical key names its store and segment). */
  function* handedRecords(records: readonly PhysicalRecord[]): Iterable<WriteToHand> {
    for (const r of records) {
      const store = r.key.length >= PHYSICAL_HEADER ? handedById.get(r.key[0]!) : undefined;
      if (store) yield { store, key: r.key.subarray(PHYSICAL_HEADER), value: r.value, segmentStart: segmentOfKey(r.key) };
    }
  }
  function apply(topic: string, partition: number, records: readonly ConsumedRecord[]): Promise<void> {
    let g = gathering;
    if (!g) {
      const next: NonNullable<typeof gathering> = { records: [], positions: [], sourceMoved: false, written: Promise.resolve() };
      // After the current turn: the other partitions of the fetch are handed over in it.
      next.written = new Promise<void>((r) => setImmediate(r)).then(() => write(next));
      gathering = g = next;
    }
    for (const r of records) g.records.push({ key: r.key, value: r.tombstone ? null : r.value });
    g.positions.push({ topic, partition, next: records.at(-1)!.offset + 1 });
    if (topic === offsetsTopic) g.sourceMoved = true;
    return g.written;
  }

  async function caughtUp(timeoutMs = 60_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const targets = new Map<string, number[]>();
    for (const t of topics) targets.set(t, await o.bus.endOffsets(t));
    for (;;) {
      if (owned === total && [...targets].every(([t, ends]) => ends.every((e, p) => (position.get(t)![p] ?? 0) >= e))) return true;
      if (failure || Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return {
    async start() {
      for (const t of topics) position.set(t, await o.state.offsets(t, o.bus.partitionCount(t)));
      await refreshSourcePositions();
      consumer = (o.consumer ?? ((opts) => o.bus.consumer(o.groupId, opts)))({ concurrentPartitions: total });
      await consumer.start(topics, {
        onAssigned: (tps) => {
          owned = tps.length;
          if (owned < total) o.logger?.error({ groupId: o.groupId, owned, total }, partialMessage());
        },
        position: async (tp) => position.get(tp.topic)![tp.partition]!,
        onBatch: (tp, records) => apply(tp.topic, tp.partition, records),
        onError: (err) => {
          failure = err;
        },
      });
    },
    applied: (topic) => sourcePositions[topic],
    async includesSource(topic, partition, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const end = (await o.bus.endOffsets(TOPICS[topic].name))[partition] ?? 0;
      const done = (): boolean => (sourcePositions[topic][partition] ?? 0) >= end;
      const passed =
        done() ||
        (await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            listeners.delete(check);
            resolve(done());
          }, timeoutMs);
          const check = (): void => {
            if (!done()) return;
            clearTimeout(timer);
            listeners.delete(check);
            resolve(true);
          };
          listeners.add(check);
        }));
      return passed && caughtUp(Math.max(0, deadline - Date.now()));
    },
    async lag() {
      let n = 0;
      for (const t of topics) (await o.bus.endOffsets(t)).forEach((e, p) => (n += Math.max(0, e - (position.get(t)![p] ?? 0))));
      return n;
    },
    onCommit(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    caughtUp,
    failed: () => failure ?? (owned < total ? new Error(partialMessage()) : undefined),
    async stop() {
      await consumer?.stop();
    },
  };
}
