import type { StoreSpec } from './store-spec.ts';
import type { ReadSet } from './tx.ts';

/** The read-only view of the state the API gets (Kafka Streams' ReadOnly*Store idea). */
export interface StateReader {
  /** The values of the keys read (undefined: absent), to be read, not changed: a caching reader may give several reads one map holding more keys. */
  fetch(reads: ReadSet, now: number): Promise<Map<string, Buffer | undefined>>;
  scan(store: StoreSpec, now: number): Promise<{ key: Buffer; value: Buffer }[]>;
}
