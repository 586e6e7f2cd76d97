/**
 * The caching layer of the stores (Kafka Streams' Caching*Store): recently read or written
 * entries stay in memory, and writes are coalesced until the runtime commits them, together
 * with the source positions, in one atomic batch. A hot key (a big domain's summary, an
 * account's daily usage) is written once per commit instead of once per event.
 * Bounded: clean entries are evicted least-recently-used past `maxEntries`; dirty entries are
 * never evicted (the runtime commits before too many accumulate).
 */
import { isTimed, segmentIsLive, segmentOf, TOMBSTONE, type StoreSpec } from './store-spec.ts';
import type { PendingWrite, StoreTx } from './tx.ts';
import { mapKey } from './tx.ts';

interface Entry {
  store: StoreSpec;
  key: Buffer;
  /** null: absent (or deleted in a key-value store). */
  value: Buffer | null;
  /** Segment the value lives in (timed stores), for liveness at read time. */
  seg: number;
  dirty: boolean;
  /** Source partition whose processing wrote it (changelog partition). */
  partition: number;
  /** Entry of a store held whole (`cacheAll`): never evicted. */
  pinned: boolean;
}

export class RecordCache {
  private readonly entries = new Map<string, Entry>();
  /** Entries written since the last commit (so a commit never scans the whole cache). */
  private dirtyList: Entry[] = [];

  constructor(private readonly maxEntries = 200_000) {}

  has(mk: string): boolean {
    return this.entries.has(mk);
  }

  /** Records what the database holds for a key (a prefetch result). */
  fill(mk: string, store: StoreSpec, key: Buffer, value: Buffer | undefined, seg: number): void {
    if (this.entries.has(mk)) return;
    this.entries.set(mk, { store, key, value: value ?? null, seg, dirty: false, partition: -1, pinned: store.cacheAll === true });
  }

  get dirty(): number {
    return this.dirtyList.length;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A transaction over the cache at stream time `now`, for one source partition's batch. */
  tx(now: number, partition: number): StoreTx {
    // Aggregations read a key and then write the same key object: remember the last key's
    // string so the pair costs one conversion.
    let lastKey: Buffer | undefined;
    let lastStore: StoreSpec | undefined;
    let lastMk = '';
    const mk = (store: StoreSpec, key: Buffer): string => {
      if (key !== lastKey || store !== lastStore) {
        lastKey = key;
        lastStore = store;
        lastMk = mapKey(store, key);
      }
      return lastMk;
    };
    const read = (store: StoreSpec, key: Buffer): Buffer | undefined => {
      const e = this.entries.get(mk(store, key));
      if (!e) throw new Error(`store ${store.name}: read of an undeclared key`);
      if (e.value === null || e.value.length === 0) return undefined;
      if (isTimed(store) && !segmentIsLive(store, e.seg, now)) return undefined;
      return e.value;
    };
    const write = (store: StoreSpec, key: Buffer, value: Buffer | null, ts: number): void => {
      const k = mk(store, key);
      const e = this.entries.get(k);
      if (e) {
        if (!e.dirty) this.dirtyList.push(e);
        e.value = value;
        e.seg = segmentOf(store, ts);
        e.dirty = true;
        e.partition = partition;
      } else {
        const n: Entry = { store, key, value, seg: segmentOf(store, ts), dirty: true, partition, pinned: store.cacheAll === true };
        this.entries.set(k, n);
        this.dirtyList.push(n);
      }
    };
    return {
      get: read,
      put(store, key, value, ts) {
        if (value.length === 0) throw new Error(`store ${store.name}: empty values are reserved for tombstones`);
        write(store, key, value, ts);
      },
      delete(store, key, ts) {
        write(store, key, isTimed(store) ? TOMBSTONE : null, ts);
      },
    };
  }

  /** The writes to commit; entries become clean (and evictable). */
  takeDirty(): (PendingWrite & { partition: number })[] {
    const out: (PendingWrite & { partition: number })[] = new Array(this.dirtyList.length);
    this.dirtyList.forEach((e, i) => {
      out[i] = { store: e.store, key: e.key, value: e.value, segmentStart: e.seg, partition: e.partition };
      e.dirty = false;
    });
    this.dirtyList = [];
    return out;
  }

  /**
   * Evicts the oldest-inserted clean entries past the bound, down to 90% of it (amortised:
   * the scan only runs once the bound is crossed). Insertion order approximates recency well
   * enough here: hot keys are written every batch and re-enter after an eviction.
   */
  evict(): void {
    if (this.entries.size <= this.maxEntries) return;
    const target = this.maxEntries * 0.9;
    for (const [mk, e] of this.entries) {
      if (this.entries.size <= target) break;
      if (!e.dirty && !e.pinned && !this.protect?.(mk)) this.entries.delete(mk);
    }
  }

  /** Keys the runtime must not lose yet (written by commits a prefetch in flight may not have seen). */
  protect: ((mk: string) => boolean) | undefined;

  /** Drops entries of expired segments (they would read as absent anyway). */
  dropExpired(now: number): void {
    for (const [mk, e] of this.entries) if (!e.dirty && isTimed(e.store) && e.value !== null && !segmentIsLive(e.store, e.seg, now)) {
      if (e.pinned) e.value = null;
      else this.entries.delete(mk);
    }
  }
}
