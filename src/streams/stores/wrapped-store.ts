/**
 * The base of the layers that decorate a store (Kafka Streams' WrappedStateStore): every call
 * goes to the store below unless the layer overrides it, so each layer (caching, changelogging,
 * key filtering) states only what it changes.
 */
import type { KeyRef } from './key-map.ts';
import type { CommittedPosition, FetchedEntry, PhysicalRecord, StateStore } from './state-store.ts';
import type { StoreSpec } from './store-spec.ts';
import type { PendingWrite, ReadSet } from './tx.ts';

export abstract class WrappedStore implements StateStore {
  constructor(readonly inner: StateStore) {}

  open(specs: readonly StoreSpec[]): Promise<void> {
    return this.inner.open(specs);
  }
  fetch(reads: ReadSet, now: number): Promise<Map<string, Buffer | undefined>> {
    return this.inner.fetch(reads, now);
  }
  fetchEntries(keys: readonly KeyRef[], now: number): Promise<FetchedEntry[]> {
    return this.inner.fetchEntries(keys, now);
  }
  fetchEntriesMany(requests: readonly { keys: readonly KeyRef[]; now: number }[]): Promise<FetchedEntry[][]> {
    return this.inner.fetchEntriesMany(requests);
  }
  fetchMany(requests: readonly { reads: ReadSet; now: number }[]): Promise<Map<string, Buffer | undefined>[]> {
    return this.inner.fetchMany(requests);
  }
  commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void> {
    return this.inner.commit(writes, positions);
  }
  applyPhysical(records: readonly PhysicalRecord[], positions: readonly CommittedPosition[]): Promise<void> {
    return this.inner.applyPhysical(records, positions);
  }
  keys(spec: StoreSpec): AsyncIterable<readonly Uint8Array[]> {
    return this.inner.keys(spec);
  }
  scan(spec: StoreSpec, now: number): Promise<{ key: Buffer; value: Buffer; seg: number }[]> {
    return this.inner.scan(spec, now);
  }
  offsets(topic: string, partitions: number): Promise<number[]> {
    return this.inner.offsets(topic, partitions);
  }
  expire(now: number): Promise<number> {
    return this.inner.expire(now);
  }
  segmentsOf(spec: StoreSpec): readonly number[] {
    return this.inner.segmentsOf(spec);
  }
  clear(spec: StoreSpec): Promise<void> {
    return this.inner.clear(spec);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
