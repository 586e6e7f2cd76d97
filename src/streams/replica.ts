/**
 * A read replica of every store (ARCHITECTURE.md decision 2, GlobalKTable-style): an API
 * instance in Kafka mode consumes all partitions of all changelog topics into its own LevelDB,
 * with the same physical layout as the streams' stores, so the same queries run on it. Its
 * own changelog positions are committed atomically with what they produced; the streams'
 * source positions arrive through the offsets changelog and tell read-your-writes which own
 * events the replica already includes.
 */
import type { Bus, BusConsumer } from '../bus/ports.ts';
import { APP_ID, changelogTopic, TOPICS } from '../bus/topics.ts';
import { OFFSETS_STORE } from './stores/offsets.ts';
import type { StateDb } from './stores/state-db.ts';
import type { StoreSpec } from './stores/store-spec.ts';

export interface Replica {
  start(): Promise<void>;
  /** The streams' committed positions in a source topic, as far as this replica knows. */
  applied(topic: 'checks' | 'feedback'): readonly number[];
  onCommit(listener: () => void): () => void;
  /** Resolves when every changelog partition is applied up to its end at call time. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  failed(): Error | undefined;
  stop(): Promise<void>;
}

export function createReplica(o: { bus: Bus; state: StateDb; stores: readonly StoreSpec[]; groupId: string }): Replica {
  const topics = [...o.stores, OFFSETS_STORE].map((s) => changelogTopic(APP_ID, s.name));
  const position = new Map<string, number[]>();
  const sourcePositions = { checks: [] as number[], feedback: [] as number[] };
  const listeners = new Set<() => void>();
  let consumer: BusConsumer | undefined;
  let failure: Error | undefined;

  async function refreshSourcePositions(): Promise<void> {
    sourcePositions.checks = await o.state.offsets(TOPICS.checks.name, TOPICS.checks.partitions);
    sourcePositions.feedback = await o.state.offsets(TOPICS.feedback.name, TOPICS.feedback.partitions);
  }

  return {
    async start() {
      for (const t of topics) position.set(t, await o.state.offsets(t, o.bus.partitionCount(t)));
      await refreshSourcePositions();
      consumer = o.bus.consumer(o.groupId);
      await consumer.start(topics, {
        position: async (tp) => position.get(tp.topic)![tp.partition]!,
        onBatch: async (tp, records) => {
          const next = records.at(-1)!.offset + 1;
          await o.state.applyPhysical(
            records.map((r) => ({ key: r.key, value: r.tombstone ? null : r.value })),
            [{ topic: tp.topic, partition: tp.partition, next }],
          );
          position.get(tp.topic)![tp.partition] = next;
          if (tp.topic === changelogTopic(APP_ID, OFFSETS_STORE.name)) await refreshSourcePositions();
          for (const l of listeners) l();
        },
        onError: (err) => {
          failure = err;
        },
      });
    },
    applied: (topic) => sourcePositions[topic],
    onCommit(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    async caughtUp(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const targets = new Map<string, number[]>();
      for (const t of topics) targets.set(t, await o.bus.endOffsets(t));
      for (;;) {
        if ([...targets].every(([t, ends]) => ends.every((e, p) => (position.get(t)![p] ?? 0) >= e))) return true;
        if (failure || Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    failed: () => failure,
    async stop() {
      await consumer?.stop();
    },
  };
}
