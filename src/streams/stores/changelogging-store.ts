/**
 * The changelogging layer (Kafka Streams' ChangeLogging*Store), a decorator of any engine:
 * before a commit reaches the engine, every store write of it, and the new source positions,
 * are written to the stores' changelog topics, in the partition of the source partition they
 * came from. API instances materialise their read replicas from these topics, and a streams
 * instance that lost its state restores from them. Produced before the local commit: a crash
 * in between re-produces identical records on replay (changelog puts are idempotent).
 */
import type { BusProducer, OutRecord } from '../../bus/ports.ts';
import { APP_ID, changelogTopic } from '../../bus/topics.ts';
import { encodeOffset, offsetKey, storeKey } from './key-layout.ts';
import { OFFSETS_STORE } from './offsets.ts';
import type { CommittedPosition, StateStore } from './state-store.ts';
import type { StoreSpec } from './store-spec.ts';
import type { PendingWrite } from './tx.ts';
import { WrappedStore } from './wrapped-store.ts';

export class ChangeLoggingStore extends WrappedStore {
  constructor(
    inner: StateStore,
    private readonly producer: BusProducer,
    private readonly now: () => number,
  ) {
    super(inner);
  }

  override async commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    await this.log(writes, positions);
    await this.inner.commit(writes, positions);
  }

  private async log(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    if (writes.length === 0 && positions.length === 0) return;
    const byTopic = new Map<string, OutRecord[]>();
    const ts = this.now();
    const add = (store: StoreSpec, segmentStart: number, key: Buffer, value: Buffer | null, partition: number | undefined): void => {
      if (partition === undefined || partition < 0) throw new Error(`changelog: no source partition for a write to ${store.name}`);
      const topic = changelogTopic(APP_ID, store.name);
      const k = storeKey(store.id, segmentStart, key);
      const rec: OutRecord = value === null ? { key: k, value: Buffer.alloc(0), tombstone: true, timestamp: ts, partition } : { key: k, value, timestamp: ts, partition };
      const list = byTopic.get(topic);
      if (list) list.push(rec);
      else byTopic.set(topic, [rec]);
    };
    for (const w of writes) add(w.store, w.segmentStart, w.key, w.value, w.partition ?? positions[0]?.partition);
    // The positions travel too: a replica learns from them which source events its stores include.
    for (const p of positions) add(OFFSETS_STORE, 0, offsetKey(p.topic, p.partition), encodeOffset(p.next), p.partition);
    await Promise.all([...byTopic].map(([topic, recs]) => this.producer.send(topic, recs)));
  }

}
