/** A StoreTx over plain maps for Given/When/Then tests of pure aggregations (no disk). */
import type { StoreSpec, TypedStore } from '../../src/streams/stores/store-spec.ts';
import type { StoreTx } from '../../src/streams/stores/tx.ts';

export class MemoryTx implements StoreTx {
  readonly data = new Map<string, Buffer>();
  get(store: StoreSpec, key: Buffer): Buffer | undefined {
    return this.data.get(`${store.id}:${key.toString('hex')}`);
  }
  put(store: StoreSpec, key: Buffer, value: Buffer): void {
    this.data.set(`${store.id}:${key.toString('hex')}`, value);
  }
  delete(store: StoreSpec, key: Buffer): void {
    this.data.delete(`${store.id}:${key.toString('hex')}`);
  }
  /** Decoded afresh on every open: a value only changes here through `set`, as in a real transaction. */
  open<T>(store: TypedStore<T>, key: Buffer): T | undefined {
    const raw = this.get(store, key);
    return raw === undefined ? undefined : store.codec.decode(raw);
  }
  set<T>(store: TypedStore<T>, key: Buffer, value: T): void {
    this.put(store, key, store.codec.encode(value));
  }
  snapshot(): string {
    return JSON.stringify([...this.data].map(([k, v]) => [k, v.toString('hex')]).sort());
  }
}
