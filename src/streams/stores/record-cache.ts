/**
 * The caching layer of the stores (Kafka Streams' Caching*Store): recently read or written
 * entries stay in memory, and writes are coalesced until the runtime commits them, together
 * with the source positions, in one atomic batch. A hot key (a big domain's summary, an
 * account's daily usage) is written once per commit instead of once per event.
 * Bounded by memory: clean entries are evicted oldest first once the cache holds more than
 * `maxBytes` (keys + values + a fixed per-entry overhead); dirty entries are never evicted (the
 * runtime commits before too many accumulate).
 */
import { isTimed, segmentIsLive, segmentOf, TOMBSTONE, type StoreSpec } from './store-spec.ts';
import type { PendingWrite, StoreTx } from './tx.ts';
import { mapKey } from './tx.ts';

interface Entry {
  /** Its key in the cache map. */
  readonly mk: string;
  store: StoreSpec;
  key: Buffer;
  /** null: absent (or deleted in a key-value store). */
  value: Buffer | null;
  /** Segment the value lives in (timed stores), for liveness at read time. */
  seg: number;
  dirty: boolean;
  /** Source partition whose processing wrote it (changelog partition). */
  partition: number;
  /**
   * Entry of a store held whole (`cacheAll`): never evicted while it holds a value. A key of
   * such a store that is not in the cache is absent, so a clean entry without a value is
   * dropped (a store of short-lived keys, like pending labels, stays small).
   */
  pinned: boolean;
  /** Bumped on every write: tells a commit whether the entry changed after it was taken. */
  version: number;
}

/** Bytes a cached entry costs beyond its key and value bytes (entry object, map slot, string key, two Buffer objects), measured with heap statistics. */
const ENTRY_OVERHEAD = 600;

/** What a commit takes from the cache; exactly one of done/fail is called. */
export interface DirtyReceipt {
  readonly writes: (PendingWrite & { partition: number })[];
  /** The commit succeeded: entries not rewritten meanwhile become clean. */
  done(): void;
  /** The commit failed: everything taken stays dirty. */
  fail(): void;
}

export class RecordCache {
  private readonly entries = new Map<string, Entry>();
  /** Entries written since the last commit (so a commit never scans the whole cache). */
  private dirtyList: Entry[] = [];

  private bytes = 0;

  /**
   * 16 MiB by default, small on purpose: at 10k checks/s most keys (check index, new inboxes)
   * are written once and the cache turns over about every second, so only hot keys (big
   * domains, usage, busy IPs) are ever read back from it, and a few thousand entries hold those.
   * In alternating 1M-check bench:pipeline runs, 64 MiB bought no CPU (138-154 µs per check vs
   * 127-138 with 16 MiB) and cost ~110 MB of RSS, its entries promoted to V8's old generation
   * only to be collected there.
   */
  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  private static cost(key: Buffer, value: Buffer | null): number {
    return ENTRY_OVERHEAD + key.length + (value ? value.length : 0);
  }

  has(mk: string): boolean {
    return this.entries.has(mk);
  }

  /** Records what the database holds for a key (a prefetch result). */
  fill(mk: string, store: StoreSpec, key: Buffer, value: Buffer | undefined, seg: number): void {
    if (this.entries.has(mk)) return;
    this.entries.set(mk, { mk, store, key, value: value ?? null, seg, dirty: false, partition: -1, pinned: store.cacheAll === true, version: 0 });
    this.bytes += RecordCache.cost(key, value ?? null);
  }

  get dirty(): number {
    return this.dirtyList.length;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * A transaction over the cache at stream time `now`, for one source partition's batch. Its
   * writes stay in the transaction until `apply()` folds them into the cache: a batch that fails
   * halfway (say, its outputs could not be produced) leaves the cache untouched, so the retried
   * batch is not applied on top of its own partial effects.
   */
  tx(now: number, partition: number): StoreTx & { apply(): void } {
    const pending = new Map<string, { store: StoreSpec; key: Buffer; value: Buffer | null; seg: number }>();
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
      const k = mk(store, key);
      const w = pending.get(k);
      const e = w ?? this.entries.get(k);
      if (!e) {
        if (store.cacheAll) return undefined; // held whole: not cached means absent
        throw new Error(`store ${store.name}: read of an undeclared key`);
      }
      if (e.value === null || e.value.length === 0) return undefined;
      if (isTimed(store) && !segmentIsLive(store, e.seg, now)) return undefined;
      return e.value;
    };
    const write = (store: StoreSpec, key: Buffer, value: Buffer | null, ts: number): void => {
      pending.set(mk(store, key), { store, key, value, seg: segmentOf(store, ts) });
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
      apply: () => {
        for (const [k, w] of pending) {
          const e = this.entries.get(k);
          if (e) {
            if (!e.dirty) this.dirtyList.push(e);
            this.bytes += RecordCache.cost(e.key, w.value) - RecordCache.cost(e.key, e.value);
            e.value = w.value;
            e.seg = w.seg;
            e.dirty = true;
            e.partition = partition;
            e.version++;
          } else {
            const n: Entry = { mk: k, store: w.store, key: w.key, value: w.value, seg: w.seg, dirty: true, partition, pinned: w.store.cacheAll === true, version: 1 };
            this.entries.set(k, n);
            this.dirtyList.push(n);
            this.bytes += RecordCache.cost(w.key, w.value);
          }
        }
        pending.clear();
      },
    };
  }

  /**
   * The writes to commit, with a receipt: `done()` after the commit succeeded marks them clean
   * (entries written again meanwhile stay dirty); without it they stay dirty for the next try.
   */
  takeDirty(): DirtyReceipt {
    const taken = this.dirtyList;
    this.dirtyList = [];
    const versions = taken.map((e) => e.version);
    const writes = taken.map((e) => ({ store: e.store, key: e.key, value: e.value, segmentStart: e.seg, partition: e.partition }));
    return {
      writes,
      done: () => {
        taken.forEach((e, i) => {
          if (e.version === versions[i]) {
            e.dirty = false;
            if (e.pinned && (e.value === null || e.value.length === 0)) {
              this.entries.delete(e.mk);
              this.bytes -= RecordCache.cost(e.key, e.value);
              return;
            }
          } else this.dirtyList.push(e); // written again after being taken: still to commit
        });
      },
      fail: () => {
        const again = new Set(this.dirtyList);
        for (const e of taken) if (!again.has(e)) this.dirtyList.push(e);
      },
    };
  }

  /**
   * Evicts the oldest-inserted clean entries past the bound, down to 90% of it (amortised:
   * the scan only runs once the bound is crossed). Insertion order approximates recency well
   * enough here: hot keys are written every batch and re-enter after an eviction.
   */
  evict(): void {
    if (this.bytes <= this.maxBytes) return;
    const target = this.maxBytes * 0.9;
    for (const [mk, e] of this.entries) {
      if (this.bytes <= target) break;
      if (!e.dirty && !e.pinned && !this.protect?.(mk)) {
        this.entries.delete(mk);
        this.bytes -= RecordCache.cost(e.key, e.value);
      }
    }
  }

  get memoryBytes(): number {
    return this.bytes;
  }

  /** Keys the runtime must not lose yet (written by commits a prefetch in flight may not have seen). */
  protect: ((mk: string) => boolean) | undefined;

  /** Drops entries of expired segments (they would read as absent anyway). */
  dropExpired(now: number): void {
    for (const [mk, e] of this.entries) if (!e.dirty && isTimed(e.store) && e.value !== null && !segmentIsLive(e.store, e.seg, now)) {
      this.bytes -= RecordCache.cost(e.key, e.value);
      this.entries.delete(mk);
    }
  }
}
