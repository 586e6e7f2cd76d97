/**
 * The changelogging layer (Kafka Streams' ChangeLogging*Store): before the runtime commits a
 * batch locally, every store write of it, and the new source positions, are written to the
 * stores' changelog topics, in the partition of the source partition they came from. API
 * instances materialise their read replicas from these topics. Produced before the local
 * commit: a crash in between re-produces identical records on replay (idempotent puts).
 */
import type { BusProducer, OutRecord } from '../bus/ports.ts';
import { APP_ID, changelogTopic } from '../bus/topics.ts';
import type { CommitHook } from './stores/state-db.ts';
import { storeKey } from './stores/store-spec.ts';

export function changelogHook(producer: BusProducer, now: () => number): CommitHook {
  return {
    async beforeCommit(writes, sources) {
      if (writes.length === 0) return;
      const byTopic = new Map<string, OutRecord[]>();
      const ts = now();
      for (const w of writes) {
        const partition = w.partition ?? sources[0]?.partition;
        if (partition === undefined || partition < 0) throw new Error(`changelog: no source partition for a write to ${w.store.name}`);
        const topic = changelogTopic(APP_ID, w.store.name);
        const rec: OutRecord =
          w.value === null
            ? { key: storeKey(w.store, w.segmentStart, w.key), value: Buffer.alloc(0), tombstone: true, timestamp: ts, partition }
            : { key: storeKey(w.store, w.segmentStart, w.key), value: w.value, timestamp: ts, partition };
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), rec]);
      }
      await Promise.all([...byTopic].map(([topic, recs]) => producer.send(topic, recs)));
    },
  };
}
