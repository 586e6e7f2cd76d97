/**
 * The store interface (Kafka Streams' StateStore stack): what the runtime, the replicas and the
 * queries need of the state, whatever keeps it. Two engines implement it and pass one contract
 * suite (test/streams/stores/store-contract.suite.ts):
 *   - LevelStore (level-store.ts): LevelDB on disk, every store of a process in one database;
 *   - MemoryStore (memory-store.ts): maps in the heap, for state rebuilt from a log at start.
 * Decorators add behaviour on top of an engine without it knowing: changelogging
 * (changelogging-store.ts: every committed write also goes to its changelog topic) and caching
 * (caching-store.ts: the runtime's record cache, coalescing writes between commits).
 *
 * Semantics every engine keeps:
 *   - A timed store keeps a write in the segment of its timestamp; a read returns the value of
 *     the newest live segment holding the key (an empty value there is a tombstone: absent), as
 *     of the reader's `now`; expiry drops whole segments (store-spec.ts).
 *   - `commit` applies the writes and the consumer positions that produced them atomically:
 *     after a crash they agree, so nothing is applied twice.
 *   - `fetch`/`fetchMany`/`fetchEntriesMany` read every requested key in one snapshot.
 */
import type { KeyRef } from './key-map.ts';
import type { StateReader } from './state-reader.ts';
import type { StoreSpec } from './store-spec.ts';
import type { PendingWrite, ReadSet } from './tx.ts';

/** A value as read, with the segment it was found in (-1 when absent). */
export interface FetchedEntry {
  readonly value: Buffer | undefined;
  readonly seg: number;
}

/** A consumer position committed with the state: the next offset to read. */
export interface CommittedPosition {
  readonly topic: string;
  readonly partition: number;
  readonly next: number;
}

/** A record of a changelog topic: a physical key (key-layout.ts) and its value, null to delete. */
export interface PhysicalRecord {
  readonly key: Buffer;
  readonly value: Buffer | null;
}

export interface StateStore extends StateReader {
  /**
   * The keys a store holds in any segment, committed (tombstones, and segments past retention
   * but not dropped yet, may be listed: a superset of the keys a read can find), in batches.
   * For stores of any size: nothing but the keys is held at once.
   */
  keys(store: StoreSpec): AsyncIterable<readonly Uint8Array[]>;
  /** Every live entry of a store (small stores only), with the segment it lives in. */
  scan(store: StoreSpec, now: number): Promise<{ key: Buffer; value: Buffer; seg: number }[]>;
  /** Opens the stores (each spec once; ids are never shared between two names). */
  open(specs: readonly StoreSpec[]): Promise<void>;
  /** As fetch, with the segment each value was found in: one entry per key, in the keys' order (the record cache's reads, by number: key-map.ts). */
  fetchEntries(keys: readonly KeyRef[], now: number): Promise<FetchedEntry[]>;
  /** Several lists of keys, each at its own time, in one snapshot, with the segment of each value. */
  fetchEntriesMany(requests: readonly { keys: readonly KeyRef[]; now: number }[]): Promise<FetchedEntry[][]>;
  /** Several read sets, each at its own time, in one snapshot. */
  fetchMany(requests: readonly { reads: ReadSet; now: number }[]): Promise<Map<string, Buffer | undefined>[]>;
  /** The writes and the positions that produced them, in one atomic step. */
  commit(writes: readonly PendingWrite[], positions: readonly CommittedPosition[]): Promise<void>;
  /**
   * Records of another instance's changelogs with this replica's own positions, atomically.
   * Unknown store ids are skipped (a newer streams version may have more stores than its reader).
   */
  applyPhysical(records: readonly PhysicalRecord[], positions: readonly CommittedPosition[]): Promise<void>;
  /** The next offset to read per partition, as committed with the state (0 when never). */
  offsets(topic: string, partitions: number): Promise<number[]>;
  /** Drops every segment whose data is past retention at stream time `now`; returns how many. */
  expire(now: number): Promise<number>;
  /** The segments a store holds data in, oldest first. */
  segmentsOf(spec: StoreSpec): readonly number[];
  /**
   * Deletes every entry of an open store, in every segment, and nothing else: the store stays
   * open, empty (a store converted into another once every partition is converted: runtime.ts).
   * Never changelogged. Idempotent; a crash midway leaves a subset of the entries.
   */
  clear(spec: StoreSpec): Promise<void>;
  close(): Promise<void>;
}
