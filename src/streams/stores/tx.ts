/**
 * A batch transaction over state stores: reads come from values fetched beforehand (so
 * aggregations stay synchronous and pure-shaped), writes are buffered and committed together
 * with the consumer offsets by the runtime. The API uses BatchTx as a scratch space: it seeds it
 * from the store, re-applies its own not-yet-materialised events, and reads the answer, then
 * throws the writes away.
 */
import { isTimed, segmentOf, TOMBSTONE, type StoreSpec, type TypedStore } from './store-spec.ts';

export interface PendingWrite {
  readonly store: StoreSpec;
  readonly key: Buffer;
  /** null = delete (key-value stores); TOMBSTONE for timed stores. */
  readonly value: Buffer | null;
  readonly segmentStart: number;
  /** Source partition that produced the write (its changelog partition), when known. */
  readonly partition?: number;
}

/** What an aggregation sees: synchronous reads of declared keys, buffered writes. */
export interface StoreTx {
  get(store: StoreSpec, key: Buffer): Buffer | undefined;
  put(store: StoreSpec, key: Buffer, value: Buffer, ts: number): void;
  delete(store: StoreSpec, key: Buffer, ts: number): void;
  /**
   * A store with a codec: the key's value as an object this transaction may change in place
   * (nothing outside it sees the change until `set`), or undefined when absent. Opening the key
   * again in the same transaction gives the same object.
   */
  open<T>(store: TypedStore<T>, key: Buffer): T | undefined;
  /** Sets the key's value to `value` (stores with a codec): encoded once, when committed. */
  set<T>(store: TypedStore<T>, key: Buffer, value: T, ts: number): void;
}

/** Where an aggregation declares the keys it will read: the runtime's KeySet (key-map.ts), or a ReadSet. */
export interface ReadKeys {
  add(store: StoreSpec, key: Buffer): unknown;
}

/** Collects the keys a batch will read, per store, by `mapKey` (the API's reads: other modules look results up by it). */
export class ReadSet {
  readonly entries = new Map<string, { store: StoreSpec; key: Buffer }>();
  /** Returns the key's map key: what the read's result is looked up by. */
  add(store: StoreSpec, key: Buffer): string {
    const mk = mapKey(store, key);
    this.entries.set(mk, { store, key });
    return mk;
  }
}

export function mapKey(store: StoreSpec, key: Buffer): string {
  return `${store.id}:${key.toString('latin1')}`;
}

export class BatchTx implements StoreTx {
  private readonly fetched: Map<string, Buffer | undefined>;
  readonly writes = new Map<string, PendingWrite>();
  private readonly opened = new Map<string, unknown>();

  constructor(fetched: Map<string, Buffer | undefined>) {
    this.fetched = fetched;
  }

  get(store: StoreSpec, key: Buffer): Buffer | undefined {
    const mk = mapKey(store, key);
    const w = this.writes.get(mk);
    if (w) return w.value === null || w.value.length === 0 ? undefined : w.value;
    if (!this.fetched.has(mk)) throw new Error(`store ${store.name}: read of an undeclared key`);
    return this.fetched.get(mk);
  }

  put(store: StoreSpec, key: Buffer, value: Buffer, ts: number): void {
    if (value.length === 0) throw new Error(`store ${store.name}: empty values are reserved for tombstones`);
    const mk = mapKey(store, key);
    this.opened.delete(mk);
    this.writes.set(mk, { store, key, value, segmentStart: segmentOf(store, ts) });
  }

  delete(store: StoreSpec, key: Buffer, ts: number): void {
    const mk = mapKey(store, key);
    this.opened.delete(mk);
    this.writes.set(mk, { store, key, value: isTimed(store) ? TOMBSTONE : null, segmentStart: segmentOf(store, ts) });
  }

  open<T>(store: TypedStore<T>, key: Buffer): T | undefined {
    const mk = mapKey(store, key);
    if (this.opened.has(mk)) return this.opened.get(mk) as T;
    const raw = this.get(store, key);
    const v = raw === undefined ? undefined : store.codec.decode(raw);
    if (v !== undefined) this.opened.set(mk, v);
    return v;
  }

  set<T>(store: TypedStore<T>, key: Buffer, value: T, ts: number): void {
    this.put(store, key, store.codec.encode(value), ts);
    this.opened.set(mapKey(store, key), value);
  }
}
